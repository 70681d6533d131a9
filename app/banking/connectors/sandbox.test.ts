import { describe, expect, it } from 'vitest';
import { accountKeyOf } from '../keys';
import { sandboxConnector, sandboxDay } from './sandbox';

const account = { connectionId: 'c1', bankCode: '001', bankName: 'Banco do Brasil', accountType: 'checking' as const, accountKey: accountKeyOf('001', '12345-6'), providerItemId: null };

describe('sandbox bank', () => {
  it('is deterministic: the same account and dates give the same transactions', async () => {
    const a = await sandboxConnector.fetchTransactions(account, { from: '2025-03-01', to: '2025-03-31', today: '2025-04-10' });
    const b = await sandboxConnector.fetchTransactions(account, { from: '2025-03-01', to: '2025-03-31', today: '2025-06-01' });
    expect(a).toEqual(b);
    const other = await sandboxConnector.fetchTransactions({ ...account, accountKey: accountKeyOf('237', '999') }, { from: '2025-03-01', to: '2025-03-31', today: '2025-04-10' });
    expect(other).not.toEqual(a);
  });

  it('reads like a Brazilian business account: PIX, boletos, TED, tarifas, folha, aluguel, DAS, with unique FITIDs', async () => {
    const month = await sandboxConnector.fetchTransactions(account, { from: '2025-03-01', to: '2025-03-31', today: '2025-04-10' });
    const text = month.map((t) => t.description).join('\n');
    for (const expected of ['PIX RECEBIDO', 'PIX ENVIADO', 'PAGAMENTO BOLETO', 'TARIFA PACOTE SERVICOS', 'PAGAMENTO FOLHA SALARIOS', 'ALUGUEL', 'DAS SIMPLES NACIONAL', 'VENDAS']) {
      expect(text).toContain(expected);
    }
    expect(new Set(month.map((t) => t.fitId)).size).toBe(month.length);
    expect(month.every((t) => t.fitId !== null && !t.pending && t.amount !== 0n)).toBe(true);
    // Monthly bills fall on business days: the 1st of March 2025 is a Saturday.
    expect(month.find((t) => t.description === 'TARIFA PACOTE SERVICOS')?.date).toBe('2025-03-03');
  });

  it('reports the last two days as pending under temporary ids, booked later under FITIDs', () => {
    const pending = sandboxDay(account, '2025-03-12', '2025-03-13');
    const booked = sandboxDay(account, '2025-03-12', '2025-03-16');
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.every((t) => t.pending && t.fitId === null && t.externalId.startsWith('PEND-'))).toBe(true);
    expect(booked.every((t) => !t.pending && t.fitId === t.externalId)).toBe(true);
    expect(booked.map((t) => [t.amount, t.description])).toEqual(pending.map((t) => [t.amount, t.description]));
  });

  it('never reports the future', async () => {
    const feed = await sandboxConnector.fetchTransactions(account, { from: '2025-03-10', to: '2025-03-20', today: '2025-03-12' });
    expect(feed.every((t) => t.date <= '2025-03-12')).toBe(true);
  });
});
