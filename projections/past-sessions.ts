// Time travel without replaying the log on every read.
//
// A past read needs the organization's read models as they stood at a log position. Building them
// (TEMP tables, the organization's events replayed through the projectors) is the whole cost of the
// read, and the dashboard asks for four figures at the same instant, the reports for more. So the
// replay is kept: a few dedicated connections hold, in their own TEMP tables, every time-travel
// projector's read models for one (organization, position). A read at that position runs straight
// against them; a later position of the same organization applies only the events in between (the
// 'Ver como em' picker moved forward); anything else replays into the least recently used one.
// History up to a position never changes (positions are assigned in commit order), so a snapshot
// never goes stale. Reads run as the tenant role with the organization set, as live reads do.
import { sql, type DatabasePoolConnection } from 'slonik';
import type { Db } from '../app/db/pool';
import type { EventStore } from '../app/eventstore/port';
import type { Projector, Tx } from './projector';
import { replayOrganization, type ReplayStats as OneShotStats } from './time-travel';

const SESSIONS = 2;
/** An unused session gives its connection back to the pool (and its TEMP tables up) after this. */
const IDLE_MS = 30_000;

/** A replay's cost (time-travel.ts), and whether the snapshot was already there. */
export type ReplayStats = OneShotStats & { reused: boolean };

class RolledBack<T> extends Error {
  constructor(readonly value: T) {
    super('time-travel read rolled back');
  }
}

type Snapshot = { organizationId: string; position: bigint };

class PastSession {
  snapshot: Snapshot | null = null;
  /** What the session will hold once the work queued on it is done (reads are matched against it). */
  target: Snapshot | null = null;
  lastUsed = 0;
  private connection: Promise<DatabasePoolConnection> | null = null;
  private release: (() => void) | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private queueLength = 0;
  private idleTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly eventStore: EventStore,
    private readonly projectors: readonly Projector[],
  ) {}

  /** Runs `work` alone on this session (reads of one snapshot wait for its replay, never race it). */
  run<T>(work: () => Promise<T>): Promise<T> {
    this.queueLength++;
    const next = this.queue.then(work, work).finally(() => {
      this.queueLength--;
    });
    this.queue = next.catch(() => undefined);
    return next;
  }

  async read<T>(organizationId: string, position: bigint, fn: (tx: Tx, stats: ReplayStats) => Promise<T>): Promise<T> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    try {
      const connection = await this.connect();
      const stats = await this.bringTo(connection, organizationId, position);
      try {
        await connection.transaction(async (tx) => {
          await tx.query(sql.unsafe`SELECT set_config('role', 'fluxo_app', true), set_config('app.organization_id', ${organizationId}, true)`);
          throw new RolledBack(await fn(tx, stats));
        });
      } catch (error) {
        if (error instanceof RolledBack) return error.value as T;
        throw error;
      }
      throw new Error('unreachable: a past read always rolls back');
    } finally {
      this.lastUsed = Date.now();
      this.idleTimer = setTimeout(() => void this.run(() => this.close()), IDLE_MS);
      this.idleTimer.unref();
    }
  }

  /** Gives the connection back, its TEMP tables dropped. */
  async close(): Promise<void> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const connection = this.connection;
    if (!connection) return;
    this.connection = null;
    this.snapshot = null;
    if (this.queueLength === 0) this.target = null;
    try {
      await (await connection).query(sql.unsafe`DISCARD ALL`);
    } finally {
      this.release?.();
      this.release = null;
    }
  }

  private connect(): Promise<DatabasePoolConnection> {
    if (!this.connection) {
      this.connection = new Promise<DatabasePoolConnection>((resolve, reject) => {
        this.db
          .connect((connection) => {
            resolve(connection);
            return new Promise<void>((done) => {
              this.release = done;
            });
          })
          .catch(reject);
      });
      this.connection.catch(() => {
        this.connection = null;
      });
    }
    return this.connection;
  }

  /** Makes the TEMP read models hold the organization's events up to `position`, replaying what is missing. */
  private async bringTo(connection: DatabasePoolConnection, organizationId: string, position: bigint): Promise<ReplayStats> {
    const stats: ReplayStats = { position, events: 0, createMs: 0, readMs: 0, applyMs: 0, reused: true };
    const current = this.snapshot;
    if (current && current.organizationId === organizationId && current.position === position) return stats;
    stats.reused = false;
    const incremental = current !== null && current.organizationId === organizationId && current.position < position;
    this.snapshot = null; // until the replay below commits
    const started = performance.now();
    if (!incremental) {
      await connection.query(sql.unsafe`DISCARD TEMP`);
      await connection.transaction(async (tx) => {
        await tx.query(sql.unsafe`SELECT set_config('search_path', 'pg_temp, ' || current_setting('search_path'), false)`);
        for (const projector of this.projectors) await projector.migrate(tx);
      });
    }
    stats.createMs = performance.now() - started;
    const after = incremental ? current.position : 0n;
    await connection.transaction((tx) => replayOrganization(tx, this.eventStore, organizationId, { after, until: position }, this.projectors, stats));
    this.snapshot = { organizationId, position };
    return stats;
  }
}

/** The past-read sessions of one database pool. */
export class PastReads {
  private readonly sessions: PastSession[];

  constructor(db: Db, eventStore: EventStore, projectors: readonly Projector[], size = SESSIONS) {
    this.sessions = Array.from({ length: size }, () => new PastSession(db, eventStore, projectors));
  }

  /** `fn` against the read models as they stood at `position` (inclusive) for the organization, as the tenant. */
  read<T>(organizationId: string, position: bigint, fn: (tx: Tx, stats: ReplayStats) => Promise<T>): Promise<T> {
    return this.pick(organizationId, position).run((session) => session.read(organizationId, position, fn));
  }

  async close(): Promise<void> {
    await Promise.all(this.sessions.map((session) => session.run(() => session.close())));
  }

  /** The session holding (or about to hold) this snapshot, else one of the organization's behind it, else the least recently used. */
  private pick(organizationId: string, position: bigint): { run: <T>(work: (session: PastSession) => Promise<T>) => Promise<T> } {
    const same = (s: PastSession) => s.target?.organizationId === organizationId;
    const session =
      this.sessions.find((s) => same(s) && s.target!.position === position) ??
      this.sessions.filter((s) => same(s) && s.target!.position < position).sort((a, b) => (a.target!.position > b.target!.position ? -1 : 1))[0] ??
      [...this.sessions].sort((a, b) => a.lastUsed - b.lastUsed)[0];
    session.target = { organizationId, position };
    session.lastUsed = Date.now();
    return { run: (work) => session.run(() => work(session)) };
  }
}
