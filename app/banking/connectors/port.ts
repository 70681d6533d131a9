// The bank connector port: where a connection's transactions come from (the built-in sandbox bank,
// or an Open Finance aggregator such as Pluggy).
import type { BankProvider } from '../../../domain/banking/bank-connection';

/** What a connector knows of the account it reads (never the full account number). */
export type ConnectorAccount = {
  connectionId: string;
  bankCode: string;
  bankName: string;
  accountType: 'checking' | 'savings' | 'credit';
  /** Hash of bank code + account number (app/banking/keys.ts). */
  accountKey: string;
  /** The aggregator's item this account belongs to (Pluggy), if any. */
  providerItemId: string | null;
};

export type FeedTransaction = {
  /** The feed's own id of the transaction (a pending one may get another id once booked). */
  externalId: string;
  /** The bank's FITID, when the feed carries the same ids the bank's OFX statements do. */
  fitId: string | null;
  /** 'YYYY-MM-DD'. */
  date: string;
  /** Signed centavos (negative = money out). */
  amount: bigint;
  description: string;
  merchant: string | null;
  pending: boolean;
};

export interface BankConnector {
  readonly provider: BankProvider;
  /** Transactions dated in [from, to] ('YYYY-MM-DD'); `today` is the bank's current date. */
  fetchTransactions(account: ConnectorAccount, range: { from: string; to: string; today: string }): Promise<FeedTransaction[]>;
}

/** A connector that could not read the bank: its message is pt-BR and goes to the sync log. */
export class BankConnectorError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'BankConnectorError';
  }
}
