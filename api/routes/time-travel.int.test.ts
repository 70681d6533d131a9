// Time travel on a real database: the read endpoints asked `asOf` an instant answer exactly what
// the live endpoint answered at that instant, while writes (a backdated edit among them) go on.
import ExcelJS from 'exceljs';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readPdf } from '../../app/documents/pdf';
import { createTestApp, seedTenant, settleLog, type Client, type TestApp } from '../../test-support/app';

let t: TestApp;
let admin: Client;
let viewer: Client;
let other: Client;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function write(client: Client, method: string, url: string, body?: unknown): Promise<{ id: string }> {
  const response = await client.request(method, url, body);
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.statusCode === 204 ? { id: '' } : response.json();
}

/** Everything the time-travel endpoints answer for one organization, live or `asOf`. */
const READS = [
  '/api/financial/metrics?startDate=2021-03-01&endDate=2021-03-31',
  '/api/financial/metrics?period=12months',
  '/api/financial/metrics',
  '/api/charts/cash-flow?startDate=2021-01-01&endDate=2021-06-30',
  '/api/charts/cash-flow?period=2years',
  '/api/charts/expense-breakdown?startDate=2021-03-01&endDate=2021-03-31',
  '/api/cash-flow/forecast',
  '/api/transactions',
  '/api/transactions?startDate=2021-03-01&endDate=2021-03-31&sort=["amount","DESC"]&range=[0,1]',
  '/api/reports/preview?type=financial-summary&startDate=2021-01-01&endDate=2021-12-31',
  '/api/reports/preview?type=cash-flow&startDate=2021-01-01&endDate=2021-12-31',
  '/api/reports/preview?type=expense-breakdown&startDate=2021-03-01&endDate=2021-03-31',
  '/api/reports/preview?type=profit-loss&period=current-year',
];

type Answer = { status: number; body: unknown; contentRange: string | undefined };

async function answers(client: Client, asOf?: string): Promise<Answer[]> {
  const out: Answer[] = [];
  for (const url of READS) {
    const full = asOf ? `${url}${url.includes('?') ? '&' : '?'}asOf=${encodeURIComponent(asOf)}` : url;
    const response = await client.request('GET', full);
    const body = response.json();
    // When a report was generated, and the forecast note's "a partir de hoje" (dated when read
    // as of an instant), are not figures; everything else must match.
    if (url.startsWith('/api/reports/')) {
      delete body.generatedAt;
      delete body.asOf;
      for (const table of body.tables) table.note = table.note?.replace(/a partir de (hoje|\d{2}\/\d{2}\/\d{4})\./, 'a partir do dia.');
    }
    out.push({ status: response.statusCode, body, contentRange: response.headers['content-range'] as string | undefined });
  }
  return out;
}

/**
 * An instant strictly after everything written so far and before anything written next. The
 * viewer is another session than the writer, so its live reads wait for nothing: the log is let
 * settle first (every view caught up), as it is by the time anyone looks back at that instant.
 */
async function instant(): Promise<string> {
  await settleLog(t);
  await pause(15);
  const at = new Date().toISOString();
  await pause(15);
  return at;
}

const march2021 = (answer: Answer) => answer.body as { totalExpenses: string; totalRevenue: string };

const snapshots: { at: string; live: Answer[] }[] = [];
let aluguelId = '';

beforeAll(async () => {
  t = await createTestApp();
  const acme = await seedTenant(t, 'Acme Histórico');
  admin = acme.admin;
  viewer = acme.users[0];
  other = (await seedTenant(t, 'Outra Histórico')).admin;

  // Instant 0: before anything was recorded.
  snapshots.push({ at: await instant(), live: await answers(viewer) });

  // Instant 1: March 2021 as first recorded, a recurring expense, a revenue, the other tenant writing too.
  aluguelId = (await write(admin, 'POST', '/api/expenses', { description: 'Aluguel março', amount: '520.33', category: 'administrative', date: '2021-03-05' })).id;
  await write(admin, 'POST', '/api/expenses', {
    description: 'Contador', amount: '300.00', category: 'operational', date: '2021-01-10', isRecurring: true, recurringPeriod: 'monthly',
  });
  await write(admin, 'POST', '/api/revenues', { description: 'Consultoria', amount: '2500.00', category: 'consulting', status: 'received', date: '2021-03-20' });
  await write(other, 'POST', '/api/expenses', { description: 'Outra empresa', amount: '999.99', category: 'marketing', date: '2021-03-06' });
  snapshots.push({ at: await instant(), live: await answers(viewer) });

  // Instant 2: a backdated edit today changes March 2021 (R$ 520,33 → R$ 1.219,99), a new entry this month.
  await write(admin, 'PUT', `/api/expenses/${aluguelId}`, { amount: '1219.99' });
  const today = new Date().toISOString().slice(0, 10);
  await write(admin, 'POST', '/api/expenses', { description: 'Material de escritório', amount: '45.10', category: 'technology', date: today });
  snapshots.push({ at: await instant(), live: await answers(viewer) });

  // Instant 3: a deletion and a backdated revenue in 2021.
  await write(admin, 'POST', '/api/revenues', { description: 'Projeto antigo', amount: '800.00', category: 'services', status: 'confirmed', date: '2021-02-14' });
  await write(admin, 'DELETE', `/api/expenses/${aluguelId}`);
  await write(other, 'POST', '/api/revenues', { description: 'Outra receita', amount: '10.00', category: 'services', status: 'received', date: '2021-03-07' });
  snapshots.push({ at: await instant(), live: await answers(viewer) });
}, 300_000);
afterAll(async () => t.close());

describe('asOf: the figures as they stood at an instant', () => {
  it('answers, for every instant, exactly what the live endpoints answered then', async () => {
    for (const { at, live } of snapshots) {
      const past = await answers(viewer, at);
      past.forEach((answer, i) => expect(answer, `${READS[i]} asOf ${at}`).toEqual(live[i]));
    }
  }, 300_000);

  it('really changes with the instant: the backdated edit shows only from when it was recorded', async () => {
    const [zero, first, second, third] = snapshots.map((s) => march2021(s.live[0]));
    expect(zero.totalExpenses).toBe('0.00');
    expect(first).toMatchObject({ totalExpenses: '820.33', totalRevenue: '2500.00' });
    expect(second).toMatchObject({ totalExpenses: '1519.99', totalRevenue: '2500.00' });
    expect(third).toMatchObject({ totalExpenses: '300.00' });
    const now = (await viewer.request('GET', '/api/financial/metrics?startDate=2021-03-01&endDate=2021-03-31')).json();
    expect(now.totalExpenses).toBe('300.00');
  });

  it('marks a past answer with the Fluxo-As-Of header and leaves no trace on the live read models', async () => {
    const at = snapshots[1].at;
    const response = await viewer.request('GET', `/api/transactions?asOf=${encodeURIComponent(at)}`);
    expect(response.headers['fluxo-as-of']).toBe(new Date(at).toISOString());
    expect(response.json().map((r: { description: string }) => r.description).sort()).toEqual(['Aluguel março', 'Consultoria', 'Contador']);
    // react-admin's list sends it inside its filter.
    const filtered = await viewer.request('GET', `/api/transactions?filter=${encodeURIComponent(JSON.stringify({ asOf: at, type: 'expense' }))}`);
    expect(filtered.headers['fluxo-as-of']).toBe(new Date(at).toISOString());
    expect(filtered.json().map((r: { description: string }) => r.description).sort()).toEqual(['Aluguel março', 'Contador']);
    // The pool's connections keep serving live reads: the replayed tables are TEMP tables kept only
    // on the connections set apart for past reads (at most two), never on one a live read gets.
    for (let i = 0; i < 12; i++) {
      const live = (await viewer.request('GET', '/api/transactions')).json() as { description: string }[];
      expect(live.map((r) => r.description)).not.toContain('Aluguel março');
    }
    const holders = await t.database.db.oneFirst(sql.type(z.object({ n: z.number() }))`
      SELECT count(DISTINCT n.nspname)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relpersistence = 't' AND n.nspname LIKE 'pg_temp_%'`);
    expect(holders).toBeGreaterThan(0);
    expect(holders).toBeLessThanOrEqual(2);
  });

  it("replays only the session's organization: the other tenant's events never appear", async () => {
    const at = snapshots[3].at;
    const mine = (await viewer.request('GET', `/api/transactions?asOf=${encodeURIComponent(at)}`)).json() as { description: string }[];
    expect(mine.map((r) => r.description)).not.toContain('Outra empresa');
    const theirs = (await other.request('GET', `/api/transactions?asOf=${encodeURIComponent(at)}`)).json() as { description: string }[];
    expect(theirs.map((r) => r.description).sort()).toEqual(['Outra empresa', 'Outra receita']);
    const theirMarch = (await other.request('GET', `/api/financial/metrics?startDate=2021-03-01&endDate=2021-03-31&asOf=${encodeURIComponent(snapshots[1].at)}`)).json();
    expect(theirMarch).toMatchObject({ totalExpenses: '999.99', totalRevenue: '0.00' });
  });

  it('refuses an invalid asOf with 400 and a pt-BR message, and answers live for a future one', async () => {
    for (const bad of ['ontem', '2025-13-01T10:00:00Z', '2025-02-30T10:00:00Z', '2025-03-12T14:30', '2025-03-12']) {
      const response = await viewer.request('GET', `/api/financial/metrics?asOf=${encodeURIComponent(bad)}`);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().message).toBe('Data e hora inválidas em asOf: use um instante ISO-8601 com fuso, por exemplo 2025-03-12T14:30:00-03:00');
    }
    expect((await viewer.request('GET', '/api/reports/generate?type=cash-flow&format=pdf&asOf=amanha')).statusCode).toBe(400);
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const response = await viewer.request('GET', `/api/financial/metrics?startDate=2021-03-01&endDate=2021-03-31&asOf=${encodeURIComponent(future)}`);
    expect(response.headers['fluxo-as-of']).toBeUndefined();
    expect(response.json().totalExpenses).toBe('300.00');
    // An offset other than Z is the same instant.
    const at = new Date(snapshots[1].at);
    const saoPaulo = new Date(at.getTime() - 3 * 3_600_000).toISOString().replace('Z', '-03:00');
    expect((await viewer.request('GET', `/api/financial/metrics?startDate=2021-03-01&endDate=2021-03-31&asOf=${encodeURIComponent(saoPaulo)}`)).json().totalExpenses).toBe('820.33');
  });

  it('writes the PDF and the Excel file with the figures as of the instant, and says so', async () => {
    const at = snapshots[1].at;
    const pdf = await viewer.request('GET', `/api/reports/generate?type=expense-breakdown&format=pdf&startDate=2021-03-01&endDate=2021-03-31&asOf=${encodeURIComponent(at)}`);
    expect(pdf.statusCode).toBe(200);
    const text = (await readPdf(pdf.rawPayload)).text;
    expect(text).toContain('Dados como estavam em');
    expect(text).toContain('R$ 520,33');
    expect(text).not.toContain('1.219,99');

    const excel = await viewer.request('GET', `/api/reports/generate?type=expense-breakdown&format=excel&startDate=2021-03-01&endDate=2021-03-31&asOf=${encodeURIComponent(snapshots[2].at)}`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(excel.rawPayload as unknown as ArrayBuffer);
    expect(String(workbook.getWorksheet('Resumo')!.getCell('C4').value)).toMatch(/^Dados como estavam em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}/);
    const live = await viewer.request('GET', '/api/reports/generate?type=expense-breakdown&format=excel&startDate=2021-03-01&endDate=2021-03-31');
    const liveBook = new ExcelJS.Workbook();
    await liveBook.xlsx.load(live.rawPayload as unknown as ArrayBuffer);
    expect(liveBook.getWorksheet('Resumo')!.getCell('C4').value).toBeNull();
  });
});
