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
import { rowsFor, type Resident } from './rows';
import { createProjectionRunner } from './runner';

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
        metadata: { organizationId, actorUserId: null, correlationId: randomUUID(), causationId: null, requestId: null, occurredAt: new Date().toISOString() },
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
