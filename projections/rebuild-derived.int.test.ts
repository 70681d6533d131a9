// A derivable projector rebuilt beside its sources: its tables come from the sources' rebuilt rows
// (one statement) and must be, row for row, what its own fold builds; when a source holds an
// organization back, the fold is used instead, since the derived rows would stop where the source did.
import { randomUUID } from 'node:crypto';
import { sql } from 'slonik';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresEventStore } from '../app/eventstore/postgres';
import type { EventStore, RecordedEvent } from '../app/eventstore/port';
import { createTestDatabase, type TestDatabase } from '../test-support/database';
import { systemMetadata } from '../test-support/metadata';
import type { Projector, Tx } from './projector';
import { rebuildAll } from './rebuild';
import { createProjectionRunner } from './runner';

const isMove = (event: RecordedEvent) => event.type === 'AccountMoved';

/** One row per move; `failOn` plays a handler bug on some events. */
function moves(failOn: (event: RecordedEvent) => boolean = () => false): Projector {
  return {
    name: 'test_moves',
    version: 1,
    tables: ['test_moves'],
    async migrate(tx: Tx) {
      await tx.query(sql.unsafe`CREATE TABLE IF NOT EXISTS test_moves (id uuid PRIMARY KEY, organization_id uuid NOT NULL, account text NOT NULL, amount bigint NOT NULL)`);
    },
    async handle(event, tx) {
      if (!isMove(event)) return;
      if (failOn(event)) throw new Error('bug in the handler');
      await tx.query(sql.unsafe`
        INSERT INTO test_moves VALUES (${event.id}, ${String(event.metadata.organizationId)}, ${String(event.data.account)}, ${Number(event.data.amount)})`);
    },
  };
}

/** Each account's total and count of moves: folded event by event, or summed from test_moves' rows. */
function totals(calls: { derived: number }, failOn: (event: RecordedEvent) => boolean = () => false): Projector {
  return {
    name: 'test_totals',
    version: 1,
    tables: ['test_totals'],
    async migrate(tx: Tx) {
      await tx.query(sql.unsafe`
        CREATE TABLE IF NOT EXISTS test_totals (organization_id uuid NOT NULL, account text NOT NULL, total bigint NOT NULL, moves int NOT NULL, PRIMARY KEY (organization_id, account))`);
    },
    async handle(event, tx) {
      if (!isMove(event)) return;
      if (failOn(event)) throw new Error('bug in the handler');
      await tx.query(sql.unsafe`
        INSERT INTO test_totals VALUES (${String(event.metadata.organizationId)}, ${String(event.data.account)}, ${Number(event.data.amount)}, 1)
        ON CONFLICT (organization_id, account) DO UPDATE SET total = test_totals.total + EXCLUDED.total, moves = test_totals.moves + 1`);
    },
    derivable: {
      sources: ['test_moves'],
      tables: ['test_totals'],
      derive: [async (tx, schemaOf) => {
        calls.derived++;
        await tx.query(sql.unsafe`
          INSERT INTO test_totals SELECT organization_id, account, sum(amount), count(*) FROM ${sql.identifier([schemaOf('test_moves'), 'test_moves'])}
          GROUP BY organization_id, account`);
      }],
    },
  };
}

const totalsRow = z.object({ organization_id: z.string(), account: z.string(), total: z.bigint(), moves: z.number() });
const snapshot = (db: TestDatabase['db']) => db.any(sql.type(totalsRow)`SELECT * FROM test_totals ORDER BY organization_id, account`);
const movesOf = (db: TestDatabase['db'], organizationId: string) =>
  db.oneFirst(sql.type(z.object({ n: z.number() }))`SELECT count(*)::int AS n FROM test_moves WHERE organization_id = ${organizationId}`);

describe('rebuild of a derivable projector beside its sources', () => {
  let database: TestDatabase;
  let store: EventStore;
  const organizations = [randomUUID(), randomUUID()];
  /** A's 20th move: the event a buggy source fails on. */
  let poison: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    store = createPostgresEventStore(database.db, database.url);
    const calls = { derived: 0 };
    await database.projectorDb.transaction(async (tx) => {
      await moves().migrate(tx);
      await totals(calls).migrate(tx);
    });
    for (let i = 0; i < 60; i++) {
      const organizationId = organizations[i % 2];
      const [written] = await store.append(`Account-${randomUUID()}`, [{ type: 'AccountMoved', data: { account: `conta-${i % 5}`, amount: (i % 7) * 100 - 250 } }], {
        expectedRevision: 'no_stream', metadata: systemMetadata(organizationId),
      }).then((result) => result.events);
      if (i === 38) poison = written.id;
    }
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  const followLive = async (projectors: Projector[]) => {
    const runner = createProjectionRunner({ db: database.projectorDb, connectionString: database.projectorUrl, eventStore: store, projectors, batchSize: 7 });
    await runner.catchUp();
  };

  it('computes its rows from the sources rebuilt alongside: what its fold builds, row for row', async () => {
    const calls = { derived: 0 };
    await followLive([moves(), totals(calls)]);
    const live = await snapshot(database.db);
    expect(live.reduce((n, row) => n + row.moves, 0)).toBe(60);

    await rebuildAll({ db: database.projectorDb, eventStore: store, projectors: [moves(), totals(calls)], batchSize: 9 });
    expect(calls.derived).toBe(1);
    expect(await snapshot(database.db)).toEqual(live);

    // Rebuilt alone, it folds the log.
    await rebuildAll({ db: database.projectorDb, eventStore: store, projectors: [totals(calls)], batchSize: 9 });
    expect(calls.derived).toBe(1);
    expect(await snapshot(database.db)).toEqual(live);
  });

  it('folds the log instead when a source holds an organization back, which the derived rows would not', async () => {
    const calls = { derived: 0 };
    const buggy = moves((event) => event.id === poison);
    const result = await rebuildAll({ db: database.projectorDb, eventStore: store, projectors: [buggy, totals(calls)], batchSize: 9 });

    expect(result.failures.map((f) => [f.projector, f.organizationId])).toEqual([['test_moves', organizations[0]]]);
    expect(await movesOf(database.db, organizations[0])).toBe(19);
    expect(calls.derived).toBe(0);
    const folded = await snapshot(database.db);
    expect(folded.filter((row) => row.organization_id === organizations[0]).reduce((n, row) => n + row.moves, 0)).toBe(30);
    expect(folded.reduce((n, row) => n + row.moves, 0)).toBe(60);

    // The source fixed: derived again, the same rows.
    await rebuildAll({ db: database.projectorDb, eventStore: store, projectors: [moves(), totals(calls)], batchSize: 9 });
    expect(calls.derived).toBe(1);
    expect(await snapshot(database.db)).toEqual(folded);
  });

  it('folds when its own fold has failed on an organization, so that only a fix resolves that failure', async () => {
    const calls = { derived: 0 };
    const open = () => database.db.anyFirst(sql.type(z.object({ organization_id: z.string() }))`
      SELECT organization_id FROM projection_failures WHERE projector = 'test_totals' AND resolved_at IS NULL`);
    const buggy = totals(calls, (event) => event.id === poison);
    // Live from the start, its fold holds A back at the poison event.
    await database.db.query(sql.unsafe`DELETE FROM projection_checkpoints WHERE name = 'test_totals'`);
    await database.db.query(sql.unsafe`TRUNCATE test_totals`);
    await followLive([buggy]);
    expect(await open()).toEqual([organizations[0]]);

    // Rebuilt beside its sources with the bug still there: folded, A still held back and still failing.
    const again = await rebuildAll({ db: database.projectorDb, eventStore: store, projectors: [moves(), buggy], batchSize: 9 });
    expect(calls.derived).toBe(0);
    expect(again.failures.map((f) => [f.projector, f.organizationId])).toEqual([['test_totals', organizations[0]]]);
    expect(await open()).toEqual([organizations[0]]);
    const ofA = (rows: readonly z.infer<typeof totalsRow>[]) => rows.filter((row) => row.organization_id === organizations[0]).reduce((n, row) => n + row.moves, 0);
    expect(ofA(await snapshot(database.db))).toBe(19);

    // Fixed: folded once more (the failure was still open), which resolves it; the next rebuild derives.
    await rebuildAll({ db: database.projectorDb, eventStore: store, projectors: [moves(), totals(calls)], batchSize: 9 });
    expect(calls.derived).toBe(0);
    expect(await open()).toEqual([]);
    expect(ofA(await snapshot(database.db))).toBe(30);
    await rebuildAll({ db: database.projectorDb, eventStore: store, projectors: [moves(), totals(calls)], batchSize: 9 });
    expect(calls.derived).toBe(1);
    expect(ofA(await snapshot(database.db))).toBe(30);
  });
});
