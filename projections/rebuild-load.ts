// The load of a rebuild: groups of projectors walk the log's pages, each group on its own
// connection, into their shadow tables (rows held in memory between pages, rebuild.ts); then each
// projector's rows are written out and its indexes built. Runs in the rebuild's thread, and in a
// loader thread of its own for some of the groups (rebuild-thread.ts).
import { sql } from 'slonik';
import type { Db } from '../app/db/pool';
import type { EventStore, RecordedEvent } from '../app/eventstore/port';
import { applyIsolated, isTransient, organizationOf, orgKey, type Failure } from './isolation';
import { applyEvents, type Projector, type Tx } from './projector';
import type { Resident } from './rows';

export const shadowSchemaOf = (projector: Pick<Projector, 'name'>) => `rebuild_${projector.name.replace(/[^a-z0-9_]/gi, '_')}`;

export async function useSchema(tx: Tx, schema: string): Promise<void> {
  await tx.query(sql.unsafe`SELECT set_config('search_path', ${`${schema}, public`}, true)`);
}

/** A statement PostgreSQL itself wrote (pg_get_indexdef), as slonik's template parts. */
export const rawSql = (text: string): TemplateStringsArray => Object.freeze(Object.assign([text], { raw: Object.freeze([text]) })) as unknown as TemplateStringsArray;

/** Milliseconds each projector spent applying pages, summed over a rebuild (what to optimise next). */
export const applyMs = new Map<string, number>();
export const addApplyMs = (projector: string, started: number) => applyMs.set(projector, (applyMs.get(projector) ?? 0) + performance.now() - started);

/** Per projector: the organizations (orgKey) whose event failed in this rebuild, with that failure. */
export type Failing = Map<string, Map<string, Failure>>;

export async function applyToShadows(
  tx: Tx, projectors: readonly Projector[], events: readonly RecordedEvent[], failing: Failing, residents?: ReadonlyMap<Projector, Resident>,
  folds?: ReadonlyMap<Projector, (type: string) => boolean>,
): Promise<void> {
  for (const projector of projectors) {
    const resident = residents?.get(projector);
    const started = performance.now();
    await useSchema(tx, shadowSchemaOf(projector));
    const held = failing.get(projector.name) ?? new Map<string, Failure>();
    failing.set(projector.name, held);
    const only = folds?.get(projector);
    const folded = only ? events.filter((event) => only(event.type)) : events;
    const kept = held.size > 0 ? folded.filter((event) => !held.has(orgKey(organizationOf(event)))) : folded;
    try {
      await tx.transaction(async (savepoint) => applyEvents(projector, kept, savepoint, resident));
    } catch (error) {
      if (isTransient(error)) throw error;
      const failures = await applyIsolated(projector, kept, tx, resident);
      // Every organization passes on its own: not an event's fault, so the rebuild fails.
      if (failures.length === 0) throw error;
      for (const failure of failures) held.set(orgKey(failure.organizationId), failure);
    }
    addApplyMs(projector.name, started);
  }
  await tx.query(sql.unsafe`SELECT set_config('search_path', 'public', true)`);
}

/** How many pages a group of projectors may run ahead of the slowest one during the load. */
const PAGES_AHEAD = 2;

/**
 * Pages between two writes of the rows with computed columns (the search vectors) during the load.
 * Held to the load's end, they were written there alone: 131k documents, the end phase's longest
 * chain once no spill wrote them earlier.
 */
const COMPUTED_WRITE_PAGES = 4;

/** `pages`: how many pages every group has applied. */
export type LoadProgress = { position: bigint; applied: number; head: bigint; pages: number };

/** Groups walking the same pages elsewhere (a loader thread): the load runs at most PAGES_AHEAD pages ahead of them too. */
export type Peer = { pagesDone: () => number; onAdvance: (listener: () => void) => void };

/**
 * Every group walks the log's pages, up to PAGES_AHEAD pages in front of the slowest group (a
 * quick group does not wait for a slow one at every page, and at most PAGES_AHEAD + 1 pages are
 * held in memory). `until`: stop there (the loader threads share one end); else the load follows
 * the head while it moves. `onProgress` after each page every group has applied.
 */
export async function loadLog(o: {
  db: Db;
  /** The log, unless `readPage` gives the pages. */
  eventStore?: Pick<EventStore, 'readAll' | 'headPosition'>;
  groups: readonly (readonly Projector[])[];
  residents: ReadonlyMap<Projector, Resident>;
  failing: Failing;
  folds: ReadonlyMap<Projector, (type: string) => boolean>;
  batchSize: number;
  /** Rows the groups hold in memory at most, together. */
  maxResident: number;
  head: bigint;
  until?: bigint;
  /** Aborted: the groups stop after the page they are applying (another thread's load failed). */
  signal?: AbortSignal;
  /** Where pages come from instead of the event store (the loader thread's: those its rebuild sends). */
  readPage?: (after: bigint) => Promise<readonly RecordedEvent[]>;
  peer?: Peer;
  onProgress: (progress: LoadProgress) => void;
}): Promise<LoadProgress> {
  const { db, eventStore, groups, residents, failing, folds, batchSize, maxResident } = o;
  let head = o.until ?? o.head;
  const residentRows = () => [...residents.values()].reduce((sum, resident) => sum + resident.size, 0);
  const groupRows = (group: readonly Projector[]) => group.reduce((sum, projector) => sum + (residents.get(projector)?.size ?? 0), 0);
  /**
   * Over the bound: this group's biggest tables are written out and half forgotten, down to half
   * the bound; the tables a projector's SQL reads (then written every page) and small tables only
   * if the group cannot get under the bound otherwise and holds the most rows of all groups (else
   * the others spill theirs after their page: at 4 groups, the notification-triggers group spilled
   * its spending rules for the others' rows, and then summed them in SQL at every page).
   */
  const spill = async (tx: Tx, group: readonly Projector[]) => {
    if (residentRows() <= maxResident) return;
    for (const readBySql of [false, true]) {
      if (readBySql && groups.some((other) => groupRows(other) > groupRows(group))) return;
      const order = [...group].sort((a, b) => (residents.get(b)?.spillable ?? 0) - (residents.get(a)?.spillable ?? 0));
      for (const projector of order) {
        const excess = residentRows() - (readBySql ? maxResident : Math.floor(maxResident / 2));
        if (excess <= 0) return;
        const resident = residents.get(projector) as Resident;
        const started = performance.now();
        await useSchema(tx, shadowSchemaOf(projector));
        await resident.spill(tx, Math.max(0, resident.size - excess), readBySql);
        addApplyMs(projector.name, started);
      }
    }
  };
  const writeComputed = async (tx: Tx, group: readonly Projector[]) => {
    for (const projector of group) {
      const resident = residents.get(projector);
      if (!resident?.hasComputed) continue;
      const started = performance.now();
      await useSchema(tx, shadowSchemaOf(projector));
      await resident.writeComputed(tx);
      addApplyMs(projector.name, started);
    }
  };

  let position = 0n;
  let applied = 0;
  const pages = new Map<number, Promise<readonly RecordedEvent[]>>();
  /** The next page up to the known head (final: read straight); empty once the log has nothing more. */
  const readPage = async (after: bigint): Promise<readonly RecordedEvent[]> => {
    if (o.readPage) return o.readPage(after);
    if (!eventStore) throw new Error('loadLog: no event store and no readPage');
    for (;;) {
      const events = await eventStore.readAll({ after, limit: batchSize, until: head });
      if (events.length > 0 || o.until !== undefined) return events;
      const latest = await eventStore.headPosition();
      if (latest <= after) return []; // what is appended from now on is the swap's tail
      if (latest > head) head = latest;
    }
  };
  let requested = 0;
  let readTo = Promise.resolve({ after: position, more: true });
  const pageAt = (i: number): Promise<readonly RecordedEvent[]> => {
    while (requested <= i) {
      const from = readTo;
      const page = from.then(({ after, more }) => (more ? readPage(after) : []));
      readTo = Promise.all([from, page]).then(([{ after }, events]) =>
        events.length === 0 ? { after, more: false } : { after: events[events.length - 1].position, more: true });
      page.catch(() => undefined); // a page read ahead that fails is reported to the group that awaits it
      readTo.catch(() => undefined);
      pages.set(requested++, page);
    }
    return pages.get(i) as Promise<readonly RecordedEvent[]>;
  };
  const done = groups.map(() => 0);
  const loaded: { count: number; last: bigint }[] = [];
  let finished = 0;
  let stopped = false;
  let waiting: (() => void)[] = [];
  const wakeAll = () => {
    const woken = waiting;
    waiting = [];
    for (const wake of woken) wake();
  };
  o.signal?.addEventListener('abort', () => {
    stopped = true;
    wakeAll();
  });
  const loadGroup = async (g: number) => {
    for (let i = 0; !stopped; i++) {
      while (i - finished >= PAGES_AHEAD && !stopped) await new Promise<void>((wake) => waiting.push(wake));
      if (stopped) return;
      void pageAt(i + 1);
      const events = await pageAt(i);
      if (events.length === 0) return;
      loaded[i] = { count: events.length, last: events[events.length - 1].position };
      await db.transaction(async (t) => {
        await applyToShadows(t, groups[g], events, failing, residents, folds);
        await spill(t, groups[g]);
        if ((i + 1) % COMPUTED_WRITE_PAGES === 0) await writeComputed(t, groups[g]);
      });
      done[g] = i + 1;
      if (advance() && position >= head && o.until === undefined && eventStore) {
        const latest = await eventStore.headPosition();
        if (latest > head) head = latest;
      }
    }
  };
  /** Moves past the pages every group (and the peer) has applied; whether it moved. */
  const advance = (): boolean => {
    const slowest = Math.min(...done, o.peer ? o.peer.pagesDone() : Infinity);
    if (slowest <= finished) return false;
    for (; finished < slowest && loaded[finished]; finished++) {
      position = loaded[finished].last;
      applied += loaded[finished].count;
      pages.delete(finished);
    }
    wakeAll();
    o.onProgress({ position, applied, head, pages: finished });
    return true;
  };
  o.peer?.onAdvance(advance);
  await Promise.all(groups.map((_, g) => loadGroup(g).catch((error: unknown) => {
    stopped = true;
    wakeAll();
    throw error;
  })));
  // Every page this thread's groups applied (a peer may still be applying its own share of them).
  const read = loaded.filter(Boolean);
  return { position: read.length > 0 ? read[read.length - 1].last : 0n, applied: read.reduce((sum, page) => sum + page.count, 0), head, pages: read.length };
}

/** Writes out the rows the load still holds for `projector` (one transaction). */
export async function writeOut(db: Db, projector: Projector, resident: Resident | undefined): Promise<void> {
  await db.transaction(async (tx) => {
    const started = performance.now();
    await useSchema(tx, shadowSchemaOf(projector));
    await resident?.writeOut(tx);
    addApplyMs(projector.name, started);
  });
}

/** Builds the projector's shadow indexes (`statements`: its keys, then its index definitions) and analyzes its tables. */
export function buildIndexes(db: Db, projector: Projector, statements: readonly string[]): Promise<void> {
  return db.transaction(async (tx) => {
    await useSchema(tx, shadowSchemaOf(projector));
    for (const statement of statements) await tx.query(sql.unsafe(rawSql(statement)));
    for (const table of projector.tables) await tx.query(sql.unsafe`ANALYZE ${sql.identifier([shadowSchemaOf(projector), table])}`);
  });
}
