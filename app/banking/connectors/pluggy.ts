// Pluggy (Brazilian Open Finance aggregator) behind the connector port, over its REST API with
// fetch: POST /auth → apiKey; GET /accounts?itemId; GET /transactions?accountId&from&to&page
// (pages of up to 500). pluggy-sdk is not a dependency; the shapes below are the documented ones.
import { z } from 'zod';
import { parseMoney } from '../../../domain/shared/money';
import { accountKeyOf } from '../keys';
import { BankConnectorError, type BankConnector, type FeedTransaction } from './port';

export type PluggyConfig = {
  clientId: string;
  clientSecret: string;
  /** https://api.pluggy.ai unless told otherwise (a proxy, or a recorded-response server in tests). */
  baseUrl?: string;
  fetch?: typeof fetch;
};

const pluggyAccount = z.object({
  id: z.string(),
  type: z.string(),
  subtype: z.string().nullish(),
  number: z.string().nullish(),
  name: z.string().nullish(),
  currencyCode: z.string().nullish(),
});

const pluggyTransaction = z.object({
  id: z.string(),
  description: z.string().nullish(),
  descriptionRaw: z.string().nullish(),
  currencyCode: z.string().nullish(),
  amount: z.number(),
  amountInAccountCurrency: z.number().nullish(),
  date: z.string(),
  type: z.enum(['DEBIT', 'CREDIT']),
  status: z.enum(['PENDING', 'POSTED']).nullish(),
  merchant: z.object({ name: z.string().nullish(), businessName: z.string().nullish() }).nullish(),
  paymentData: z
    .object({
      payer: z.object({ name: z.string().nullish() }).nullish(),
      receiver: z.object({ name: z.string().nullish() }).nullish(),
    })
    .nullish(),
});
export type PluggyTransaction = z.infer<typeof pluggyTransaction>;

const page = <T extends z.ZodTypeAny>(item: T) => z.object({ results: z.array(item), page: z.number().optional(), totalPages: z.number().optional() });

/** Pluggy's date is an ISO instant at the start of the transaction's day; its calendar date is the business date. */
function businessDateOf(value: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})/.exec(value);
  if (!match) throw new BankConnectorError(`Data inválida recebida do Pluggy: ${value}`);
  return match[1];
}

/** One Pluggy transaction as a feed transaction: the sign comes from `type`, never from the amount (card accounts report purchases as positive). */
export function mapPluggyTransaction(t: PluggyTransaction): FeedTransaction {
  const value = t.amountInAccountCurrency ?? t.amount;
  const cents = parseMoney(Math.abs(value).toFixed(2));
  if (cents === null) throw new BankConnectorError(`Valor inválido recebido do Pluggy: ${value}`);
  const counterpart = t.type === 'DEBIT' ? t.paymentData?.receiver?.name : t.paymentData?.payer?.name;
  return {
    externalId: t.id,
    fitId: null,
    date: businessDateOf(t.date),
    amount: t.type === 'DEBIT' ? -cents : cents,
    description: (t.description ?? t.descriptionRaw ?? '').trim() || 'Transação bancária',
    merchant: t.merchant?.businessName ?? t.merchant?.name ?? counterpart ?? null,
    pending: t.status === 'PENDING',
  };
}

export function pluggyConnector(config: PluggyConfig): BankConnector {
  const baseUrl = (config.baseUrl ?? 'https://api.pluggy.ai').replace(/\/+$/, '');
  const http = config.fetch ?? fetch;
  let apiKey: { value: string; expiresAt: number } | null = null;

  async function call<T extends z.ZodTypeAny>(path: string, schema: T, init: RequestInit = {}): Promise<z.output<T>> {
    let response: Response;
    try {
      response = await http(`${baseUrl}${path}`, init);
    } catch (error) {
      throw new BankConnectorError('Não foi possível conectar ao Pluggy. Tente novamente mais tarde.', { cause: error });
    }
    if (!response.ok) {
      const detail = await response.text().catch(() => '');
      throw new BankConnectorError(`O Pluggy recusou a requisição (${response.status}${detail ? `: ${detail.slice(0, 200)}` : ''}).`);
    }
    const parsed = schema.safeParse(await response.json());
    if (!parsed.success) throw new BankConnectorError('Resposta inesperada do Pluggy.');
    return parsed.data;
  }

  async function key(): Promise<string> {
    if (apiKey && apiKey.expiresAt > Date.now()) return apiKey.value;
    const { apiKey: value } = await call('/auth', z.object({ apiKey: z.string() }), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ clientId: config.clientId, clientSecret: config.clientSecret }),
    });
    // Pluggy's API keys last 2 hours; renew well before.
    apiKey = { value, expiresAt: Date.now() + 90 * 60 * 1000 };
    return value;
  }

  const get = async <T extends z.ZodTypeAny>(path: string, schema: T) => call(path, schema, { headers: { 'X-API-KEY': await key() } });

  return {
    provider: 'pluggy',
    async fetchTransactions(account, { from, to }) {
      if (!account.providerItemId) throw new BankConnectorError('Esta conexão não tem um item do Pluggy associado.');
      const accounts = await get(`/accounts?itemId=${encodeURIComponent(account.providerItemId)}`, page(pluggyAccount));
      const wantedType = account.accountType === 'credit' ? 'CREDIT' : 'BANK';
      const found =
        accounts.results.find((a) => a.number && accountKeyOf(account.bankCode, a.number) === account.accountKey) ??
        (accounts.results.filter((a) => a.type === wantedType).length === 1 ? accounts.results.find((a) => a.type === wantedType) : undefined);
      if (!found) throw new BankConnectorError('Conta não encontrada no Pluggy para esta conexão (confira o número da conta).');
      const transactions: FeedTransaction[] = [];
      for (let pageNumber = 1; ; pageNumber++) {
        const query = new URLSearchParams({ accountId: found.id, from, to, pageSize: '500', page: String(pageNumber) });
        const result = await get(`/transactions?${query}`, page(pluggyTransaction));
        for (const t of result.results) {
          if ((t.currencyCode ?? 'BRL') !== 'BRL' && t.amountInAccountCurrency == null) continue;
          transactions.push(mapPluggyTransaction(t));
        }
        if (!result.totalPages || pageNumber >= result.totalPages) break;
      }
      return transactions;
    },
  };
}
