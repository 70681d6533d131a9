import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedTenant, type Client, type TestApp } from '../../test-support/app';

// "Today" is 15 May 2025 in São Paulo: the month is May, the quarter April–June, the year 2025.
const NOW = new Date('2025-05-15T15:00:00Z');

let t: TestApp;
let acme: Awaited<ReturnType<typeof seedTenant>>;
let other: Awaited<ReturnType<typeof seedTenant>>;
let admin: Client;
let viewer: Client;

beforeAll(async () => {
  t = await createTestApp({ clock: () => NOW });
  acme = await seedTenant(t, 'Acme Orçamentos');
  other = await seedTenant(t, 'Outra Orçamentos');
  admin = acme.admin;
  viewer = acme.users[0];
});
afterAll(async () => t.close());

async function post(client: Client, url: string, body: Record<string, unknown>) {
  const response = await client.request('POST', url, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}
const spend = (client: Client, body: Record<string, unknown>) => post(client, '/api/expenses', { description: 'Despesa', status: 'approved', ...body });

describe('budgets API', () => {
  it('creates a budget, monthly by default, with nothing spent yet', async () => {
    const tenant = await seedTenant(t, 'Orçamento Novo', []);
    const response = await tenant.admin.request('POST', '/api/budgets', { category: 'vendas', budgetAmount: 5000 });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      category: 'vendas', budgetAmount: '5000.00', spentAmount: '0.00', remainingAmount: '5000.00', percentage: 0, health: 'good',
      period: 'monthly', periodStart: '2025-05-01', periodEnd: '2025-05-31',
    });
  });

  it('counts an indefinite recurring expense started years ago in this period (past its 24th month)', async () => {
    const tenant = await seedTenant(t, 'Aluguel Antigo', []);
    await spend(tenant.admin, { description: 'Aluguel', amount: '3000', category: 'administrative', date: '2021-01-31', isRecurring: true, recurringPeriod: 'monthly' });
    await spend(tenant.admin, { description: 'Licença', amount: '500', category: 'technology', date: '2021-04-10', isRecurring: true, recurringPeriod: 'yearly' });
    await spend(tenant.admin, { description: 'Contrato encerrado', amount: '700', category: 'administrative', date: '2021-01-05', isRecurring: true, recurringPeriod: 'monthly', recurringDuration: 24 });
    const admin = await post(tenant.admin, '/api/budgets', { category: 'administrativo', budgetAmount: 4000 });
    expect(admin).toMatchObject({ spentAmount: '3000.00', percentage: 75, periodStart: '2025-05-01' });
    const yearly = await post(tenant.admin, '/api/budgets', { category: 'tecnologia', budgetAmount: 1000, period: 'quarterly' });
    expect(yearly).toMatchObject({ spentAmount: '500.00', periodStart: '2025-04-01', periodEnd: '2025-06-30' });
  });

  it('accepts the nine categories of the spec, sent lowercase', async () => {
    const tenant = await seedTenant(t, 'Nove Categorias', []);
    for (const category of ['operacional', 'marketing', 'tecnologia', 'rh', 'administrativo', 'vendas', 'fornecedores', 'impostos', 'investimento']) {
      await post(tenant.admin, '/api/budgets', { category, budgetAmount: '100.00', period: 'yearly' });
    }
    expect((await tenant.admin.request('GET', '/api/budgets')).headers['content-range']).toBe('budgets 0-8/9');
  });

  it('validates with pt-BR messages', async () => {
    const category = await admin.request('POST', '/api/budgets', { category: 'lazer', budgetAmount: '100' });
    expect(category.statusCode).toBe(400);
    expect(category.json().message).toContain('Categoria inválida');
    const amount = await admin.request('POST', '/api/budgets', { category: 'marketing' });
    expect(amount.statusCode).toBe(400);
    expect(amount.json().message).toContain('Valor do orçamento é obrigatório');
    const text = await admin.request('POST', '/api/budgets', { category: 'marketing', budgetAmount: 'mil' });
    expect(text.statusCode).toBe(400);
    const period = await admin.request('POST', '/api/budgets', { category: 'marketing', budgetAmount: '10', period: 'weekly' });
    expect(period.statusCode).toBe(400);
    expect(period.json().message).toContain('Período inválido');
  });

  it('spends what approved and completed expenses of the category cost in the current month; warning at 80%', async () => {
    const tenant = await seedTenant(t, 'Gasto Mensal', []);
    const budget = await post(tenant.admin, '/api/budgets', { category: 'marketing', budgetAmount: '1000.00' });
    await spend(tenant.admin, { amount: '500.00', category: 'marketing', date: '2025-05-02' });
    await spend(tenant.admin, { amount: '350.00', category: 'marketing', date: '2025-05-14', status: 'completed' });
    await spend(tenant.admin, { amount: '900.00', category: 'marketing', date: '2025-05-10', status: 'pending' });
    await spend(tenant.admin, { amount: '900.00', category: 'marketing', date: '2025-05-10', status: 'rejected' });
    await spend(tenant.admin, { amount: '900.00', category: 'marketing', date: '2025-04-30' });
    await spend(tenant.admin, { amount: '900.00', category: 'technology', date: '2025-05-10' });
    const response = await tenant.admin.request('GET', `/api/budgets/${budget.id}`);
    expect(response.json()).toMatchObject({ spentAmount: '850.00', remainingAmount: '150.00', percentage: 85, health: 'warning' });
  });

  it('matches each of the nine budget categories with expenses of its default category (taxes → impostos, …)', async () => {
    const tenant = await seedTenant(t, 'Mapeamento', []);
    const pairs: [string, string][] = [
      ['operacional', 'operational'], ['rh', 'hr'], ['tecnologia', 'technology'], ['administrativo', 'administrative'], ['marketing', 'marketing'],
      ['vendas', 'sales'], ['fornecedores', 'suppliers'], ['impostos', 'taxes'], ['investimento', 'investment'],
    ];
    for (const [budgetCategory, expenseCategory] of pairs) {
      await post(tenant.admin, '/api/budgets', { category: budgetCategory, budgetAmount: '100.00' });
      await spend(tenant.admin, { amount: '10.00', category: expenseCategory, date: '2025-05-05' });
    }
    const budgets = (await tenant.admin.request('GET', '/api/budgets')).json();
    expect(budgets.map((b: { category: string; spentAmount: string }) => [b.category, b.spentAmount]).sort()).toEqual(
      pairs.map(([c]) => [c, '10.00']).sort());
  });

  it('counts the occurrences of recurring expenses that fall in the period, and is exceeded at 100%', async () => {
    const tenant = await seedTenant(t, 'Recorrentes', []);
    const monthly = await post(tenant.admin, '/api/budgets', { category: 'administrativo', budgetAmount: '3000.00' });
    const quarterly = await post(tenant.admin, '/api/budgets', { category: 'administrativo', budgetAmount: '12000.00', period: 'quarterly' });
    // Rent since February, indefinitely: one occurrence in May, three in April–June.
    await spend(tenant.admin, { description: 'Aluguel do escritório', amount: '3000.00', category: 'administrative', date: '2025-02-05', isRecurring: true, recurringPeriod: 'monthly', expenseType: 'fixed' });
    // Ended in March: nothing in May.
    await spend(tenant.admin, { amount: '999.00', category: 'administrative', date: '2025-01-10', isRecurring: true, recurringPeriod: 'monthly', recurringEndDate: '2025-03-31' });
    const m = (await tenant.admin.request('GET', `/api/budgets/${monthly.id}`)).json();
    expect(m).toMatchObject({ spentAmount: '3000.00', percentage: 100, health: 'exceeded' });
    const q = (await tenant.admin.request('GET', `/api/budgets/${quarterly.id}`)).json();
    expect(q).toMatchObject({ spentAmount: '9000.00', periodStart: '2025-04-01', periodEnd: '2025-06-30', percentage: 75, health: 'good' });
  });

  it('moves when an expense changes status or is deleted', async () => {
    const tenant = await seedTenant(t, 'Movimento', []);
    const budget = await post(tenant.admin, '/api/budgets', { category: 'tecnologia', budgetAmount: '1000.00' });
    const e = await spend(tenant.admin, { amount: '400.00', category: 'technology', date: '2025-05-03' });
    const spent = async () => (await tenant.admin.request('GET', `/api/budgets/${budget.id}`)).json().spentAmount;
    expect(await spent()).toBe('400.00');
    await tenant.admin.request('PUT', `/api/expenses/${e.id}`, { status: 'rejected' });
    expect(await spent()).toBe('0.00');
    await tenant.admin.request('PUT', `/api/expenses/${e.id}`, { status: 'approved', amount: '1200.00' });
    expect(await spent()).toBe('1200.00');
    await tenant.admin.request('DELETE', `/api/expenses/${e.id}`);
    expect(await spent()).toBe('0.00');
  });

  it('updates and deletes a budget', async () => {
    const budget = await post(admin, '/api/budgets', { category: 'fornecedores', budgetAmount: '2000.00' });
    const updated = await admin.request('PUT', `/api/budgets/${budget.id}`, { ...budget, budgetAmount: '2500.00', period: 'yearly' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ budgetAmount: '2500.00', period: 'yearly', periodStart: '2025-01-01', periodEnd: '2025-12-31' });
    const deleted = await admin.request('DELETE', `/api/budgets/${budget.id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await admin.request('GET', `/api/budgets/${budget.id}`)).statusCode).toBe(404);
  });

  it('refuses a second budget for the same category and period with 409 and a pt-BR message, writing nothing', async () => {
    const tenant = await seedTenant(t, 'Duplicado', []);
    const first = await post(tenant.admin, '/api/budgets', { category: 'marketing', budgetAmount: '1000.00' });
    const again = await tenant.admin.request('POST', '/api/budgets', { category: 'marketing', budgetAmount: '2000.00', period: 'monthly' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Já existe um orçamento mensal para Marketing. Edite o orçamento existente em vez de criar outro.');
    // Another period of the same category is a different budget.
    const quarterly = await post(tenant.admin, '/api/budgets', { category: 'marketing', budgetAmount: '3000.00', period: 'quarterly' });
    // Moving a budget onto a taken category and period is refused too; moving it elsewhere frees its old slot.
    const moved = await tenant.admin.request('PUT', `/api/budgets/${quarterly.id}`, { period: 'monthly' });
    expect(moved.statusCode).toBe(409);
    expect((await tenant.admin.request('PUT', `/api/budgets/${first.id}`, { category: 'vendas' })).statusCode).toBe(200);
    await post(tenant.admin, '/api/budgets', { category: 'marketing', budgetAmount: '500.00' });
    const budgets = (await tenant.admin.request('GET', '/api/budgets')).json();
    expect(budgets.map((b: { category: string; period: string; budgetAmount: string }) => `${b.category}/${b.period}/${b.budgetAmount}`).sort())
      .toEqual(['marketing/monthly/500.00', 'marketing/quarterly/3000.00', 'vendas/monthly/1000.00']);
    // Deleting frees the category and period.
    await tenant.admin.request('DELETE', `/api/budgets/${first.id}`);
    await post(tenant.admin, '/api/budgets', { category: 'vendas', budgetAmount: '700.00' });
  });

  it('sorts, pages, filters by health and summarizes on the server', async () => {
    const tenant = await seedTenant(t, 'Resumo', []);
    await post(tenant.admin, '/api/budgets', { category: 'marketing', budgetAmount: '1000.00' });
    await post(tenant.admin, '/api/budgets', { category: 'rh', budgetAmount: '1000.00' });
    await post(tenant.admin, '/api/budgets', { category: 'vendas', budgetAmount: '1000.00' });
    await spend(tenant.admin, { amount: '900.00', category: 'marketing', date: '2025-05-05' });
    await spend(tenant.admin, { amount: '1100.00', category: 'hr', date: '2025-05-05' });
    const page = await tenant.admin.request('GET', '/api/budgets?sort=["percentage","DESC"]&range=[0,1]');
    expect(page.headers['content-range']).toBe('budgets 0-1/3');
    expect(page.json().map((b: { category: string; health: string }) => [b.category, b.health])).toEqual([['rh', 'exceeded'], ['marketing', 'warning']]);
    const warning = (await tenant.admin.request('GET', '/api/budgets?filter={"health":"warning"}')).json();
    expect(warning.map((b: { category: string }) => b.category)).toEqual(['marketing']);
    const summary = (await tenant.admin.request('GET', '/api/budgets/summary')).json();
    expect(summary).toEqual({ count: 3, totalBudget: '3000.00', totalSpent: '2000.00', totalRemaining: '1000.00', goodCount: 1, warningCount: 1, exceededCount: 1 });
  });

  it('answers 404 for another tenant\'s budget', async () => {
    const theirs = await post(other.admin, '/api/budgets', { category: 'impostos', budgetAmount: '800.00' });
    expect((await admin.request('GET', `/api/budgets/${theirs.id}`)).statusCode).toBe(404);
    expect((await admin.request('PUT', `/api/budgets/${theirs.id}`, { budgetAmount: '1.00' })).statusCode).toBe(404);
    expect((await admin.request('DELETE', `/api/budgets/${theirs.id}`)).statusCode).toBe(404);
    expect((await admin.request('GET', '/api/budgets')).json().some((b: { id: string }) => b.id === theirs.id)).toBe(false);
  });

  it('lets a view-only user read but not write (403)', async () => {
    const mine = await post(admin, '/api/budgets', { category: 'investimento', budgetAmount: '800.00' });
    expect((await viewer.request('GET', '/api/budgets')).statusCode).toBe(200);
    expect((await viewer.request('POST', '/api/budgets', { category: 'rh', budgetAmount: '1.00' })).statusCode).toBe(403);
    expect((await viewer.request('PUT', `/api/budgets/${mine.id}`, { budgetAmount: '1.00' })).statusCode).toBe(403);
    expect((await viewer.request('DELETE', `/api/budgets/${mine.id}`)).statusCode).toBe(403);
  });
});
