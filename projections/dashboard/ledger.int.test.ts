import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v7 } from 'uuid';
import { withTenant } from '../../app/db/tenant';
import { presetRange } from '../../domain/finance/period-range';
import { saoPauloDate } from '../../domain/shared/dates';
import { createHistory, type History } from '../../test-support/history';
import { categoryData, expenseData, revenueData } from '../../test-support/finance-events';
import { dashboardLedgerProjector } from './ledger';
import { cashFlowSeries, expenseBreakdown, financialMetrics } from './queries';

const ORG = v7();
const OTHER = v7();
const LONG = v7();
let h: History;

const metricsOf = (organizationId: string, startDate: string, endDate: string) =>
  withTenant(h.database.db, organizationId, (tx) => financialMetrics(tx, organizationId, { startDate, endDate }));

beforeAll(async () => {
  h = await createHistory([dashboardLedgerProjector]);
  const revenue = (fields: Parameters<typeof revenueData>[1]) => {
    const data = revenueData(ORG, fields);
    return h.append(`revenue-${data.revenueId}`, 'RevenueRecorded', data);
  };
  const expense = (fields: Parameters<typeof expenseData>[1], org = ORG) => {
    const data = expenseData(org, fields);
    return h.append(`expense-${data.expenseId}`, 'ExpenseRecorded', data);
  };
  const r1 = v7();
  await revenue({ revenueId: r1, amount: 5000_00n, date: '2024-11-10', status: 'received', description: 'Buffet casamento' });
  await revenue({ amount: 1000_00n, date: '2024-11-30', status: 'confirmed' });
  await revenue({ amount: 8000_00n, date: '2024-12-01', status: 'received' });
  await revenue({ amount: 2000_00n, date: '2024-12-31', status: 'confirmed' });
  await revenue({ amount: 3000_00n, date: '2024-12-15', status: 'pending' });
  await revenue({ amount: 4000_00n, date: '2024-12-20', status: 'cancelled' });
  await revenue({ amount: 7000_00n, date: '2025-01-01', status: 'received' });
  await expense({ amount: 1500_00n, date: '2024-11-05', category: 'marketing' });
  await expense({ amount: 2500_00n, date: '2024-12-10', category: 'marketing', status: 'completed' });
  await expense({ amount: 900_00n, date: '2024-12-12', status: 'pending' });
  await expense({ amount: 700_00n, date: '2024-12-20', status: 'rejected' });
  await expense({ amount: 3000_00n, date: '2024-10-31', category: 'administrative', isRecurring: true, recurringPeriod: 'monthly', recurringDuration: 4, description: 'Aluguel do escritório' });
  const gone = v7();
  await expense({ expenseId: gone, amount: 10_000_00n, date: '2024-12-05' });
  await h.append(`expense-${gone}`, 'ExpenseDeleted', { expenseId: gone, organizationId: ORG });
  // An update replaces the amount (5000 → 6000) and the status stays received.
  await h.append(`revenue-${r1}`, 'RevenueUpdated', revenueData(ORG, { revenueId: r1, amount: 6000_00n, date: '2024-11-10', status: 'received', description: 'Buffet casamento' }));
  await h.append('category-m', 'CategoryCreated', categoryData(ORG, { name: 'Marketing Digital', slug: 'marketing', color: '#ff0000' }));
  await expense({ amount: 99_999_00n, date: '2024-12-10', status: 'approved' }, OTHER);
  // Indefinite recurrences, stored once and expanded for any period however far from their start.
  await expense({ amount: 4000_00n, date: '2020-01-31', category: 'administrative', isRecurring: true, recurringPeriod: 'monthly', description: 'Aluguel' }, LONG);
  await expense({ amount: 1200_00n, date: '2020-02-29', isRecurring: true, recurringPeriod: 'yearly', description: 'Seguro' }, LONG);
  await expense({ amount: 300_00n, date: '2020-03-15', isRecurring: true, recurringPeriod: 'quarterly', description: 'Contador' }, LONG);
  await expense({ amount: 50_00n, date: '2020-01-05', isRecurring: true, recurringPeriod: 'monthly', recurringDuration: 36, description: 'Software' }, LONG);
  await h.catchUp();
});
afterAll(async () => h.close());

describe('dashboard ledger', () => {
  it('gives exactly the metrics of December 2024 and its growth against November', async () => {
    const december = await metricsOf(ORG, '2024-12-01', '2024-12-31');
    expect(december.previousRange).toEqual({ startDate: '2024-11-01', endDate: '2024-11-30' });
    // Revenue: 8000 received + 2000 confirmed (pending and cancelled left out); received 8000.
    // Expenses: 2500 completed + 3000 rent occurrence on 31 Dec (pending, rejected and deleted left out).
    expect(december.current).toEqual({ totalRevenue: 10_000_00n, receivedRevenue: 8_000_00n, totalExpenses: 5_500_00n, netProfit: 4_500_00n, cashFlow: 2_500_00n });
    // November: 6000 (updated) + 1000 confirmed; 1500 + rent 3000 on 30 Nov.
    expect(december.previous).toEqual({ totalRevenue: 7_000_00n, receivedRevenue: 6_000_00n, totalExpenses: 4_500_00n, netProfit: 2_500_00n, cashFlow: 1_500_00n });
    expect(december.growth).toEqual({ revenueGrowth: '42.9%', receivedRevenueGrowth: '33.3%', expenseGrowth: '22.2%', profitGrowth: '80%', cashFlowGrowth: '66.7%' });
  });

  it('crosses the year boundary: January 2025 compares with December 2024', async () => {
    const january = await metricsOf(ORG, '2025-01-01', '2025-01-31');
    expect(january.current).toEqual({ totalRevenue: 7_000_00n, receivedRevenue: 7_000_00n, totalExpenses: 3_000_00n, netProfit: 4_000_00n, cashFlow: 4_000_00n });
    expect(january.growth).toEqual({ revenueGrowth: '-30%', receivedRevenueGrowth: '-12.5%', expenseGrowth: '-45.5%', profitGrowth: '-11.1%', cashFlowGrowth: '60%' });
  });

  it('the cash-flow series has one pt-BR point per month and adds up to the metrics of the same range', async () => {
    const range = presetRange('3months', '2025-01-15');
    const series = await withTenant(h.database.db, ORG, (tx) => cashFlowSeries(tx, ORG, range));
    expect(series).toEqual([
      // Fluxo de Caixa: received revenue in (confirmed is not cash yet), counted expenses out.
      { month: '2024-11', label: 'Nov/24', income: 6_000_00n, expenses: 4_500_00n, balance: 1_500_00n },
      { month: '2024-12', label: 'Dez/24', income: 8_000_00n, expenses: 5_500_00n, balance: 2_500_00n },
      { month: '2025-01', label: 'Jan/25', income: 7_000_00n, expenses: 3_000_00n, balance: 4_000_00n },
    ]);
    const metrics = await metricsOf(ORG, range.startDate, range.endDate);
    expect(series.reduce((s, m) => s + m.income, 0n)).toBe(metrics.current.receivedRevenue);
    expect(series.reduce((s, m) => s + m.expenses, 0n)).toBe(metrics.current.totalExpenses);
    expect(series.reduce((s, m) => s + m.balance, 0n)).toBe(metrics.current.cashFlow);
  });

  it('a custom range clips its first and last months', async () => {
    const series = await withTenant(h.database.db, ORG, (tx) => cashFlowSeries(tx, ORG, { startDate: '2024-11-30', endDate: '2024-12-01' }));
    expect(series.map((m) => [m.label, m.income, m.expenses])).toEqual([['Nov/24', 0n, 3_000_00n], ['Dez/24', 8_000_00n, 0n]]);
  });

  it('breaks December expenses down by category with the organization names, default names as fallback', async () => {
    const items = await withTenant(h.database.db, ORG, (tx) => expenseBreakdown(tx, ORG, { startDate: '2024-12-01', endDate: '2024-12-31' }));
    expect(items).toEqual([
      { category: 'administrative', name: 'Administrativo', color: '#0ea5e9', amount: 3_000_00n },
      { category: 'marketing', name: 'Marketing Digital', color: '#ff0000', amount: 2_500_00n },
    ]);
  });

  it("never mixes tenants: the other organization's December, and row-level security behind the filter", async () => {
    expect((await metricsOf(OTHER, '2024-12-01', '2024-12-31')).current.totalExpenses).toBe(99_999_00n);
    // Asking for ORG's rows while the session is OTHER's returns nothing.
    const leaked = await withTenant(h.database.db, OTHER, (tx) => financialMetrics(tx, ORG, { startDate: '2024-12-01', endDate: '2024-12-31' }));
    expect(leaked.current.totalRevenue).toBe(0n);
  });

  it('a rebuild from the log gives the same figures, and applying an event twice changes nothing', async () => {
    const before = await metricsOf(ORG, '2024-10-01', '2025-01-31');
    await h.runner.rebuild('dashboard-ledger');
    expect(await metricsOf(ORG, '2024-10-01', '2025-01-31')).toEqual(before);
    const events = await h.eventStore.readAll({ after: 0n, limit: 1000 });
    await h.database.db.transaction(async (tx) => {
      for (const event of events) await dashboardLedgerProjector.handle(event, tx);
    });
    expect(await metricsOf(ORG, '2024-10-01', '2025-01-31')).toEqual(before);
  });

  it('an indefinite recurring expense counts in every period asked, years after the 24th month', async () => {
    // February 2028: rent on the 29th (a leap year), insurance on 29 Feb; the 36-month software ended in Dec 2022.
    expect((await metricsOf(LONG, '2028-02-01', '2028-02-29')).current.totalExpenses).toBe(5_200_00n);
    // March 2031: rent and the quarterly accountant (15 Mar, Jun, Sep, Dec).
    expect((await metricsOf(LONG, '2031-03-01', '2031-03-31')).current.totalExpenses).toBe(4_300_00n);
    const series = await withTenant(h.database.db, LONG, (tx) => cashFlowSeries(tx, LONG, { startDate: '2022-11-01', endDate: '2023-02-28' }));
    expect(series.map((m) => m.expenses)).toEqual([4_050_00n, 4_350_00n, 4_000_00n, 5_200_00n]);
    const items = await withTenant(h.database.db, LONG, (tx) => expenseBreakdown(tx, LONG, { startDate: '2040-01-01', endDate: '2040-12-31' }));
    expect(items.map((i) => [i.category, i.amount])).toEqual([['administrative', 48_000_00n], ['operational', 2_400_00n]]);
  });

  it('São Paulo decides the current month: 02:30 UTC on 1 January 2025 is still December 2024 there', () => {
    expect(presetRange('current-month', saoPauloDate(new Date('2025-01-01T02:30:00Z')))).toEqual({ startDate: '2024-12-01', endDate: '2024-12-31' });
  });
});
