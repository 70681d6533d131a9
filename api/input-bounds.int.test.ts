// Issue 11: what once stalled projections or answered 500 (a year 9999, R$ 10^16, NUL, lone surrogates,
// impossible filter dates, ranges beyond bigint) is refused at the edge with a pt-BR 400/422, storing nothing.
import { sql } from 'slonik';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedTenant, type Client, type TestApp } from '../test-support/app';
import { buildOfx } from '../test-support/ofx-builder';

let t: TestApp;
let admin: Client;
const eventCount = () => t.deps.db.oneFirst(sql.type(z.object({ n: z.number() }))`SELECT count(*)::int AS n FROM events`);
const expense = (changes: Record<string, unknown>) => ({ description: 'Aluguel', amount: '100.00', category: 'operational', date: '2026-03-10', ...changes });

beforeAll(async () => {
  t = await createTestApp();
  ({ admin } = await seedTenant(t, 'Limites Ltda'));
});
afterAll(async () => t?.close());

describe('bounds at the domain edge', () => {
  it.each([
    ['a date in the year 9999', expense({ date: '9999-12-31' }), 'date', 'Data fora do intervalo permitido (anos de 1900 a 2100)'],
    ['a date before 1900', expense({ date: '1899-12-31' }), 'date', 'Data fora do intervalo permitido (anos de 1900 a 2100)'],
    ['an impossible calendar date', expense({ date: '2026-02-30' }), 'date', 'Data inválida'],
    ['a recurrence ending in 9999', expense({ isRecurring: true, recurringPeriod: 'monthly', recurringEndDate: '9999-12-31' }), 'recurringEndDate', 'Data fora do intervalo permitido (anos de 1900 a 2100)'],
    ['R$ 1 bilhão', expense({ amount: '1000000000.00' }), 'amount', 'O valor deve ser no máximo R$ 999.999.999,99'],
    ['sixteen integer digits', expense({ amount: '9999999999999999.99' }), 'amount', 'Valor inválido: use um número com até duas casas decimais'],
    ['three decimals as a number', expense({ amount: 10.123 }), 'amount', 'Valor inválido: use um número com até duas casas decimais'],
    ['a NUL in the description', expense({ description: 'Alu\u0000guel' }), 'description', 'O texto contém caracteres inválidos (caractere nulo ou Unicode incompleto)'],
    ['a lone surrogate in the description', expense({ description: 'Aluguel \ud83d' }), 'description', 'O texto contém caracteres inválidos (caractere nulo ou Unicode incompleto)'],
  ])('refuses %s with 400 and records nothing', async (_what, body, field, message) => {
    const before = await eventCount();
    const response = await admin.request('POST', '/api/expenses', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toBe(message);
    expect(await eventCount()).toBe(before);
  });

  it('takes the largest amount and both ends of the date range', async () => {
    const largest = await admin.request('POST', '/api/expenses', expense({ amount: '999999999.99', date: '2100-12-31' }));
    expect(largest.statusCode).toBe(201);
    expect(largest.json().amount).toBe('999999999.99');
    const earliest = await admin.request('POST', '/api/revenues', { description: 'Venda antiga', amount: 999999999.99, date: '1900-01-01' });
    expect(earliest.statusCode).toBe(201);
    const emoji = await admin.request('POST', '/api/expenses', expense({ description: 'Café ☕ 😀' }));
    expect(emoji.json().description).toBe('Café ☕ 😀');
  });

  it('refuses a NUL anywhere in a request (query, path, keys) with 400, not 500', async () => {
    const inQuery = await admin.request('GET', `/api/expenses?filter=${encodeURIComponent(JSON.stringify({ q: 'a\u0000' }))}`);
    expect(inQuery.statusCode).toBe(400);
    const inPath = await admin.request('GET', '/api/expenses/%00');
    expect(inPath.statusCode).toBe(400);
    const inKey = await admin.request('POST', '/api/revenues', { description: 'Venda', amount: '1.00', date: '2026-01-01', ['x\ud800']: 1 });
    expect(inKey.statusCode).toBe(400);
    expect(inKey.json().message).toContain('caracteres inválidos');
  });

  it.each([
    ['an impossible date filter', `filter=${encodeURIComponent('{"date_gte":"2026-02-31"}')}`],
    ['a date filter in the year 10000', `filter=${encodeURIComponent('{"date_lte":"10000-01-01"}')}`],
    ['a range offset beyond bigint', `range=${encodeURIComponent('[1e30,1e31]')}`],
    ['a range end beyond bigint', `range=${encodeURIComponent('[0,99999999999999999999]')}`],
  ])('answers %s in a list with 400 and a pt-BR message', async (_what, query) => {
    for (const path of ['/api/expenses', '/api/revenues', '/api/imported-transactions']) {
      const response = await admin.request('GET', `${path}?${query}`);
      expect(response.statusCode, path).toBe(400);
      expect(response.json().message).toMatch(/inválid|intervalo/);
    }
  });

  it('refuses an OFX file with amounts beyond the limit, naming the line, and imports nothing', async () => {
    const rows = Array.from({ length: 12 }, (_, i) => ({ fitId: `big-${i}`, date: '2026-03-05', amount: -999_999_999_999_999_999n, memo: `ATAQUE ${i}` }));
    const before = await eventCount();
    const response = await admin.request('POST', '/api/import/ofx', { ofxContent: buildOfx({ bankId: '341', accountId: '777' }, rows) });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toMatch(/[Ll]inha \d+.*acima do limite de R\$ 999\.999\.999,99 em <TRNAMT>/);
    expect(await eventCount()).toBe(before);
  });
});
