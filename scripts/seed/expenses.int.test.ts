import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedTenant, type TestApp } from '../../test-support/app';
import { demoBudgets, demoExpenses, seedMoneyOut, spentThisMonth } from './expenses';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('demo money-out data', () => {
  it('spans the last 12 months, with recurring expenses and an open current month', () => {
    const expenses = demoExpenses('2025-06-10');
    const months = new Set(expenses.map((e) => e.date.slice(0, 7)));
    expect(months.size).toBe(12);
    expect([...months].sort()[0]).toBe('2024-07');
    expect(expenses.every((e) => e.date <= '2025-06-10' && e.amount > 0n)).toBe(true);
    expect(expenses.filter((e) => e.isRecurring).map((e) => e.description)).toContain('Aluguel do escritório e da loja');
    expect(expenses.some((e) => e.description === 'Café e lanches da equipe')).toBe(true);
  });

  it('sizes this month\'s budgets so that one is in warning and one exceeded, whatever the day', () => {
    for (const today of ['2025-06-01', '2025-06-10', '2025-02-28', '2025-12-31']) {
      const spent = spentThisMonth(demoExpenses(today), today);
      const budgets = demoBudgets(spent);
      const share = (category: string) => {
        const b = budgets.find((x) => x.category === category)!;
        return Number(((spent.get(b.category) ?? 0n) * 1000n) / b.budgetAmount) / 10;
      };
      expect(share('operacional'), today).toBeGreaterThanOrEqual(80);
      expect(share('operacional'), today).toBeLessThan(100);
      expect(share('marketing'), today).toBeGreaterThanOrEqual(100);
      expect(share('rh'), today).toBeLessThan(80);
    }
  });

  it('records the expenses, categories and budgets through the use cases', async () => {
    const { organizationId, admin } = await seedTenant(t, 'Demo Despesas', []);
    await seedMoneyOut(t.deps, { organizationId, adminUserId: admin.userId, now: new Date() });
    const list = await admin.request('GET', '/api/expenses?range=[0,0]');
    expect(Number(String(list.headers['content-range']).split('/')[1])).toBeGreaterThan(100);
    const categories = (await admin.request('GET', '/api/categories')).json() as { slug: string; name: string }[];
    expect(categories.map((c) => c.slug)).toEqual(expect.arrayContaining(['suppliers', 'taxes', 'embalagens', 'operational']));
    // No name twice: the demo's suppliers and taxes are the default categories, not copies of them.
    expect(new Set(categories.map((c) => c.name)).size).toBe(categories.length);
    const budgets = (await admin.request('GET', '/api/budgets')).json();
    const health = Object.fromEntries(budgets.filter((b: { period: string }) => b.period === 'monthly').map((b: { category: string; health: string }) => [b.category, b.health]));
    expect(health).toMatchObject({ operacional: 'warning', marketing: 'exceeded', rh: 'good' });
    const withReceipt = (await admin.request('GET', `/api/expenses?filter=${encodeURIComponent('{"q":"Gráfica"}')}`)).json()[0];
    const file = await admin.request('GET', withReceipt.attachmentUrl);
    expect(file.headers['content-type']).toBe('application/pdf');
  });
});
