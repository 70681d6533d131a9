import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'slonik';
import { z } from 'zod';
import { systemContext } from '../../app/context';
import { withTenant } from '../../app/db/tenant';
import { recordExpense } from '../../app/finance/expenses';
import { UNSUPPORTED_FILE_TYPE } from '../../domain/finance/attachment';
import { expenseOccurrencesWithin } from '../../projections/finance/expense-queries';
import { createTestApp, seedTenant, type Client, type TestApp } from '../../test-support/app';
import { dataUrl, samplePdf, samplePng } from '../../test-support/attachments';

let t: TestApp;
let acme: Awaited<ReturnType<typeof seedTenant>>;
let other: Awaited<ReturnType<typeof seedTenant>>;
let admin: Client;
let viewer: Client;
let pdf: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  acme = await seedTenant(t, 'Acme Despesas');
  other = await seedTenant(t, 'Outra Despesas');
  admin = acme.admin;
  viewer = acme.users[0];
  pdf = await samplePdf(['Padaria Pão Dourado', 'Nota de compra nº 123', 'Total R$ 89,90']);
});
afterAll(async () => t.close());

const cafe = { description: 'Café e lanches', amount: '89.90', category: 'operational', date: '2025-03-10' };

async function create(client: Client, body: Record<string, unknown>) {
  const response = await client.request('POST', '/api/expenses', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe('expenses API: create and read', () => {
  it('creates an expense, approved and variable by default, with every field of the spec', async () => {
    const response = await admin.request('POST', '/api/expenses', cafe);
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      description: 'Café e lanches', amount: '89.90', category: 'operational', date: '2025-03-10', status: 'approved', expenseType: 'variable',
      isRecurring: false, recurringPeriod: null, recurringDuration: null, recurringEndDate: null, attachmentUrl: null, attachmentName: null, attachmentType: null,
    });
    const one = await admin.request('GET', `/api/expenses/${created.id}`);
    expect(one.json()).toEqual(created);
  });

  it('keeps a recurrence with period, duration or end date, and projects its occurrences', async () => {
    const rent = await create(admin, {
      description: 'Aluguel do escritório', amount: 3500, category: 'administrative', date: '2025-01-31', expenseType: 'fixed',
      isRecurring: true, recurringPeriod: 'monthly', recurringDuration: 3,
    });
    expect(rent).toMatchObject({ isRecurring: true, recurringPeriod: 'monthly', recurringDuration: 3, recurringEndDate: null, amount: '3500.00', expenseType: 'fixed' });
    const occurrences = (startDate: string, endDate: string) => withTenant(t.deps.db, acme.organizationId, (tx) => tx.anyFirst(sql.type(z.object({ d: z.string() }))`
      SELECT occurrence_date::text AS d FROM ${expenseOccurrencesWithin(acme.organizationId, { startDate, endDate })} o
      WHERE expense_id = ${rent.id} ORDER BY occurrence_date`));
    expect(await occurrences('2020-01-01', '2035-12-31')).toEqual(['2025-01-31', '2025-02-28', '2025-03-31']);

    const endDate = await admin.request('PUT', `/api/expenses/${rent.id}`, { recurringEndDate: '2025-06-30', recurringPeriod: 'quarterly' });
    expect(endDate.statusCode).toBe(200);
    expect(await occurrences('2020-01-01', '2035-12-31')).toEqual(['2025-01-31', '2025-04-30']);

    // Indefinite: no duration, no end date — still due ten years on.
    const indefinite = await admin.request('PUT', `/api/expenses/${rent.id}`, { recurringEndDate: null, recurringDuration: null });
    expect(indefinite.statusCode).toBe(200);
    expect(await occurrences('2035-01-01', '2035-12-31')).toEqual(['2035-01-31', '2035-04-30', '2035-07-31', '2035-10-31']);
  });

  it('validates with the spec\'s fields and pt-BR messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...cafe, description: '' }, 'Descrição é obrigatória'],
      [{ ...cafe, amount: undefined }, 'Valor é obrigatório'],
      [{ ...cafe, amount: '0' }, 'O valor deve ser maior que zero'],
      [{ ...cafe, amount: '12.345' }, 'Valor inválido: use um número com até duas casas decimais'],
      [{ ...cafe, category: '' }, 'Categoria é obrigatória'],
      [{ ...cafe, date: undefined }, 'Data é obrigatória'],
      [{ ...cafe, date: '2025-02-30' }, 'Data inválida'],
      [{ ...cafe, status: 'paid' }, 'Status inválido'],
      [{ ...cafe, isRecurring: true, recurringPeriod: 'monthly', recurringDuration: 0 }, 'A duração deve ser de pelo menos 1 período'],
      [{ ...cafe, isRecurring: true }, 'Informe o período da recorrência (mensal, trimestral ou anual)'],
      [{ ...cafe, isRecurring: true, recurringPeriod: 'monthly', recurringEndDate: '2025-01-01' }, 'A data final da recorrência deve ser igual ou posterior à data da despesa'],
      [{ ...cafe, category: 'nao-existe' }, 'Categoria não encontrada: escolha uma das categorias da organização'],
    ];
    for (const [body, message] of cases) {
      const response = await admin.request('POST', '/api/expenses', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toContain(message);
    }
  });

  it('refuses a category that was deactivated', async () => {
    const category = (await admin.request('POST', '/api/categories', { name: 'Brindes' })).json();
    await admin.request('PUT', `/api/categories/${category.id}`, { isActive: false });
    const response = await admin.request('POST', '/api/expenses', { ...cafe, category: 'brindes' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Esta categoria está desativada: escolha outra categoria');
  });
});

describe('expenses API: attachments', () => {
  it('stores a PDF outside the event, serves it inline, and keeps the event small', async () => {
    const created = await create(admin, { ...cafe, attachmentUrl: dataUrl('application/pdf', pdf), attachmentName: 'nota-padaria.pdf', attachmentType: 'application/pdf' });
    expect(created).toMatchObject({ attachmentUrl: `/api/expenses/${created.id}/attachment`, attachmentName: 'nota-padaria.pdf', attachmentType: 'application/pdf', attachmentSize: pdf.length });
    const file = await admin.request('GET', created.attachmentUrl);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe("inline; filename*=UTF-8''nota-padaria.pdf");
    expect(file.rawPayload.equals(pdf)).toBe(true);
    expect((await viewer.request('GET', created.attachmentUrl)).statusCode).toBe(200);

    const events = await t.deps.eventStore.readStream(`expense-${created.id}`);
    const data = events[0].data as { attachment: { sha256: string; size: number } };
    expect(data.attachment).toMatchObject({ size: pdf.length, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(JSON.stringify(events[0].data).length).toBeLessThan(1000);
  });

  it('accepts PNG and JPEG images', async () => {
    const png = await create(admin, { ...cafe, attachmentUrl: dataUrl('image/png', samplePng), attachmentName: 'recibo.png', attachmentType: 'image/png' });
    expect(png.attachmentType).toBe('image/png');
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
    const created = await create(admin, { ...cafe, attachmentUrl: dataUrl('image/jpeg', jpeg), attachmentName: 'recibo.JPEG' });
    expect(created.attachmentType).toBe('image/jpeg');
  });

  it('refuses other file types, and files whose bytes are not what they claim', async () => {
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1');
    for (const body of [
      { attachmentUrl: dataUrl('image/gif', gif), attachmentName: 'animacao.gif', attachmentType: 'image/gif' },
      { attachmentUrl: dataUrl('application/pdf', samplePng), attachmentName: 'falso.pdf', attachmentType: 'application/pdf' },
      { attachmentUrl: dataUrl('application/pdf', pdf), attachmentName: 'planilha.xlsx', attachmentType: 'application/pdf' },
      { attachmentUrl: 'https://exemplo.com/nota.pdf', attachmentName: 'nota.pdf', attachmentType: 'application/pdf' },
    ]) {
      const response = await admin.request('POST', '/api/expenses', { ...cafe, ...body });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(UNSUPPORTED_FILE_TYPE);
    }
  });

  it('refuses files over 10 MB with 413', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 10);
    pdf.copy(big);
    const response = await admin.request('POST', '/api/expenses', { ...cafe, attachmentUrl: dataUrl('application/pdf', big), attachmentName: 'grande.pdf' });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('O anexo deve ter no máximo 10 MB.');
  });

  it('keeps the attachment when the record comes back unchanged, replaces it with a new file, removes it with null', async () => {
    const created = await create(admin, { ...cafe, attachmentUrl: dataUrl('application/pdf', pdf), attachmentName: 'a.pdf' });
    const kept = await admin.request('PUT', `/api/expenses/${created.id}`, { ...created, amount: '95.00' });
    expect(kept.json()).toMatchObject({ amount: '95.00', attachmentName: 'a.pdf' });
    const replaced = await admin.request('PUT', `/api/expenses/${created.id}`, { attachmentUrl: dataUrl('image/png', samplePng), attachmentName: 'b.png', attachmentType: 'image/png' });
    expect(replaced.json()).toMatchObject({ attachmentName: 'b.png', attachmentType: 'image/png' });
    const served = await admin.request('GET', `/api/expenses/${created.id}/attachment`);
    expect(served.headers['content-type']).toBe('image/png');
    const removed = await admin.request('PUT', `/api/expenses/${created.id}`, { attachmentUrl: null });
    expect(removed.json()).toMatchObject({ attachmentUrl: null, attachmentName: null, attachmentType: null });
    expect((await admin.request('GET', `/api/expenses/${created.id}/attachment`)).statusCode).toBe(404);
  });
});

describe('expenses API: update and delete', () => {
  it('updates any field, and any status on edit', async () => {
    const created = await create(admin, cafe);
    const response = await admin.request('PUT', `/api/expenses/${created.id}`, { status: 'rejected', amount: '120.50', expenseType: 'fixed', description: 'Lanche da equipe' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'rejected', amount: '120.50', expenseType: 'fixed', description: 'Lanche da equipe' });
    const back = await admin.request('PUT', `/api/expenses/${created.id}`, { status: 'completed' });
    expect(back.json().status).toBe('completed');
  });

  it('validates updates', async () => {
    const created = await create(admin, cafe);
    const response = await admin.request('PUT', `/api/expenses/${created.id}`, { amount: -3 });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('O valor deve ser maior que zero');
    const category = await admin.request('PUT', `/api/expenses/${created.id}`, { category: 'inexistente' });
    expect(category.statusCode).toBe(400);
  });

  it('deletes an expense and answers with it; it is gone afterwards', async () => {
    const created = await create(admin, cafe);
    const response = await admin.request('DELETE', `/api/expenses/${created.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().id).toBe(created.id);
    expect((await admin.request('GET', `/api/expenses/${created.id}`)).statusCode).toBe(404);
    expect((await admin.request('DELETE', `/api/expenses/${created.id}`)).statusCode).toBe(404);
  });
});

describe('expenses API: tenancy and permissions', () => {
  it('answers 404 for another tenant\'s expense, its attachment, and a malformed id', async () => {
    const theirs = await create(other.admin, { ...cafe, attachmentUrl: dataUrl('application/pdf', pdf), attachmentName: 'deles.pdf' });
    expect((await admin.request('GET', `/api/expenses/${theirs.id}`)).statusCode).toBe(404);
    expect((await admin.request('GET', `/api/expenses/${theirs.id}/attachment`)).statusCode).toBe(404);
    expect((await admin.request('PUT', `/api/expenses/${theirs.id}`, { amount: '1.00' })).statusCode).toBe(404);
    expect((await admin.request('DELETE', `/api/expenses/${theirs.id}`)).statusCode).toBe(404);
    expect((await admin.request('GET', '/api/expenses/123')).statusCode).toBe(404);
    const list = (await admin.request('GET', '/api/expenses')).json();
    expect(list.some((e: { id: string }) => e.id === theirs.id)).toBe(false);
    expect((await other.admin.request('GET', `/api/expenses/${theirs.id}`)).json().amount).toBe('89.90');
  });

  it('lets a view-only user read but not create, edit or delete (403)', async () => {
    const mine = await create(admin, cafe);
    expect((await viewer.request('GET', '/api/expenses')).statusCode).toBe(200);
    expect((await viewer.request('GET', `/api/expenses/${mine.id}`)).statusCode).toBe(200);
    expect((await viewer.request('POST', '/api/expenses', cafe)).statusCode).toBe(403);
    expect((await viewer.request('PUT', `/api/expenses/${mine.id}`, { amount: '1.00' })).statusCode).toBe(403);
    expect((await viewer.request('DELETE', `/api/expenses/${mine.id}`)).statusCode).toBe(403);
  });

  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/expenses' })).statusCode).toBe(401);
  });
});

describe('expenses API: react-admin list parameters', () => {
  let tenant: Awaited<ReturnType<typeof seedTenant>>;
  beforeAll(async () => {
    tenant = await seedTenant(t, 'Lista Despesas', []);
    for (const [description, amount, category, status, date] of [
      ['Energia elétrica', '640.00', 'operational', 'approved', '2025-01-15'],
      ['Internet fibra', '199.90', 'technology', 'completed', '2025-02-10'],
      ['Campanha Instagram', '1500.00', 'marketing', 'pending', '2025-02-20'],
      ['Salários', '18000.00', 'hr', 'approved', '2025-03-05'],
      ['Material de escritório', '230.45', 'administrative', 'rejected', '2025-03-12'],
    ]) await create(tenant.admin, { description, amount, category, status, date });
  });

  it('sorts and pages with Content-Range', async () => {
    const response = await tenant.admin.request('GET', '/api/expenses?sort=["amount","DESC"]&range=[0,1]');
    expect(response.headers['content-range']).toBe('expenses 0-1/5');
    expect(response.json().map((e: { amount: string }) => e.amount)).toEqual(['18000.00', '1500.00']);
    const next = await tenant.admin.request('GET', '/api/expenses?sort=["amount","DESC"]&range=[2,3]');
    expect(next.headers['content-range']).toBe('expenses 2-3/5');
    expect(next.json().map((e: { amount: string }) => e.amount)).toEqual(['640.00', '230.45']);
  });

  it('filters by text, category, status, type and date range', async () => {
    const get = async (filter: object) =>
      (await tenant.admin.request('GET', `/api/expenses?filter=${encodeURIComponent(JSON.stringify(filter))}&sort=["date","ASC"]`)).json().map((e: { description: string }) => e.description);
    expect(await get({ q: 'INTERNET' })).toEqual(['Internet fibra']);
    expect(await get({ category: 'marketing' })).toEqual(['Campanha Instagram']);
    expect(await get({ status: ['approved', 'completed'] })).toEqual(['Energia elétrica', 'Internet fibra', 'Salários']);
    expect(await get({ date_gte: '2025-02-01', date_lte: '2025-02-28' })).toEqual(['Internet fibra', 'Campanha Instagram']);
    expect(await get({ expenseType: 'fixed' })).toEqual([]);
    expect(await get({ q: '100%_' })).toEqual([]);
  });

  it('refuses unknown sort fields and filters with 400', async () => {
    expect((await tenant.admin.request('GET', '/api/expenses?sort=["senha","ASC"]')).statusCode).toBe(400);
    expect((await tenant.admin.request('GET', '/api/expenses?filter={"organization_id":"x"}')).statusCode).toBe(400);
  });

  it('summarizes every matching expense for the cards', async () => {
    const summary = (await tenant.admin.request('GET', '/api/expenses/summary')).json();
    expect(summary).toMatchObject({ count: 5, totalAmount: '20570.35', pendingCount: 1, approvedCount: 2, completedCount: 1, rejectedCount: 1 });
    const filtered = (await tenant.admin.request('GET', `/api/expenses/summary?filter=${encodeURIComponent('{"category":"marketing"}')}`)).json();
    expect(filtered).toMatchObject({ count: 1, totalAmount: '1500.00', pendingAmount: '1500.00' });
  });
});

describe('recordExpense for imports', () => {
  it('records a deterministic id exactly once and returns the existing expense the second time', async () => {
    const context = { ...systemContext(), organizationId: acme.organizationId };
    const expenseId = '0190b000-0000-7000-8000-00000000abcd';
    const input = { description: 'PIX Fornecedor Farinha Boa', amount: 1_234_56n, category: 'operational', date: '2025-03-01', source: { kind: 'bank_sync' as const, importedTransactionId: 'imp-42' } };
    const first = await recordExpense(t.deps, input, context, { expenseId });
    const second = await recordExpense(t.deps, { ...input, amount: 1n }, context, { expenseId });
    expect(first.created).toBe(true);
    expect(second).toEqual({ expense: first.expense, created: false });
    expect(await t.deps.eventStore.readStream(`expense-${expenseId}`)).toHaveLength(1);
    const api = (await admin.request('GET', `/api/expenses/${expenseId}`)).json();
    expect(api).toMatchObject({ amount: '1234.56', source: 'bank_sync', status: 'approved' });
  });

  it('is exactly once under concurrent calls', async () => {
    const context = { ...systemContext(), organizationId: acme.organizationId };
    const expenseId = '0190b000-0000-7000-8000-00000000abce';
    const input = { description: 'Tarifa bancária', amount: 45_00n, category: 'administrative', date: '2025-03-02', source: { kind: 'ofx' as const, importedTransactionId: 'imp-43' } };
    const results = await Promise.all([1, 2, 3].map(() => recordExpense(t.deps, input, context, { expenseId })));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(await t.deps.eventStore.readStream(`expense-${expenseId}`)).toHaveLength(1);
  });
});
