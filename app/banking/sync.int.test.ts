// A bank sync through Pluggy, on recorded API responses: the pending boleto booked the next day
// under a new id is recognised, and an OFX file of the same account brings nothing twice.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext, type ActorContext } from '../context';
import { createTestApp, seedTenant, type Client, type TestApp } from '../../test-support/app';
import { buildOfx } from '../../test-support/ofx-builder';
import { createBankConnection } from './connections';
import type { BankConnectors } from './connectors';
import { pluggyConnector } from './connectors/pluggy';
import { importOfx } from './import-ofx';
import { settleSyncs, startSync } from './sync';

const fixture = (name: string) => readFileSync(new URL(`./connectors/fixtures/pluggy/${name}`, import.meta.url), 'utf8');

let transactionsPage: (page: number) => string = (page) => fixture(`transactions-checking-page-${page}.json`);
const recordedPluggy: typeof fetch = async (input) => {
  const url = new URL(String(input));
  const body = url.pathname === '/auth' ? fixture('auth.json') : url.pathname === '/accounts' ? fixture('accounts.json') : transactionsPage(Number(url.searchParams.get('page')));
  return new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } });
};
const connectors: BankConnectors = {
  defaultProvider: 'pluggy',
  get: () => pluggyConnector({ clientId: 'id', clientSecret: 'secret', baseUrl: 'https://pluggy.test', fetch: recordedPluggy }),
};

let clock = new Date('2025-03-12T20:00:00Z');
let t: TestApp;
let admin: Client;
let context: () => ActorContext;

beforeAll(async () => {
  t = await createTestApp({ clock: () => clock });
  ({ admin } = await seedTenant(t, 'Padaria Pluggy', []));
  context = () => ({ ...systemContext(clock, admin.organizationId), actorUserId: admin.userId });
});
afterAll(async () => {
  await settleSyncs();
  await t?.close();
});

const imported = async () => (await admin.request('GET', '/api/imported-transactions')).json() as Array<Record<string, unknown>>;

describe('bank sync through Pluggy (recorded responses)', () => {
  it('queues the account\'s transactions, then recognises the boleto booked under a new id', async () => {
    const { connectionId } = await createBankConnection(t.deps, { bankName: 'Banco do Brasil', accountNumber: '12345-6', accountType: 'checking', itemId: 'b8a0f2c3-5d1e-4f6a-8b9c-0d1e2f3a4b5c' }, context(), connectors);
    await startSync(t.deps, connectionId, context(), connectors);
    await settleSyncs();
    const first = await imported();
    expect(first.map((i) => [i.description, i.amount, i.transactionType, i.bookingStatus]).sort()).toEqual([
      ['Pagamento de boleto - Enel', '1043.27', 'debit', 'pending'],
      ['Pix enviado - Moinho Sul Farinhas', '1250.50', 'debit', 'booked'],
      ['Pix recebido - Mercado Bom Preço', '890.00', 'credit', 'booked'],
      ['TED recebida - Hotel Vista Alegre', '4500.00', 'credit', 'booked'],
      ['Tarifa Pacote de Serviços', '89.90', 'debit', 'booked'],
    ]);

    clock = new Date('2025-03-13T20:00:00Z');
    transactionsPage = () => fixture('transactions-checking-after-posting.json');
    await startSync(t.deps, connectionId, context(), connectors);
    await settleSyncs();
    const after = await imported();
    expect(after).toHaveLength(5);
    expect(after.find((i) => i.description === 'Pagamento de boleto - Enel')).toMatchObject({ bookingStatus: 'booked', transactionDate: '2025-03-13' });
    const logs = (await admin.request('GET', '/api/sync-logs')).json() as Array<Record<string, unknown>>;
    expect(logs.map((l) => [l.status, l.transactionsImported])).toEqual([['success', 0], ['success', 5]]);
  });

  it('an OFX statement of the same account (its own FITIDs) imports only what the aggregator did not bring', async () => {
    const result = await importOfx(t.deps, buildOfx({ bankId: '001', accountId: '12345-6' }, [
      { fitId: '202503100001', date: '2025-03-10', amount: -1_250_50n, memo: 'PIX ENVIADO 10/03 MOINHO SUL FARINHAS LTDA' },
      { fitId: '202503110001', date: '2025-03-11', amount: -89_90n, memo: 'TARIFA PACOTE SERVICOS' },
      { fitId: '202503130001', date: '2025-03-13', amount: -1_043_27n, memo: 'PAGAMENTO BOLETO ENEL DISTRIBUICAO' },
      { fitId: '202503140001', date: '2025-03-14', amount: -45_00n, memo: 'IOF' },
    ]), { skipDuplicates: true, autoCategorize: true }, context());
    expect(result.summary).toMatchObject({ totalTransactions: 4, importedCount: 1, skippedCount: 3 });
  });
});
