import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedTenant, type Client, type TestApp } from '../../test-support/app';

// "Today" is fixed so the maturity wording is deterministic: 10/06/2025, 09:00 in São Paulo.
const NOW = new Date('2025-06-10T12:00:00Z');
let t: TestApp;
let admin: Client;
let viewer: Client;
let other: Client;

beforeAll(async () => {
  t = await createTestApp({ clock: () => NOW });
  const tenant = await seedTenant(t, 'Investe Ltda', [{ role: 'user' }]);
  admin = tenant.admin;
  viewer = tenant.users[0];
  other = (await seedTenant(t, 'Outra Investe', [])).admin;
});
afterAll(async () => t.close());

const cdb = { name: 'CDB Banco Inter 110% CDI', type: 'Renda Fixa', amount: '20000.00', expectedReturn: 12.5, duration: '24 meses', risk: 'Baixo', description: 'Liquidez no vencimento', maturityDate: '2025-06-11' };

describe('investments API', () => {
  it('creates an investment (201) with the form fields', async () => {
    const response = await admin.request('POST', '/api/investments', cdb);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      name: 'CDB Banco Inter 110% CDI', type: 'Renda Fixa', amount: '20000.00', currentValue: null, gain: '0.00', returnPercent: 0,
      expectedReturn: '12.50', duration: '24 meses', risk: 'Baixo', description: 'Liquidez no vencimento', maturityDate: '2025-06-11',
    });
  });

  it('enforces the spec schema messages on the server', async () => {
    const empty = await admin.request('POST', '/api/investments', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({
      name: 'Nome é obrigatório',
      type: 'Tipo é obrigatório',
      amount: 'Valor é obrigatório',
      expectedReturn: 'Rentabilidade esperada é obrigatória',
      duration: 'Duração é obrigatória',
      risk: 'Nível de risco é obrigatório',
    });
    const blank = await admin.request('POST', '/api/investments', { name: ' ', type: '', amount: '', expectedReturn: '', duration: '', risk: '' });
    expect(Object.values(blank.json().fields)).toEqual(['Nome é obrigatório', 'Tipo é obrigatório', 'Valor é obrigatório', 'Rentabilidade esperada é obrigatória', 'Duração é obrigatória', 'Nível de risco é obrigatório']);
    const wrong = await admin.request('POST', '/api/investments', { ...cdb, type: 'Poupança', risk: 'Altíssimo', amount: -5, expectedReturn: '12,5' });
    expect(wrong.json().fields.type).toMatch(/^Tipo inválido; use um destes: Renda Fixa/);
    expect(wrong.json().fields.risk).toMatch(/^Nível de risco inválido/);
    expect(wrong.json().fields.amount).toBe('O valor deve ser maior que zero');
    expect(wrong.json().fields.expectedReturn).toMatch(/^Percentual inválido/);
  });

  it('records a current value (defaulting asOf to today in São Paulo) and derives gain and return', async () => {
    const { id } = (await admin.request('POST', '/api/investments', cdb)).json();
    const response = await admin.request('PUT', `/api/investments/${id}/current-value`, { currentValue: '21234.00' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ currentValue: '21234.00', valueAsOf: '2025-06-10', gain: '1234.00', returnPercent: 6.2 });
  });

  it('edits and deletes an investment', async () => {
    const { id } = (await admin.request('POST', '/api/investments', cdb)).json();
    const record = (await admin.request('GET', `/api/investments/${id}`)).json();
    const edited = await admin.request('PUT', `/api/investments/${id}`, { ...record, risk: 'Médio', description: '', maturityDate: null });
    expect(edited.json()).toMatchObject({ risk: 'Médio', description: null, maturityDate: null });
    expect((await admin.request('DELETE', `/api/investments/${id}`)).json().id).toBe(id);
    expect((await admin.request('GET', `/api/investments/${id}`)).statusCode).toBe(404);
  });

  it("answers 404 for another tenant's investment", async () => {
    const { id } = (await admin.request('POST', '/api/investments', cdb)).json();
    for (const [method, url, body] of [
      ['GET', `/api/investments/${id}`, undefined],
      ['PUT', `/api/investments/${id}`, { name: 'Meu' }],
      ['PUT', `/api/investments/${id}/current-value`, { currentValue: 1 }],
      ['DELETE', `/api/investments/${id}`, undefined],
    ] as const) {
      const response = await other.request(method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().message).toBe('Investimento não encontrado');
    }
  });

  it('answers 403 to a view-only user on writes', async () => {
    const { id } = (await admin.request('POST', '/api/investments', cdb)).json();
    expect((await viewer.request('GET', '/api/investments')).statusCode).toBe(200);
    expect((await viewer.request('GET', '/api/investments/summary')).statusCode).toBe(200);
    expect((await viewer.request('POST', '/api/investments', cdb)).statusCode).toBe(403);
    expect((await viewer.request('PUT', `/api/investments/${id}`, { name: 'X' })).statusCode).toBe(403);
    expect((await viewer.request('PUT', `/api/investments/${id}/current-value`, { currentValue: 1 })).statusCode).toBe(403);
    expect((await viewer.request('DELETE', `/api/investments/${id}`)).statusCode).toBe(403);
  });
});

describe('investment summary', () => {
  let tenant: Client;
  beforeAll(async () => {
    tenant = (await seedTenant(t, 'Carteira Ltda', [])).admin;
    const base = { expectedReturn: '10', duration: '12 meses', risk: 'Baixo' };
    const created = [
      { ...base, name: 'Tesouro Selic 2029', type: 'Tesouro Direto', amount: 30000, currentValue: 31500, maturityDate: '2029-03-01' },
      { ...base, name: 'CDB Itaú', type: 'Renda Fixa', amount: 20000, currentValue: 20800, maturityDate: '2025-06-10' },
      { ...base, name: 'Fundo Multimercado XP', type: 'Fundos', amount: 10000, currentValue: 9500, risk: 'Médio' },
      { ...base, name: 'LCA Bradesco', type: 'Renda Fixa', amount: 40000, maturityDate: '2025-08-20' },
      { ...base, name: 'CDB vencido', type: 'Renda Fixa', amount: 0.5, maturityDate: '2025-05-01' },
    ];
    for (const investment of created) expect((await tenant.request('POST', '/api/investments', investment)).statusCode).toBe(201);
  });

  it('totals the portfolio, its return with one decimal, allocation by type and the next 3 maturities', async () => {
    const summary = (await tenant.request('GET', '/api/investments/summary')).json();
    expect(summary).toEqual({
      totalInvested: '100000.50',
      currentValue: '101800.50',
      totalGain: '1800.00',
      returnPercent: 1.8,
      allocation: [
        { type: 'Renda Fixa', amount: '60000.50', percent: 60 },
        { type: 'Tesouro Direto', amount: '30000.00', percent: 30 },
        { type: 'Fundos', amount: '10000.00', percent: 10 },
      ],
      nextMaturities: [
        expect.objectContaining({ name: 'CDB vencido', maturityDate: '2025-05-01', label: 'Vencido' }),
        expect.objectContaining({ name: 'CDB Itaú', maturityDate: '2025-06-10', label: 'Vence hoje', daysUntil: 0 }),
        expect.objectContaining({ name: 'LCA Bradesco', maturityDate: '2025-08-20', label: 'Vence em 2 meses', daysUntil: 71 }),
      ],
    });
  });

  it('lists with sort, range and filter', async () => {
    const byAmount = await tenant.request('GET', `/api/investments?sort=${encodeURIComponent('["amount","DESC"]')}&range=${encodeURIComponent('[0,1]')}`);
    expect(byAmount.json().map((i: { name: string }) => i.name)).toEqual(['LCA Bradesco', 'Tesouro Selic 2029']);
    expect(byAmount.headers['content-range']).toBe('investments 0-1/5');
    const fixed = await tenant.request('GET', `/api/investments?filter=${encodeURIComponent('{"type":"Renda Fixa"}')}`);
    expect(fixed.json()).toHaveLength(3);
    const medium = await tenant.request('GET', `/api/investments?filter=${encodeURIComponent('{"risk":"Médio"}')}`);
    expect(medium.json().map((i: { name: string }) => i.name)).toEqual(['Fundo Multimercado XP']);
  });
});
