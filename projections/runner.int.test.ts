import { randomUUID } from 'node:crypto';
import { sql } from 'slonik';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresEventStore } from '../app/eventstore/postgres';
import type { EventStore, RecordedEvent } from '../app/eventstore/port';
import { createTestDatabase, type TestDatabase } from '../test-support/database';
import type { Projector, Tx } from './projector';
import { createProjectionRunner } from './runner';

// A small read model: per-account balance and event count, built from test events.
function ledgerProjector(options: { version?: number; failOn?: (event: RecordedEvent) => boolean } = {}): Projector {
  return {
    name: 'test_ledger',
    version: options.version ?? 1,
    tables: ['test_ledger'],
    async migrate(tx: Tx) {
      await tx.query(sql.unsafe`CREATE TABLE IF NOT EXISTS test_ledger (account text PRIMARY KEY, balance bigint NOT NULL, events int NOT NULL, version int NOT NULL)`);
    },
    async handle(event, tx) {
      if (event.type !== 'LedgerMoved') return;
      if (options.failOn?.(event)) throw new Error('crash inside the handler');
      await tx.query(sql.unsafe`
        INSERT INTO test_ledger (account, balance, events, version) VALUES (${String(event.data.account)}, ${Number(event.data.amount)}, 1, ${options.version ?? 1})
        ON CONFLICT (account) DO UPDATE SET balance = test_ledger.balance + EXCLUDED.balance, events = test_ledger.events + 1, version = EXCLUDED.version`);
    },
  };
}

const meta = () => ({ organizationId: null, actorUserId: null, correlationId: randomUUID(), causationId: null, requestId: null, occurredAt: new Date().toISOString() });

async function appendHistory(store: EventStore, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    await store.append(`ledger-${randomUUID()}`, [{ type: 'LedgerMoved', data: { account: `conta-${i % 7}`, amount: (i % 5) * 100 - 150, seq: i } }], { expectedRevision: 'no_stream', metadata: meta() });
  }
}

const snapshot = (db: TestDatabase['db']) =>
  db.any(sql.type(z.object({ account: z.string(), balance: z.bigint(), events: z.number() }))`SELECT account, balance, events FROM test_ledger ORDER BY account`);

describe('projection runner', () => {
  let database: TestDatabase;
  let store: EventStore;
  beforeAll(async () => {
    database = await createTestDatabase();
    store = createPostgresEventStore(database.db, database.url);
    await database.db.transaction(async (tx) => ledgerProjector().migrate(tx));
    await appendHistory(store, 120);
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  it('after a crash mid-batch and a restart, the read model equals an uninterrupted run', async () => {
    let crashes = 0;
    const crashing = ledgerProjector({ failOn: (event) => event.data.seq === 77 && crashes++ === 0 });
    const first = createProjectionRunner({ db: database.db, connectionString: database.url, eventStore: store, projectors: [crashing], batchSize: 50 });
    await first.catchUp();
    const partial = await snapshot(database.db);
    const appliedBeforeCrash = partial.reduce((sum, row) => sum + row.events, 0);
    expect(appliedBeforeCrash).toBe(50); // the batch holding seq 77 rolled back whole, checkpoint included
    await first.stop();

    const restarted = createProjectionRunner({ db: database.db, connectionString: database.url, eventStore: store, projectors: [ledgerProjector()], batchSize: 50 });
    await restarted.catchUp();
    const recovered = await snapshot(database.db);
    await restarted.stop();

    // Reference: the same projector run once, uninterrupted, into a fresh database.
    const reference = await createTestDatabase();
    try {
      const referenceStore = createPostgresEventStore(reference.db, reference.url);
      await reference.db.transaction(async (tx) => ledgerProjector().migrate(tx));
      await appendHistory(referenceStore, 120);
      const clean = createProjectionRunner({ db: reference.db, connectionString: reference.url, eventStore: referenceStore, projectors: [ledgerProjector()] });
      await clean.catchUp();
      expect(recovered).toEqual(await snapshot(reference.db));
      expect(recovered.reduce((sum, row) => sum + row.events, 0)).toBe(120);
      await clean.stop();
      await referenceStore.close();
    } finally {
      await reference.drop();
    }
  });

  it('follows the log live and lets a writer wait for its own events (read-your-writes)', async () => {
    const runner = createProjectionRunner({ db: database.db, connectionString: database.url, eventStore: store, projectors: [ledgerProjector()] });
    await runner.start();
    try {
      const result = await store.append(`ledger-${randomUUID()}`, [{ type: 'LedgerMoved', data: { account: 'ao-vivo', amount: 4200, seq: -1 } }], { expectedRevision: 'no_stream', metadata: meta() });
      expect(await runner.waitFor(result.position, 5_000)).toBe(true);
      const row = await database.db.maybeOne(sql.type(z.object({ balance: z.bigint() }))`SELECT balance FROM test_ledger WHERE account = 'ao-vivo'`);
      expect(row?.balance).toBe(4200n);
      expect(runner.isLeader()).toBe(true);
    } finally {
      await runner.stop();
    }
  });

  it('lets only one runner lead per database', async () => {
    const a = createProjectionRunner({ db: database.db, connectionString: database.url, eventStore: store, projectors: [ledgerProjector()] });
    const b = createProjectionRunner({ db: database.db, connectionString: database.url, eventStore: store, projectors: [ledgerProjector()] });
    await a.start();
    await b.start();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect([a.isLeader(), b.isLeader()].filter(Boolean)).toHaveLength(1);
    await a.stop();
    await b.stop();
  });

  it('rebuilds a new version into shadow tables and swaps them in, serving the old tables meanwhile', async () => {
    const before = await snapshot(database.db);
    const v2 = ledgerProjector({ version: 2 });
    const runner = createProjectionRunner({ db: database.db, connectionString: database.url, eventStore: store, projectors: [v2] });
    const progress: bigint[] = [];
    await runner.rebuild('test_ledger', (p) => progress.push(p.position));
    const after = await snapshot(database.db);
    expect(after).toEqual(before);
    const versions = await database.db.anyFirst(sql.type(z.object({ version: z.number() }))`SELECT DISTINCT version FROM test_ledger`);
    expect(versions).toEqual([2]);
    const checkpoint = await database.db.one(sql.type(z.object({ version: z.number(), position: z.bigint() }))`
      SELECT version, position FROM projection_checkpoints WHERE name = 'test_ledger'`);
    expect(checkpoint.version).toBe(2);
    expect(checkpoint.position).toBe(await store.headPosition());
    expect(progress.length).toBeGreaterThan(0);
    const schemas = await database.db.anyFirst(sql.type(z.object({ nspname: z.string() }))`SELECT nspname FROM pg_namespace WHERE nspname LIKE 'rebuild_%'`);
    expect(schemas).toEqual([]);
    await runner.stop();
  });
});
