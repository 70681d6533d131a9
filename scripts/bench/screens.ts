// What the benchmark reads and as whom: the screens' GETs, and the admin of the seeded history's
// busiest organization (tenant 0, slug bench-000), with how many events that organization has.
import pg from 'pg';
import { benchAdmin } from './database';

/**
 * The reads the screens make, as they make them: the dashboard's cards and cash-flow chart, and
 * the first page of Despesas and of the dashboard's recent transactions (react-admin's query).
 */
const firstPage = new URLSearchParams({ sort: '["date","DESC"]', range: '[0,9]', filter: '{}' }).toString();
export const SCREEN_READS = [
  { id: 'metrics', path: '/api/financial/metrics' },
  { id: 'expenses', path: `/api/expenses?${firstPage}` },
  { id: 'transactions', path: `/api/transactions?${firstPage}` },
  { id: 'cash-flow', path: '/api/charts/cash-flow' },
] as const;

/** The expense the bench's writes record (today's date, so it counts in the current period). */
export const benchExpense = (amount = '123.45') =>
  ({ description: 'Despesa de benchmark', amount, category: 'operational', date: new Date().toISOString().slice(0, 10), status: 'completed' });

/** An expense of the organization (the reference route reads it by id). */
export async function firstExpenseId(url: string, organizationId: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>('SELECT id FROM expenses WHERE organization_id = $1 LIMIT 1', [organizationId]);
    return rows[0].id;
  } finally {
    await client.end();
  }
}

export type Tenant = { email: string; organizationId: string; events: number };

/** benchAdmin, with how many events the organization has (counting them reads the whole log). */
export async function adminOfBusiestTenant(url: string): Promise<Tenant> {
  const admin = await benchAdmin(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ events: string }>(`SELECT count(*)::text AS events FROM events WHERE metadata->>'organizationId' = $1`, [admin.organizationId]);
    return { email: admin.email, organizationId: admin.organizationId, events: Number(rows[0].events) };
  } finally {
    await client.end();
  }
}

/**
 * How long `path` takes to answer right after a write by the same session (a new expense, so no
 * answer the server kept can be reused): `samples` write-then-read pairs, one at a time; ms each.
 */
export async function firstReadsAfterWrites(baseUrl: string, cookie: string, path: string, samples: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const write = await fetch(`${baseUrl}/api/expenses`, {
      method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(benchExpense('10.00')),
    });
    if (!write.ok) throw new Error(`POST /api/expenses: ${write.status} ${await write.text()}`);
    const started = performance.now();
    const read = await fetch(`${baseUrl}${path}`, { headers: { cookie } });
    await read.text();
    if (!read.ok) throw new Error(`GET ${path}: ${read.status}`);
    times.push(performance.now() - started);
  }
  return times;
}

export function percentiles(times: readonly number[]): { median: number; p99: number; samples: number } {
  const sorted = [...times].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)], p99: sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)], samples: sorted.length };
}
