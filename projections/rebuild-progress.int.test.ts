// What a rebuild tells while it runs: events read and an ETA while it loads; once the log is read,
// how many projectors are complete of all, and no ETA (the event rate says nothing of how long
// writing out and indexing take: "ETA 0 s" stood there while they did).
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresEventStore } from '../app/eventstore/postgres';
import type { EventStore } from '../app/eventstore/port';
import { progressReporter } from '../scripts/rebuild-projections';
import { createTestDatabase, type TestDatabase } from '../test-support/database';
import { systemMetadata } from '../test-support/metadata';
import type { Projector, Tx } from './projector';
import { rebuildAll, type RebuildProgress } from './rebuild';

const ledger = (name: string): Projector => ({
  name,
  version: 1,
  tables: [name],
  async migrate(tx: Tx) {
    await tx.query(sql.unsafe`CREATE TABLE IF NOT EXISTS ${sql.identifier([name])} (id uuid PRIMARY KEY, amount bigint NOT NULL)`);
    await tx.query(sql.unsafe`CREATE INDEX IF NOT EXISTS ${sql.identifier([`${name}_amount`])} ON ${sql.identifier([name])} (amount)`);
  },
  async handle(event, tx) {
    if (event.type !== 'AccountMoved') return;
    await tx.query(sql.unsafe`INSERT INTO ${sql.identifier([name])} VALUES (${event.id}, ${Number(event.data.amount)})`);
  },
});

describe('rebuild progress', () => {
  let database: TestDatabase;
  let store: EventStore;
  const projectors = [ledger('test_progress_a'), ledger('test_progress_b'), ledger('test_progress_c')];

  beforeAll(async () => {
    database = await createTestDatabase();
    store = createPostgresEventStore(database.db, database.url);
    await database.projectorDb.transaction(async (tx) => {
      for (const projector of projectors) await projector.migrate(tx);
    });
    for (let i = 1; i <= 30; i++) {
      await store.append(`Account-${randomUUID()}`, [{ type: 'AccountMoved', data: { amount: i } }], { expectedRevision: 'no_stream', metadata: systemMetadata(randomUUID()) });
    }
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  it('counts the projectors made complete after the load, with no ETA, and the CLI says so', async () => {
    const seen: RebuildProgress[] = [];
    const lines: string[] = [];
    const reporter = progressReporter('3 projeções', new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    }) as unknown as NodeJS.WriteStream);
    await rebuildAll({
      db: database.projectorDb, eventStore: store, projectors, batchSize: 7, concurrency: 2,
      onProgress: (p) => {
        seen.push(p);
        reporter.update(p);
      },
    });

    const loading = seen.filter((p) => p.phase === 'loading');
    expect(loading.length).toBeGreaterThan(1);
    expect(loading.at(-1)).toMatchObject({ applied: 30 });
    expect(loading.every((p) => typeof p.etaSeconds === 'number')).toBe(true);

    const indexing = seen.filter((p) => p.phase === 'indexing');
    expect(indexing.map((p) => p.projectorsDone)).toEqual([0, 1, 2, 3]);
    expect(indexing.every((p) => p.projectorsTotal === 3 && p.etaSeconds === null)).toBe(true);
    expect(seen.at(-1)).toMatchObject({ phase: 'done', etaSeconds: 0, applied: 30 });

    // The log lines: one per phase at least, the indexing one with its count and an unknown ETA.
    expect(lines.find((line) => line.includes('criando índices'))).toMatch(/ETA \? \(criando índices: 0 de 3 projeções prontas\)/);
    expect(lines.at(-1)).toMatch(/30\/30 eventos, .*ETA 0 s \(concluído\)/);
  });
});
