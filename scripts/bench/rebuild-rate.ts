// Full rebuild of every read model, through the real rebuild: each projector replays the whole log
// into its shadow tables. A projector that would take longer than `capSeconds` is stopped there and
// its time extrapolated from its own rate, so the figure stays affordable on a large history.
import { sql } from 'slonik';
import type { Db } from '../../app/db/pool';
import type { EventStore } from '../../app/eventstore/port';
import { projectors } from '../../projections/registry';
import { rebuildProjector } from '../../projections/rebuild';

class Capped extends Error {}

export type RebuildRate = { eventsPerSecond: number; head: number; seconds: number; capped: string[]; slowest: string; applied: number };

export async function measureRebuild(db: Db, eventStore: EventStore, capSeconds: number): Promise<RebuildRate> {
  const head = Number(await eventStore.headPosition());
  const perProjector: { name: string; seconds: number }[] = [];
  const capped: string[] = [];
  let appliedTotal = 0;
  for (const projector of projectors) {
    const started = performance.now();
    let applied = 0;
    try {
      await rebuildProjector({
        db, eventStore, projector, batchSize: 1000,
        onProgress: (p) => {
          applied = p.applied;
          if ((performance.now() - started) / 1000 > capSeconds && p.applied < head) throw new Capped();
        },
      });
      perProjector.push({ name: projector.name, seconds: (performance.now() - started) / 1000 });
      appliedTotal += applied;
    } catch (error) {
      if (!(error instanceof Capped)) throw error;
      const seconds = (performance.now() - started) / 1000;
      perProjector.push({ name: projector.name, seconds: (seconds * head) / Math.max(applied, 1) });
      capped.push(projector.name);
      appliedTotal += applied;
      await db.query(sql.unsafe`DROP SCHEMA IF EXISTS ${sql.identifier([`rebuild_${projector.name.replace(/[^a-z0-9_]/gi, '_')}`])} CASCADE`);
    }
  }
  const seconds = perProjector.reduce((sum, p) => sum + p.seconds, 0);
  const slowest = [...perProjector].sort((a, b) => b.seconds - a.seconds).slice(0, 3).map((p) => `${p.name} ${((p.seconds / seconds) * 100).toFixed(0)}%`).join(', ');
  return { eventsPerSecond: head / seconds, head, seconds, capped, slowest, applied: appliedTotal };
}
