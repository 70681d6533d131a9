import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findDuplicates } from '../../../domain/banking/dedup';
import { accountKeyOf, transactionIdOf } from '../keys';
import { pluggyConnector } from './pluggy';
import type { ConnectorAccount, FeedTransaction } from './port';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/pluggy/${name}`, import.meta.url), 'utf8');

/** A fetch that answers from the recorded responses, and remembers what was asked. */
function recordedPluggy(transactions: (page: number) => string) {
  const calls: { url: string; apiKey: string | null }[] = [];
  const fake: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    const headers = new Headers(init?.headers);
    calls.push({ url: `${url.pathname}${url.search}`, apiKey: headers.get('X-API-KEY') });
    const json = (body: string) => new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } });
    if (url.pathname === '/auth' && init?.method === 'POST') return json(fixture('auth.json'));
    if (url.pathname === '/accounts') return json(fixture('accounts.json'));
    if (url.pathname === '/transactions') return json(transactions(Number(url.searchParams.get('page'))));
    return new Response('{"message":"not found"}', { status: 404 });
  };
  return { fake, calls };
}

const account: ConnectorAccount = {
  connectionId: 'c1',
  bankCode: '001',
  bankName: 'Banco do Brasil',
  accountType: 'checking',
  accountKey: accountKeyOf('001', '12345-6'),
  providerItemId: 'b8a0f2c3-5d1e-4f6a-8b9c-0d1e2f3a4b5c',
};
const range = { from: '2025-03-01', to: '2025-03-13', today: '2025-03-13' };

describe('Pluggy connector (recorded responses)', () => {
  it('authenticates, finds the account by number and reads every page', async () => {
    const { fake, calls } = recordedPluggy((page) => fixture(`transactions-checking-page-${page}.json`));
    const feed = await pluggyConnector({ clientId: 'id', clientSecret: 'secret', baseUrl: 'https://pluggy.test', fetch: fake }).fetchTransactions(account, range);
    expect(calls.map((c) => c.url)).toEqual([
      '/auth',
      '/accounts?itemId=b8a0f2c3-5d1e-4f6a-8b9c-0d1e2f3a4b5c',
      '/transactions?accountId=2f6c5a1e-7a4b-4d0e-9c3b-6a1d8e0f4b21&from=2025-03-01&to=2025-03-13&pageSize=500&page=1',
      '/transactions?accountId=2f6c5a1e-7a4b-4d0e-9c3b-6a1d8e0f4b21&from=2025-03-01&to=2025-03-13&pageSize=500&page=2',
    ]);
    expect(calls.slice(1).every((c) => c.apiKey?.startsWith('eyJ'))).toBe(true);
    expect(feed).toEqual<FeedTransaction[]>([
      { externalId: 'c1a2b3d4-0001-4e5f-8a9b-000000000001', fitId: null, date: '2025-03-10', amount: -1_250_50n, description: 'Pix enviado - Moinho Sul Farinhas', merchant: 'MOINHO SUL FARINHAS LTDA', pending: false },
      { externalId: 'c1a2b3d4-0002-4e5f-8a9b-000000000002', fitId: null, date: '2025-03-10', amount: 890_00n, description: 'Pix recebido - Mercado Bom Preço', merchant: 'MERCADO BOM PRECO LTDA', pending: false },
      { externalId: 'c1a2b3d4-0003-4e5f-8a9b-000000000003', fitId: null, date: '2025-03-11', amount: -89_90n, description: 'Tarifa Pacote de Serviços', merchant: null, pending: false },
      { externalId: 'c1a2b3d4-0004-4e5f-8a9b-000000000004', fitId: null, date: '2025-03-12', amount: -1_043_27n, description: 'Pagamento de boleto - Enel', merchant: 'Enel Distribuição São Paulo', pending: true },
      { externalId: 'c1a2b3d4-0005-4e5f-8a9b-000000000005', fitId: null, date: '2025-03-12', amount: 4_500_00n, description: 'TED recebida - Hotel Vista Alegre', merchant: 'HOTEL VISTA ALEGRE LTDA', pending: false },
    ]);
  });

  it('the boleto booked the next day under a new id is recognised as the pending one', async () => {
    const first = await pluggyConnector({ clientId: 'id', clientSecret: 's', baseUrl: 'https://pluggy.test', fetch: recordedPluggy((p) => fixture(`transactions-checking-page-${p}.json`)).fake }).fetchTransactions(account, range);
    const later = await pluggyConnector({ clientId: 'id', clientSecret: 's', baseUrl: 'https://pluggy.test', fetch: recordedPluggy(() => fixture('transactions-checking-after-posting.json')).fake }).fetchTransactions(account, range);
    const identity = (t: FeedTransaction) => transactionIdOf('org', account.accountKey, { kind: 'provider', provider: 'pluggy', externalId: t.externalId });
    const known = first.map((t) => ({ importedTransactionId: identity(t).id, identityIds: [identity(t).id], identityKind: 'provider' as const, date: t.date, amount: t.amount, description: t.description, pending: t.pending }));
    const result = findDuplicates(later.map((t) => ({ identityId: identity(t).id, identityKind: 'provider' as const, date: t.date, amount: t.amount, description: t.description, pending: t.pending })), known);
    expect(result.fresh).toEqual([]);
    const boleto = result.duplicates.find((d) => later[d.index].description.includes('Enel'));
    expect(boleto).toMatchObject({ by: 'similar' });
  });

  it('refuses a connection without a Pluggy item, and says when the API refuses', async () => {
    const connector = pluggyConnector({ clientId: 'id', clientSecret: 's', baseUrl: 'https://pluggy.test', fetch: async () => new Response('{"message":"invalid credentials"}', { status: 401 }) });
    await expect(connector.fetchTransactions({ ...account, providerItemId: null }, range)).rejects.toThrow('item do Pluggy');
    await expect(connector.fetchTransactions(account, range)).rejects.toThrow('O Pluggy recusou a requisição (401');
  });
});
