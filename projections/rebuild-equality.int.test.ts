// The digest the benchmark compares read models by (a whole history's rows never leave PostgreSQL):
// equal for equal tables, whatever the row order, and different when one value of one row differs.
import { randomUUID } from 'node:crypto';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test-support/database';
import type { Projector, Tx } from './projector';
import { digestDifferences, digestReadModels } from './rebuild-equality';

const balances: Projector = {
  name: 'test_balances',
  version: 1,
  tables: ['test_balances'],
  async migrate(tx: Tx) {
    await tx.query(sql.unsafe`CREATE TABLE IF NOT EXISTS test_balances (account text PRIMARY KEY, balance bigint NOT NULL, note text)`);
  },
  async handle() {},
};

describe('read-model digest', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.transaction(async (tx) => balances.migrate(tx));
  });
  afterAll(async () => database.drop());

  const fill = async (rows: readonly [string, number, string | null][]) => {
    await database.db.query(sql.unsafe`TRUNCATE test_balances`);
    for (const [account, balance, note] of rows) {
      await database.db.query(sql.unsafe`INSERT INTO test_balances VALUES (${account}, ${balance}, ${note})`);
    }
  };

  it('is the same for the same rows written in another order, and names the table whose rows differ', async () => {
    const rows: [string, number, string | null][] = Array.from({ length: 50 }, (_, i) => [`conta-${i}-${randomUUID()}`, i * 100 - 7, i % 3 ? 'Café' : null]);
    await fill(rows);
    const first = await digestReadModels(database.db, [balances]);
    await fill([...rows].reverse());
    const again = await digestReadModels(database.db, [balances]);
    expect(first['test_balances.test_balances'].rows).toBe(50);
    expect(digestDifferences(first, again)).toEqual([]);

    await database.db.query(sql.unsafe`UPDATE test_balances SET balance = balance + 1 WHERE account = ${rows[17][0]}`);
    expect(digestDifferences(first, await digestReadModels(database.db, [balances]))).toEqual(['test_balances.test_balances (50 → 50 rows)']);

    await database.db.query(sql.unsafe`DELETE FROM test_balances WHERE account = ${rows[3][0]}`);
    expect(digestDifferences(first, await digestReadModels(database.db, [balances]))).toEqual(['test_balances.test_balances (50 → 49 rows)']);
  });
});
