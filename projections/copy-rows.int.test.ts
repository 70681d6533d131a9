// A rebuild writes the rows new to its shadow tables with COPY (copy-rows.ts): every value comes
// back as the array path (the live runner's) writes it, a COPY that fails leaves no row, and a page
// that fails for one organization leaves none of that organization's failed events.
import { randomUUID } from 'node:crypto';
import { sql } from 'slonik';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { singleTripPoolOf } from '../app/db/pool';
import { createPostgresEventStore } from '../app/eventstore/postgres';
import type { EventStore, RecordedEvent } from '../app/eventstore/port';
import { createTestDatabase, type TestDatabase } from '../test-support/database';
import { BulkInsert } from './copy-rows';
import type { Projector, Tx } from './projector';
import { rebuildAll } from './rebuild';
import { Rows, rowsFor, type Resident, type Row } from './rows';
import { systemMetadata } from '../test-support/metadata';

const texts = [
  'simples', 'aspas "duplas"', "aspas 'simples'", 'barra \\ invertida', '\\n não é quebra', 'quebra\nde linha', 'tab\taqui', 'retorno\r\nfim',
  'controle \u0001 \u001f', '\\N', '\\.', 'null', 'NULL', '', ' com espaços ', '{chaves}', 'vírgula, aqui', 'ação 😀 ção', '\\"', '\\', '"', 'fim\\',
];

const columns = ['id', 'note', 'big', 'count', 'flag', 'day', 'at', 'amount', 'ref', 'doc'] as const;
const createTable = (name: string) => sql.unsafe`
  CREATE TABLE ${sql.identifier([name])} (
    id int PRIMARY KEY, note text, big bigint, count int, flag boolean, day date, at timestamptz, amount numeric(12,2), ref uuid, doc jsonb)`;

const rowsToWrite = (): Row[] => [
  ...texts.map((note, i) => ({ id: i, note, big: null, count: null, flag: null, day: null, at: null, amount: null, ref: null, doc: null })),
  { id: 100, note: null, big: '9223372036854775807', count: -2147483648, flag: true, day: '2024-02-29', at: '2024-03-01T02:59:59.999Z', amount: '1234567890.25', ref: randomUUID(), doc: '{"a": "tab\\there", "b": [1, null]}' },
  { id: 101, note: 'x', big: '-9223372036854775808', count: 0, flag: false, day: '1999-12-31', at: '1970-01-01T00:00:00.000Z', amount: 0.5, ref: randomUUID().toUpperCase(), doc: 'null' },
  { id: 102, note: '', big: 12, count: 7, flag: null, day: null, at: null, amount: -0.01, ref: null, doc: '"texto\\nem json"' },
];

const read = (db: TestDatabase['db'], table: string) =>
  db.anyFirst(sql.type(z.object({ row: z.unknown() }))`SELECT to_jsonb(t) AS row FROM ${sql.identifier([table])} t ORDER BY id`);

describe('COPY of a rebuild', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  it('writes every value as the array path writes it: escapes, NULL, empty text, unicode, big numbers', async () => {
    await database.db.query(createTable('copied'));
    await database.db.query(createTable('inserted'));
    const rows = rowsToWrite();
    await new BulkInsert(singleTripPoolOf(database.db)!, 'public').insert('copied', columns, rows);
    await database.db.transaction(async (tx) => {
      const viaArrays = new Rows({ table: 'inserted', key: ['id'], columns });
      for (const row of rows) viaArrays.put(row);
      await viaArrays.flush(tx);
    });
    const copied = await read(database.db, 'copied');
    expect(copied).toEqual(await read(database.db, 'inserted'));
    expect(copied.slice(0, texts.length).map((row) => (row as { note: string }).note)).toEqual(texts);
    expect(copied.at(-3)).toMatchObject({ count: -2147483648, flag: true, day: '2024-02-29', doc: { a: 'tab\there', b: [1, null] } });
    expect(await database.db.anyFirst(sql.type(z.object({ big: z.string() }))`SELECT big::text AS big FROM copied WHERE big IS NOT NULL ORDER BY id`))
      .toEqual(['9223372036854775807', '-9223372036854775808', '12']);
  });

  it('leaves no row of a COPY that fails midway', async () => {
    await database.db.query(createTable('failing'));
    const rows = [...Array.from({ length: 2_500 }, (_, id) => ({ id, note: `linha ${id}` })), { id: 2_500, note: 'data errada', day: '2024-02-30' }];
    await expect(new BulkInsert(singleTripPoolOf(database.db)!, 'public').insert('failing', ['id', 'note', 'day'], rows)).rejects.toThrow(/2024-02-30/);
    expect(await read(database.db, 'failing')).toEqual([]);
  });
});

const spec = { table: 'test_entries', key: ['event_id'], columns: ['event_id', 'organization_id', 'note'] } as const;

/** One row per event (rows new to the table: the COPY path); a note 'veneno' fails, after the rows its page already put. */
const entries: Projector = {
  name: 'test_entries',
  version: 1,
  tables: ['test_entries'],
  async migrate(tx: Tx) {
    await tx.query(sql.unsafe`CREATE TABLE IF NOT EXISTS test_entries (event_id uuid PRIMARY KEY, organization_id uuid NOT NULL, note text)`);
  },
  handle: (event, tx) => applyPage([event], tx),
  handleBatch: applyPage,
};

async function applyPage(events: readonly RecordedEvent[], tx: Tx, resident?: Resident): Promise<void> {
  const rows = rowsFor(resident, spec);
  for (const event of events) {
    rows.put({ event_id: event.id, organization_id: event.metadata.organizationId, note: String(event.data.note) });
    if (event.data.note === 'veneno') throw new Error('bug in the handler');
  }
  await rows.flush(tx);
}

describe('a rebuild writing its rows with COPY', () => {
  let database: TestDatabase;
  let store: EventStore;
  const healthy = randomUUID();
  const poisoned = randomUUID();

  beforeAll(async () => {
    database = await createTestDatabase();
    store = createPostgresEventStore(database.db, database.url);
    await database.projectorDb.transaction(async (tx) => entries.migrate(tx));
    for (let i = 0; i < 60; i++) {
      const organizationId = i % 2 === 0 ? healthy : poisoned;
      await store.append(`Entry-${i}`, [{ type: 'EntryNoted', data: { note: i === 31 ? 'veneno' : `nota ${i}\tcom tab\\` } }], {
        expectedRevision: 'any',
        metadata: systemMetadata(organizationId),
      });
    }
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await store.close();
    await database.drop();
  });

  it('leaves no row of the failing organization from its failed event on, every row of the others', async () => {
    const copies = vi.spyOn(BulkInsert.prototype, 'insert');
    // A bound of 0 rows: every page writes its rows out (with COPY) before the next is applied.
    const result = await rebuildAll({ db: database.projectorDb, eventStore: store, projectors: [entries], batchSize: 8, maxResidentRows: 0 });
    expect(copies.mock.calls.length).toBeGreaterThan(3);
    expect(result.failures.map((f) => f.organizationId)).toEqual([poisoned]);
    const notes = async (organizationId: string) => database.db.anyFirst(sql.type(z.object({ note: z.string() }))`
      SELECT note FROM test_entries WHERE organization_id = ${organizationId} ORDER BY note`);
    const expected = (from: number, to: number, parity: number) =>
      Array.from({ length: to - from }, (_, k) => from + k).filter((i) => i % 2 === parity).map((i) => `nota ${i}\tcom tab\\`).sort();
    expect(await notes(healthy)).toEqual(expected(0, 60, 0));
    expect(await notes(poisoned)).toEqual(expected(0, 31, 1));
  });
});
