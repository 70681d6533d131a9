// The swap of a rebuild and VACUUM: a VACUUM running on a table the swap replaces (autovacuum often
// is, on the previous rebuild's tables) is waited out before the live runner is held at its
// checkpoint, so projections go on meanwhile, and what they applied is in the swapped-in tables.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { sql } from 'slonik';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresEventStore } from '../app/eventstore/postgres';
import type { EventStore } from '../app/eventstore/port';
import { createTestDatabase, type TestDatabase } from '../test-support/database';
import { systemMetadata } from '../test-support/metadata';
import type { Projector, Tx } from './projector';
import { rebuildAll } from './rebuild';
import { createProjectionRunner } from './runner';

const moves: Projector = {
  name: 'test_swap_moves',
  version: 1,
  tables: ['test_swap_moves'],
  async migrate(tx: Tx) {
    await tx.query(sql.unsafe`CREATE TABLE IF NOT EXISTS test_swap_moves (id uuid PRIMARY KEY, amount bigint NOT NULL)`);
  },
  async handle(event, tx) {
    if (event.type !== 'AccountMoved') return;
    await tx.query(sql.unsafe`INSERT INTO test_swap_moves VALUES (${event.id}, ${Number(event.data.amount)})`);
  },
};

describe('a rebuild whose swap meets a VACUUM', () => {
  let database: TestDatabase;
  let store: EventStore;
  const organizationId = randomUUID();
  const move = (amount: number) => store.append(`Account-${randomUUID()}`, [{ type: 'AccountMoved', data: { amount } }], {
    expectedRevision: 'no_stream', metadata: systemMetadata(organizationId),
  });
  const rows = () => database.db.anyFirst(sql.type(z.object({ amount: z.bigint() }))`SELECT amount FROM test_swap_moves ORDER BY amount`);

  beforeAll(async () => {
    database = await createTestDatabase();
    store = createPostgresEventStore(database.db, database.url);
    await database.projectorDb.transaction((tx) => moves.migrate(tx));
    for (let i = 1; i <= 20; i++) await move(i);
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  it('waits it out without holding the live runner, then swaps in what the runner applied meanwhile', async () => {
    const runner = createProjectionRunner({ db: database.projectorDb, connectionString: database.projectorUrl, eventStore: store, projectors: [moves], batchSize: 50 });
    await runner.catchUp();

    // A VACUUM of the table, as autovacuum holds it: SHARE UPDATE EXCLUSIVE.
    const vacuum = new pg.Client({ connectionString: database.url });
    await vacuum.connect();
    await vacuum.query('BEGIN');
    await vacuum.query('LOCK TABLE public.test_swap_moves IN SHARE UPDATE EXCLUSIVE MODE');
    const rebuilt = rebuildAll({ db: database.projectorDb, eventStore: store, projectors: [moves], batchSize: 7 });
    try {
      const waiting = () => database.db.oneFirst(sql.type(z.object({ n: z.number() }))`
        SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`);
      await expect.poll(waiting, { timeout: 10_000 }).toBe(1);

      // The runner is not held: a new event is projected while the swap waits.
      await move(21);
      const held = new Promise<'held'>((resolve) => setTimeout(() => resolve('held'), 5_000).unref());
      expect(await Promise.race([runner.catchUp().then(() => 'projected' as const), held])).toBe('projected');
      expect((await rows()).at(-1)).toBe(21n);
    } finally {
      await vacuum.query('ROLLBACK');
      await vacuum.end();
    }
    await rebuilt;
    expect(await rows()).toEqual(Array.from({ length: 21 }, (_, i) => BigInt(i + 1)));
    const schemas = await database.db.anyFirst(sql.type(z.object({ nspname: z.string() }))`SELECT nspname FROM pg_namespace WHERE nspname LIKE 'rebuild_%'`);
    expect(schemas).toEqual([]);
  });
});
