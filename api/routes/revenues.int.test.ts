import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../app/context';
import { recordRevenue } from '../../app/finance/revenues';
import { createSuperAdmin, createTestApp, seedTenant, type Client, type TestApp } from '../../test-support/app';

let t: TestApp;
let admin: Client;
let viewer: Client;
let organizationId: string;
let other: Client;

beforeAll(async () => {
  t = await createTestApp();
  const tenant = await seedTenant(t, 'Padaria Receitas', [{ role: 'user' }]);
  ({ admin, organizationId } = tenant);
  viewer = tenant.users[0];
  other = (await seedTenant(t, 'Outra Empresa', [])).admin;
});
afterAll(async () => t.close());

const consultoria = { description: 'Consultoria tributária', amount: '8500.50', category: 'consulting', status: 'received', date: '2025-03-10' };

describe('revenues API', () => {
  it('creates a revenue (201) with a pending default status and lists it', async () => {
    const created = await admin.request('POST', '/api/revenues', { description: 'Venda de bolos para evento', amount: 1234.5, date: '2025-04-02', category: 'products' });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({ description: 'Venda de bolos para evento', amount: '1234.50', category: 'products', status: 'pending', date: '2025-04-02', source: null });
    const list = await admin.request('GET', '/api/revenues');
    expect(list.statusCode).toBe(200);
    expect(list.json().map((r: { id: string }) => r.id)).toContain(body.id);
    expect(list.headers['content-range']).toMatch(/^revenues 0-\d+\/\d+$/);
    const one = await admin.request('GET', `/api/revenues/${body.id}`);
    expect(one.json()).toEqual(body);
  });

  it('defaults the category to other', async () => {
    const created = await admin.request('POST', '/api/revenues', { description: 'Receita diversa', amount: '10', date: '2025-04-03' });
    expect(created.json()).toMatchObject({ category: 'other', amount: '10.00' });
  });

  it('refuses missing fields with the spec messages', async () => {
    const empty = await admin.request('POST', '/api/revenues', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toMatchObject({ description: 'Descrição é obrigatória', amount: 'Valor é obrigatório', date: 'Data é obrigatória' });
    const blank = await admin.request('POST', '/api/revenues', { description: '  ', amount: '', date: '' });
    expect(blank.json().fields).toMatchObject({ description: 'Descrição é obrigatória', amount: 'Valor é obrigatório', date: 'Data é obrigatória' });
  });

  it('refuses invalid values', async () => {
    const response = await admin.request('POST', '/api/revenues', { description: 'X', amount: '12.345', date: '2025-02-30', category: 'salario', status: 'paid' });
    expect(response.statusCode).toBe(400);
    const fields = response.json().fields;
    expect(fields.amount).toBe('Valor inválido: use um número com até duas casas decimais');
    expect(fields.date).toBe('Data inválida');
    expect(fields.category).toMatch(/^Categoria inválida/);
    expect(fields.status).toMatch(/^Status inválido/);
    const zero = await admin.request('POST', '/api/revenues', { description: 'X', amount: 0, date: '2025-02-10' });
    expect(zero.json().fields.amount).toBe('O valor deve ser maior que zero');
  });

  it('updates with the whole record as react-admin sends it, or with some fields', async () => {
    const { id } = (await admin.request('POST', '/api/revenues', consultoria)).json();
    const record = (await admin.request('GET', `/api/revenues/${id}`)).json();
    const full = await admin.request('PUT', `/api/revenues/${id}`, { ...record, amount: 9000, status: 'confirmed' });
    expect(full.statusCode).toBe(200);
    expect(full.json()).toMatchObject({ id, amount: '9000.00', status: 'confirmed', description: 'Consultoria tributária' });
    const partial = await admin.request('PUT', `/api/revenues/${id}`, { status: 'cancelled' });
    expect(partial.json()).toMatchObject({ status: 'cancelled', amount: '9000.00' });
    const invalid = await admin.request('PUT', `/api/revenues/${id}`, { description: '' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fields.description).toBe('Descrição é obrigatória');
  });

  it('deletes a revenue, answering with the deleted record; then it is gone', async () => {
    const { id } = (await admin.request('POST', '/api/revenues', consultoria)).json();
    const deleted = await admin.request('DELETE', `/api/revenues/${id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().id).toBe(id);
    expect((await admin.request('GET', `/api/revenues/${id}`)).statusCode).toBe(404);
    expect((await admin.request('DELETE', `/api/revenues/${id}`)).statusCode).toBe(404);
  });

  it("answers 404 for another tenant's revenue, on read, update and delete", async () => {
    const { id } = (await admin.request('POST', '/api/revenues', consultoria)).json();
    for (const [method, body] of [['GET', undefined], ['PUT', { status: 'received' }], ['DELETE', undefined]] as const) {
      const response = await other.request(method, `/api/revenues/${id}`, body);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Receita não encontrada');
    }
    expect((await other.request('GET', '/api/revenues')).json().map((r: { id: string }) => r.id)).not.toContain(id);
    expect((await admin.request('GET', `/api/revenues/${id}`)).json().status).toBe('received');
    expect((await admin.request('GET', '/api/revenues/nao-e-um-id')).statusCode).toBe(404);
  });

  it('lets a view-only user read but answers 403 to every write', async () => {
    const { id } = (await admin.request('POST', '/api/revenues', consultoria)).json();
    expect((await viewer.request('GET', '/api/revenues')).statusCode).toBe(200);
    expect((await viewer.request('GET', `/api/revenues/${id}`)).statusCode).toBe(200);
    expect((await viewer.request('POST', '/api/revenues', consultoria)).statusCode).toBe(403);
    expect((await viewer.request('PUT', `/api/revenues/${id}`, { status: 'pending' })).statusCode).toBe(403);
    expect((await viewer.request('DELETE', `/api/revenues/${id}`)).statusCode).toBe(403);
    expect((await viewer.request('POST', '/api/revenues', {})).statusCode).toBe(403);
  });

  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/revenues' })).statusCode).toBe(401);
  });

  it('lets a super admin without an organization see 403 (must impersonate first)', async () => {
    const root = await createSuperAdmin(t);
    expect((await root.request('GET', '/api/revenues')).statusCode).toBe(403);
  });
});

describe('revenues list parameters and cards', () => {
  let tenant: Client;
  beforeAll(async () => {
    tenant = (await seedTenant(t, 'Lista Receitas', [])).admin;
    const rows = [
      { description: 'Assinatura mensal — Plano Ouro', amount: '300.00', category: 'subscriptions', status: 'received', date: '2025-01-05' },
      { description: 'Consultoria de processos', amount: '4500.00', category: 'consulting', status: 'pending', date: '2025-02-10' },
      { description: 'Venda de pães no atacado', amount: '1200.00', category: 'products', status: 'received', date: '2025-03-15' },
      { description: 'Serviço de buffet', amount: '2800.00', category: 'services', status: 'confirmed', date: '2025-03-20' },
      { description: 'Serviço de café da manhã', amount: '950.00', category: 'services', status: 'pending', date: '2025-04-01' },
    ];
    for (const row of rows) expect((await tenant.request('POST', '/api/revenues', row)).statusCode).toBe(201);
  });
  const q = (params: Record<string, unknown>) =>
    '?' + new URLSearchParams(Object.fromEntries(Object.entries(params).map(([k, v]) => [k, JSON.stringify(v)]))).toString();

  it('sorts by date descending by default, and by any listed field', async () => {
    expect((await tenant.request('GET', '/api/revenues')).json().map((r: { date: string }) => r.date)).toEqual(['2025-04-01', '2025-03-20', '2025-03-15', '2025-02-10', '2025-01-05']);
    const byAmount = await tenant.request('GET', `/api/revenues${q({ sort: ['amount', 'ASC'] })}`);
    expect(byAmount.json().map((r: { amount: string }) => r.amount)).toEqual(['300.00', '950.00', '1200.00', '2800.00', '4500.00']);
    const bad = await tenant.request('GET', `/api/revenues${q({ sort: ['organization_id', 'ASC'] })}`);
    expect(bad.statusCode).toBe(400);
  });

  it('pages with range and reports the total in Content-Range', async () => {
    const page = await tenant.request('GET', `/api/revenues${q({ sort: ['date', 'ASC'], range: [2, 3] })}`);
    expect(page.json().map((r: { date: string }) => r.date)).toEqual(['2025-03-15', '2025-03-20']);
    expect(page.headers['content-range']).toBe('revenues 2-3/5');
  });

  it('filters by text (accent-insensitive), status, category, ids and dates', async () => {
    const text = await tenant.request('GET', `/api/revenues${q({ filter: { q: 'servico' } })}`);
    expect(text.json()).toHaveLength(2);
    const status = await tenant.request('GET', `/api/revenues${q({ filter: { status: 'received' } })}`);
    expect(status.json().map((r: { description: string }) => r.description).sort()).toEqual(['Assinatura mensal — Plano Ouro', 'Venda de pães no atacado']);
    const categories = await tenant.request('GET', `/api/revenues${q({ filter: { category: ['services', 'consulting'] } })}`);
    expect(categories.headers['content-range']).toBe('revenues 0-2/3');
    const dates = await tenant.request('GET', `/api/revenues${q({ filter: { date_gte: '2025-02-01', date_lte: '2025-03-31' } })}`);
    expect(dates.json()).toHaveLength(3);
    const ids = (await tenant.request('GET', '/api/revenues')).json().slice(0, 2).map((r: { id: string }) => r.id);
    const many = await tenant.request('GET', `/api/revenues${q({ filter: { id: ids } })}`);
    expect(many.json().map((r: { id: string }) => r.id).sort()).toEqual([...ids].sort());
    const badDate = await tenant.request('GET', `/api/revenues${q({ filter: { date_gte: '01/02/2025' } })}`);
    expect(badDate.statusCode).toBe(400);
  });

  it('summarizes the cards: total of amounts, pending and received counts', async () => {
    const summary = await tenant.request('GET', '/api/revenues/summary');
    expect(summary.json()).toEqual({ totalAmount: '9750.00', count: 5, pendingCount: 2, receivedCount: 2 });
    const filtered = await tenant.request('GET', `/api/revenues/summary${q({ filter: { category: 'services' } })}`);
    expect(filtered.json()).toEqual({ totalAmount: '3750.00', count: 2, pendingCount: 1, receivedCount: 0 });
  });

  it('leaves cancelled revenues out of the total', async () => {
    const created = await tenant.request('POST', '/api/revenues', { description: 'Pedido cancelado pelo cliente', amount: '500.00', category: 'products', status: 'cancelled', date: '2025-03-22' });
    expect(created.statusCode).toBe(201);
    const summary = await tenant.request('GET', '/api/revenues/summary');
    expect(summary.json()).toEqual({ totalAmount: '9750.00', count: 6, pendingCount: 2, receivedCount: 2 });
    await tenant.request('DELETE', `/api/revenues/${created.json().id}`);
  });
});

describe('recordRevenue for imports', () => {
  it('records a deterministic id exactly once and returns the existing revenue the second time', async () => {
    const context = { ...systemContext(new Date()), organizationId };
    const revenueId = '0190a000-0000-7000-8000-00000000beef';
    const input = { description: 'PIX recebido — Mercado Central', amount: 780_00n, date: '2025-05-02', category: 'products' as const, source: { kind: 'ofx' as const, importedTransactionId: 'imp-42' } };
    const first = await recordRevenue(t.deps, input, context, { revenueId });
    expect(first.created).toBe(true);
    const second = await recordRevenue(t.deps, { ...input, amount: 1n }, context, { revenueId });
    expect(second).toEqual({ created: false, revenue: first.revenue });
    expect((await t.deps.eventStore.readStream(`revenue-${revenueId}`)).length).toBe(1);
    const listed = (await admin.request('GET', `/api/revenues/${revenueId}`)).json();
    expect(listed).toMatchObject({ amount: '780.00', source: 'ofx', status: 'pending' });
  });
});
