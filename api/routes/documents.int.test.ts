import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedTenant, type Client, type TestApp } from '../../test-support/app';
import { receiptPdf } from '../../test-support/documents';

let t: TestApp;
let admin: Client;
let viewer: Client;
let receipt: Buffer;

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date('2025-03-20T15:00:00Z') });
  const tenant = await seedTenant(t, 'Comprovantes');
  admin = tenant.admin;
  viewer = tenant.users[0];
  receipt = await receiptPdf({
    issuer: 'PADARIA E CONFEITARIA BOM GOSTO LTDA',
    cnpj: '12.345.678/0001-95',
    number: '000123',
    emitted: '14/03/2025',
    items: [['Pão francês kg', '2', '18,90', '37,80'], ['Café coado 300 ml', '4', '6,50', '26,00']],
    total: '63,80',
  });
});
afterAll(async () => t.close());

const analyze = (client: Client, body: Record<string, unknown>) => client.request('POST', '/api/documents/analyze', body);

describe('POST /api/documents/analyze', () => {
  it('reads a real receipt PDF offline and proposes the expense fields with an organization category', async () => {
    const response = await analyze(admin, { base64Data: receipt.toString('base64'), mimeType: 'application/pdf', fileName: 'cupom.pdf' });
    expect(response.statusCode, response.body).toBe(200);
    const { extractedData, method } = response.json();
    expect(method).toBe('pdf-text');
    expect(extractedData).toMatchObject({ amount: '63.80', date: '2025-03-14' });
    expect(extractedData.vendor).toMatch(/BOM GOSTO/i);
    expect(['operational', 'administrative', 'marketing', 'technology', 'hr', null]).toContain(extractedData.category);
  });

  it('accepts the inline data string too', async () => {
    const response = await analyze(admin, { base64Data: `data:application/pdf;base64,${receipt.toString('base64')}`, mimeType: 'application/pdf', fileName: 'cupom.pdf' });
    expect(response.statusCode).toBe(200);
    expect(response.json().extractedData.amount).toBe('63.80');
  });

  it('refuses other file types with the spec\'s message', async () => {
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1');
    const response = await analyze(admin, { base64Data: gif.toString('base64'), mimeType: 'image/gif', fileName: 'x.gif' });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('Tipo de arquivo não suportado. Use imagens (JPG, PNG) ou PDF.');
  });

  it('validates the body', async () => {
    const response = await analyze(admin, { mimeType: 'application/pdf', fileName: 'x.pdf' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('base64Data');
  });

  it('answers 413 for a file over 10 MB', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 100);
    receipt.copy(big);
    const response = await analyze(admin, { base64Data: big.toString('base64'), mimeType: 'application/pdf', fileName: 'grande.pdf' });
    expect(response.statusCode).toBe(413);
  });

  it('is for editors only (403 for view-only users), and 401 without a session', async () => {
    const body = { base64Data: receipt.toString('base64'), mimeType: 'application/pdf', fileName: 'cupom.pdf' };
    expect((await analyze(viewer, body)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/documents/analyze', payload: body })).statusCode).toBe(401);
  });
});
