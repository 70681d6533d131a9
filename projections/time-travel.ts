// Time travel: read models as they stood at an instant, rebuilt on demand from the log.
//
// Inside one transaction that is always rolled back, the projectors a read needs create their
// tables as TEMP tables (search_path starts with pg_temp, so the same unqualified names the live
// queries use resolve to them), the organization's events recorded up to the instant are replayed
// through the projectors' own batch handlers, and the read runs against them as the tenant role
// (row-level security on, as for a live read). Nothing outlives the transaction; only this
// organization's events are ever read.
import { sql } from 'slonik';
import type { Db } from '../app/db/pool';
import type { EventStore, RecordedEvent } from '../app/eventstore/port';
import { applyEvents, type Projector, type Tx } from './projector';

const PAGE = 5_000;

class RolledBack<T> extends Error {
  constructor(readonly value: T) {
    super('time-travel read rolled back');
  }
}

/** What a replay cost: events applied, and milliseconds creating tables, reading events, applying them. */
export type ReplayStats = { position: bigint; events: number; createMs: number; readMs: number; applyMs: number };

/**
 * Runs `read` against `projectors`' read models rebuilt from the organization's events up to
 * `position` (inclusive), as the tenant. `read` sees the organization's rows only.
 */
export async function readAtPosition<T>(
  deps: { db: Db; eventStore: EventStore },
  organizationId: string,
  position: bigint,
  projectors: readonly Projector[],
  read: (tx: Tx, stats: ReplayStats) => Promise<T>,
): Promise<T> {
  const stats: ReplayStats = { position, events: 0, createMs: 0, readMs: 0, applyMs: 0 };
  try {
    await deps.db.transaction(async (tx) => {
      const started = performance.now();
      await tx.query(sql.unsafe`SELECT set_config('search_path', 'pg_temp, ' || current_setting('search_path'), true)`);
      for (const projector of projectors) await projector.migrate(tx);
      stats.createMs = performance.now() - started;
      await replayOrganization(tx, deps.eventStore, organizationId, { after: 0n, until: position }, projectors, stats);
      await tx.query(sql.unsafe`SET LOCAL ROLE fluxo_app`);
      await tx.query(sql.unsafe`SELECT set_config('app.organization_id', ${organizationId}, true)`);
      throw new RolledBack(await read(tx, stats));
    });
  } catch (error) {
    if (error instanceof RolledBack) return error.value as T;
    throw error;
  }
  throw new Error('unreachable: a time-travel transaction always rolls back');
}

/**
 * Applies the organization's events in (after, until] through `projectors`' batch handlers on `tx`,
 * a page at a time; the next page is read while one applies. Adds to `stats`.
 */
export async function replayOrganization(
  tx: Tx,
  eventStore: EventStore,
  organizationId: string,
  range: { after: bigint; until: bigint },
  projectors: readonly Projector[],
  stats: Pick<ReplayStats, 'events' | 'readMs' | 'applyMs'>,
): Promise<void> {
  let after = range.after;
  const readPage = (): Promise<RecordedEvent[]> => {
    const started = performance.now();
    const next = eventStore.readOrganization(organizationId, { after, limit: PAGE, until: range.until });
    next.then(() => { stats.readMs += performance.now() - started; }, () => undefined); // awaited below: not "unhandled"
    return next;
  };
  let page = range.until > after ? readPage() : Promise.resolve([]);
  for (;;) {
    const batch = await page;
    if (batch.length === 0) break;
    after = batch[batch.length - 1].position;
    page = batch.length < PAGE ? Promise.resolve([]) : readPage();
    const started = performance.now();
    for (const projector of projectors) await applyEvents(projector, batch, tx);
    stats.applyMs += performance.now() - started;
    stats.events += batch.length;
  }
}
