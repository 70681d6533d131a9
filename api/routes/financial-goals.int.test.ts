import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedTenant, type Client, type TestApp } from '../../test-support/app';

let t: TestApp;
let admin: Client;
let viewer: Client;
let other: Client;

beforeAll(async () => {
  t = await createTestApp();
  const tenant = await seedTenant(t, 'Metas Ltda', [{ role: 'user' }]);
  admin = tenant.admin;
  viewer = tenant.users[0];
  other = (await seedTenant(t, 'Vizinha Ltda', [])).admin;
});
afterAll(async () => t.close());

const reserva = { name: 'Reserva de emergência', targetAmount: '50000', targetDate: '2026-12-31', category: 'emergency_fund' };

describe('financial goals API', () => {
  it('creates a goal (201): active, nothing saved yet, progress 0', async () => {
    const response = await admin.request('POST', '/api/financial-goals', reserva);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      name: 'Reserva de emergência', category: 'emergency_fund', targetAmount: '50000.00', currentAmount: '0.00', remainingAmount: '50000.00',
      progress: 0, targetDate: '2026-12-31', status: 'active', completedAt: null,
    });
  });

  it('defaults the category to revenue and accepts a blank target date', async () => {
    const response = await admin.request('POST', '/api/financial-goals', { name: 'Faturar R$ 1 milhão', targetAmount: 1_000_000, targetDate: '' });
    expect(response.json()).toMatchObject({ category: 'revenue', targetDate: null });
  });

  it('validates with pt-BR messages', async () => {
    const empty = await admin.request('POST', '/api/financial-goals', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toMatchObject({ name: 'Nome é obrigatório', targetAmount: 'Valor da meta é obrigatório' });
    const bad = await admin.request('POST', '/api/financial-goals', { name: 'X', targetAmount: 'muito', targetDate: '31/12/2026', category: 'ferias' });
    expect(bad.json().fields).toMatchObject({ targetAmount: 'Valor inválido: use um número com até duas casas decimais', targetDate: 'Data inválida: use AAAA-MM-DD' });
    expect(bad.json().fields.category).toMatch(/^Categoria inválida/);
  });

  it('moves currentAmount with contributions and completes the goal when it reaches the target', async () => {
    const { id } = (await admin.request('POST', '/api/financial-goals', { ...reserva, targetAmount: '1000.00' })).json();
    const first = await admin.request('POST', `/api/financial-goals/${id}/contributions`, { amount: '400.00' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ currentAmount: '400.00', remainingAmount: '600.00', progress: 40, status: 'active' });
    const second = await admin.request('POST', `/api/financial-goals/${id}/contributions`, { amount: 600 });
    expect(second.json()).toMatchObject({ currentAmount: '1000.00', remainingAmount: '0.00', progress: 100, status: 'completed' });
    expect(second.json().completedAt).not.toBeNull();
    const more = await admin.request('POST', `/api/financial-goals/${id}/contributions`, { amount: 50 });
    expect(more.json()).toMatchObject({ currentAmount: '1050.00', progress: 105, status: 'completed' });
    const types = (await t.deps.eventStore.readStream(`goal-${id}`)).map((e) => e.type);
    expect(types).toEqual(['FinancialGoalCreated', 'FinancialGoalContributionAdded', 'FinancialGoalContributionAdded', 'FinancialGoalCompleted', 'FinancialGoalContributionAdded']);
    const invalid = await admin.request('POST', `/api/financial-goals/${id}/contributions`, { amount: 0 });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fields.amount).toBe('O valor deve ser maior que zero');
  });

  it('edits a goal; raising the target of a completed goal puts it back in progress', async () => {
    const { id } = (await admin.request('POST', '/api/financial-goals', { ...reserva, targetAmount: 100, currentAmount: 100 })).json();
    const record = (await admin.request('GET', `/api/financial-goals/${id}`)).json();
    expect(record.status).toBe('completed');
    const raised = await admin.request('PUT', `/api/financial-goals/${id}`, { ...record, targetAmount: '200.00', name: 'Reserva maior' });
    expect(raised.statusCode).toBe(200);
    expect(raised.json()).toMatchObject({ name: 'Reserva maior', targetAmount: '200.00', progress: 50, status: 'active', completedAt: null });
  });

  it('edits the deadline after contributions without currentAmount (as the Metas screen does): the contributions stay', async () => {
    const { id } = (await admin.request('POST', '/api/financial-goals', { name: 'Reserva para equipamentos', targetAmount: '15000', targetDate: '2027-03-01', category: 'emergency_fund' })).json();
    await admin.request('POST', `/api/financial-goals/${id}/contributions`, { amount: '6000.00' });
    await admin.request('POST', `/api/financial-goals/${id}/contributions`, { amount: '9000.00' });
    const shown = await admin.request('GET', `/api/financial-goals/${id}`);
    const { name, targetAmount, category, version } = shown.json();
    expect(shown.headers.etag).toBe(`"${version}"`);
    const edited = await admin.request('PUT', `/api/financial-goals/${id}`, { name, targetAmount, targetDate: '2027-06-01', category }, { 'if-match': `"${version}"` });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ targetDate: '2027-06-01', currentAmount: '15000.00', progress: 100, status: 'completed' });
    expect(edited.json().version).toBeGreaterThan(version);
    expect((await admin.request('GET', `/api/financial-goals/${id}`)).json()).toMatchObject({ targetDate: '2027-06-01', currentAmount: '15000.00' });
  });

  it('deletes a goal', async () => {
    const { id } = (await admin.request('POST', '/api/financial-goals', reserva)).json();
    expect((await admin.request('DELETE', `/api/financial-goals/${id}`)).statusCode).toBe(200);
    expect((await admin.request('GET', `/api/financial-goals/${id}`)).statusCode).toBe(404);
  });

  it("answers 404 for another tenant's goal on every route", async () => {
    const { id } = (await admin.request('POST', '/api/financial-goals', reserva)).json();
    for (const [method, url, body] of [
      ['GET', `/api/financial-goals/${id}`, undefined],
      ['PUT', `/api/financial-goals/${id}`, { name: 'Tomada' }],
      ['POST', `/api/financial-goals/${id}/contributions`, { amount: 10 }],
      ['DELETE', `/api/financial-goals/${id}`, undefined],
    ] as const) {
      const response = await other.request(method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().message).toBe('Meta não encontrada');
    }
    expect((await admin.request('GET', `/api/financial-goals/${id}`)).json()).toMatchObject({ name: 'Reserva de emergência', currentAmount: '0.00' });
  });

  it('answers 403 to a view-only user on every write, but lets them read', async () => {
    const { id } = (await admin.request('POST', '/api/financial-goals', reserva)).json();
    expect((await viewer.request('GET', '/api/financial-goals')).statusCode).toBe(200);
    expect((await viewer.request('POST', '/api/financial-goals', reserva)).statusCode).toBe(403);
    expect((await viewer.request('PUT', `/api/financial-goals/${id}`, { name: 'X' })).statusCode).toBe(403);
    expect((await viewer.request('POST', `/api/financial-goals/${id}/contributions`, { amount: 1 })).statusCode).toBe(403);
    expect((await viewer.request('DELETE', `/api/financial-goals/${id}`)).statusCode).toBe(403);
  });
});

describe('financial goals list and cards', () => {
  let tenant: Client;
  beforeAll(async () => {
    tenant = (await seedTenant(t, 'Cartoes Metas', [])).admin;
    for (const goal of [
      { name: 'Expandir para Campinas', targetAmount: 200000, category: 'expansion' },
      { name: 'Quitar empréstimo', targetAmount: 30000, currentAmount: 30000, category: 'debt_reduction' },
      { name: 'Cortar 10% dos custos', targetAmount: 12000, currentAmount: 3000, category: 'cost_reduction' },
    ]) expect((await tenant.request('POST', '/api/financial-goals', goal)).statusCode).toBe(201);
  });

  it('summarizes Total de Metas, Concluídas, Em Progresso and Valor Total', async () => {
    expect((await tenant.request('GET', '/api/financial-goals/summary')).json()).toEqual({ count: 3, completedCount: 1, activeCount: 2, totalTargetAmount: '242000.00' });
  });

  it('sorts, pages and filters on the server', async () => {
    const byProgress = await tenant.request('GET', `/api/financial-goals?sort=${encodeURIComponent('["progress","DESC"]')}`);
    expect(byProgress.json().map((g: { progress: number }) => g.progress)).toEqual([100, 25, 0]);
    const page = await tenant.request('GET', `/api/financial-goals?sort=${encodeURIComponent('["name","ASC"]')}&range=${encodeURIComponent('[0,1]')}`);
    expect(page.json().map((g: { name: string }) => g.name)).toEqual(['Cortar 10% dos custos', 'Expandir para Campinas']);
    expect(page.headers['content-range']).toBe('financial-goals 0-1/3');
    const completed = await tenant.request('GET', `/api/financial-goals?filter=${encodeURIComponent('{"status":"completed"}')}`);
    expect(completed.json().map((g: { name: string }) => g.name)).toEqual(['Quitar empréstimo']);
    const search = await tenant.request('GET', `/api/financial-goals?filter=${encodeURIComponent('{"q":"emprestimo"}')}`);
    expect(search.json()).toHaveLength(1);
  });
});
