// The hot reads answered again from the bytes sent last time (plugins/answer-cache.ts): a repeated
// dashboard read costs no ledger query, a write is seen by the very next read, one organization's
// write leaves the others' answers alone, and nothing is reused while this process does not lead
// the projections (it would not hear every change).
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedTenant, settleLog, type Client, type TestApp } from '../test-support/app';

let t: TestApp;
let a: Client;
let b: Client;
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  a = (await seedTenant(t, 'Padaria Memória', [])).admin;
  b = (await seedTenant(t, 'Oficina Memória', [])).admin;
  for (const client of [a, b]) {
    const created = await client.request('POST', '/api/expenses', { description: 'Aluguel', amount: '100.00', category: 'operational', date: today, status: 'completed' });
    expect(created.statusCode).toBe(201);
  }
  await settleLog(t);
});
afterAll(async () => t.close());

// The statements that answer each read (the projection runner in this process writes the same
// tables meanwhile: its statements must not count).
const METRICS_QUERY = /SUM\(amount\) FILTER/;
const LIST_QUERY = /count\(\*\) FROM expenses/;
const CHART_QUERY = /to_char\(day, 'YYYY-MM'\)/;
const queryOf = (url: string) => (url.includes('/charts/') ? CHART_QUERY : url.includes('/expenses') ? LIST_QUERY : METRICS_QUERY);

/** Answers `url` for `client`, counting the statements that compute its answer. */
async function read(client: Client, url: string): Promise<{ body: string; queries: number; headers: Record<string, unknown> }> {
  const tables = queryOf(url);
  let queries = 0;
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const config = args[0];
    const text = typeof config === 'string' ? config : String((config as { text?: string })?.text ?? '');
    if (tables.test(text)) queries += 1;
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    const response = await client.request('GET', url);
    expect(response.statusCode, response.body).toBe(200);
    return { body: response.body, queries, headers: response.headers };
  } finally {
    pg.Client.prototype.query = original;
  }
}

const totalExpenses = (body: string) => (JSON.parse(body) as { totalExpenses: string }).totalExpenses;

describe('answers reused until the read models change', () => {
  it('answers a repeated dashboard read without querying the ledger again', async () => {
    const first = await read(a, '/api/financial/metrics');
    expect(first.queries).toBe(1);
    const again = await read(a, '/api/financial/metrics');
    expect(again.queries).toBe(0);
    expect(again.body).toBe(first.body);
    expect(totalExpenses(again.body)).toBe('100.00');
  });

  it('a list page comes back with its Content-Range and versions', async () => {
    const url = '/api/expenses?sort=%5B%22date%22%2C%22DESC%22%5D&range=%5B0%2C9%5D';
    const first = await read(a, url);
    const again = await read(a, url);
    expect(again.queries).toBe(0);
    expect(again.headers['content-range']).toBe(first.headers['content-range']);
    expect(again.headers['content-type']).toMatch(/application\/json/);
    expect((JSON.parse(again.body) as { version: number }[])[0].version).toBe(0);
  });

  it("shows a write in the very next read, and leaves another organization's answers alone", async () => {
    await read(b, '/api/financial/metrics');
    const posted = await a.request('POST', '/api/expenses', { description: 'Energia', amount: '50.00', category: 'operational', date: today, status: 'completed' });
    expect(posted.statusCode).toBe(201);
    const after = await read(a, '/api/financial/metrics');
    expect(after.queries).toBe(1);
    expect(totalExpenses(after.body)).toBe('150.00');
    const other = await read(b, '/api/financial/metrics');
    expect(other.queries).toBe(0);
    expect(totalExpenses(other.body)).toBe('100.00');
  });

  it('an edited record shows its new figures and version at once', async () => {
    const url = '/api/expenses?range=%5B0%2C9%5D';
    const [energy] = (JSON.parse((await read(a, url)).body) as { id: string; description: string; version: number }[]).filter((e) => e.description === 'Energia');
    const edited = await a.request('PUT', `/api/expenses/${energy.id}`, { description: 'Energia elétrica', amount: '60.00', category: 'operational', date: today, status: 'completed' }, { 'if-match': `"${energy.version}"` });
    expect(edited.statusCode, edited.body).toBe(200);
    const list = JSON.parse((await read(a, url)).body) as { id: string; description: string; version: number }[];
    expect(list.find((e) => e.id === energy.id)).toMatchObject({ description: 'Energia elétrica', version: energy.version + 1 });
    expect(totalExpenses((await read(a, '/api/financial/metrics')).body)).toBe('160.00');
  });

  it('keeps answers apart by URL', async () => {
    const month = await read(a, `/api/financial/metrics?period=current-month`);
    const year = await read(a, `/api/financial/metrics?period=current-year`);
    expect(year.queries).toBe(1);
    expect(JSON.parse(year.body).startDate).not.toBe(JSON.parse(month.body).startDate);
  });

  it('reuses nothing while this process does not lead the projections', async () => {
    await read(a, '/api/charts/cash-flow');
    await t.runner.stop();
    try {
      expect((await read(a, '/api/charts/cash-flow')).queries).toBe(1);
      expect((await read(a, '/api/charts/cash-flow')).queries).toBe(1);
    } finally {
      await t.runner.start();
    }
  });
});
