import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { sql } from 'slonik';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresEventStore } from '../app/eventstore/postgres';
import type { EventStore, RecordedEvent } from '../app/eventstore/port';
import { createTestDatabase, type TestDatabase } from '../test-support/database';
import type { Projector, Tx } from './projector';
import { rebuildAll } from './rebuild';
import { createProjectionRunner } from './runner';
import { systemMetadata } from '../test-support/metadata';

// A small read model: per-account balance and event count, built from test events.
function ledgerProjector(options: { version?: number; failOn?: (event: RecordedEvent) => boolean; crashOn?: (event: RecordedEvent) => boolean } = {}): Projector {
  return {
    name: 'test_ledger',
    version: options.version ?? 1,
    tables: ['test_ledger'],
    async migrate(tx: Tx) {
      await tx.query(sql.unsafe`CREATE TABLE IF NOT EXISTS test_ledger (account text PRIMARY KEY, balance bigint NOT NULL, events int NOT NULL, version int NOT NULL)`);
    },
    async handle(event, tx) {
      if (event.type !== 'LedgerMoved') return;
      if (options.failOn?.(event)) throw new Error('bug in the handler');
      if (options.crashOn?.(event)) throw Object.assign(new Error('connection lost mid-batch'), { code: '08006' });
      await tx.query(sql.unsafe`
        INSERT INTO test_ledger (account, balance, events, version) VALUES (${String(event.data.account)}, ${Number(event.data.amount)}, 1, ${options.version ?? 1})
        ON CONFLICT (account) DO UPDATE SET balance = test_ledger.balance + EXCLUDED.balance, events = test_ledger.events + 1, version = EXCLUDED.version`);
    },
  };
}

const meta = () => systemMetadata(null);

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
    await database.projectorDb.transaction(async (tx) => ledgerProjector().migrate(tx));
    await appendHistory(store, 120);
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  it('after a crash mid-batch and a restart, the read model equals an uninterrupted run', async () => {
    let crashes = 0;
    const crashing = ledgerProjector({ crashOn: (event) => event.data.seq === 77 && crashes++ === 0 });
    const first = createProjectionRunner({ db: database.projectorDb, connectionString: database.projectorUrl, eventStore: store, projectors: [crashing], batchSize: 50 });
    await first.catchUp();
    const partial = await snapshot(database.db);
    const appliedBeforeCrash = partial.reduce((sum, row) => sum + row.events, 0);
    expect(appliedBeforeCrash).toBe(50); // the batch holding seq 77 rolled back whole, checkpoint included
    await first.stop();

    const restarted = createProjectionRunner({ db: database.projectorDb, connectionString: database.projectorUrl, eventStore: store, projectors: [ledgerProjector()], batchSize: 50 });
    await restarted.catchUp();
    const recovered = await snapshot(database.db);
    await restarted.stop();

    // Reference: the same projector run once, uninterrupted, into a fresh database.
    const reference = await createTestDatabase();
    try {
      const referenceStore = createPostgresEventStore(reference.db, reference.url);
      await reference.projectorDb.transaction(async (tx) => ledgerProjector().migrate(tx));
      await appendHistory(referenceStore, 120);
      const clean = createProjectionRunner({ db: reference.projectorDb, connectionString: reference.projectorUrl, eventStore: referenceStore, projectors: [ledgerProjector()] });
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
    const runner = createProjectionRunner({ db: database.projectorDb, connectionString: database.projectorUrl, eventStore: store, projectors: [ledgerProjector()] });
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

  it('moves the checkpoint of a projector the page has nothing for in the same commit, and never waits on its row', async () => {
    // Two read models answering the same records (applied together) and one the page has nothing for.
    const counter = (name: string, type: string): Projector => ({
      name, version: 1, tables: [], answers: ['ledger'], handles: (t) => t === type,
      migrate: async () => undefined, handle: async () => undefined,
    });
    const lane = [counter('test_a', 'LedgerMoved'), counter('test_b', 'LedgerMoved'), counter('test_idle', 'SomethingElse')];
    const checkpoint = (name: string) => database.db.oneFirst(sql.type(z.object({ position: z.bigint() }))`
      SELECT position FROM projection_checkpoints WHERE name = ${name}`);
    const append = () => store.append(`ledger-${randomUUID()}`, [{ type: 'LedgerMoved', data: { account: 'parado', amount: 1, seq: -2 } }], { expectedRevision: 'no_stream', metadata: meta() });
    const runner = createProjectionRunner({ db: database.projectorDb, connectionString: database.projectorUrl, eventStore: store, projectors: lane });
    await runner.start();
    try {
      const first = await append();
      expect(await runner.waitFor(first.position, 5_000)).toBe(true);
      expect(await checkpoint('test_idle')).toBeGreaterThanOrEqual(first.position);
      // Another transaction (a rebuild's swap) holds the idle projector's row: the others go on.
      const holder = new pg.Client({ connectionString: database.url });
      await holder.connect();
      try {
        await holder.query(`BEGIN; SELECT 1 FROM projection_checkpoints WHERE name = 'test_idle' FOR UPDATE`);
        const second = await append();
        expect(await runner.waitFor(second.position, 5_000, ['test_a', 'test_b'])).toBe(true);
        expect(await checkpoint('test_a')).toBeGreaterThanOrEqual(second.position);
        expect(await checkpoint('test_idle')).toBeLessThan(second.position);
        await holder.query('COMMIT');
      } finally {
        await holder.end();
      }
      const third = await append();
      expect(await runner.waitFor(third.position, 5_000)).toBe(true);
      expect(await checkpoint('test_idle')).toBeGreaterThanOrEqual(third.position);
    } finally {
      await runner.stop();
    }
  });

  it('applies a large page in two transactions side by side, each read model getting every event once', async () => {
    await database.projectorDb.query(sql.unsafe`CREATE TABLE IF NOT EXISTS test_split (name text NOT NULL, events int NOT NULL, tx bigint NOT NULL)`);
    // Read models of the same lane (none answers a write) that record how many events each page gave them, and in which transaction.
    const recorder = (name: string): Projector => ({
      name, version: 1, tables: [], handles: (t) => t === 'SplitMoved',
      migrate: async () => undefined, handle: async () => undefined,
      async handleBatch(events, tx) {
        await tx.query(sql.unsafe`INSERT INTO test_split (name, events, tx) VALUES (${name}, ${events.length}, txid_current())`);
      },
    });
    const lane = ['test_split_a', 'test_split_b', 'test_split_c', 'test_split_d'].map(recorder);
    const head = await store.headPosition();
    for (const name of lane.map((p) => p.name)) {
      await database.db.query(sql.unsafe`INSERT INTO projection_checkpoints (name, version, position) VALUES (${name}, 1, ${head.toString()}::bigint)`);
    }
    await store.appendMany(
      Array.from({ length: 600 }, (_, i) => ({ streamId: `split-${randomUUID()}`, expectedRevision: 'no_stream' as const, events: [{ type: 'SplitMoved', data: { seq: i } }] })),
      { metadata: meta() },
    );
    const runner = createProjectionRunner({ db: database.projectorDb, connectionString: database.projectorUrl, eventStore: store, projectors: lane, batchSize: 1_000 });
    await runner.catchUp();
    await runner.stop();
    const rows = await database.db.any(sql.type(z.object({ name: z.string(), events: z.number(), tx: z.bigint() }))`SELECT name, events, tx FROM test_split`);
    for (const p of lane) expect(rows.filter((r) => r.name === p.name).reduce((n, r) => n + r.events, 0)).toBe(600);
    expect(new Set(rows.map((r) => r.tx)).size).toBe(2);
  });

  it('lets only one runner lead per database', async () => {
    const a = createProjectionRunner({ db: database.projectorDb, connectionString: database.projectorUrl, eventStore: store, projectors: [ledgerProjector()] });
    const b = createProjectionRunner({ db: database.projectorDb, connectionString: database.projectorUrl, eventStore: store, projectors: [ledgerProjector()] });
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
    const runner = createProjectionRunner({ db: database.projectorDb, connectionString: database.projectorUrl, eventStore: store, projectors: [v2] });
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

// Two tenants' ledgers; the handler has a bug on events marked `poison` while `buggy` is on.
function tenantLedger(state: { buggy: boolean; label?: string }): Projector {
  return {
    name: 'tenant_ledger',
    version: 1,
    tables: ['tenant_ledger'],
    async migrate(tx: Tx) {
      await tx.query(sql.unsafe`CREATE TABLE IF NOT EXISTS tenant_ledger (
        organization_id uuid NOT NULL, account text NOT NULL, balance bigint NOT NULL, applied_by text, PRIMARY KEY (organization_id, account))`);
    },
    async handle(event, tx) {
      if (event.type !== 'LedgerMoved') return;
      if (state.buggy && event.data.poison) throw new Error('time zone displacement out of range');
      await tx.query(sql.unsafe`
        INSERT INTO tenant_ledger (organization_id, account, balance, applied_by)
        VALUES (${event.metadata.organizationId}, ${String(event.data.account)}, ${Number(event.data.amount)}, ${state.label ?? null})
        ON CONFLICT (organization_id, account) DO UPDATE SET balance = tenant_ledger.balance + EXCLUDED.balance, applied_by = EXCLUDED.applied_by`);
    },
  };
}

const tenantMeta = (organizationId: string) => ({ ...meta(), organizationId });
const move = (store: EventStore, organizationId: string, account: string, amount: number, poison = false) =>
  store.append(`ledger-${randomUUID()}`, [{ type: 'LedgerMoved', data: { account, amount, poison } }], { expectedRevision: 'no_stream', metadata: tenantMeta(organizationId) });
const balance = (db: TestDatabase['db'], organizationId: string, account: string) =>
  db.maybeOneFirst(sql.type(z.object({ balance: z.bigint() }))`SELECT balance FROM tenant_ledger WHERE organization_id = ${organizationId} AND account = ${account}`);

/** A database with the tenant_ledger table (owned by the projector role) and its event store, for one describe. */
function tenantLedgerSuite(): { database: TestDatabase; store: EventStore } {
  const suite = {} as { database: TestDatabase; store: EventStore };
  beforeAll(async () => {
    suite.database = await createTestDatabase();
    suite.store = createPostgresEventStore(suite.database.db, suite.database.url);
    await suite.database.projectorDb.transaction(async (tx) => tenantLedger({ buggy: false }).migrate(tx));
  });
  afterAll(async () => {
    await suite.store.close();
    await suite.database.drop();
  });
  return suite;
}

/** A live runner on the tenant ledger; `state.buggy` makes it fail on poisoned events. */
async function startLedgerRunner(suite: { database: TestDatabase; store: EventStore }, state: { buggy: boolean }) {
  const runner = createProjectionRunner({ db: suite.database.projectorDb, connectionString: suite.database.projectorUrl, eventStore: suite.store, projectors: [tenantLedger(state)] });
  await runner.start();
  return runner;
}

/** Tenant A: 100, a poisoned 5, then 1000 (held back after the poison); tenant B: 10 and 20 around them. */
async function poisonOneOfTwoTenants(store: EventStore) {
  const [tenantA, tenantB] = [randomUUID(), randomUUID()];
  await move(store, tenantA, 'caixa', 100);
  await move(store, tenantB, 'caixa', 10);
  await move(store, tenantA, 'caixa', 5, true);
  await move(store, tenantA, 'caixa', 1000);
  const write = await move(store, tenantB, 'caixa', 20);
  return { tenantA, tenantB, write };
}

describe('projection runner: one organization cannot stall the others', () => {
  const suite = tenantLedgerSuite();

  it("holds back a poisoned tenant, keeps the others live, and catches it up with a replay once fixed", async () => {
    const state = { buggy: true };
    const runner = await startLedgerRunner(suite, state);
    try {
      const { tenantA, tenantB, write } = await poisonOneOfTwoTenants(suite.store);
      expect(await runner.waitFor(write.position, 1_000)).toBe(true); // readable within a second
      expect(await balance(suite.database.db, tenantB, 'caixa')).toBe(30n);
      expect(await balance(suite.database.db, tenantA, 'caixa')).toBe(100n);

      const failures = await suite.database.db.any(sql.type(z.object({ organization_id: z.string(), event_type: z.string(), error: z.string(), resolved_at: z.string().nullable() }))`
        SELECT organization_id, event_type, error, resolved_at FROM projection_failures WHERE projector = 'tenant_ledger'`);
      expect(failures).toEqual([{ organization_id: tenantA, event_type: 'LedgerMoved', error: 'time zone displacement out of range', resolved_at: null }]);

      // Tenant B keeps flowing; tenant A's later writes stay held back, never half-applied.
      await move(suite.store, tenantB, 'caixa', 3);
      const held = await move(suite.store, tenantA, 'caixa', 7);
      // The runner passes A's held-back event too (the replay below covers up to its checkpoint).
      expect(await runner.waitFor(held.position, 1_000)).toBe(true);
      expect(await balance(suite.database.db, tenantB, 'caixa')).toBe(33n);
      expect(await balance(suite.database.db, tenantA, 'caixa')).toBe(100n);

      state.buggy = false; // the code is fixed
      await runner.replayOrganization('tenant_ledger', tenantA);
      expect(await balance(suite.database.db, tenantA, 'caixa')).toBe(1112n);
      const after = await move(suite.store, tenantA, 'caixa', 1);
      expect(await runner.waitFor(after.position, 1_000)).toBe(true);
      expect(await balance(suite.database.db, tenantA, 'caixa')).toBe(1113n);
      expect(await balance(suite.database.db, tenantB, 'caixa')).toBe(33n);
      const open = await suite.database.db.oneFirst(sql.type(z.object({ n: z.number() }))`SELECT count(*)::int AS n FROM projection_failures WHERE resolved_at IS NULL`);
      expect(open).toBe(0);
    } finally {
      await runner.stop();
    }
  });

  it('processes a requested replay of one organization (projection_rebuilds row + NOTIFY) and reports it done', async () => {
    const tenant = randomUUID();
    const state = { buggy: true };
    const runner = createProjectionRunner({ db: suite.database.projectorDb, connectionString: suite.database.projectorUrl, eventStore: suite.store, projectors: [tenantLedger(state)] });
    await runner.start();
    try {
      await move(suite.store, tenant, 'banco', 50, true);
      const held = await move(suite.store, tenant, 'banco', 25);
      expect(await runner.waitFor(held.position, 2_000)).toBe(true);
      expect(await balance(suite.database.db, tenant, 'banco')).toBeNull();
      state.buggy = false;
      const id = randomUUID();
      await suite.database.db.query(sql.unsafe`INSERT INTO projection_rebuilds (id, projector, organization_id) VALUES (${id}, 'tenant_ledger', ${tenant})`);
      await suite.database.db.query(sql.unsafe`NOTIFY fluxo_projection_rebuilds`);
      await expect.poll(async () => suite.database.db.oneFirst(sql.type(z.object({ status: z.string() }))`SELECT status FROM projection_rebuilds WHERE id = ${id}`), { timeout: 5_000 }).toBe('done');
      expect(await balance(suite.database.db, tenant, 'banco')).toBe(75n);
      const row = await suite.database.db.one(sql.type(z.object({ applied: z.bigint(), started_at: z.string().nullable(), finished_at: z.string().nullable() }))`
        SELECT applied, started_at, finished_at FROM projection_rebuilds WHERE id = ${id}`);
      expect(row.started_at).not.toBeNull();
      expect(row.finished_at).not.toBeNull();
    } finally {
      await runner.stop();
    }
  });

  it('a runner whose leader connection is killed stops applying; the other takes over; no event is applied twice', async () => {
    const tenant = randomUUID();
    const a = createProjectionRunner({ db: suite.database.projectorDb, connectionString: suite.database.projectorUrl, eventStore: suite.store, projectors: [tenantLedger({ buggy: false, label: 'A' })], leaderRetryMs: 100 });
    const b = createProjectionRunner({ db: suite.database.projectorDb, connectionString: suite.database.projectorUrl, eventStore: suite.store, projectors: [tenantLedger({ buggy: false, label: 'B' })], leaderRetryMs: 100 });
    await a.start();
    await expect.poll(() => a.isLeader(), { timeout: 5_000 }).toBe(true);
    await b.start();
    try {
      const first = await move(suite.store, tenant, 'antes', 1);
      expect(await a.waitFor(first.position, 2_000)).toBe(true);
      expect(b.isLeader()).toBe(false);

      await suite.database.db.query(sql.unsafe`
        SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND classid = 0 AND objid = 7263003 AND granted`);
      await expect.poll(() => b.isLeader(), { timeout: 5_000 }).toBe(true);
      expect(a.isLeader()).toBe(false);

      let last = first;
      for (let i = 0; i < 20; i++) last = await move(suite.store, tenant, 'depois', 1);
      expect(await b.waitFor(last.position, 5_000)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 300)); // give a stray writer time to show itself
      const rows = await suite.database.db.any(sql.type(z.object({ account: z.string(), balance: z.bigint(), applied_by: z.string().nullable() }))`
        SELECT account, balance, applied_by FROM tenant_ledger WHERE organization_id = ${tenant} ORDER BY account`);
      expect(rows).toEqual([
        { account: 'antes', balance: 1n, applied_by: 'A' },
        { account: 'depois', balance: 20n, applied_by: 'B' },
      ]);
      expect(a.isLeader()).toBe(false);
    } finally {
      await a.stop();
      await b.stop();
    }
  });
});

describe('projection rebuild of a degraded organization', () => {
  const suite = tenantLedgerSuite();

  const openFailures = () => suite.database.db.anyFirst(sql.type(z.object({ organization_id: z.string() }))`
    SELECT organization_id FROM projection_failures WHERE projector = 'tenant_ledger' AND resolved_at IS NULL`);

  it('keeps the flag while the event still fails, clears it once the rebuild gets through, and the live runner lets the organization flow again', async () => {
    const state = { buggy: true };
    const runner = await startLedgerRunner(suite, state);
    try {
      const { tenantA, tenantB, write } = await poisonOneOfTwoTenants(suite.store);
      expect(await runner.waitFor(write.position, 2_000)).toBe(true);
      expect(await openFailures()).toEqual([tenantA]);

      // Rebuilt with the bug still there: the others are rebuilt, A stays flagged and held back at its event.
      await runner.rebuild('tenant_ledger');
      expect(await balance(suite.database.db, tenantB, 'caixa')).toBe(30n);
      expect(await balance(suite.database.db, tenantA, 'caixa')).toBe(100n);
      expect(await openFailures()).toEqual([tenantA]);
      const held = await move(suite.store, tenantA, 'caixa', 7);
      expect(await runner.waitFor(held.position, 2_000)).toBe(true);
      expect(await balance(suite.database.db, tenantA, 'caixa')).toBe(100n);

      // The code fixed, the CLI's rebuild (its own connection; the live runner is not told): A's flag is cleared.
      state.buggy = false;
      const result = await rebuildAll({ db: suite.database.db, eventStore: suite.store, projectors: [tenantLedger(state)] });
      expect(result.failures).toEqual([]);
      expect(await balance(suite.database.db, tenantA, 'caixa')).toBe(1112n);
      expect(await openFailures()).toEqual([]);
      const resolved = await suite.database.db.oneFirst(sql.type(z.object({ n: z.number() }))`
        SELECT count(*)::int AS n FROM projection_failures WHERE projector = 'tenant_ledger' AND organization_id = ${tenantA} AND resolved_at IS NOT NULL`);
      expect(resolved).toBe(1);

      // The live runner applies A's next event instead of holding it back.
      const after = await move(suite.store, tenantA, 'caixa', 1);
      expect(await runner.waitFor(after.position, 2_000)).toBe(true);
      expect(await balance(suite.database.db, tenantA, 'caixa')).toBe(1113n);
    } finally {
      await runner.stop();
    }
  });
});
