// The projection runner: catches every projector up from its checkpoint, then follows the log live.
// Each projector applies a batch and moves its checkpoint in one transaction, so a crash never
// double-applies or loses an event. Only one runner per database is active (advisory-lock leader).
import { EventEmitter } from 'node:events';
import pg from 'pg';
import { sql } from 'slonik';
import { z } from 'zod';
import type { Db } from '../app/db/pool';
import type { EventStore, RecordedEvent } from '../app/eventstore/port';
import type { Projector } from './projector';
import { rebuildProjector, type RebuildProgress } from './rebuild';

const LEADER_LOCK = 7_263_003;

export type RunnerLogger = {
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
}

const checkpointRow = z.object({ name: z.string(), version: z.number(), position: z.bigint() });

export type ProjectionRunner = {
  /** Becomes leader (or waits to), rebuilds outdated projectors, then follows the log. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Applies everything currently in the log; used by tests and scripts. */
  catchUp(): Promise<void>;
  /** Resolves once every projector has applied `position`, or after `timeoutMs`. Returns whether it got there. */
  waitFor(position: bigint, timeoutMs?: number): Promise<boolean>;
  rebuild(name: string, onProgress?: (progress: RebuildProgress) => void): Promise<void>;
  isLeader(): boolean;
};

export function createProjectionRunner(deps: {
  db: Db;
  connectionString: string;
  eventStore: EventStore;
  projectors: readonly Projector[];
  logger?: RunnerLogger;
  batchSize?: number;
}): ProjectionRunner {
  const { db, eventStore, projectors } = deps;
  const logger = deps.logger ?? silent;
  const batchSize = deps.batchSize ?? 500;
  const progress = new EventEmitter();
  progress.setMaxListeners(0);
  const applied = new Map<string, bigint>();
  const failingUntil = new Map<string, number>();
  let leaderClient: pg.Client | null = null;
  let stopped = true;
  let loop: Promise<void> | null = null;
  const abort = new AbortController();

  async function ensureCheckpoints(): Promise<Map<string, z.infer<typeof checkpointRow>>> {
    for (const projector of projectors) {
      await db.query(sql.unsafe`
        INSERT INTO projection_checkpoints (name, version, position)
        VALUES (${projector.name}, ${projector.version}, 0) ON CONFLICT (name) DO NOTHING`);
    }
    const rows = await db.any(sql.type(checkpointRow)`SELECT name, version, position FROM projection_checkpoints`);
    return new Map(rows.map((row) => [row.name, row]));
  }

  async function applyBatch(projector: Projector, events: readonly RecordedEvent[]): Promise<void> {
    await db.transaction(async (tx) => {
      const current = await tx.oneFirst(sql.type(z.object({ position: z.bigint() }))`
        SELECT position FROM projection_checkpoints WHERE name = ${projector.name} FOR UPDATE`);
      let last = current;
      for (const event of events) {
        if (event.position <= current) continue;
        await projector.handle(event, tx);
        last = event.position;
      }
      if (last > current) {
        await tx.query(sql.unsafe`
          UPDATE projection_checkpoints SET position = ${last.toString()}::bigint, updated_at = now()
          WHERE name = ${projector.name}`);
      }
      applied.set(projector.name, last);
    });
  }

  /** One pass over the log from the slowest checkpoint; returns how many events were read. */
  async function runOnce(): Promise<number> {
    const rows = await db.any(sql.type(checkpointRow)`SELECT name, version, position FROM projection_checkpoints`);
    const positions = new Map(rows.map((row) => [row.name, row.position]));
    const now = Date.now();
    const active = projectors.filter((p) => (failingUntil.get(p.name) ?? 0) <= now);
    if (active.length === 0) return 0;
    const from = active.reduce((min, p) => {
      const position = positions.get(p.name) ?? 0n;
      return position < min ? position : min;
    }, positions.get(active[0].name) ?? 0n);
    const events = await eventStore.readAll({ after: from, limit: batchSize });
    if (events.length === 0) {
      for (const p of active) applied.set(p.name, positions.get(p.name) ?? 0n);
      return 0;
    }
    for (const projector of active) {
      try {
        await applyBatch(projector, events);
        failingUntil.delete(projector.name);
      } catch (error) {
        failingUntil.set(projector.name, Date.now() + 2_000);
        logger.error({ err: error, projector: projector.name }, 'projector failed; batch rolled back, will retry');
      }
    }
    progress.emit('applied');
    return events.length;
  }

  async function catchUp(): Promise<void> {
    await ensureCheckpoints();
    while ((await runOnce()) > 0) {
      if ([...failingUntil.values()].some((until) => until > Date.now())) break;
    }
    progress.emit('applied');
  }

  async function becomeLeader(): Promise<boolean> {
    const client = new pg.Client({ connectionString: deps.connectionString });
    await client.connect();
    const result = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [LEADER_LOCK]);
    if (result.rows[0]?.locked) {
      leaderClient = client;
      client.on('error', (error) => logger.error({ err: error }, 'leader connection lost'));
      return true;
    }
    await client.end();
    return false;
  }

  async function rebuildOutdated(): Promise<void> {
    const checkpoints = await ensureCheckpoints();
    for (const projector of projectors) {
      const stored = checkpoints.get(projector.name);
      if (stored && stored.version !== projector.version) {
        logger.info({ projector: projector.name, from: stored.version, to: projector.version }, 'rebuilding projection');
        await rebuildProjector({ db, eventStore, projector, batchSize });
      }
    }
  }

  async function follow(): Promise<void> {
    while (!stopped) {
      if (!leaderClient) {
        if (!(await becomeLeader().catch(() => false))) {
          await sleep(2_000, abort.signal);
          continue;
        }
        logger.info({}, 'projection runner is leader');
        await rebuildOutdated();
      }
      try {
        const read = await runOnce();
        if (read === 0 && !stopped) {
          const head = await eventStore.headPosition();
          const slowest = projectors.reduce((min, p) => {
            const position = applied.get(p.name) ?? 0n;
            return position < min ? position : min;
          }, head);
          if (slowest >= head) await eventStore.waitForEvents(head, { timeoutMs: 5_000, signal: abort.signal });
          else await sleep(500, abort.signal);
        }
      } catch (error) {
        if (stopped) break;
        logger.error({ err: error }, 'projection runner pass failed');
        await sleep(1_000, abort.signal);
      }
    }
  }

  return {
    async start() {
      if (!stopped) return;
      stopped = false;
      await ensureCheckpoints();
      loop = follow();
    },
    async stop() {
      stopped = true;
      abort.abort();
      await loop?.catch(() => undefined);
      loop = null;
      await leaderClient?.end().catch(() => undefined);
      leaderClient = null;
    },
    catchUp,
    async waitFor(position, timeoutMs = 5_000) {
      const reached = async (): Promise<boolean> => {
        // The leader knows its own progress; any other process (an API-only role) reads checkpoints.
        if (leaderClient) return projectors.every((p) => (applied.get(p.name) ?? -1n) >= position);
        const rows = await db.any(sql.type(checkpointRow)`SELECT name, version, position FROM projection_checkpoints`);
        return projectors.every((p) => (rows.find((r) => r.name === p.name)?.position ?? -1n) >= position);
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
    },
    async rebuild(name, onProgress) {
      const projector = projectors.find((p) => p.name === name);
      if (!projector) throw new Error(`Projeção desconhecida: ${name}`);
      await ensureCheckpoints();
      await rebuildProjector({ db, eventStore, projector, batchSize, onProgress });
    },
    isLeader: () => leaderClient !== null,
  };
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
