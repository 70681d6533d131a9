// The projection runner: catches every projector up from its checkpoint, then follows the log live.
// Each projector applies a page of events and moves its checkpoint in one transaction, so a crash
// never double-applies or loses an event. A page that fails is applied again organization by
// organization (isolation.ts): a failing organization is recorded in projection_failures and
// held back for that projector, every other one keeps flowing, until a replay of it resolves
// the failure. Only one runner per database applies: the leader holds an advisory lock on its
// own connection, and every apply transaction checks that lock is still held by that connection
// (a lost connection or a PostgreSQL restart ends leadership instead of letting two runners write).
import { randomInt } from 'node:crypto';
import { EventEmitter } from 'node:events';
import pg from 'pg';
import { sql } from 'slonik';
import { z } from 'zod';
import type { Db } from '../app/db/pool';
import { letProjectorSeeAll, protectOperatorRows } from '../app/db/rls';
import type { EventStore, RecordedEvent } from '../app/eventstore/port';
import { sleepUnlessAborted } from '../app/sleep';
import { applyIsolated, describeError, isTransient, organizationOf, orgKey, recordFailure, tenantTables, type Failure } from './isolation';
import { applyEvents, type Projector, type Tx } from './projector';
import { rebuildProjector, type RebuildProgress, type RebuildResult } from './rebuild';
import { shareByWeight } from './share';

export const REBUILDS_CHANNEL = 'fluxo_projection_rebuilds';

const LEADER_LOCK = 7_263_003;
/** Projectors of one page applied in their own transactions side by side (the pool has 10 connections). */
const SEPARATE_APPLIES_AT_ONCE = 3;
/**
 * A page at least this long (a large import, a catch-up) is applied by its lane in two transactions
 * side by side, the lane's projectors shared between them by their measured cost: one transaction
 * folds in Node while the other's statements run in PostgreSQL, on the machine's two cores. A
 * shorter page (a user's write) keeps the one transaction, the fewest round trips.
 */
const SPLIT_PAGE_AT = 500;

export type RunnerLogger = {
  debug?: (obj: object, msg?: string) => void;
  info: (obj: object, msg?: string) => void;
  warn: (obj: object, msg?: string) => void;
  error: (obj: object, msg?: string) => void;
};

const silent: RunnerLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

export async function migrateRunnerTables(db: Pick<Db, 'query'>): Promise<void> {
  await db.query(sql.unsafe`
    CREATE TABLE IF NOT EXISTS projection_checkpoints (
      name text PRIMARY KEY,
      version integer NOT NULL,
      position bigint NOT NULL DEFAULT 0,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
  // A projector that failed on an organization's event: that organization is degraded for that
  // projector (its later events held back) until a replay of the organization resolves the row.
  await db.query(sql.unsafe`
    CREATE TABLE IF NOT EXISTS projection_failures (
      projector text NOT NULL,
      organization_id uuid,
      position bigint NOT NULL,
      event_id uuid NOT NULL,
      event_type text NOT NULL,
      error text NOT NULL,
      failed_at timestamptz NOT NULL DEFAULT now(),
      resolved_at timestamptz
    )`);
  await db.query(sql.unsafe`
    CREATE UNIQUE INDEX IF NOT EXISTS projection_failures_open
      ON projection_failures (projector, COALESCE(organization_id, '00000000-0000-0000-0000-000000000000'::uuid))
      WHERE resolved_at IS NULL`);
  // A change to an organization's failure also rewrites its projector's checkpoint row (a new row
  // version, xmin): the leader keeps each projector's open failures in memory with the version of
  // the checkpoint row it read them under, and reads them again only when the row it locks is a
  // version another transaction wrote (a rebuild's swap, a replay, an operator's UPDATE).
  await db.query(sql.unsafe`
    CREATE OR REPLACE FUNCTION fluxo_failure_touches_checkpoint() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE projection_checkpoints SET updated_at = now() WHERE name = NEW.projector;
      RETURN NULL;
    END $$`);
  await db.query(sql.unsafe`
    CREATE OR REPLACE TRIGGER projection_failures_touch_checkpoint AFTER INSERT OR UPDATE ON projection_failures
    FOR EACH ROW EXECUTE FUNCTION fluxo_failure_touches_checkpoint()`);
  // Rebuilds asked for from the admin API (whole projector, or one organization's replay); the
  // leading projection runner picks them up and writes its progress into the row.
  await db.query(sql.unsafe`
    CREATE TABLE IF NOT EXISTS projection_rebuilds (
      id uuid PRIMARY KEY,
      projector text NOT NULL,
      organization_id uuid,
      requested_by uuid,
      requested_at timestamptz NOT NULL DEFAULT now(),
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'running', 'done', 'failed')),
      started_at timestamptz,
      finished_at timestamptz,
      position bigint NOT NULL DEFAULT 0,
      head bigint NOT NULL DEFAULT 0,
      applied bigint NOT NULL DEFAULT 0,
      error text
    )`);
  // Operator tables: row-level security on and no grant to the API's tenant role, so a tenant
  // session can never read another organization's failures or replays.
  await protectOperatorRows(db, 'projection_failures', { ownRows: true });
  await protectOperatorRows(db, 'projection_rebuilds');
  for (const table of ['projection_failures', 'projection_rebuilds']) await letProjectorSeeAll(db, table);
}

const checkpointRow = z.object({ name: z.string(), version: z.number(), position: z.bigint() });
const requestRow = z.object({ id: z.string(), projector: z.string(), organization_id: z.string().nullable() });

/**
 * A leader's session: its backend pid (for the logs) and the token of the lock it holds beside the
 * leader lock, (LEADER_LOCK, token), exclusive, for as long as the session lives.
 */
type Fence = { pid: number; token: number };

/**
 * True while the leader's session still holds its fence lock; always true outside the leader
 * (catch-up). A shared try of that lock fails exactly while the session holds it: one lock-table
 * probe, where reading pg_locks copied the whole lock table under all its partition locks. Once the
 * session is gone the try succeeds (the lock is then the transaction's until it ends) and the
 * transaction knows it no longer leads. The token is drawn anew by each leader, so a later leader
 * never holds a deposed one's fence lock (the pid of a dead session may be given to a new one).
 */
const leaderLockHeld = (fence: Fence | null) =>
  fence === null
    ? sql.fragment`true`
    : sql.fragment`NOT pg_try_advisory_xact_lock_shared(${LEADER_LOCK}, ${fence.token})`;

class LostLeadership extends Error {
  constructor() {
    super('projection runner lost its leader lock');
  }
}

/**
 * What a committed apply changed: some organizations' rows (written by `projectors`; absent: by
 * any), or possibly any (a rebuild, a platform event).
 */
export type ReadModelChange = { organizations: ReadonlySet<string>; projectors?: ReadonlySet<string> } | 'all';

/**
 * Changes to the read models, announced right after each commit and before waitFor() resolves,
 * so a cache of answers can drop what a write made stale before that write is answered. Only a
 * leader sees every change: while `complete()` is false the announcements miss other processes'.
 */
export type ReadModelChanges = {
  subscribe(listener: (change: ReadModelChange) => void): () => void;
  complete(): boolean;
};

export type ProjectionRunner = {
  /** Becomes leader (or waits to), rebuilds outdated projectors, then follows the log. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Applies everything currently in the log; used by tests and scripts. */
  catchUp(): Promise<void>;
  /**
   * Resolves once every projector (or those `only` names) has applied `position`, or after
   * `timeoutMs`. Returns whether it got there.
   */
  waitFor(position: bigint, timeoutMs?: number, only?: readonly string[]): Promise<boolean>;
  rebuild(name: string, onProgress?: (progress: RebuildProgress) => void): Promise<void>;
  /**
   * Replaces one organization's rows of a projector with a replay of its events up to the
   * checkpoint, and resolves its open failure. Throws (failure kept) when the replay fails again.
   */
  replayOrganization(name: string, organizationId: string, onProgress?: (progress: RebuildProgress) => void): Promise<void>;
  isLeader(): boolean;
  changes: ReadModelChanges;
};

export function createProjectionRunner(deps: {
  db: Db;
  connectionString: string;
  eventStore: EventStore;
  projectors: readonly Projector[];
  logger?: RunnerLogger;
  batchSize?: number;
  /** How often a follower tries to take over leadership. */
  leaderRetryMs?: number;
}): ProjectionRunner {
  const { db, eventStore, projectors } = deps;
  const logger = deps.logger ?? silent;
  const batchSize = deps.batchSize ?? 2_000;
  const leaderRetryMs = deps.leaderRetryMs ?? 2_000;
  const progress = new EventEmitter();
  progress.setMaxListeners(0);
  // Two lanes follow the log side by side under one leadership: the read models that answer a
  // write's own records (Projector.answers), which the write waits for, and the derived views
  // (ledger, search, triggers…), which only the writer's next read waits for. A slow view never
  // delays a write's answer.
  const lanes = [projectors.filter((p) => p.answers), projectors.filter((p) => !p.answers)].filter((lane) => lane.length > 0);
  const changes = new EventEmitter();
  changes.setMaxListeners(0);
  const announce = (change: ReadModelChange) => changes.emit('change', change);
  const applied = new Map<string, bigint>();
  const failingUntil = new Map<string, number>();
  // What the leader knows of the checkpoint rows without reading them: each one's position and row
  // version (xmin) as it last wrote or read it, and its projector's open failures with the row
  // version they were read under. While it leads only it moves the checkpoints, and every change
  // to a failure rewrites the checkpoint row (the trigger in migrateRunnerTables); the apply
  // transaction locks the rows anyway and compares versions, so a row another transaction wrote
  // (a rebuild's swap, a replay, an operator) is seen there and read again. Emptied when
  // leadership changes hands.
  const known = new Map<string, { position: bigint; xmin: string }>();
  const knownFailing = new Map<string, { xmin: string; organizations: ReadonlySet<string> }>();
  /** Each projector's apply time per event (ms) on its last large page, to share such a page's projectors between transactions. */
  const costPerEvent = new Map<string, number>();
  const forget = () => {
    known.clear();
    knownFailing.clear();
  };
  let leader: (Fence & { client: pg.Client }) | null = null;
  let stopped = true;
  let loop: Promise<void> | null = null;
  let abort = new AbortController();
  let wake = new AbortController();
  let background: Promise<void> | null = null;

  async function ensureCheckpoints(): Promise<Map<string, z.infer<typeof checkpointRow>>> {
    for (const projector of projectors) {
      await db.query(sql.unsafe`
        INSERT INTO projection_checkpoints (name, version, position)
        VALUES (${projector.name}, ${projector.version}, 0) ON CONFLICT (name) DO NOTHING`);
    }
    const rows = await db.any(sql.type(checkpointRow)`SELECT name, version, position FROM projection_checkpoints`);
    return new Map(rows.map((row) => [row.name, row]));
  }

  /**
   * One projector, one page, one transaction with its checkpoint (applyPageTogether). Only a page
   * that fails is applied again, organization by organization, in a new transaction: a failing
   * organization is recorded and held back, the others applied.
   */
  async function applyPage(projector: Projector, events: readonly RecordedEvent[], from: bigint, fence: Fence | null): Promise<void> {
    try {
      await applyPageTogether([projector], events, from, fence);
      return;
    } catch (error) {
      if (error instanceof LostLeadership || isTransient(error)) throw error;
    }
    const failures: Failure[] = [];
    await applyPageTogether([projector], events, from, fence, async (p, kept, tx) => {
      const failed = await applyIsolated(p, kept, tx);
      for (const failure of failed) await recordFailure(tx, p.name, failure);
      failures.push(...failed);
    });
    for (const failure of failures) {
      logger.error(
        { projector: projector.name, organizationId: failure.organizationId, position: failure.event.position.toString(), eventType: failure.event.type, error: describeError(failure.error) },
        'projector failed on an organization; its later events are held back until a replay',
      );
    }
  }

  /**
   * Several projectors, one page, one transaction: their checkpoints locked (in name order) and the
   * leader lock checked in one statement, their held-back organizations read in one, each applies
   * its page (`apply`), and one statement moves every checkpoint, with those of the lane's projectors
   * the page has nothing for (`past`: moved to its end, never back; one whose row another transaction
   * holds, a rebuild's swap, is skipped, not waited for, and moves on a later pass). Read models need no fsync of their
   * own: the checkpoints commit with them, so a crash that loses the last commits loses both, and
   * the runner applies those events again. Throws when any projector fails.
   */
  const applyTogether = (p: Projector, kept: readonly RecordedEvent[], tx: Tx) => applyEvents(p, kept, tx);

  async function applyPageTogether(
    together: readonly Projector[],
    events: readonly RecordedEvent[],
    from: bigint,
    fence: Fence | null,
    apply: (projector: Projector, kept: readonly RecordedEvent[], tx: Tx) => Promise<void> = applyTogether,
    past: { names: readonly string[]; position: bigint } = { names: [], position: 0n },
  ): Promise<void> {
    const names = together.map((p) => p.name).sort();
    let touched = new Set<string>() as Set<string> | 'all';
    const writers = new Set<string>();
    type Moved = { name: string; after: bigint; through: bigint; applied: number };
    let pastMoved: readonly string[] = [];
    const isolated = apply !== applyTogether;
    let versions = new Map<string, string>();
    let pageTouched: ReadonlySet<string> | 'all' | undefined;
    const moved = await db.transaction(async (tx): Promise<Moved[]> => {
      const current = await tx.any(sql.type(z.object({ name: z.string(), position: z.bigint(), xmin: z.string(), held: z.boolean() }))`
        SELECT name, position, xmin::text AS xmin, set_config('synchronous_commit', 'off', true) IS NOT NULL AND ${leaderLockHeld(fence)} AS held
        FROM projection_checkpoints WHERE name = ANY(${sql.array(names, 'text')}) ORDER BY name FOR UPDATE`);
      if (current.length !== names.length || current.some((row) => !row.held)) throw new LostLeadership();
      for (const row of current) known.set(row.name, { position: row.position, xmin: row.xmin });
      // Read after the checkpoint locks: a rebuild's swap that resolved failures has committed by then.
      const unknown = current.filter((row) => knownFailing.get(row.name)?.xmin !== row.xmin).map((row) => row.name);
      if (unknown.length > 0) {
        const rows = await tx.any(sql.type(z.object({ projector: z.string(), organization_id: z.string().nullable() }))`
          SELECT projector, organization_id FROM projection_failures WHERE projector = ANY(${sql.array(unknown, 'text')}) AND resolved_at IS NULL`);
        for (const name of unknown) {
          const organizations = new Set(rows.filter((row) => row.projector === name).map((row) => orgKey(row.organization_id)));
          knownFailing.set(name, { xmin: current.find((row) => row.name === name)!.xmin, organizations });
        }
      }
      versions = new Map(current.map((row) => [row.name, row.xmin]));
      const result: Moved[] = [];
      for (const projector of together) {
        const after = current.find((row) => row.name === projector.name)?.position ?? 0n;
        // Behind the page's start (moved back by another transaction): the next pass reads from it.
        if (after < from) continue;
        const fresh = events.filter((event) => event.position > after);
        if (fresh.length === 0) continue;
        const held = knownFailing.get(projector.name)?.organizations ?? new Set<string>();
        const kept = held.size > 0 ? fresh.filter((event) => !held.has(orgKey(organizationOf(event)))) : fresh;
        if (kept.length > 0) {
          const started = performance.now();
          await apply(projector, kept, tx);
          // Measured on large pages only: on a write's few events the fixed round trips dominate.
          if (kept.length >= SPLIT_PAGE_AT) costPerEvent.set(projector.name, (performance.now() - started) / kept.length);
          writers.add(projector.name);
        }
        // The whole page (most projectors, most pages): its organizations looked up once, not once per projector.
        touched = mergeTouched(touched, kept === fresh && fresh.length === events.length ? (pageTouched ??= touchedBy(events)) : touchedBy(kept));
        result.push({ name: projector.name, after, through: fresh[fresh.length - 1].position, applied: kept.length });
      }
      if (result.length > 0 || past.names.length > 0) {
        const written = await tx.any(sql.type(z.object({ name: z.string(), xmin: z.string(), past: z.boolean() }))`
          WITH moved AS (
            UPDATE projection_checkpoints c SET position = v.position, updated_at = now()
            FROM unnest(${sql.array(result.map((r) => r.name), 'text')}::text[], ${sql.array(result.map((r) => r.through.toString()), 'int8')}::bigint[]) AS v(name, position)
            WHERE c.name = v.name
            RETURNING c.name, c.xmin
          ), past AS (
            UPDATE projection_checkpoints SET position = ${past.position.toString()}::bigint, updated_at = now()
            WHERE name IN (
              SELECT name FROM projection_checkpoints
              WHERE name = ANY(${sql.array([...past.names], 'text')}) AND position < ${past.position.toString()}::bigint
                AND position >= ${from.toString()}::bigint
              ORDER BY name FOR UPDATE SKIP LOCKED)
            RETURNING name, xmin
          )
          SELECT name, xmin::text AS xmin, false AS past FROM moved UNION ALL SELECT name, xmin::text, true FROM past`);
        pastMoved = written.filter((row) => row.past).map((row) => row.name);
        for (const row of written) versions.set(row.name, row.xmin);
      }
      return result;
    });
    // Committed: the rows as this transaction left them. A past projector not moved (its row held by
    // another transaction, or not where this runner thought) is read again on the next pass.
    for (const m of moved) known.set(m.name, { position: m.through, xmin: versions.get(m.name)! });
    for (const name of past.names) {
      if (pastMoved.includes(name)) known.set(name, { position: past.position, xmin: versions.get(name)! });
      else known.delete(name);
    }
    for (const name of names) {
      const failing = knownFailing.get(name);
      // Failures this transaction recorded (the isolated apply) are read again, not guessed.
      if (failing && !isolated) knownFailing.set(name, { xmin: versions.get(name)!, organizations: failing.organizations });
      else knownFailing.delete(name);
    }
    if (touched === 'all' || touched.size > 0) announce(touched === 'all' ? 'all' : { organizations: touched, projectors: writers });
    // Committed: which runner (its leader lock's session) applied which events, for the operator and the two-runner test.
    for (const m of moved) {
      logger.debug?.({ projector: m.name, after: m.after.toString(), through: m.through.toString(), applied: m.applied, leaderPid: fence?.pid }, 'projection page applied');
      applied.set(m.name, m.through);
    }
    for (const name of pastMoved) if ((applied.get(name) ?? -1n) < past.position) applied.set(name, past.position);
    // The writes waiting for these projectors go on now, not after the rest of the pass.
    if (moved.length > 0) progress.emit('applied');
  }

  /**
   * Projectors the page has nothing for (none of their declared event types): their checkpoints move
   * to the page's end in one statement, under the same leader-lock check as an apply.
   */
  async function advancePast(names: readonly string[], from: bigint, position: bigint, fence: Fence | null): Promise<void> {
    if (names.length === 0) return;
    const rows = await db.any(sql.type(z.object({ held: z.boolean(), name: z.string().nullable(), xmin: z.string().nullable() }))`
      WITH fence AS (SELECT set_config('synchronous_commit', 'off', true) IS NOT NULL AND ${leaderLockHeld(fence)} AS held),
      moved AS (
        UPDATE projection_checkpoints SET position = ${position.toString()}::bigint, updated_at = now()
        WHERE name = ANY(${sql.array([...names], 'text')}) AND position < ${position.toString()}::bigint
          AND position >= ${from.toString()}::bigint AND (SELECT held FROM fence)
        RETURNING name, xmin::text AS xmin
      )
      SELECT fence.held, moved.name, moved.xmin FROM fence LEFT JOIN moved ON true`);
    if (!rows[0]?.held) throw new LostLeadership();
    for (const name of names) {
      const row = rows.find((r) => r.name === name);
      // Not moved: already past the page (a swap), or behind its start (moved back); read again next pass.
      if (row?.xmin) known.set(name, { position, xmin: row.xmin });
      else known.delete(name);
      if (row && (applied.get(name) ?? -1n) < position) applied.set(name, position);
    }
  }

  // The two lanes mostly read the same pages (both wake on the same append): a page read by one is
  // handed to the other instead of read, parsed and decoded again (decodeEvent caches by event
  // object). An in-flight read is shared; a finished one is kept only when full, since a short
  // page at the head would hide the events appended after it.
  const recentPages = new Map<bigint, Promise<readonly RecordedEvent[]>>();
  function readPage(after: bigint): Promise<readonly RecordedEvent[]> {
    const shared = recentPages.get(after);
    if (shared) return shared;
    const page = eventStore.readAll({ after, limit: batchSize, ownAppends: true });
    recentPages.set(after, page);
    while (recentPages.size > lanes.length * 2) recentPages.delete(recentPages.keys().next().value as bigint);
    const forget = () => {
      if (recentPages.get(after) === page) recentPages.delete(after);
    };
    // A short page means the log's head: the full pages kept for the other lane go too, so an idle
    // runner holds no events (a lane still behind reads again; after a long catch-up they held
    // up to 4 × batchSize decoded events, ~70 MB of heap at idle on the 200k bench history).
    page.then((events) => events.length < batchSize && recentPages.clear(), forget);
    return page;
  }

  /**
   * The lane's checkpoints: as the leader knows them (see `known`), else read. A position known too
   * low (a swap moved it on) costs a page read again; one known too high (moved back) is seen by the
   * apply transaction, which then skips that projector and leaves its real position here.
   */
  async function checkpointsOf(lane: readonly Projector[], fence: Fence | null): Promise<Map<string, bigint>> {
    if (fence !== null && leader === fence && lane.every((p) => known.has(p.name))) {
      return new Map(lane.map((p) => [p.name, known.get(p.name)!.position]));
    }
    const rows = await db.any(sql.type(z.object({ name: z.string(), position: z.bigint(), xmin: z.string() }))`
      SELECT name, position, xmin::text AS xmin FROM projection_checkpoints`);
    for (const row of rows) known.set(row.name, { position: row.position, xmin: row.xmin });
    return new Map(rows.map((row) => [row.name, row.position]));
  }

  /** One pass over the log from the slowest checkpoint; returns how many events were read. */
  async function runOnce(fence: Fence | null, lane: readonly Projector[] = projectors): Promise<number> {
    const positions = await checkpointsOf(lane, fence);
    const now = Date.now();
    const active = lane.filter((p) => (failingUntil.get(p.name) ?? 0) <= now);
    if (active.length === 0) return 0;
    const from = active.reduce((min, p) => {
      const position = positions.get(p.name) ?? 0n;
      return position < min ? position : min;
    }, positions.get(active[0].name) ?? 0n);
    const events = await readPage(from);
    if (events.length === 0) {
      for (const p of active) applied.set(p.name, positions.get(p.name) ?? 0n);
      return 0;
    }
    const last = events[events.length - 1].position;
    const nothingFor: string[] = [];
    const due: Projector[] = [];
    for (const projector of active) {
      if ((positions.get(projector.name) ?? 0n) >= last) continue;
      const handles = projector.handles;
      if (handles && !events.some((event) => handles(event.type))) nothingFor.push(projector.name);
      else due.push(projector);
    }
    // A lane applies the usual page in one transaction: the write is answered after one commit,
    // not one per projector, and the derived views (ledger, search, triggers…) cost one leader-lock
    // check, one failures read and one checkpoint write for the page, not one each (~5 round trips
    // per projector). Only when the shared transaction fails is the page applied projector by
    // projector, each failure isolated. A pass over both lanes at once (catchUp) applies them apart.
    // A large page goes in two such transactions side by side (SPLIT_PAGE_AT); the first carries the
    // checkpoints of the projectors the page has nothing for.
    let separately = due;
    let pastMoved = false;
    if (due.length > 1 && due.every((p) => Boolean(p.answers) === Boolean(due[0].answers))) {
      const groups = events.length >= SPLIT_PAGE_AT ? shareByCost(due, 2, costPerEvent) : [due];
      const outcomes = await Promise.allSettled(
        groups.map((group, i) => applyPageTogether(group, events, from, fence, undefined, i === 0 ? { names: nothingFor, position: last } : undefined)));
      const lostLeader = outcomes.find((o) => o.status === 'rejected' && o.reason instanceof LostLeadership);
      if (lostLeader) throw (lostLeader as PromiseRejectedResult).reason;
      separately = groups.filter((_, i) => outcomes[i].status === 'rejected').flat();
      pastMoved = outcomes[0].status === 'fulfilled';
    }
    // Each commits on its own and reads only its own tables: a few at a time, so one's statements
    // run in PostgreSQL while the next folds its page here.
    let lost: LostLeadership | null = null;
    let next = 0;
    const worker = async () => {
      while (next < separately.length && lost === null) {
        const projector = separately[next++];
        try {
          await applyPage(projector, events, from, fence);
          failingUntil.delete(projector.name);
        } catch (error) {
          if (error instanceof LostLeadership) {
            lost = error;
            return;
          }
          failingUntil.set(projector.name, Date.now() + 2_000);
          logger.error({ err: error, projector: projector.name }, 'projector page failed (not an event of one organization); rolled back, will retry');
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(SEPARATE_APPLIES_AT_ONCE, separately.length) }, worker));
    if (lost) throw lost;
    if (!pastMoved) await advancePast(nothingFor, from, last, fence);
    progress.emit('applied');
    return events.length;
  }

  /**
   * Applies everything in the log now, under the leader lock: this runner's when it leads, else a
   * session of its own for the time of the catch-up. While another runner holds the lock, that
   * runner applies; this one waits (30 s at most) for the checkpoints to reach the log's head.
   */
  async function catchUp(): Promise<void> {
    await ensureCheckpoints();
    // Read the checkpoints again: a caller may have moved them (a test, a script).
    known.clear();
    const head = await eventStore.headPosition();
    const deadline = Date.now() + 30_000;
    for (;;) {
      const own = leader ? null : await lockSession();
      const fence = leader ?? own;
      if (fence !== null) {
        try {
          while ((await runOnce(fence)) > 0) {
            if ([...failingUntil.values()].some((until) => until > Date.now())) break;
          }
          break;
        } catch (error) {
          if (!(error instanceof LostLeadership)) throw error;
        } finally {
          await own?.client.end().catch(() => undefined);
        }
        continue;
      }
      if ((await waitFor(head, 1_000)) || Date.now() > deadline) break;
    }
    progress.emit('applied');
  }

  async function waitFor(position: bigint, timeoutMs = 5_000, only?: readonly string[]): Promise<boolean> {
    const awaited = only ? projectors.filter((p) => only.includes(p.name)) : projectors;
    const reached = async (): Promise<boolean> => {
      // The leader knows its own progress; any other process (an API-only role) reads checkpoints.
      if (leader) return awaited.every((p) => (applied.get(p.name) ?? -1n) >= position);
      const rows = await db.any(sql.type(checkpointRow)`SELECT name, version, position FROM projection_checkpoints`);
      return awaited.every((p) => (rows.find((r) => r.name === p.name)?.position ?? -1n) >= position);
    };
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (await reached()) return true;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, 50);
        function done() {
          clearTimeout(timer);
          progress.off('applied', done);
          resolve();
        }
        progress.on('applied', done);
      });
    }
    return reached();
  }

  function dropLeadership(reason: string): void {
    if (!leader) return;
    const { client } = leader;
    leader = null;
    forget();
    announce('all');
    logger.warn({ reason }, 'projection runner is no longer leader; stopped applying');
    void client.end().catch(() => undefined);
  }

  /** A session holding the leader lock, or null when another session holds it. */
  async function lockSession(): Promise<(Fence & { client: pg.Client }) | null> {
    const client = new pg.Client({ connectionString: deps.connectionString });
    client.on('error', () => undefined);
    await client.connect();
    try {
      const token = randomInt(-2_147_483_648, 2_147_483_647);
      // The fence lock is taken only with the leader lock (when one is refused, the session ends).
      const result = await client.query<{ locked: boolean; pid: number }>(`
        SELECT CASE WHEN pg_try_advisory_lock($1::bigint) THEN pg_try_advisory_lock($1::int, $2::int) ELSE false END AS locked,
               pg_backend_pid() AS pid`, [LEADER_LOCK, token]);
      if (!result.rows[0]?.locked) {
        await client.end();
        return null;
      }
      return { client, pid: result.rows[0].pid, token };
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
  }

  async function becomeLeader(): Promise<boolean> {
    const session = await lockSession();
    if (!session) return false;
    const { client } = session;
    try {
      await client.query(`LISTEN ${REBUILDS_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    forget();
    leader = session;
    rebuildAsked = true;
    client.on('error', (error) => dropLeadership(`leader connection lost: ${error.message}`));
    client.on('end', () => dropLeadership('leader connection closed'));
    client.on('notification', () => {
      rebuildAsked = true;
      wake.abort();
    });
    logger.info({ leaderPid: session.pid }, 'projection runner is leader');
    return true;
  }

  async function rebuildOutdated(): Promise<void> {
    const checkpoints = await ensureCheckpoints();
    for (const projector of projectors) {
      const stored = checkpoints.get(projector.name);
      if (stored && stored.version !== projector.version) {
        logger.info({ projector: projector.name, from: stored.version, to: projector.version }, 'rebuilding projection');
        reportStillFailing(await rebuildProjector({ db, eventStore, projector, batchSize }));
        announce('all');
      }
    }
  }

  async function replayOrganization(name: string, organizationId: string, onProgress?: (progress: RebuildProgress) => void): Promise<void> {
    const projector = projectors.find((p) => p.name === name);
    if (!projector) throw new Error(`Projeção desconhecida: ${name}`);
    await db.transaction(async (tx) => {
      const checkpoint = await tx.oneFirst(sql.type(z.object({ position: z.bigint() }))`
        SELECT position FROM projection_checkpoints WHERE name = ${name} FOR UPDATE`);
      for (const table of await tenantTables(tx, projector)) {
        await tx.query(sql.unsafe`DELETE FROM ${sql.identifier([table])} WHERE organization_id = ${organizationId}`);
      }
      let after = 0n;
      let count = 0;
      for (;;) {
        const page = await eventStore.readOrganization(organizationId, { after, limit: batchSize, until: checkpoint });
        if (page.length === 0) break;
        await applyEvents(projector, page, tx);
        after = page[page.length - 1].position;
        count += page.length;
        onProgress?.({ position: after, head: checkpoint, applied: count });
      }
      await tx.query(sql.unsafe`
        UPDATE projection_failures SET resolved_at = now()
        WHERE projector = ${name} AND organization_id = ${organizationId} AND resolved_at IS NULL`);
    });
    announce({ organizations: new Set([organizationId]), projectors: new Set([name]) });
    logger.info({ projector: name, organizationId }, 'organization replayed; its events flow again');
    wake.abort();
  }

  // Requested rebuilds are looked for when the request's NOTIFY arrives, when one finishes, on
  // becoming leader, and every few seconds in case a notification was lost: not on every pass of
  // the lane that writes wait for (one statement in each of its cycles).
  let rebuildAsked = true;
  let rebuildLookedAt = 0;
  const REBUILD_POLL_MS = 2_000;

  /** Requested rebuilds (admin API): one at a time, in the background; live follow goes on. */
  async function startRequestedRebuild(): Promise<void> {
    if (background) return;
    if (!rebuildAsked && Date.now() - rebuildLookedAt < REBUILD_POLL_MS) return;
    rebuildAsked = false;
    rebuildLookedAt = Date.now();
    const request = await db.maybeOne(sql.type(requestRow)`
      UPDATE projection_rebuilds SET status = 'running', started_at = now()
      WHERE id = (SELECT id FROM projection_rebuilds WHERE status = 'pending' ORDER BY requested_at LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING id, projector, organization_id`);
    if (!request) return;
    let lastWrite = 0;
    const report = (p: RebuildProgress, force = false) => {
      if (!force && Date.now() - lastWrite < 1_000) return;
      lastWrite = Date.now();
      void db.query(sql.unsafe`
        UPDATE projection_rebuilds SET position = ${p.position.toString()}::bigint, head = ${p.head.toString()}::bigint, applied = ${p.applied}
        WHERE id = ${request.id}`).catch(() => undefined);
    };
    const job = request.organization_id
      ? replayOrganization(request.projector, request.organization_id, report)
      : rebuild(request.projector, report);
    background = job
      .then(async () => {
        await db.query(sql.unsafe`UPDATE projection_rebuilds SET status = 'done', finished_at = now() WHERE id = ${request.id}`);
        logger.info({ projector: request.projector, organizationId: request.organization_id }, 'requested rebuild done');
      })
      .catch(async (error: unknown) => {
        logger.error({ err: error, projector: request.projector, organizationId: request.organization_id }, 'requested rebuild failed');
        await db.query(sql.unsafe`
          UPDATE projection_rebuilds SET status = 'failed', finished_at = now(), error = ${describeError(error)} WHERE id = ${request.id}`).catch(() => undefined);
      })
      .finally(() => {
        background = null;
        rebuildAsked = true;
        wake.abort();
      });
  }

  async function rebuild(name: string, onProgress?: (progress: RebuildProgress) => void): Promise<void> {
    const projector = projectors.find((p) => p.name === name);
    if (!projector) throw new Error(`Projeção desconhecida: ${name}`);
    await ensureCheckpoints();
    reportStillFailing(await rebuildProjector({ db, eventStore, projector, batchSize, onProgress }));
    announce('all');
  }

  function reportStillFailing(result: RebuildResult): void {
    for (const failure of result.failures) {
      logger.error(
        { projector: failure.projector, organizationId: failure.organizationId, position: failure.position.toString(), error: describeError(failure.error) },
        'rebuilt projection: the organization still fails and stays held back until a replay',
      );
    }
  }

  /**
   * After a pass that read nothing. A head beyond the lane's progress is most often events appended
   * between that read and this look: the lane reads again at once, once per head (a head no event
   * reaches — a failing projector held back, a position an aborted append left unused — waits as
   * before instead of spinning). Sleeping then held every write waiting on the lane up to 500 ms.
   */
  async function idle(lane: readonly Projector[], seen: { head: bigint }): Promise<void> {
    const signal = AbortSignal.any([abort.signal, wake.signal]);
    const slowest = lane.reduce((min, p) => {
      const position = applied.get(p.name) ?? 0n;
      return position < min ? position : min;
    }, applied.get(lane[0].name) ?? 0n);
    // Every projector of the lane active: the pass read nothing after the slowest checkpoint (its
    // page's start), so no final event lies beyond it. The wait itself looks at the heads (the
    // store answers from the read just made when nothing woke it since) and returns at once when
    // events came meanwhile: no head of its own to ask for first.
    const now = Date.now();
    if (lane.every((p) => applied.has(p.name) && (failingUntil.get(p.name) ?? 0) <= now)) {
      await eventStore.waitForEvents(slowest, { timeoutMs: 5_000, signal });
      return;
    }
    const head = await eventStore.headPosition();
    if (slowest < head && seen.head !== head) {
      seen.head = head;
      return;
    }
    if (slowest >= head) await eventStore.waitForEvents(head, { timeoutMs: 5_000, signal });
    else await sleepUnlessAborted(500, signal);
  }

  async function follow(): Promise<void> {
    let standby = false;
    while (!stopped) {
      if (wake.signal.aborted) wake = new AbortController();
      if (!leader) {
        const became = await becomeLeader().catch((error: unknown) => {
          logger.warn({ err: error }, 'could not try the projection leader lock');
          return false;
        });
        if (!became) {
          if (!standby) logger.info({}, 'another projection runner leads; this one stands by to take over');
          standby = true;
          await sleepUnlessAborted(leaderRetryMs, abort.signal);
          continue;
        }
        standby = false;
        try {
          await rebuildOutdated();
        } catch (error) {
          logger.error({ err: error }, 'rebuild of outdated projections failed');
        }
      }
      const fence = leader;
      if (fence === null) continue;
      await Promise.all(lanes.map((lane, i) => followLane(lane, fence, i === 0)));
    }
  }

  /** One lane's passes while `fence` leads; returns when leadership ends or the runner stops. */
  async function followLane(lane: readonly Projector[], fence: Fence, takesRebuilds: boolean): Promise<void> {
    const seen = { head: -1n };
    while (!stopped && leader === fence) {
      if (wake.signal.aborted) wake = new AbortController();
      try {
        if (takesRebuilds) await startRequestedRebuild();
        const read = await runOnce(fence, lane);
        if (read === 0 && !stopped) await idle(lane, seen);
      } catch (error) {
        if (stopped) return;
        if (error instanceof LostLeadership) {
          dropLeadership('leader lock no longer held by this runner');
          return;
        }
        logger.error({ err: error }, 'projection runner pass failed');
        await sleepUnlessAborted(1_000, abort.signal);
      }
    }
  }

  return {
    async start() {
      if (!stopped) return;
      stopped = false;
      abort = new AbortController();
      await ensureCheckpoints();
      loop = follow();
    },
    async stop() {
      stopped = true;
      abort.abort();
      await loop?.catch(() => undefined);
      loop = null;
      await background?.catch(() => undefined);
      if (leader) {
        const { client } = leader;
        leader = null;
        await client.end().catch(() => undefined);
      }
    },
    catchUp,
    waitFor,
    rebuild,
    replayOrganization,
    isLeader: () => leader !== null,
    changes: {
      subscribe(listener) {
        changes.on('change', listener);
        return () => changes.off('change', listener);
      },
      complete: () => leader !== null && !stopped,
    },
  };
}

/**
 * Projectors shared between `count` transactions of about the same cost (each projector's last cost
 * per event; one never measured counts as the dearest known), in the lane's order.
 */
function shareByCost(projectors: readonly Projector[], count: number, costPerEvent: ReadonlyMap<string, number>): Projector[][] {
  const known = projectors.map((p) => costPerEvent.get(p.name)).filter((c): c is number => c !== undefined);
  const unknown = known.length > 0 ? Math.max(...known) : 1;
  return shareByWeight(projectors, count, (p) => costPerEvent.get(p.name) ?? unknown);
}

/** The organizations whose rows applying `events` may have changed; 'all' if one is platform-wide. */
function mergeTouched(a: Set<string> | 'all', b: ReadonlySet<string> | 'all'): Set<string> | 'all' {
  if (a === 'all' || b === 'all') return 'all';
  for (const organization of b) a.add(organization);
  return a;
}

function touchedBy(events: readonly RecordedEvent[]): Set<string> | 'all' {
  const organizations = new Set<string>();
  // A page is mostly one organization's events: lower-cased once per run of the same id.
  let previous: string | null = null;
  for (const event of events) {
    const organizationId = organizationOf(event);
    if (organizationId === null) return 'all';
    if (organizationId !== previous) organizations.add(organizationId.toLowerCase());
    previous = organizationId;
  }
  return organizations;
}
