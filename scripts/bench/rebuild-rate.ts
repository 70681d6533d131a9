// Full rebuild of every read model through the real rebuild: one pass over the log feeding every
// projector's shadow tables, indexes built after the load, one swap. When the load would take
// longer than `capSeconds` it is stopped there and the figure is its rate so far (shadow schemas dropped).
import { sql } from 'slonik';
import type { Db } from '../../app/db/pool';
import type { EventStore } from '../../app/eventstore/port';
import { projectors } from '../../projections/registry';
import { rebuildAll, shadowSchemaOf } from '../../projections/rebuild';

class Capped extends Error {}

export type RebuildRate = { eventsPerSecond: number; head: number; seconds: number; capped: string[]; slowest: string; applied: number };

export async function measureRebuild(db: Db, eventStore: EventStore, capSeconds: number): Promise<RebuildRate> {
  const head = Number(await eventStore.headPosition());
  const started = performance.now();
  let applied = 0;
  try {
    const result = await rebuildAll({
      db, eventStore, projectors,
      onProgress: (p) => {
        applied = p.applied;
        if (p.phase === 'loading' && (performance.now() - started) / 1000 > capSeconds && p.applied < head) throw new Capped();
      },
    });
    return { eventsPerSecond: result.eventsPerSecond, head, seconds: result.seconds, capped: [], slowest: 'all projectors in one pass', applied: result.applied };
  } catch (error) {
    if (!(error instanceof Capped)) throw error;
    for (const projector of projectors) await db.query(sql.unsafe`DROP SCHEMA IF EXISTS ${sql.identifier([shadowSchemaOf(projector)])} CASCADE`);
    const seconds = (performance.now() - started) / 1000;
    const rate = applied / seconds;
    return { eventsPerSecond: rate, head, seconds: head / rate, capped: ['all (load stopped at the cap)'], slowest: 'all projectors in one pass', applied };
  }
}
