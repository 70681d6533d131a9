import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxDay } from '../../app/banking/connectors/sandbox';
import { accountKeyOf } from '../../app/banking/keys';
import { settleSyncs } from '../../app/banking/sync';
import { decodeOfxBytes } from '../../app/ofx';
import { addDays } from '../../domain/shared/dates';
import { createTestApp, seedTenant, type Client, type TestApp } from '../../test-support/app';
import { buildOfx, type OfxRow } from '../../test-support/ofx-builder';

const fixture = (name: string) => readFileSync(new URL(`../../../shared/fixtures/ofx/${name}`, import.meta.url));
/** What the import screen does: read the bytes, decode them by the file's charset, send the text. */
const asScreenSends = (name: string) => decodeOfxBytes(new Uint8Array(fixture(name)));

const clock = new Date('2025-03-14T15:00:00Z');
let t: TestApp;
let admin: Client;
let viewer: Client;

const importOfx = (client: Client, ofxContent: string, importOptions = { skipDuplicates: true, autoCategorize: true }) =>
  client.request('POST', '/api/import/ofx', { ofxContent, importOptions });
const list = async (client: Client, path: string) => (await client.request('GET', path)).json() as Array<Record<string, unknown>>;

beforeAll(async () => {
  t = await createTestApp({ clock: () => clock });
  ({ admin, users: [viewer] } = await seedTenant(t, 'Padaria Teste'));
});
afterAll(async () => {
  await settleSyncs();
  await t?.close();
});

const rows: OfxRow[] = [
  { fitId: '20250303001', date: '2025-03-03', amount: -8990n, memo: 'TARIFA PACOTE SERVICOS' },
  { fitId: '20250305001', date: '2025-03-05', amount: -1_420_000n, memo: 'PAGAMENTO FOLHA SALARIOS' },
  { fitId: '20250306001', date: '2025-03-06', amount: 189_050n, memo: 'PIX RECEBIDO - MERCADO BOM PRECO LTDA' },
  { fitId: '20250320001', date: '2025-03-20', amount: -254_312n, memo: 'DAS SIMPLES NACIONAL' },
];

describe('POST /api/import/ofx', () => {
  it('imports a statement as expenses and revenues, then imports 0 when the same file comes again', async () => {
    const file = buildOfx({ bankId: '1', accountId: '98765-4' }, rows, 15_432_10n);
    const first = await importOfx(admin, file);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      success: true,
      message: 'Importação concluída: 4 transações importadas.',
      summary: {
        accountInfo: { bankId: '1', accountId: '98765-4', accountType: 'CHECKING', balance: '15432.10' },
        totalTransactions: 4,
        importedCount: 4,
        skippedCount: 0,
        dateRange: { start: '2025-03-03', end: '2025-03-20' },
      },
    });
    const expenses = await list(admin, '/api/expenses');
    const revenues = await list(admin, '/api/revenues');
    expect(expenses.map((e) => [e.description, e.amount, e.category]).sort()).toEqual([
      ['DAS SIMPLES NACIONAL', '2543.12', 'taxes'],
      ['PAGAMENTO FOLHA SALARIOS', '14200.00', 'hr'],
      ['TARIFA PACOTE SERVICOS', '89.90', 'administrative'],
    ]);
    expect(revenues.map((r) => [r.description, r.amount, r.category])).toEqual([['PIX RECEBIDO - MERCADO BOM PRECO LTDA', '1890.50', 'services']]);

    const again = await importOfx(admin, file);
    expect(again.json().summary).toMatchObject({ totalTransactions: 4, importedCount: 0, skippedCount: 4 });
    expect(await list(admin, '/api/expenses')).toHaveLength(3);
    // The bank id written '001' in another export is the same bank: still nothing new.
    const sameBankOtherSpelling = await importOfx(admin, buildOfx({ bankId: '001', accountId: '0098765-4' }, rows));
    expect(sameBankOtherSpelling.json().summary.importedCount).toBe(0);
    const imported = await list(admin, '/api/imported-transactions');
    expect(imported).toHaveLength(4);
    expect(imported.every((i) => i.status === 'approved' && i.source === 'ofx' && i.recordedAs)).toBe(true);
  });

  it('recognises transactions without FITID by amount, nearby date and description', async () => {
    const noFit = [
      { date: '2025-02-10', amount: -45_000n, memo: 'PAGAMENTO BOLETO LATICINIOS SERRA VERDE' },
      { date: '2025-02-10', amount: -45_000n, memo: 'PAGAMENTO BOLETO LATICINIOS SERRA VERDE' },
    ];
    const first = await importOfx(admin, buildOfx({ bankId: '237', accountId: '4455-1' }, noFit));
    expect(first.json().summary.importedCount).toBe(2); // two equal rows of one file are two payments
    const shifted = await importOfx(admin, buildOfx({ bankId: '237', accountId: '4455-1' }, [
      { date: '2025-02-11', amount: -45_000n, memo: 'Pagamento boleto - Laticínios Serra Verde' },
      { date: '2025-02-11', amount: -45_000n, memo: 'Pagamento boleto - Laticínios Serra Verde' },
      { date: '2025-02-11', amount: -45_000n, memo: 'Pagamento boleto - Laticínios Serra Verde' },
    ]));
    expect(shifted.json().summary).toMatchObject({ importedCount: 1, skippedCount: 2 });
  });

  it('a file overlapping a bank sync imports only the transactions the sync did not bring', async () => {
    const connection = await admin.request('POST', '/api/bank-connections', { bankName: 'Banco do Brasil', accountNumber: '12345-6', accountType: 'checking', connectionType: 'open_banking', syncFrequency: 'daily' });
    expect(connection.statusCode).toBe(201);
    expect(connection.json().accountNumber).toBe('****3456');
    const sync = await admin.request('POST', `/api/bank-connections/${connection.json().id}/sync`);
    expect(sync.statusCode).toBe(202);
    await settleSyncs();
    const synced = await list(admin, '/api/imported-transactions?filter={"source":"bank_sync"}');
    expect(synced.length).toBeGreaterThan(20);
    expect(synced.every((s) => s.status === 'pending')).toBe(true);

    // The bank's own OFX export: 10 days before the sync's 30-day window, and 10 days inside it.
    const account = { accountKey: accountKeyOf('001', '12345-6'), accountType: 'checking' as const };
    const today = '2025-03-14';
    const days = Array.from({ length: 20 }, (_, i) => addDays(today, -39 + i));
    const statement = days.flatMap((d) => sandboxDay(account, d, '2025-04-30'));
    const before = statement.filter((s) => s.date < addDays(today, -30));
    expect(before.length).toBeGreaterThan(0);
    const file = buildOfx({ bankId: '001', accountId: '12345-6' }, statement.map((s) => ({ fitId: s.fitId, date: s.date, amount: s.amount, memo: s.description })));
    const result = await importOfx(admin, file);
    expect(result.json().summary).toMatchObject({ totalTransactions: statement.length, importedCount: before.length, skippedCount: statement.length - before.length });
    // And the synced ones are still waiting for approval, not turned into expenses by the import.
    const stillPending = await list(admin, '/api/imported-transactions?filter={"source":"bank_sync","status":"pending"}');
    expect(stillPending).toHaveLength(synced.length);
  });

  it('categorises as this organization did before: a supplier it files under its own category', async () => {
    expect((await admin.request('POST', '/api/categories', { name: 'Insumos', description: 'Farinha e laticínios' })).statusCode).toBe(201);
    const manual = await admin.request('POST', '/api/expenses', { description: 'Pix enviado Moinho Sul Farinhas', amount: '1200.00', category: 'insumos', date: '2025-01-15' });
    expect(manual.statusCode).toBe(201);
    const file = buildOfx({ bankId: '341', accountId: '3030-1' }, [
      { fitId: 'A1', date: '2025-03-10', amount: -1_250_50n, memo: 'PIX ENVIADO 10/03 MOINHO SUL FARINHAS LTDA' },
      { fitId: 'A2', date: '2025-03-10', amount: -600_00n, memo: 'PIX ENVIADO 10/03 GRANJA OVOS FELIZ' },
    ]);
    expect((await importOfx(admin, file)).json().summary.importedCount).toBe(2);
    const imported = await list(admin, '/api/imported-transactions?filter={"q":"PIX ENVIADO 10/03"}');
    expect(Object.fromEntries(imported.map((i) => [i.description, i.category]))).toEqual({
      'PIX ENVIADO 10/03 MOINHO SUL FARINHAS LTDA': 'insumos',
      'PIX ENVIADO 10/03 GRANJA OVOS FELIZ': 'suppliers', // a PIX to a supplier, now that Fornecedores is a default
    });
  });

  it('reads a Windows-1252 statement with its accents intact', async () => {
    const result = await importOfx(admin, asScreenSends('itau-checking-cp1252-accents.ofx'));
    expect(result.statusCode).toBe(200);
    expect(result.json().summary).toMatchObject({ totalTransactions: 21, importedCount: 21 });
    const accented = await list(admin, '/api/imported-transactions?filter={"q":"SERVIÇOS"}');
    expect(accented.map((i) => i.description)).toContainEqual(expect.stringContaining('NET SERVIÇOS'));
  });

  it('imports every transaction of a bank that repeats FITIDs (Inter: one per day), and none the second time', async () => {
    const file = asScreenSends('inter-checking-dup-fitid-cp1252.ofx');
    const first = await importOfx(admin, file);
    expect(first.json().summary).toMatchObject({ totalTransactions: 731, importedCount: 731, skippedCount: 0 });
    const second = await importOfx(admin, file);
    expect(second.json().summary).toMatchObject({ importedCount: 0, skippedCount: 731 });
  }, 240_000);

  it('refuses a malformed file with 422, saying what and where, and imports nothing', async () => {
    const before = (await list(admin, '/api/imported-transactions')).length;
    const result = await importOfx(admin, asScreenSends('malformed-fuzz-truncated-stmttrn.ofx'));
    expect(result.statusCode).toBe(422);
    expect(result.json().message).toMatch(/^Erro ao processar arquivo OFX: /);
    const bad = await importOfx(admin, buildOfx({ bankId: '1', accountId: '1' }, rows).replace('<TRNAMT>-2543.12', '<TRNAMT>abc'));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toMatch(/^Erro ao processar arquivo OFX: .*[Ll]inha \d+/);
    expect((await list(admin, '/api/imported-transactions')).length).toBe(before);
  });

  it('refuses files over 5 MB with 413, and view-only users with 403', async () => {
    const huge = buildOfx({ bankId: '1', accountId: '1' }, rows) + ' '.repeat(5 * 1024 * 1024);
    const tooLarge = await importOfx(admin, huge);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe('O arquivo OFX excede o limite de 5 MB.');
    const denied = await importOfx(viewer, buildOfx({ bankId: '1', accountId: '1' }, rows));
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe('Você não tem permissão para importar extratos.');
  });
});
