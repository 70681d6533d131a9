// The ImportedTransaction aggregate: one bank transaction brought in by an OFX file or a bank sync,
// waiting for (or past) the decision that makes it an expense or a revenue of the organization.
// Its id is derived from the transaction's bank identity, so the same transaction has one stream.
import { z } from 'zod';
import { match } from 'ts-pattern';
import { unknownCommand, type Decider, type EventsOf } from '../shared/decider';
import { recordedDate } from '../shared/dates';
import { assertAmountWithinLimit, assertDateInRange } from '../shared/bounds';
import { conflict, notFound } from '../shared/errors';
import { centavos } from '../shared/money';

export const recordedAs = z.object({ kind: z.enum(['expense', 'revenue']), id: z.string() });
export type RecordedAs = z.infer<typeof recordedAs>;

const transactionImported = z.object({
  importedTransactionId: z.string(),
  organizationId: z.string(),
  source: z.enum(['ofx', 'bank_sync']),
  connectionId: z.string().nullable(),
  bankName: z.string(),
  accountId: z.string(),
  fitId: z.string().nullable(),
  transactionDate: recordedDate,
  description: z.string(),
  merchant: z.string().nullable(),
  transactionType: z.enum(['credit', 'debit']),
  /** Positive centavos; transactionType says the direction. */
  amount: centavos,
  category: z.string().nullable(),
  status: z.enum(['pending', 'approved']),
  // Banking's own fields beyond the shared contract (docs/EVENTS.md), used for duplicate detection.
  /** Hash of bank code + account number: the same account in a statement and in a connection. */
  accountKey: z.string().default(''),
  /** What the id (derived from the bank identity, app/banking/keys.ts) was built from: a FITID, a feed's id, or the content. */
  identityKind: z.enum(['fitid', 'provider', 'none']).default('none'),
  /** The aggregator's or sandbox's id of the transaction, when it is not a FITID. */
  externalId: z.string().nullable().default(null),
  /** The bank still reports it as pending (not yet booked). */
  bookingStatus: z.enum(['pending', 'booked']).default('booked'),
  /** Set when imported already approved (OFX import): the expense or revenue it became. */
  recordedAs: recordedAs.nullable().default(null),
});
export type TransactionImported = z.output<typeof transactionImported>;

export const importedTransactionEvents = {
  TransactionImported: transactionImported,
  /** A pending transaction the bank later booked under another id (`bookedIdentityId`). */
  ImportedTransactionBooked: z.object({
    importedTransactionId: z.string(),
    organizationId: z.string(),
    bookedIdentityId: z.string(),
    fitId: z.string().nullable(),
    externalId: z.string().nullable(),
    transactionDate: recordedDate,
  }),
  ImportedTransactionApproved: z.object({ importedTransactionId: z.string(), organizationId: z.string(), approvedBy: z.string(), recordedAs }),
  ImportedTransactionRejected: z.object({ importedTransactionId: z.string(), organizationId: z.string(), rejectedBy: z.string() }),
};
export type ImportedTransactionEvent = EventsOf<typeof importedTransactionEvents>;

export type ImportedTransactionCommand =
  | { type: 'ImportTransaction'; data: TransactionImported }
  | { type: 'MarkTransactionBooked'; data: { organizationId: string; bookedIdentityId: string; fitId: string | null; externalId: string | null; transactionDate: string } }
  | { type: 'ApproveImportedTransaction'; data: { organizationId: string; approvedBy: string; recordedAs: RecordedAs } }
  | { type: 'RejectImportedTransaction'; data: { organizationId: string; rejectedBy: string } };

export type ImportedTransactionState =
  | { status: 'none' }
  | { status: 'pending' | 'approved' | 'rejected'; transaction: TransactionImported; recordedAs: RecordedAs | null };

export const IMPORTED_NOT_FOUND = 'Transação importada não encontrada';

/** Debits become expenses, credits revenues. */
export const ledgerKindOf = (transaction: Pick<TransactionImported, 'transactionType'>): RecordedAs['kind'] =>
  transaction.transactionType === 'debit' ? 'expense' : 'revenue';

function requireOwn(state: ImportedTransactionState, organizationId: string): Exclude<ImportedTransactionState, { status: 'none' }> {
  if (state.status === 'none' || state.transaction.organizationId !== organizationId) throw notFound(IMPORTED_NOT_FOUND);
  return state;
}

export const importedTransaction: Decider<ImportedTransactionState, ImportedTransactionCommand, ImportedTransactionEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) =>
    match(event)
      .with({ type: 'TransactionImported' }, ({ data }): ImportedTransactionState => ({ status: data.status, transaction: data, recordedAs: data.recordedAs }))
      .with({ type: 'ImportedTransactionBooked' }, ({ data }): ImportedTransactionState =>
        state.status === 'none' ? state : { ...state, transaction: { ...state.transaction, bookingStatus: 'booked', fitId: data.fitId ?? state.transaction.fitId, transactionDate: data.transactionDate } })
      .with({ type: 'ImportedTransactionApproved' }, ({ data }): ImportedTransactionState =>
        state.status === 'none' ? state : { ...state, status: 'approved', recordedAs: data.recordedAs })
      .with({ type: 'ImportedTransactionRejected' }, (): ImportedTransactionState => (state.status === 'none' ? state : { ...state, status: 'rejected' }))
      .exhaustive(),
  /**
   * A switch, not match(): an OFX import decides each of its transactions, and its expense or
   * revenue, before the first append, and match() builds its matcher and a closure per case on every
   * call: 20,000 decisions (and their expenses) in a fresh process took 124-157 ms of CPU, 50-80 ms with the switch.
   */
  decide: (command, state): ImportedTransactionEvent[] => {
    switch (command.type) {
      // Importing is idempotent per id: the same bank transaction seen again records nothing.
      case 'ImportTransaction': {
        if (state.status !== 'none') return [];
        assertAmountWithinLimit('amount', command.data.amount);
        assertDateInRange('transactionDate', command.data.transactionDate);
        return [{ type: 'TransactionImported', data: command.data }];
      }
      case 'MarkTransactionBooked': {
        const { data } = command;
        const current = requireOwn(state, data.organizationId);
        if (current.transaction.bookingStatus === 'booked') return [];
        return [{ type: 'ImportedTransactionBooked', data: { importedTransactionId: current.transaction.importedTransactionId, ...data } }];
      }
      case 'ApproveImportedTransaction': {
        const { data } = command;
        const current = requireOwn(state, data.organizationId);
        if (current.status === 'approved') return [];
        if (current.status === 'rejected') throw conflict('Esta transação já foi rejeitada');
        return [{ type: 'ImportedTransactionApproved', data: { importedTransactionId: current.transaction.importedTransactionId, ...data } }];
      }
      case 'RejectImportedTransaction': {
        const { data } = command;
        const current = requireOwn(state, data.organizationId);
        if (current.status === 'rejected') return [];
        if (current.status === 'approved') throw conflict('Esta transação já foi aprovada');
        return [{ type: 'ImportedTransactionRejected', data: { importedTransactionId: current.transaction.importedTransactionId, ...data } }];
      }
      default:
        return unknownCommand(command);
    }
  },
};
