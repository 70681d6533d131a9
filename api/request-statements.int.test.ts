// How many SQL statements the hot screens cost per request, counted where they leave for
// PostgreSQL (node-postgres' Client#query, which slonik's driver uses): the session look-up, then
// one transaction with the tenant set and a single query. A change that adds a round trip (a
// separate count, a reset per pooled connection, a second SET) shows up here as a number.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedTenant, settleLog, type Client, type TestApp } from '../test-support/app';

let t: TestApp;
let admin: Client;
let expenseId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await seedTenant(t, 'Padaria Contagem', [])).admin;
  for (const amount of ['10.00', '20.00', '30.00']) {
    const created = await admin.request('POST', '/api/expenses', { description: `Despesa ${amount}`, amount, category: 'operational', date: '2025-01-10' });
    expect(created.statusCode).toBe(201);
    expenseId = (created.json() as { id: string }).id;
  }
  // Nothing else talks to the database while statements are counted: the log settles first, and
  // the session has read its writes back (its next read would wait for them otherwise).
  await settleLog(t);
  expect((await admin.request('GET', '/api/auth/me')).statusCode).toBe(200);
  await t.runner.stop();
});
afterAll(async () => t.close());

async function statementsOf(url: string): Promise<{ statements: string[]; status: number; body: string; headers: Record<string, unknown> }> {
  const statements: string[] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const config = args[0];
    statements.push(typeof config === 'string' ? config : String((config as { text?: string })?.text ?? ''));
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    const response = await admin.request('GET', url);
    return { statements: withoutDegradedCheck(statements), status: response.statusCode, body: response.body, headers: response.headers };
  } finally {
    pg.Client.prototype.query = original;
  }
}

/**
 * The degraded-organization check (plugins/degraded-tenant.ts) is one transaction per organization
 * per second, shared by the requests of that second: whether it falls on the request counted
 * depends on the clock, so it is left out of the count.
 */
function withoutDegradedCheck(statements: string[]): string[] {
  const at = statements.findIndex((s) => /FROM projection_failures/.test(s));
  return at < 0 ? statements : [...statements.slice(0, at - 2), ...statements.slice(at + 2)];
}

describe('statements per request', () => {
  it.each([
    ['/api/financial/metrics'],
    ['/api/charts/cash-flow'],
    ['/api/charts/expense-breakdown'],
  ])('GET %s: session, then BEGIN, tenant, one query, COMMIT', async (url) => {
    const { statements, status } = await statementsOf(url);
    expect(status).toBe(200);
    expect(statements.map((s) => s.trim().split(/\s+/)[0].toUpperCase()), statements.join('\n')).toEqual(['SELECT', 'START', 'SELECT', 'SELECT', 'COMMIT']);
    expect(statements.some((s) => /DISCARD/i.test(s))).toBe(false);
  });

  // Records one edits carry their version (their stream's revision, record-revisions.ts): one
  // look-up in the event store for the whole page, never one per record.
  it.each([['/api/expenses'], ['/api/transactions']])('GET %s: the same, then one revision look-up for the page', async (url) => {
    const { statements, status, body } = await statementsOf(url);
    expect(status).toBe(200);
    expect(statements.map((s) => s.trim().split(/\s+/)[0].toUpperCase()), statements.join('\n')).toEqual(['SELECT', 'START', 'SELECT', 'SELECT', 'COMMIT', 'SELECT']);
    expect((JSON.parse(body) as { version?: number }[]).every((record) => record.version === 0)).toBe(true);
  });

  // A record (GET one, and what a write answers after read-your-writes): the tenant's settings and
  // the query leave in one round trip (app/db/tenant-statement.ts), not BEGIN, tenant, query, COMMIT.
  it('GET /api/expenses/:id: session, one statement as the tenant, then its revision', async () => {
    const { statements, status, body } = await statementsOf(`/api/expenses/${expenseId}`);
    expect(status).toBe(200);
    expect(statements.map((s) => s.trim().split(/\s+/)[0].toUpperCase()), statements.join('\n')).toEqual(['SELECT', 'SELECT', 'SELECT']);
    expect(statements[1]).toMatch(/FROM expenses WHERE organization_id = \$1 AND id = \$2/);
    expect(statements[2]).toMatch(/FROM event_streams/);
    expect((JSON.parse(body) as { id: string }).id).toBe(expenseId);
  });

  it('a list page carries its total in Content-Range without a second count', async () => {
    const { statements, body, headers } = await statementsOf('/api/expenses?range=[0,1]');
    expect(JSON.parse(body)).toHaveLength(2);
    expect(headers['content-range']).toBe('expenses 0-1/3');
    expect(statements.filter((s) => /count\(\*\)/i.test(s))).toHaveLength(1);
  });

  it('a page past the end still reports the total', async () => {
    const { body, headers } = await statementsOf('/api/expenses?range=[10,19]');
    expect(JSON.parse(body)).toEqual([]);
    expect(headers['content-range']).toBe('expenses 10-10/3');
  });
});
