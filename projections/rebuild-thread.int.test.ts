// A rebuild whose load is shared with a loader thread: the same rows as the live runner's and as a
// rebuild on one thread, and an organization whose event fails on the other thread is held back
// and recorded there too.
import { randomUUID } from 'node:crypto';
import { sql } from 'slonik';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresEventStore } from '../app/eventstore/postgres';
import type { EventStore, RecordedEvent } from '../app/eventstore/port';
import { generateHistory } from '../scripts/bench/history';
import { writeHistory } from '../scripts/bench/write-history';
import { createTestDatabase, type TestDatabase } from '../test-support/database';
import { differences, snapshotReadModels } from './rebuild-equality';
import { rebuildAll, type RebuildProgress } from './rebuild';
import { projectors } from './registry';
import { createProjectionRunner } from './runner';

const failureRow = z.object({ projector: z.string(), organization_id: z.string().nullable(), position: z.string() });

describe('rebuild with a loader thread', () => {
  let database: TestDatabase;
  let store: EventStore;
  let head: number;
  beforeAll(async () => {
    database = await createTestDatabase();
    store = createPostgresEventStore(database.db, database.url);
    head = (await writeHistory(database.url, generateHistory({ tenants: 3, events: 2_500, seed: 7 }), () => undefined)).events;
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  const failures = () => database.db.any(sql.type(failureRow)`
    SELECT projector, organization_id, position::text AS position FROM projection_failures WHERE resolved_at IS NULL ORDER BY 1, 2, 3`);

  it('gives, row for row, what the live runner built, while groups of projectors load on the other thread', async () => {
    await createProjectionRunner({ db: database.projectorDb, connectionString: database.projectorUrl, eventStore: store, projectors, batchSize: 300 }).catchUp();
    const incremental = await snapshotReadModels(database.db, projectors);
    const progress: RebuildProgress[] = [];
    const result = await rebuildAll({
      db: database.projectorDb, eventStore: store, projectors, batchSize: 400, loaderThread: { databaseUrl: database.projectorUrl }, onProgress: (p) => progress.push(p),
    });
    expect(result.loadedOnThread.length).toBeGreaterThan(0);
    expect(result.loadedOnThread.length).toBeLessThan(projectors.length);
    expect(result.applied).toBe(head);
    expect(differences(incremental, await snapshotReadModels(database.db, projectors))).toEqual({});
    // Progress counts the events both threads have applied: it never goes back, and ends at the head.
    const applied = progress.map((p) => p.applied);
    expect(applied).toEqual([...applied].sort((a, b) => a - b));
    expect(progress.at(-1)).toMatchObject({ phase: 'done', applied: head });
  });

  it('holds back and records an organization whose event fails on the loader thread, as a rebuild on one thread does', async () => {
    const events: RecordedEvent[] = await store.readAll({ after: 0n, limit: 10_000 });
    const expense = events.find((event) => event.type === 'ExpenseRecorded') as RecordedEvent;
    const expenseId = randomUUID();
    // Written around the codec, as an older version might have: every projector of expenses fails on it.
    await store.append(`Expense-${expenseId}`, [{ type: 'ExpenseRecorded', data: { ...expense.data, expenseId, amount: 'muito' } }], {
      expectedRevision: 'no_stream', metadata: expense.metadata,
    });
    const organizationId = (expense.data as { organizationId: string }).organizationId;

    const single = await rebuildAll({ db: database.projectorDb, eventStore: store, projectors, batchSize: 400 });
    const singleRows = await snapshotReadModels(database.db, projectors);
    const singleFailures = await failures();
    expect(single.loadedOnThread).toEqual([]);
    expect(singleFailures.length).toBeGreaterThan(0);
    expect(new Set(singleFailures.map((f) => f.organization_id))).toEqual(new Set([organizationId]));

    const threaded = await rebuildAll({ db: database.projectorDb, eventStore: store, projectors, batchSize: 400, loaderThread: { databaseUrl: database.projectorUrl } });
    const failedOnThread = threaded.failures.filter((f) => threaded.loadedOnThread.includes(f.projector));
    expect(failedOnThread.length).toBeGreaterThan(0);
    expect(failedOnThread.every((f) => f.organizationId === organizationId)).toBe(true);
    expect(await failures()).toEqual(singleFailures);
    expect(differences(singleRows, await snapshotReadModels(database.db, projectors))).toEqual({});
  });
});
