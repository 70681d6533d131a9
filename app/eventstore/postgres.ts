// The PostgreSQL EventStore adapter (the embedded default).
//
// Global order: an append takes a transaction-scoped advisory lock just before it inserts, so
// positions are handed out in commit order and a reader of $all (which reads by position) can
// never see position N+1 before N is visible. Stream-level optimistic concurrency is checked
// on a row lock of the stream, which is held for the whole (short) transaction.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { sql } from 'slonik';
import { z } from 'zod';
import { createDb, type Db } from '../db/pool';
import { eventHash, toJsonSafe } from './hash-chain';
import {
  ConcurrencyError,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
} from './port';

const GLOBAL_APPEND_LOCK = 7_263_001;
const CHANNEL = 'fluxo_events';

const eventRow = z.object({
  position: z.bigint(),
  event_id: z.string(),
  stream_id: z.string(),
  revision: z.number(),
  type: z.string(),
  data: z.record(z.unknown()),
  metadata: z.record(z.unknown()),
});

function toRecorded(row: z.infer<typeof eventRow>): RecordedEvent {
  return {
    id: row.event_id,
    streamId: row.stream_id,
    revision: row.revision,
    position: row.position,
    type: row.type,
    data: row.data,
    metadata: row.metadata as EventMetadata,
  };
}

function checkExpected(streamId: string, expected: ExpectedRevision, actual: number | null): void {
  const ok =
    expected === 'any' ||
    (expected === 'no_stream' && actual === null) ||
    (expected === 'stream_exists' && actual !== null) ||
    (typeof expected === 'number' && expected === actual);
  if (!ok) throw new ConcurrencyError(streamId, expected, actual);
}

export function createPostgresEventStore(_sharedDb: Db, connectionString: string): EventStore {
  // Its own pool: projections read the log while holding a read-model transaction open, which
  // slonik only allows across pools that are declared independent.
  let pool: Promise<Db> | null = null;
  const database = () => (pool ??= createDb(connectionString, { maximumPoolSize: 6, allowForeignConnections: true }));
  const waiters = new Set<() => void>();
  let listener: pg.Client | null = null;
  let listening: Promise<void> | null = null;

  function ensureListener(): Promise<void> {
    listening ??= (async () => {
      const client = new pg.Client({ connectionString });
      client.on('notification', () => {
        for (const wake of [...waiters]) wake();
      });
      client.on('error', () => {
        listener = null;
        listening = null;
      });
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      listener = client;
    })();
    return listening;
  }

  return {
    kind: 'postgres',

    async append(streamId, events: NewEvent[], { expectedRevision, metadata }): Promise<AppendResult> {
      if (events.length === 0) throw new Error('append needs at least one event');
      return (await database()).transaction(async (tx) => {
        await tx.query(sql.unsafe`
          INSERT INTO event_streams (stream_id, revision, last_hash) VALUES (${streamId}, -1, NULL)
          ON CONFLICT (stream_id) DO NOTHING`);
        const stream = await tx.one(sql.type(z.object({ revision: z.number(), last_hash: z.string().nullable() }))`
          SELECT revision, last_hash FROM event_streams WHERE stream_id = ${streamId} FOR UPDATE`);
        const actual = stream.revision < 0 ? null : stream.revision;
        checkExpected(streamId, expectedRevision, actual);

        await tx.query(sql.unsafe`SELECT pg_advisory_xact_lock(${GLOBAL_APPEND_LOCK})`);
        let revision = actual ?? -1;
        let prevHash = stream.last_hash;
        const recorded: RecordedEvent[] = [];
        for (const event of events) {
          revision += 1;
          const data = toJsonSafe(event.data) as Record<string, unknown>;
          const base = { ...metadata, prevHash } as Omit<EventMetadata, 'hash'>;
          const hash = eventHash({ streamId, revision, type: event.type, data, metadata: base });
          const fullMetadata: EventMetadata = { ...base, hash };
          const row = await tx.one(sql.type(eventRow)`
            INSERT INTO events (event_id, stream_id, revision, type, data, metadata)
            VALUES (${randomUUID()}, ${streamId}, ${revision}, ${event.type},
                    ${sql.jsonb(data as never)}, ${sql.jsonb(toJsonSafe(fullMetadata) as never)})
            RETURNING position, event_id, stream_id, revision, type, data, metadata`);
          recorded.push(toRecorded(row));
          prevHash = hash;
        }
        await tx.query(sql.unsafe`
          UPDATE event_streams SET revision = ${revision}, last_hash = ${prevHash} WHERE stream_id = ${streamId}`);
        const position = recorded[recorded.length - 1].position;
        await tx.query(sql.unsafe`SELECT pg_notify(${CHANNEL}, ${position.toString()})`);
        return { nextRevision: revision, position, events: recorded };
      });
    },

    async readStream(streamId) {
      const rows = await (await database()).any(sql.type(eventRow)`
        SELECT position, event_id, stream_id, revision, type, data, metadata
        FROM events WHERE stream_id = ${streamId} ORDER BY revision`);
      return rows.map(toRecorded);
    },

    async readAll({ after, limit }) {
      const rows = await (await database()).any(sql.type(eventRow)`
        SELECT position, event_id, stream_id, revision, type, data, metadata
        FROM events WHERE position > ${after.toString()}::bigint ORDER BY position LIMIT ${limit}`);
      return rows.map(toRecorded);
    },

    async waitForEvents(after, { timeoutMs, signal }) {
      await ensureListener();
      if ((await this.headPosition()) > after) return;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          waiters.delete(done);
          signal?.removeEventListener('abort', done);
          resolve();
        };
        const timer = setTimeout(done, timeoutMs);
        waiters.add(done);
        signal?.addEventListener('abort', done);
      });
    },

    async headPosition() {
      return (await database()).oneFirst(sql.type(z.object({ head: z.bigint() }))`
        SELECT COALESCE(max(position), 0)::bigint AS head FROM events`);
    },

    async close() {
      for (const wake of [...waiters]) wake();
      await listener?.end().catch(() => undefined);
      listener = null;
      listening = null;
      if (pool) await (await pool).end();
      pool = null;
    },
  };
}
