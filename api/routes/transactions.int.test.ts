import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleCommand } from '../../app/commands/handle-command';
import { metadataFor, systemContext, type ActorContext } from '../../app/context';
import { encodeEvent } from '../../app/eventstore/codec';
import { newId } from '../../app/ids';
import { expense, type Expense } from '../../domain/finance/expense';
import { createTestApp, seedTenant, type Client, type TestApp } from '../../test-support/app';

let t: TestApp;
let admin: Client;
let viewer: Client;
let other: Client;
let context: ActorContext;

const expenseOf = (organizationId: string, overrides: Partial<Expense>): Expense => ({
  expenseId: newId(), organizationId, description: 'Aluguel da loja', amount: 3_500_00n, category: 'operacional', status: 'approved', date: '2025-03-05',
  expenseType: 'fixed', isRecurring: true, recurringPeriod: 'monthly', recurringDuration: null, recurringEndDate: null, attachment: null, source: null,
  ...overrides,
});

/** Expenses are another feature's aggregate: written here through its decider, as its use case does. */
async function recordExpense(data: Expense): Promise<void> {
  const result = await handleCommand(t.deps.eventStore, `expense-${data.expenseId}`, expense, { type: 'RecordExpense', data }, context);
  await t.deps.waitForProjections(result.position);
}

beforeAll(async () => {
  t = await createTestApp();
  const tenant = await seedTenant(t, 'Razao Ltda', [{ role: 'user' }]);
  admin = tenant.admin;
  viewer = tenant.users[0];
  other = (await seedTenant(t, 'Outra Razao', [])).admin;
  context = { ...systemContext(new Date(), tenant.organizationId), actorUserId: admin.userId };

  for (const revenue of [
    { description: 'Consultoria financeira', amount: '5000.00', category: 'consulting', status: 'received', date: '2025-03-10' },
    { description: 'Venda de bolos', amount: '800.00', category: 'products', status: 'confirmed', date: '2025-03-20' },
    { description: 'Contrato cancelado', amount: '1500.00', category: 'services', status: 'cancelled', date: '2025-04-02' },
    { description: 'Serviço pendente', amount: '700.00', category: 'services', status: 'pending', date: '2025-02-15' },
  ]) expect((await admin.request('POST', '/api/revenues', revenue)).statusCode).toBe(201);
  await recordExpense(expenseOf(tenant.organizationId, {}));
  await recordExpense(expenseOf(tenant.organizationId, { description: 'Fornecedor de farinha', amount: 1_200_00n, category: 'fornecedores', status: 'rejected', date: '2025-03-25', expenseType: 'variable', isRecurring: false, recurringPeriod: null }));
  // An event written before categories were required: the ledger shows the spec's fallback.
  const legacy = expenseOf(tenant.organizationId, { description: 'Tarifa bancária', amount: 45_90n, category: '', date: '2025-03-28', isRecurring: false, recurringPeriod: null, expenseType: 'variable' });
  const appended = await t.deps.eventStore.append(`expense-${legacy.expenseId}`, [encodeEvent({ type: 'ExpenseRecorded', data: legacy })], { expectedRevision: 'no_stream', metadata: metadataFor(context) });
  await t.deps.waitForProjections(appended.position);
});
afterAll(async () => t.close());

type Tx = { description: string; type: string; category: string; status: string; amount: string; date: string; expenseType: string | null; isRecurring: boolean; recurringPeriod: string | null };

describe('transactions ledger API', () => {
  it('lists revenues and expenses in one ledger, newest first, with the spec fields', async () => {
    const response = await admin.request('GET', '/api/transactions');
    expect(response.statusCode).toBe(200);
    const rows: Tx[] = response.json();
    expect(rows.map((r) => r.date)).toEqual(['2025-04-02', '2025-03-28', '2025-03-25', '2025-03-20', '2025-03-10', '2025-03-05', '2025-02-15']);
    expect(rows.find((r) => r.description === 'Aluguel da loja')).toMatchObject({
      type: 'expense', amount: '3500.00', category: 'operacional', status: 'approved', expenseType: 'fixed', isRecurring: true, recurringPeriod: 'monthly',
    });
    expect(rows.find((r) => r.description === 'Consultoria financeira')).toMatchObject({
      type: 'income', amount: '5000.00', category: 'consulting', expenseType: null, isRecurring: false, recurringPeriod: null,
    });
    expect(response.headers['content-range']).toBe('transactions 0-6/7');
  });

  it('maps revenue statuses onto the transaction scale and keeps cancelled and rejected entries', async () => {
    const rows: Tx[] = (await admin.request('GET', '/api/transactions')).json();
    const status = (description: string) => rows.find((r) => r.description === description)?.status;
    expect(status('Serviço pendente')).toBe('pending');
    expect(status('Venda de bolos')).toBe('approved');
    expect(status('Consultoria financeira')).toBe('completed');
    expect(status('Contrato cancelado')).toBe('rejected');
    expect(status('Fornecedor de farinha')).toBe('rejected');
  });

  it("falls back to 'Outras Despesas' for an expense without a category", async () => {
    const rows: Tx[] = (await admin.request('GET', '/api/transactions')).json();
    expect(rows.find((r) => r.description === 'Tarifa bancária')?.category).toBe('Outras Despesas');
  });

  it('limits to startDate and endDate (inclusive) and refuses malformed or inverted dates', async () => {
    const march = await admin.request('GET', '/api/transactions?startDate=2025-03-01&endDate=2025-03-25');
    expect(march.json().map((r: Tx) => r.date)).toEqual(['2025-03-25', '2025-03-20', '2025-03-10', '2025-03-05']);
    const fromApril = await admin.request('GET', '/api/transactions?startDate=2025-04-01');
    expect(fromApril.json()).toHaveLength(1);
    const bad = await admin.request('GET', '/api/transactions?startDate=03/2025');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Data inválida/);
    const inverted = await admin.request('GET', '/api/transactions?startDate=2025-04-01&endDate=2025-03-01');
    expect(inverted.statusCode).toBe(400);
  });

  it('sorts, pages and filters with react-admin parameters', async () => {
    const incomeOnly = await admin.request('GET', `/api/transactions?filter=${encodeURIComponent('{"type":"income"}')}&sort=${encodeURIComponent('["amount","DESC"]')}&range=${encodeURIComponent('[0,1]')}`);
    expect(incomeOnly.json().map((r: Tx) => r.amount)).toEqual(['5000.00', '1500.00']);
    expect(incomeOnly.headers['content-range']).toBe('transactions 0-1/4');
    const fallback = await admin.request('GET', `/api/transactions?filter=${encodeURIComponent('{"category":"Outras Despesas"}')}`);
    expect(fallback.json().map((r: Tx) => r.description)).toEqual(['Tarifa bancária']);
  });

  it('follows updates and deletions of revenues', async () => {
    const { id } = (await admin.request('POST', '/api/revenues', { description: 'Assinatura anual', amount: 1200, date: '2025-05-01', category: 'subscriptions' })).json();
    await admin.request('PUT', `/api/revenues/${id}`, { status: 'received', amount: 1300 });
    expect((await admin.request('GET', '/api/transactions?startDate=2025-05-01')).json()).toEqual([expect.objectContaining({ id, amount: '1300.00', status: 'completed' })]);
    await admin.request('DELETE', `/api/revenues/${id}`);
    expect((await admin.request('GET', '/api/transactions?startDate=2025-05-01')).json()).toEqual([]);
  });

  it("shows a tenant only its own entries; view-only users may read", async () => {
    expect((await other.request('GET', '/api/transactions')).json()).toEqual([]);
    expect((await viewer.request('GET', '/api/transactions')).json()).toHaveLength(7);
    expect((await t.app.inject({ method: 'GET', url: '/api/transactions' })).statusCode).toBe(401);
  });
});
