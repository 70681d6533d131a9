// Rows travel to PostgreSQL as one array literal per column (arrayOf): every text comes back as it
// went, whatever it holds (quotes, backslashes, control characters, braces, the word null).
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test-support/database';
import { arrayOf } from './rows';

const texts = [
  'simples', 'aspas "duplas"', "aspas 'simples'", 'barra \\ invertida', '\\n não é quebra', 'quebra\nde linha', 'tab\taqui', 'retorno\r',
  'controle \u0001 \u001f', 'null', 'NULL', '', ' com espaços ', '{chaves}', 'vírgula, aqui', 'ação 😀 ção', '\\"', '\\', '"', 'fim\\',
];

describe('arrayOf', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  it('sends every text as it is, null as NULL', async () => {
    const values = [...texts, null];
    const back = await database.db.oneFirst(sql.unsafe`SELECT to_jsonb(${arrayOf(values)}::text[]) AS v`);
    expect(back).toEqual(values);
    // One text at a time too (the fast path sees only that text's escapes).
    for (const text of texts) {
      expect(await database.db.oneFirst(sql.unsafe`SELECT (${arrayOf([text])}::text[])[1] AS v`)).toBe(text);
    }
  });

  it('sends numbers, booleans and bigints to their column types', async () => {
    const row = await database.db.one(sql.unsafe`
      SELECT to_jsonb(${arrayOf([1, -2, null])}::int[]) AS ints, to_jsonb(${arrayOf(['9007199254740993', null])}::int8[])::text AS bigs,
        to_jsonb(${arrayOf([true, false, null])}::boolean[]) AS flags, to_jsonb(${arrayOf([12n])}::int8[])::text AS bigint,
        to_jsonb(${arrayOf(['2024-02-29', null])}::date[]) AS dates, to_jsonb(${arrayOf([1.5, '2.25'])}::numeric(10,2)[])::text AS amounts`);
    expect(row).toEqual({
      ints: [1, -2, null], bigs: '[9007199254740993, null]', flags: [true, false, null], bigint: '[12]', dates: ['2024-02-29', null], amounts: '[1.50, 2.25]',
    });
  });
});
