// The event-store figures beside their references, on the same database: raw INSERT/SELECT on a
// table identical to `events`, the Emmett PostgreSQL store, and Fluxo's EventStore.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { getPostgreSQLEventStore, readMessagesBatch } from '@event-driven-io/emmett-postgresql';
import { dumbo, endAllPools } from '@event-driven-io/dumbo';
import type { EventStore } from '../../app/eventstore/port';
import { concurrently } from './measure';

/** Projectors ignore types they do not know: appended benchmark events never touch a read model. */
const BENCH_TYPE = 'BenchAppended';
export const payload = (i: number) => ({
  expenseId: randomUUID(), organizationId: randomUUID(), description: `Fornecedor de insumos ${i}`, amount: '125050', category: 'operational',
  status: 'completed', date: '2026-11-24', expenseType: 'variable', isRecurring: false, recurringPeriod: null, recurringDuration: null,
  recurringEndDate: null, attachment: null, source: null,
});
export const metadata = () => ({ organizationId: randomUUID(), actorUserId: randomUUID(), correlationId: randomUUID(), causationId: null, requestId: null, occurredAt: new Date().toISOString() });

export type AppendShape = { writers: number; eventsPerAppend: number };
export type StoreUnderTest = { name: string; append: (shape: AppendShape, seconds: number) => Promise<number>; readAll: () => Promise<{ rate: number; total: number }>; close: () => Promise<void> };

/**
 * node-postgres's own parsers for the types Emmett's dumbo registers process-wide when it loads
 * (int8 as bigint, json and jsonb through a reviver): the raw reference reads as a plain
 * node-postgres client does, whichever store was opened first.
 */
const { INT8, JSON: JSON_OID, JSONB } = pg.types.builtins;
const stockTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === INT8) return (value: string) => value;
    if ((oid === JSON_OID || oid === JSONB) && format !== 'binary') return (value: string) => JSON.parse(value) as unknown;
    return pg.types.getTypeParser(oid, format);
  }) as typeof pg.types.getTypeParser,
};

/** INSERT into `raw_events`, a copy of `events` (columns, indexes, constraints), filled with the same log. */
export async function rawPostgres(connectionString: string): Promise<StoreUnderTest> {
  const setup = new pg.Client({ connectionString });
  await setup.connect();
  await setup.query('DROP TABLE IF EXISTS raw_events');
  await setup.query('CREATE TABLE raw_events (LIKE events INCLUDING ALL)');
  await setup.query('CREATE SEQUENCE IF NOT EXISTS raw_events_position');
  await setup.query(`ALTER TABLE raw_events ALTER COLUMN position SET DEFAULT nextval('raw_events_position')`);
  await setup.query('INSERT INTO raw_events SELECT * FROM events ORDER BY position');
  await setup.query(`SELECT setval('raw_events_position', (SELECT max(position) FROM raw_events))`);
  await setup.query('ANALYZE raw_events');
  await setup.end();
  const pool = new pg.Pool({ connectionString, max: 8, types: stockTypes });
  pool.on('error', () => undefined);
  const insert = (client: pg.PoolClient | pg.Pool, stream: string, from: number, n: number) => {
    const values: unknown[] = [];
    const rows = Array.from({ length: n }, (_, i) => {
      values.push(randomUUID(), stream, from + i, BENCH_TYPE, payload(i), metadata());
      const b = i * 6;
      return `($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5}, $${b + 6})`;
    });
    return client.query(`INSERT INTO raw_events (event_id, stream_id, revision, type, data, metadata) VALUES ${rows.join(', ')}`, values);
  };
  return {
    name: 'raw PostgreSQL',
    append: ({ writers, eventsPerAppend }, seconds) =>
      concurrently(writers, seconds, async () => {
        await insert(pool, `bench-${randomUUID()}`, 0, eventsPerAppend);
        return eventsPerAppend;
      }),
    readAll: async () => {
      let after = '0';
      let total = 0;
      const started = performance.now();
      for (;;) {
        const { rows } = await pool.query<{ position: string }>(
          'SELECT position, event_id, stream_id, revision, type, data, metadata FROM raw_events WHERE position > $1 ORDER BY position LIMIT 1000', [after]);
        if (rows.length === 0) break;
        total += rows.length;
        after = rows[rows.length - 1].position;
      }
      return { rate: (total / (performance.now() - started)) * 1000, total };
    },
    close: () => pool.end(),
  };
}

/** Emmett 0.42's PostgreSQL store; its log gets the same history (INSERT … SELECT from `events`). */
export async function emmettPostgres(connectionString: string): Promise<StoreUnderTest> {
  const store = getPostgreSQLEventStore(connectionString);
  await store.appendToStream(`bench-init-${randomUUID()}`, [{ type: BENCH_TYPE, data: payload(0) }]);
  const setup = new pg.Client({ connectionString });
  await setup.connect();
  await setup.query(`
    INSERT INTO emt_messages (stream_id, stream_position, message_data, message_metadata, message_schema_version, message_type, message_id, transaction_id)
    SELECT stream_id, revision + 1, data, metadata, '1', type, event_id::text, pg_current_xact_id() FROM events ORDER BY position`);
  await setup.query('ANALYZE emt_messages');
  await setup.end();
  const pool = dumbo({ connectionString });
  return {
    name: 'Emmett 0.42',
    append: ({ writers, eventsPerAppend }, seconds) =>
      concurrently(writers, seconds, async () => {
        await store.appendToStream(`bench-${randomUUID()}`, Array.from({ length: eventsPerAppend }, (_, i) => ({ type: BENCH_TYPE, data: payload(i), metadata: metadata() })));
        return eventsPerAppend;
      }),
    readAll: async () => {
      let after = 0n;
      let total = 0;
      const started = performance.now();
      for (;;) {
        const batch = await readMessagesBatch(pool.execute, { after, batchSize: 1000 });
        if (batch.messages.length === 0) break;
        total += batch.messages.length;
        after = batch.currentGlobalPosition;
        if (!batch.areMessagesLeft) break;
      }
      return { rate: (total / (performance.now() - started)) * 1000, total };
    },
    close: async () => {
      await store.close();
      await pool.close();
      // Dumbo shares pools by connection string and counts their users: one the store opened for
      // itself can outlive both closes, and its idle clients, which have no error listener, would
      // throw when the bench's PostgreSQL stops.
      await endAllPools();
    },
  };
}

export function fluxoStore(store: EventStore): StoreUnderTest {
  return {
    name: 'Fluxo',
    append: ({ writers, eventsPerAppend }, seconds) =>
      concurrently(writers, seconds, async () => {
        await store.append(`bench-${randomUUID()}`, Array.from({ length: eventsPerAppend }, (_, i) => ({ type: BENCH_TYPE, data: payload(i) })), {
          expectedRevision: 'no_stream', metadata: metadata(),
        });
        return eventsPerAppend;
      }),
    readAll: async () => {
      let after = 0n;
      let total = 0;
      const started = performance.now();
      for (;;) {
        const page = await store.readAll({ after, limit: 1000 });
        if (page.length === 0) break;
        total += page.length;
        after = page[page.length - 1].position;
      }
      return { rate: (total / (performance.now() - started)) * 1000, total };
    },
    close: () => store.close(),
  };
}
