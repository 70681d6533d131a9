// A rebuild holds its projectors' rows in memory across pages (Resident): with a bound so small
// that every page writes its rows out and forgets them, and with a tenant whose event fails mid-page,
// the rebuilt rows are still the ones the live runner built.
import { randomUUID } from 'node:crypto';
import { sql } from 'slonik';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresEventStore } from '../app/eventstore/postgres';
import type { EventStore, RecordedEvent } from '../app/eventstore/port';
import { createTestDatabase, type TestDatabase } from '../test-support/database';
import type { Projector, Tx } from './projector';
import { rebuildAll } from './rebuild';
import { Resident, rowsFor, type Row, type Rows } from './rows';
import { createProjectionRunner } from './runner';
import { systemMetadata } from '../test-support/metadata';

const spec = { table: 'test_balances', key: ['account'], columns: ['account', 'organization_id', 'balance', 'events', 'last_note'] } as const;

/** Per-account balance through Rows; an event whose note is 'veneno' fails (a bug for that tenant's data). */
const balances: Projector = {
  name: 'test_balances',
  version: 1,
  tables: ['test_balances'],
  async migrate(tx: Tx) {
    await tx.query(sql.unsafe`
      CREATE TABLE IF NOT EXISTS test_balances (account text PRIMARY KEY, organization_id uuid NOT NULL, balance bigint NOT NULL, events int NOT NULL, last_note text)`);
  },
  handle: (event, tx) => applyPage([event], tx),
  handleBatch: applyPage,
};

async function applyPage(events: readonly RecordedEvent[], tx: Tx, resident?: Resident): Promise<void> {
  const rows = rowsFor(resident, spec);
  const moves = events.filter((event) => event.type === 'BalanceMoved' || event.type === 'AccountClosed');
  await rows.load(tx, moves.map((event) => String(event.data.account)));
  for (const event of moves) {
    const account = String(event.data.account);
    if (event.type === 'AccountClosed') {
      rows.remove(account);
      continue;
    }
    if (event.data.note === 'veneno') throw new Error('bug in the handler');
    const row = rows.get(account);
    rows.put({
      account, organization_id: event.metadata.organizationId, balance: String(BigInt(String(row?.balance ?? 0)) + BigInt(Number(event.data.amount))),
      events: Number(row?.events ?? 0) + 1, last_note: String(event.data.note),
    });
  }
  await rows.flush(tx);
}

const snapshot = (db: TestDatabase['db']) =>
  db.anyFirst(sql.type(z.object({ row: z.string() }))`SELECT to_jsonb(t)::text AS row FROM test_balances t ORDER BY account`);

describe('a rebuild with its rows held in memory', () => {
  let database: TestDatabase;
  let store: EventStore;
  const healthy = randomUUID();
  const poisoned = randomUUID();

  beforeAll(async () => {
    database = await createTestDatabase();
    store = createPostgresEventStore(database.db, database.url);
    await database.projectorDb.transaction(async (tx) => balances.migrate(tx));
    // Two tenants interleaved, accounts touched again many pages later, some closed and reopened;
    // the poisoned tenant's event 61 fails.
    for (let i = 0; i < 90; i++) {
      const organizationId = i % 2 === 0 ? healthy : poisoned;
      const account = `${organizationId.slice(0, 4)}-${i % 9}`;
      const closing = i % 13 === 12;
      await store.append(`Account-${account}`, [{
        type: closing ? 'AccountClosed' : 'BalanceMoved',
        data: closing ? { account } : { account, amount: (i % 7) * 100 - 250, note: i === 61 ? 'veneno' : `nota ${i}` },
      }], {
        expectedRevision: 'any',
        metadata: systemMetadata(organizationId),
      });
    }
    const live = createProjectionRunner({ db: database.projectorDb, connectionString: database.projectorUrl, eventStore: store, projectors: [balances], batchSize: 7 });
    await live.catchUp();
    await live.stop();
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  for (const maxResidentRows of [undefined, 0, 3]) {
    it(`gives the live rows, the failing tenant held back (bound: ${maxResidentRows ?? 'default'})`, async () => {
      const incremental = await snapshot(database.db);
      expect(incremental.length).toBeGreaterThan(5);
      const result = await rebuildAll({ db: database.projectorDb, eventStore: store, projectors: [balances], batchSize: 11, maxResidentRows });
      expect(await snapshot(database.db)).toEqual(incremental);
      expect(result.failures.map((f) => f.organizationId)).toEqual([poisoned]);
      // The healthy tenant's accounts saw every one of its events after the failure too.
      const last = await database.db.oneFirst(sql.type(z.object({ note: z.string() }))`
        SELECT last_note AS note FROM test_balances WHERE account = ${`${healthy.slice(0, 4)}-7`}`);
      expect(last).toBe('nota 88');
    });
  }
});

describe('a table held in memory past its bound', () => {
  let database: TestDatabase;
  const spillSpec = { table: 'test_spilled', key: ['id'], columns: ['id', 'n'] } as const;

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.query(sql.unsafe`CREATE TABLE test_spilled (id text PRIMARY KEY, n int NOT NULL)`);
  });
  afterAll(async () => {
    await database.drop();
  });

  it('forgets the rows touched longest ago, reads them back from the table when a page needs them, and writes what changed', async () => {
    await database.db.transaction(async (tx) => {
      const rowsNow = () => tx.any(sql.type(z.object({ id: z.string(), n: z.number() }))`SELECT id, n FROM test_spilled ORDER BY id`);
      const resident = new Resident();
      const page = async (apply: (rows: Rows) => Promise<void>) => {
        const rows = resident.rows(spillSpec);
        await apply(rows);
        await rows.flush(tx);
        resident.commit();
      };
      const bump = (rows: Rows, id: string) => rows.put({ id, n: Number(rows.get(id)?.n ?? 0) + 1 });
      await page(async (rows) => {
        await rows.load(tx, ['a', 'b', 'c']);
        for (const id of ['a', 'b', 'c']) bump(rows, id);
      });
      await page(async (rows) => {
        await rows.load(tx, ['d']);
        bump(rows, 'd');
      });
      await page(async (rows) => {
        await rows.load(tx, ['a']);
        bump(rows, 'a');
      });
      // Down to two rows: a (touched by the last page) and d stay, b and c (first page only) go.
      await resident.spill(tx, 2, true);
      expect(resident.size).toBe(2);
      expect(await rowsNow()).toEqual([{ id: 'a', n: 2 }, { id: 'b', n: 1 }, { id: 'c', n: 1 }, { id: 'd', n: 1 }]);

      // What the page sees: memory for the rows it holds (a), the table for the ones it forgot (b).
      // (Changed behind the rebuild's back to tell them apart: only the rebuild writes its tables.)
      await tx.query(sql.unsafe`UPDATE test_spilled SET n = 50 WHERE id IN ('a', 'b')`);
      await page(async (rows) => {
        await rows.load(tx, ['a', 'b', 'c', 'e']);
        expect([rows.get('a')?.n, rows.get('b')?.n, rows.get('c')?.n, rows.get('e')]).toEqual([2, 50, 1, null]);
        bump(rows, 'b');
        bump(rows, 'e');
        rows.remove('c');
      });
      await resident.writeOut(tx);
      // a, as written before the spill and unchanged since, is not written again.
      expect(await rowsNow()).toEqual([{ id: 'a', n: 50 }, { id: 'b', n: 51 }, { id: 'd', n: 1 }, { id: 'e', n: 1 }]);
    });
  });

  it('never forgets the rows the table keeps in memory, and a spill that forgets nothing leaves the table whole', async () => {
    await database.db.query(sql.unsafe`TRUNCATE test_spilled`);
    const keptSpec = { ...spillSpec, keepInMemory: (row: Row) => Number(row.n) >= 10 };
    await database.db.transaction(async (tx) => {
      const resident = new Resident();
      const page = async (apply: (rows: Rows) => void) => {
        const rows = resident.rows(keptSpec);
        apply(rows);
        await rows.flush(tx);
        resident.commit();
      };
      // Oldest first: the two kept rows (n ≥ 10) are the ones touched longest ago.
      await page((rows) => ['k1', 'k2'].forEach((id, i) => rows.put({ id, n: 10 + i })));
      await page((rows) => ['a', 'b', 'c', 'd'].forEach((id) => rows.put({ id, n: 1 })));
      // Over the bound, the table is spilled to half its 6 rows: 3 go, all of them plain rows.
      await resident.spill(tx, 4, true);
      expect(resident.size).toBe(3);
      const after = resident.rows(keptSpec);
      expect(after.holdsWhole).toBe(false);
      expect(after.kept()?.map((row) => row.id).sort()).toEqual(['k1', 'k2']);
      resident.discard();

      // Nothing left to forget but kept rows: the table stays whole, read in memory.
      const onlyKept = new Resident();
      const rows = onlyKept.rows(keptSpec);
      rows.put({ id: 'k3', n: 30 });
      await rows.flush(tx);
      onlyKept.commit();
      await onlyKept.spill(tx, 0, true);
      const whole = onlyKept.rows(keptSpec);
      expect(whole.holdsWhole).toBe(true);
      expect(whole.whole()?.map((row) => row.id)).toEqual(['k3']);
      onlyKept.discard();
    });
  });
});
