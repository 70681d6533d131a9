import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metadataFor, systemContext } from '../../app/context';
import { encodeEvent } from '../../app/eventstore/codec';
import { createTestApp, seedTenant, type Client, type TestApp } from '../../test-support/app';
import { expenseData } from '../../test-support/finance-events';

let t: TestApp;
let viewer: Client;
let other: Client;

beforeAll(async () => {
  t = await createTestApp();
  const tenant = await seedTenant(t, 'Padaria Busca');
  viewer = tenant.users[0];
  other = (await seedTenant(t, 'Outra Busca')).admin;
  const org = tenant.organizationId;
  const expense = expenseData(org, { description: 'Aluguel do escritório', amount: 3500_00n, date: '2025-03-05', category: 'administrative' });
  const result = await t.deps.eventStore.append(`expense-${expense.expenseId}`, [encodeEvent({ type: 'ExpenseRecorded', data: expense })], {
    expectedRevision: 'no_stream', metadata: metadataFor(systemContext(new Date(), org)),
  });
  await t.deps.waitForProjections(result.position);
});
afterAll(async () => t.close());

describe('GET /api/search', () => {
  it('finds transactions by prefix without accents, with the spec fields', async () => {
    const response = await viewer.request('GET', '/api/search?q=alug');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([{
      type: 'transaction', id: expect.any(String), title: 'Aluguel do escritório', description: 'Despesa · Aprovado',
      category: 'Administrativo', amount: '3500.00', date: '2025-03-05', priority: null,
      url: `/expenses?filter=${encodeURIComponent('{"q":"Aluguel do escritório"}')}`,
    }]);
  });

  it('needs at least 2 characters (400 with the hint)', async () => {
    for (const q of ['', 'a', '%20a%20']) {
      const response = await viewer.request('GET', `/api/search?q=${q}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Digite pelo menos 2 caracteres para buscar');
    }
  });

  it("never shows another tenant's rows", async () => {
    expect((await other.request('GET', '/api/search?q=aluguel')).json()).toEqual([]);
  });
});
