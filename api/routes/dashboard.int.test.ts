import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeEvent } from '../../app/eventstore/codec';
import { metadataFor, systemContext } from '../../app/context';
import { createTestApp, seedTenant, type Client, type TestApp } from '../../test-support/app';
import { expenseData, revenueData } from '../../test-support/finance-events';

// 02:30 UTC on 1 January 2025 is still 31 December 2024 in São Paulo.
const NOW = new Date('2025-01-01T02:30:00Z');
let t: TestApp;
let admin: Client;
let viewer: Client;
let other: Client;

async function record(organizationId: string, type: 'ExpenseRecorded' | 'RevenueRecorded', data: Record<string, unknown>): Promise<void> {
  const id = String(data.expenseId ?? data.revenueId);
  const stream = `${type === 'ExpenseRecorded' ? 'expense' : 'revenue'}-${id}`;
  const result = await t.deps.eventStore.append(stream, [encodeEvent({ type, data })], { expectedRevision: 'no_stream', metadata: metadataFor(systemContext(NOW, organizationId)) });
  await t.deps.waitForProjections(result.position);
}

beforeAll(async () => {
  t = await createTestApp({ clock: () => NOW });
  const tenant = await seedTenant(t, 'Padaria Dashboard');
  admin = tenant.admin;
  viewer = tenant.users[0];
  const org = tenant.organizationId;
  other = (await seedTenant(t, 'Outra Empresa')).admin;
  await record(org, 'RevenueRecorded', revenueData(org, { amount: 7000_00n, date: '2024-11-15', status: 'received' }));
  await record(org, 'RevenueRecorded', revenueData(org, { amount: 8000_00n, date: '2024-12-01', status: 'received' }));
  await record(org, 'RevenueRecorded', revenueData(org, { amount: 2000_00n, date: '2024-12-31', status: 'confirmed' }));
  await record(org, 'RevenueRecorded', revenueData(org, { amount: 9999_00n, date: '2025-01-01', status: 'received' }));
  await record(org, 'ExpenseRecorded', expenseData(org, { amount: 5000_00n, date: '2024-11-20', category: 'marketing' }));
  await record(org, 'ExpenseRecorded', expenseData(org, { amount: 2500_00n, date: '2024-12-10', category: 'marketing' }));
  await record(org, 'ExpenseRecorded', expenseData(org, { amount: 1500_00n, date: '2024-12-20', category: 'hr' }));
  await record(other.organizationId!, 'ExpenseRecorded', expenseData(other.organizationId!, { amount: 123_00n, date: '2024-12-10' }));
});
afterAll(async () => t.close());

describe('GET /api/financial/metrics', () => {
  it("defaults to São Paulo's current month (December 2024 at 02:30 UTC on 1 January) against November", async () => {
    const response = await viewer.request('GET', '/api/financial/metrics');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      totalRevenue: '10000.00', receivedRevenue: '8000.00', totalExpenses: '4000.00', netProfit: '6000.00', cashFlow: '4000.00',
      revenueGrowth: '42.9%', receivedRevenueGrowth: '14.3%', expenseGrowth: '-20%', profitGrowth: '200%', cashFlowGrowth: '100%',
      startDate: '2024-12-01', endDate: '2024-12-31', previousStartDate: '2024-11-01', previousEndDate: '2024-11-30',
      // Its last day: the month is compared whole.
      comparedStartDate: '2024-12-01', comparedEndDate: '2024-12-31', comparedPreviousStartDate: '2024-11-01', comparedPreviousEndDate: '2024-11-30',
    });
  });

  it("compares a month under way up to today with the same days of the month before, and says 'n/d' without a base", async () => {
    const midMonth = await createTestApp({ clock: () => new Date('2025-03-15T15:00:00Z') });
    try {
      const tenant = await seedTenant(midMonth, 'Meio do Mês', []);
      const org = tenant.organizationId;
      const put = async (type: 'ExpenseRecorded' | 'RevenueRecorded', data: Record<string, unknown>) => {
        const id = String(data.expenseId ?? data.revenueId);
        const result = await midMonth.deps.eventStore.append(`${type === 'ExpenseRecorded' ? 'expense' : 'revenue'}-${id}`, [encodeEvent({ type, data })],
          { expectedRevision: 'no_stream', metadata: metadataFor(systemContext(NOW, org)) });
        await midMonth.deps.waitForProjections(result.position);
      };
      // February: 1 000 received by the 15th, 9 000 more after it. March so far: 1 200.
      await put('RevenueRecorded', revenueData(org, { amount: 1000_00n, date: '2025-02-10', status: 'received' }));
      await put('RevenueRecorded', revenueData(org, { amount: 9000_00n, date: '2025-02-20', status: 'received' }));
      await put('RevenueRecorded', revenueData(org, { amount: 1200_00n, date: '2025-03-05', status: 'received' }));
      await put('ExpenseRecorded', expenseData(org, { amount: 500_00n, date: '2025-03-02', category: 'marketing' }));
      const m = (await tenant.admin.request('GET', '/api/financial/metrics')).json();
      expect(m).toMatchObject({
        totalRevenue: '1200.00', totalExpenses: '500.00',
        // 1 200 against the 1 000 of 1–15 February, not the 10 000 of all February.
        revenueGrowth: '20%',
        // No expense in 1–15 February: nothing to compare with.
        expenseGrowth: 'n/d',
        comparedStartDate: '2025-03-01', comparedEndDate: '2025-03-15', comparedPreviousStartDate: '2025-02-01', comparedPreviousEndDate: '2025-02-15',
      });
      // A year with nothing before it: no '+100%'.
      expect((await tenant.admin.request('GET', '/api/financial/metrics?period=1year')).json().revenueGrowth).toBe('n/d');
    } finally {
      await midMonth.close();
    }
  });

  it('takes a preset or both dates', async () => {
    expect((await admin.request('GET', '/api/financial/metrics?period=last-month')).json()).toMatchObject({ totalRevenue: '7000.00', totalExpenses: '5000.00', startDate: '2024-11-01' });
    expect((await admin.request('GET', '/api/financial/metrics?startDate=2024-12-31&endDate=2025-01-01')).json())
      .toMatchObject({ totalRevenue: '11999.00', totalExpenses: '0.00', previousStartDate: '2024-12-29', previousEndDate: '2024-12-30' });
  });

  it('refuses half a range, an inverted one and an unknown preset with 400 and a pt-BR message', async () => {
    const half = await admin.request('GET', '/api/financial/metrics?startDate=2024-12-01');
    expect(half.statusCode).toBe(400);
    expect(half.json().message).toBe('Informe a data inicial e a data final do período');
    expect((await admin.request('GET', '/api/financial/metrics?startDate=2024-12-02&endDate=2024-12-01')).json().message).toBe('A data inicial deve ser anterior à data final');
    expect((await admin.request('GET', '/api/financial/metrics?period=semana')).statusCode).toBe(400);
  });

  it("shows each organization only its own figures, and nothing to the signed out", async () => {
    expect((await other.request('GET', '/api/financial/metrics')).json()).toMatchObject({ totalRevenue: '0.00', totalExpenses: '123.00' });
    expect((await t.app.inject({ method: 'GET', url: '/api/financial/metrics' })).statusCode).toBe(401);
  });
});

describe('charts', () => {
  it('cash flow defaults to 6 months with pt-BR labels and the three datasets', async () => {
    const body = (await viewer.request('GET', '/api/charts/cash-flow')).json();
    expect(body.labels).toEqual(['Jul/24', 'Ago/24', 'Set/24', 'Out/24', 'Nov/24', 'Dez/24']);
    expect(body.datasets).toEqual([
      // The Fluxo de Caixa definition: received revenue in, approved and completed expenses out.
      { key: 'income', label: 'Entradas', data: [0, 0, 0, 0, 7000, 8000] },
      { key: 'expenses', label: 'Saídas', data: [0, 0, 0, 0, 5000, 4000] },
      { key: 'balance', label: 'Saldo Líquido', data: [0, 0, 0, 0, 2000, 4000] },
    ]);
    const twoYears = (await viewer.request('GET', '/api/charts/cash-flow?period=2years')).json();
    expect(twoYears.labels).toHaveLength(24);
    expect(twoYears.labels[0]).toBe('Jan/23');
  });

  it('expense breakdown of the current month, largest first', async () => {
    const body = (await viewer.request('GET', '/api/charts/expense-breakdown')).json();
    expect(body).toMatchObject({ total: '4000.00', labels: ['Marketing', 'RH'], data: [2500, 1500] });
    expect(body.items[0]).toMatchObject({ category: 'marketing', amount: '2500.00', percentage: 62.5 });
  });
});

describe('GET /api/cash-flow/forecast', () => {
  it('names its method and projects the three months after December', async () => {
    const body = (await viewer.request('GET', '/api/cash-flow/forecast')).json();
    expect(body.method).toBe('Média móvel de 3 meses + recorrentes');
    expect(body.today).toBe('2024-12-31');
    expect(body.months.map((m: { label: string }) => m.label)).toEqual(['Jan/25', 'Fev/25', 'Mar/25']);
    // History: September and October are empty before the first data (November), so November alone counts.
    expect(body.historyMonths).toEqual(['2024-11']);
  });
});
