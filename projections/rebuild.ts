// Rebuilds read models from the whole log into shadow schemas, then swaps them in atomically.
// The log is read once for every projector being rebuilt, in big pages (the next page is read
// while the current one is applied); each projector writes its page with its set-based batch
// path into tables that have only their primary keys, and the other indexes are built once the
// load is done. The live tables keep serving reads until the swap; the swap holds the
// projectors' checkpoint rows, so the live runner waits for it instead of writing into tables
// that are being replaced, and a reader waiting on a swapped table reads the new one.
// An organization whose event fails is held back for the rest of the rebuild (isolation.ts), as
// the live runner does; the swap resolves the recorded failures of every organization the rebuild
// got through and records (or keeps) those of the ones that still fail.
import pg from 'pg';
import { sql } from 'slonik';
import { z } from 'zod';
import { singleTripPoolOf, type Db } from '../app/db/pool';
import { actAsProjector } from '../app/db/roles';
import type { EventStore, RecordedEvent } from '../app/eventstore/port';
import { BulkInsert } from './copy-rows';
import { applyIsolated, isTransient, organizationOf, orgKey, recordFailure, type Failure } from './isolation';
import { applyEvents, type Projector, type Tx } from './projector';
import { forgetColumnTypes, Resident } from './rows';
import { shareByWeight } from './share';

export type RebuildProgress = {
  position: bigint;
  head: bigint;
  applied: number;
  /** Log events read per second since the start. */
  eventsPerSecond?: number;
  /**
   * Seconds left at that rate, while loading (null until it is known, and after the load: writing
   * out, indexing and swapping take a time the event rate does not tell).
   */
  etaSeconds?: number | null;
  phase?: 'loading' | 'indexing' | 'swapping' | 'done';
  /** In the indexing phase: projectors whose tables are complete (rows, indexes, statistics), of all. */
  projectorsDone?: number;
  projectorsTotal?: number;
};

export const shadowSchemaOf = (projector: Pick<Projector, 'name'>) => `rebuild_${projector.name.replace(/[^a-z0-9_]/gi, '_')}`;

async function useSchema(tx: Tx, schema: string): Promise<void> {
  await tx.query(sql.unsafe`SELECT set_config('search_path', ${`${schema}, public`}, true)`);
}

/** A statement PostgreSQL itself wrote (pg_get_indexdef), as slonik's template parts. */
const rawSql = (text: string): TemplateStringsArray => Object.freeze(Object.assign([text], { raw: Object.freeze([text]) })) as unknown as TemplateStringsArray;

/** An index or a constraint: its name and the definition PostgreSQL gives for it. */
const namedDefinition = z.object({ name: z.string(), definition: z.string() });

/** Drops the primary keys of these shadow tables; returns the statements that add them back. */
async function dropPrimaryKeys(db: Db, schema: string, tables: readonly string[]): Promise<string[]> {
  if (tables.length === 0) return [];
  return db.transaction(async (tx) => {
    await actAsProjector(tx);
    const restores: string[] = [];
    for (const table of tables) {
      const target = `${pg.escapeIdentifier(schema)}.${pg.escapeIdentifier(table)}`;
      const key = await tx.maybeOne(sql.type(namedDefinition)`
        SELECT conname AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint
        WHERE conrelid = to_regclass(${target}) AND contype = 'p'`);
      if (!key) continue;
      await tx.query(sql.unsafe`ALTER TABLE ${sql.identifier([schema, table])} DROP CONSTRAINT ${sql.identifier([key.name])}`);
      restores.push(`ALTER TABLE ${target} ADD CONSTRAINT ${pg.escapeIdentifier(key.name)} ${key.definition}`);
    }
    return restores;
  });
}

/** Creates the projector's tables in its shadow schema and drops their secondary indexes (returned, to build after the load). */
async function prepareShadow(db: Db, projector: Projector): Promise<string[]> {
  const schema = shadowSchemaOf(projector);
  const shadow = sql.identifier([schema]);
  return db.transaction(async (tx) => {
    // Whoever runs the rebuild (the worker, or the owner from a script), the shadow schema and its
    // tables belong to the projector role, which must be able to drop them on the next rebuild.
    await actAsProjector(tx);
    await tx.query(sql.unsafe`DROP SCHEMA IF EXISTS ${shadow} CASCADE`);
    await tx.query(sql.unsafe`CREATE SCHEMA ${shadow}`);
    await useSchema(tx, schema);
    await projector.migrate(tx);
    forgetColumnTypes(projector.tables);
    // Keys stay (upserts need them), and indexes the projector reads while applying; every other
    // index is built after the load, in one pass.
    const indexes = await tx.any(sql.type(namedDefinition)`
      SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS definition
      FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = ${schema} AND NOT i.indisunique AND NOT i.indisprimary`);
    const dropped = indexes.filter((index) => !projector.indexesReadWhileApplying?.includes(index.name));
    for (const index of dropped) await tx.query(sql.unsafe`DROP INDEX ${sql.identifier([schema, index.name])}`);
    // The rebuild analyzes the tables itself once they are loaded; an autovacuum of a table loaded
    // at the end of the load is still running at the swap, and its lock holds the swap for a
    // deadlock_timeout each (1 s per big table, measured).
    for (const table of projector.tables) await tx.query(sql.unsafe`ALTER TABLE ${sql.identifier([schema, table])} SET (autovacuum_enabled = false)`);
    return dropped.map((index) => index.definition);
  });
}

/**
 * What each projector's load costs, in seconds of applying pages on the 200k-event bench history
 * (rebuild-profile, load ~5 on 2 cores): the groups are balanced on these, since the slowest group
 * is the load's length. A projector not listed weighs a second per table.
 */
const loadSeconds: Readonly<Record<string, number>> = {
  search: 8.3, 'dashboard-ledger': 7.9, 'notification-triggers': 6.6, 'banking-category-memory': 5, transactions: 4.4, expenses: 3,
  banking: 2.5, revenues: 2.3, budgets: 2, organization_revenues: 1.4, identity: 0.8, impersonations: 0.7, notifications: 0.7, investments: 0.5,
  insights: 0.4, categories: 0.3, financial_goals: 0.3,
};
const weightOf = (projector: Projector) => loadSeconds[projector.name] ?? projector.tables.length;
/** A derived projector's load: only what `folds` keeps (the ledger's category events). */
const DERIVED_LOAD_SECONDS = 0.3;

/**
 * The projectors whose derivable tables this rebuild computes from its other shadow tables: every
 * source is rebuilt alongside, and none is derivable itself (sources are complete once written out).
 */
function derivedAmong(projectors: readonly Projector[], byName: ReadonlyMap<string, Projector>): Set<Projector> {
  return new Set(projectors.filter((projector) => projector.derivable?.sources.every((name) => {
    const source = byName.get(name);
    return source !== undefined && source.derivable === undefined;
  })));
}

type Deferred = { promise: Promise<void>; resolve: () => void; reject: (error: unknown) => void };
function deferred(): Deferred {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  promise.catch(() => undefined); // a wait cut short by another task's failure is that task's error
  return { promise, resolve, reject };
}

/** Milliseconds each projector spent applying pages, summed over a rebuild (what to optimise next). */
export const applyMs = new Map<string, number>();
const addApplyMs = (projector: string, started: number) => applyMs.set(projector, (applyMs.get(projector) ?? 0) + performance.now() - started);

/** Per projector: the organizations (orgKey) whose event failed in this rebuild, with that failure. */
type Failing = Map<string, Map<string, Failure>>;

async function applyToShadows(
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

const NO_ORGANIZATION = '00000000-0000-0000-0000-000000000000';

/**
 * Connections applying pages (the projectors split between them): 4 keeps both cores busy while
 * Node waits on a statement (at 2, Node was idle a third of the load), 200k events, alternating
 * runs on a shared 2-core machine: 2 → 7,606 / 8,200 ev/s, 3 → 10,889 / 6,980, 4 → 12,687 / 9,088.
 */
export const DEFAULT_CONCURRENCY = 4;

/** How many pages a group of projectors may run ahead of the slowest one during the load. */
const PAGES_AHEAD = 2;

/**
 * Read-model rows the load holds in memory at most, every projector together (about 900 bytes of
 * heap each, plus the keys written out). Pages of 5,000 events (DEFAULT_BATCH) hold less than pages
 * of 10,000 and cost the same CPU: that memory holds rows instead, spilled less often. 200k events:
 * pages of 10,000 and 200,000 rows, Node + PostgreSQL CPU 12.6 + 12.9 s and 12.1 + 12.1 s, peak RSS
 * 617 / 607 MB; pages of 5,000 and 300,000 rows 12.3 + 12.3 s and 11.5 + 11.5 s, 642 / 621 MB.
 */
const MAX_RESIDENT_ROWS = 300_000;

/**
 * Pages between two writes of the rows with computed columns (the search vectors) during the load.
 * Held to the load's end, they were written there alone: 131k documents, the end phase's longest
 * chain once no spill wrote them earlier.
 */
const COMPUTED_WRITE_PAGES = 4;

/** Log events per page of the load. */
export const DEFAULT_BATCH = 5_000;

/** In the swap: failures of organizations the rebuild got through are resolved; the ones still failing are recorded. */
async function settleFailures(tx: Tx, projector: string, failures: ReadonlyMap<string, Failure>): Promise<void> {
  const stillFailing = [...failures.keys()].map((key) => key || NO_ORGANIZATION);
  await tx.query(sql.unsafe`
    UPDATE projection_failures SET resolved_at = now()
    WHERE projector = ${projector} AND resolved_at IS NULL
      AND NOT COALESCE(organization_id, ${NO_ORGANIZATION}::uuid) = ANY(${sql.array(stillFailing, 'uuid')})`);
  for (const failure of failures.values()) await recordFailure(tx, projector, failure);
}

/**
 * Locks the tables the swap replaces against VACUUM before the swap holds the live runner at its
 * checkpoints. An autovacuum on one of them (the previous rebuild's tables get an insert-triggered
 * VACUUM) makes the swap's DROP wait deadlock_timeout (1 s) before PostgreSQL cancels it, table
 * after table: a swap of 3.4 s instead of 0.1 s was seen, with no projection moving meanwhile.
 * SHARE UPDATE EXCLUSIVE waits out the same VACUUM, but blocks none of the runner's writes.
 */
async function holdOffVacuum(tx: Tx, tables: readonly string[]): Promise<void> {
  const present = await tx.anyFirst(sql.type(z.object({ name: z.string() }))`
    SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relname = ANY(${sql.array([...tables], 'text')})
    ORDER BY c.relname`);
  if (present.length === 0) return;
  await tx.query(sql.unsafe`LOCK TABLE ${sql.join(present.map((name) => sql.identifier(['public', name])), sql.fragment`, `)} IN SHARE UPDATE EXCLUSIVE MODE`);
}

export type RebuildResult = {
  position: bigint; applied: number; seconds: number; eventsPerSecond: number;
  /** Organizations still failing (held back, degraded) after the rebuild. */
  failures: { projector: string; organizationId: string | null; position: bigint; error: unknown }[];
};

/**
 * Rebuilds `projectors` together: one pass over the log, `concurrency` connections applying
 * pages (projectors split between them), indexes built after the load, one swap for all.
 */
export async function rebuildAll(deps: {
  db: Db;
  eventStore: EventStore;
  projectors: readonly Projector[];
  batchSize?: number;
  concurrency?: number;
  /** Rows held in memory during the load before the biggest tables are written out and forgotten. */
  maxResidentRows?: number;
  onProgress?: (progress: RebuildProgress) => void;
}): Promise<RebuildResult> {
  const { db, eventStore, projectors } = deps;
  const batchSize = deps.batchSize ?? DEFAULT_BATCH;
  const started = performance.now();
  if (projectors.length === 0) return { position: 0n, applied: 0, seconds: 0, eventsPerSecond: 0, failures: [] };
  const failing: Failing = new Map();
  const indexes = new Map<Projector, string[]>();
  for (const projector of projectors) indexes.set(projector, await prepareShadow(db, projector));
  const byName = new Map(projectors.map((projector) => [projector.name, projector]));
  const derived = derivedAmong(projectors, byName);
  // A derived projector whose own fold failed on an organization folds again: the SQL would give
  // that organization rows the fold cannot, and the failure would be resolved without a fix.
  if (derived.size > 0) {
    const failed = await db.transaction(async (tx) => {
      await actAsProjector(tx);
      return tx.anyFirst(sql.type(z.object({ projector: z.string() }))`
        SELECT DISTINCT projector FROM projection_failures
        WHERE resolved_at IS NULL AND projector = ANY(${sql.array([...derived].map((projector) => projector.name), 'text')})`);
    });
    for (const projector of [...derived]) if (failed.includes(projector.name)) derived.delete(projector);
  }
  // The derived tables get their rows in one statement each: their primary keys are built after
  // them, by sorting, rather than kept through the insert (the ledger's daily totals, 110k rows of a
  // five-column key: 527-814 ms with the key, 226-279 + 107-122 ms without it and then the key).
  const keys = new Map<Projector, string[]>();
  for (const projector of derived) keys.set(projector, await dropPrimaryKeys(db, shadowSchemaOf(projector), projector.derivable?.tables ?? []));
  const folds = new Map<Projector, (type: string) => boolean>();
  for (const projector of derived) if (projector.derivable?.folds) folds.set(projector, projector.derivable.folds);
  // Groups of similar weight (their load's measured cost); a derived projector that folds nothing is in none.
  const loading = projectors.filter((projector) => !derived.has(projector) || folds.has(projector));
  const groups = shareByWeight(loading, deps.concurrency ?? DEFAULT_CONCURRENCY, (projector) => (derived.has(projector) ? DERIVED_LOAD_SECONDS : weightOf(projector)));
  // The load's rows stay in memory across pages (the shadow tables start empty and only the load
  // writes them): a page reads nothing back, and each row is written about once.
  // Rows new to a shadow table go in with COPY, on the plain connections beside the pool (copy-rows.ts).
  const copyPool = singleTripPoolOf(db);
  const residents = new Map(projectors.map((projector) => [projector, new Resident(copyPool && new BulkInsert(copyPool, shadowSchemaOf(projector)))]));
  const maxResident = deps.maxResidentRows ?? MAX_RESIDENT_ROWS;
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
  let head = await eventStore.headPosition();
  let indexed = 0;
  const report = (phase: RebuildProgress['phase']) => {
    const seconds = (performance.now() - started) / 1000;
    const eventsPerSecond = seconds > 0 ? applied / seconds : 0;
    const left = Number(head > position ? head - position : 0n);
    const etaSeconds = phase === 'done' ? 0 : phase === 'loading' && eventsPerSecond > 0 ? left / eventsPerSecond : null;
    const projectorsComplete = phase === 'indexing' ? { projectorsDone: indexed, projectorsTotal: projectors.length } : {};
    deps.onProgress?.({ position, head: head > position ? head : position, applied, eventsPerSecond, etaSeconds, phase, ...projectorsComplete });
  };
  /** The swap's tail: every projector, in the swap's transaction. */
  const applyTail = async (events: readonly RecordedEvent[], tx: Tx) => {
    await applyToShadows(tx, projectors, events, failing);
    position = events[events.length - 1].position;
    applied += events.length;
  };

  // Load: the log is read once, in pages; each group of projectors walks them on its own
  // connection, up to PAGES_AHEAD pages in front of the slowest group (a quick group does not wait
  // for a slow one at every page, and at most PAGES_AHEAD + 1 pages are held in memory).
  const pages = new Map<number, Promise<readonly RecordedEvent[]>>();
  /** The next page up to the known head (final: read straight); empty once the log has nothing more. */
  const readPage = async (after: bigint): Promise<readonly RecordedEvent[]> => {
    for (;;) {
      const events = await eventStore.readAll({ after, limit: batchSize, until: head });
      if (events.length > 0) return events;
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
      const slowest = Math.min(...done);
      if (slowest <= finished) continue;
      for (; finished < slowest; finished++) {
        position = loaded[finished].last;
        applied += loaded[finished].count;
        pages.delete(finished);
      }
      wakeAll();
      if (position >= head) {
        const latest = await eventStore.headPosition();
        if (latest > head) head = latest;
      }
      report('loading');
    }
  };
  await Promise.all(groups.map((_, g) => loadGroup(g).catch((error: unknown) => {
    stopped = true;
    wakeAll();
    throw error;
  })));

  // A derived projector whose source held an organization back (or that held one back itself, on
  // the events it still folded) would not stop that organization where the fold stops it: it folds
  // the log instead, as a rebuild without its sources does. Rare (an event that fails), so simple.
  const restoreKeys = async (tx: Tx, projector: Projector) => {
    for (const statement of keys.get(projector) ?? []) await tx.query(sql.unsafe(rawSql(statement)));
    keys.delete(projector);
  };
  const refold = async (projector: Projector): Promise<void> => {
    const schema = shadowSchemaOf(projector);
    await db.transaction(async (tx) => {
      await actAsProjector(tx);
      for (const table of projector.tables) await tx.query(sql.unsafe`TRUNCATE ${sql.identifier([schema, table])}`);
      await restoreKeys(tx, projector);
    });
    const resident = new Resident(copyPool && new BulkInsert(copyPool, schema));
    residents.set(projector, resident);
    failing.set(projector.name, new Map());
    for (let after = 0n; ;) {
      const events = await eventStore.readAll({ after, limit: batchSize, until: position });
      if (events.length === 0) break;
      await db.transaction(async (tx) => {
        await applyToShadows(tx, [projector], events, failing, residents);
        if (resident.size <= maxResident) return;
        await useSchema(tx, schema);
        await resident.spill(tx, Math.floor(maxResident / 2), true);
      });
      after = events[events.length - 1].position;
    }
  };
  const refolded = new Set<Projector>();
  for (const projector of derived) {
    const names = [projector.name, ...(projector.derivable?.sources ?? [])];
    if (names.every((name) => (failing.get(name)?.size ?? 0) === 0)) continue;
    derived.delete(projector);
    refolded.add(projector);
    await refold(projector);
  }

  report('indexing');
  // Each group writes out its projectors' rows held in memory and builds their indexes on its own
  // connection (the groups' tables are disjoint). A derived projector computes its tables once its
  // sources are written out, on a connection of its own.
  const complete = new Map(projectors.map((projector) => [projector, deferred()]));
  const writeOut = async (projector: Projector) => {
    await db.transaction(async (tx) => {
      const started = performance.now();
      await useSchema(tx, shadowSchemaOf(projector));
      await residents.get(projector)?.writeOut(tx);
      addApplyMs(projector.name, started);
    });
    residents.delete(projector);
  };
  /** The projector's last step: its keys, indexes and statistics; then it counts as complete. */
  const buildIndexes = async (projector: Projector) => {
    await db.transaction(async (tx) => {
      await useSchema(tx, shadowSchemaOf(projector));
      await restoreKeys(tx, projector);
      for (const definition of indexes.get(projector) ?? []) await tx.query(sql.unsafe(rawSql(definition)));
      for (const table of projector.tables) await tx.query(sql.unsafe`ANALYZE ${sql.identifier([shadowSchemaOf(projector), table])}`);
    });
    indexed++;
    report('indexing');
  };
  const finish = async (projector: Projector) => {
    await writeOut(projector);
    complete.get(projector)?.resolve();
    await buildIndexes(projector);
  };
  const derive = async (projector: Projector) => {
    const derivable = projector.derivable as NonNullable<Projector['derivable']>;
    await writeOut(projector);
    await Promise.all(derivable.sources.map((name) => complete.get(byName.get(name) as Projector)?.promise));
    await Promise.all(derivable.derive.map((step) => db.transaction(async (tx) => {
      const started = performance.now();
      // The shadow tables are the projector role's: as their owner, row-level security does not filter the sources.
      await actAsProjector(tx);
      await useSchema(tx, shadowSchemaOf(projector));
      await step(tx, (name) => shadowSchemaOf({ name }));
      addApplyMs(projector.name, started);
    })));
    complete.get(projector)?.resolve();
    await buildIndexes(projector);
  };
  const sources = new Set([...derived].flatMap((projector) => projector.derivable?.sources ?? []));
  const tasks = [
    ...groups.map(async (group) => {
      // The derived projectors' sources first: their derivations wait for them.
      const first = [...group].sort((a, b) => Number(sources.has(b.name)) - Number(sources.has(a.name)));
      for (const projector of first) if (!derived.has(projector) && !refolded.has(projector)) await finish(projector);
    }),
    ...[...refolded].map(finish),
    ...[...derived].map(derive),
  ].map((task) => task.catch((error: unknown) => {
    for (const waiting of complete.values()) waiting.reject(error);
    throw error;
  }));
  const outcomes = await Promise.allSettled(tasks);
  const failed = outcomes.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) throw failed.reason;

  report('swapping');
  await db.transaction(async (tx) => {
    await actAsProjector(tx);
    await holdOffVacuum(tx, projectors.flatMap((projector) => projector.tables));
    for (const projector of [...projectors].sort((a, b) => a.name.localeCompare(b.name))) {
      await tx.query(sql.unsafe`SELECT 1 FROM projection_checkpoints WHERE name = ${projector.name} FOR UPDATE`);
    }
    // What was appended since the load: applied here, with the live runner held at the checkpoint.
    for (;;) {
      const tail = await eventStore.readAll({ after: position, limit: batchSize });
      if (tail.length === 0) break;
      await applyTail(tail, tx);
    }
    for (const projector of projectors) {
      const schema = shadowSchemaOf(projector);
      for (const table of projector.tables) {
        await tx.query(sql.unsafe`DROP TABLE IF EXISTS public.${sql.identifier([table])} CASCADE`);
        await tx.query(sql.unsafe`ALTER TABLE ${sql.identifier([schema, table])} RESET (autovacuum_enabled)`);
        await tx.query(sql.unsafe`ALTER TABLE ${sql.identifier([schema, table])} SET SCHEMA public`);
      }
      await tx.query(sql.unsafe`DROP SCHEMA ${sql.identifier([schema])} CASCADE`);
      await tx.query(sql.unsafe`
        INSERT INTO projection_checkpoints (name, version, position, updated_at)
        VALUES (${projector.name}, ${projector.version}, ${position.toString()}::bigint, now())
        ON CONFLICT (name) DO UPDATE SET position = EXCLUDED.position, version = EXCLUDED.version, updated_at = now()`);
      await settleFailures(tx, projector.name, failing.get(projector.name) ?? new Map());
    }
  });
  head = position;
  report('done');
  const seconds = (performance.now() - started) / 1000;
  const failures = [...failing].flatMap(([projector, held]) => [...held.values()].map((f) => ({ projector, organizationId: f.organizationId, position: f.event.position, error: f.error })));
  return { position, applied, seconds, eventsPerSecond: seconds > 0 ? applied / seconds : 0, failures };
}

/** One projector (the runner's outdated-version rebuild, the admin's request). */
export async function rebuildProjector(deps: {
  db: Db;
  eventStore: EventStore;
  projector: Projector;
  batchSize: number;
  onProgress?: (progress: RebuildProgress) => void;
}): Promise<RebuildResult> {
  return rebuildAll({ db: deps.db, eventStore: deps.eventStore, projectors: [deps.projector], batchSize: Math.max(deps.batchSize, 1), concurrency: 1, onProgress: deps.onProgress });
}
