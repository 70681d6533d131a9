// What the OFX importer and the bank sync share: give each arriving transaction its identity, set
// aside the ones the account already has (domain/banking/dedup.ts), and append the rest.
import { findDuplicates, WINDOW_DAYS, type IdentityKind } from '../../domain/banking/dedup';
import { importedTransaction, type RecordedAs, type TransactionImported } from '../../domain/banking/imported-transaction';
import { addDays } from '../../domain/shared/dates';
import { knownTransactions } from '../../projections/banking/queries';
import { handleCommand, loadState } from '../commands/handle-command';
import type { ActorContext } from '../context';
import { withTenant } from '../db/tenant';
import type { AppDeps } from '../deps';
import { streamName } from '../eventstore/port';
import { transactionIdOf, type TransactionIdentity } from './keys';

export const importedTransactionStream = (id: string) => streamName('importedTransaction', id);
export const bankConnectionStream = (id: string) => streamName('bankConnection', id);

export type Arrival = {
  identity: TransactionIdentity;
  fitId: string | null;
  externalId: string | null;
  date: string;
  /** Signed centavos. */
  amount: bigint;
  description: string;
  merchant: string | null;
  pending: boolean;
};

export type AccountIntake = {
  organizationId: string;
  accountKey: string;
  bankName: string;
  /** What the list shows as account: the statement's ACCTID, or the connection's masked number. */
  accountId: string;
  connectionId: string | null;
  source: 'ofx' | 'bank_sync';
  arrivals: Arrival[];
};

export type Admitted = Arrival & { importedTransactionId: string; identityKind: IdentityKind };

export type IntakePlan = {
  fresh: Admitted[];
  duplicates: number;
  /** Pending transactions the account already has, now reported booked under another identity. */
  bookings: { importedTransactionId: string; booked: Admitted }[];
};

/** Sorts the arrivals into new ones and ones the account already has (call it under the account's lock). */
export async function planIntake(deps: AppDeps, intake: AccountIntake, options: { similar: boolean }): Promise<IntakePlan> {
  const admitted: Admitted[] = intake.arrivals.map((arrival) => {
    const { id, kind } = transactionIdOf(intake.organizationId, intake.accountKey, arrival.identity);
    return { ...arrival, importedTransactionId: id, identityKind: kind };
  });
  if (admitted.length === 0) return { fresh: [], duplicates: 0, bookings: [] };
  const dates = admitted.map((a) => a.date).sort();
  const range = { from: addDays(dates[0], -WINDOW_DAYS), to: addDays(dates[dates.length - 1], WINDOW_DAYS) };
  const known = await withTenant(deps.db, intake.organizationId, (tx) =>
    knownTransactions(tx, intake.organizationId, intake.accountKey, range, admitted.map((a) => a.importedTransactionId)));
  const result = findDuplicates(
    admitted.map((a) => ({ identityId: a.importedTransactionId, identityKind: a.identityKind, date: a.date, amount: a.amount, description: a.description, pending: a.pending })),
    known,
    options,
  );
  const bookings = result.duplicates.flatMap((d) =>
    d.by !== 'batch' && d.known.pending && !admitted[d.index].pending && !d.known.identityIds.includes(admitted[d.index].importedTransactionId)
      ? [{ importedTransactionId: d.known.importedTransactionId, booked: admitted[d.index] }]
      : []);
  return { fresh: result.fresh.map((i) => admitted[i]), duplicates: result.duplicates.length, bookings };
}

export function importedData(
  intake: AccountIntake,
  a: Admitted,
  decision: { status: 'pending' | 'approved'; category: string | null; recordedAs: RecordedAs | null },
): TransactionImported {
  return {
    importedTransactionId: a.importedTransactionId,
    organizationId: intake.organizationId,
    source: intake.source,
    connectionId: intake.connectionId,
    bankName: intake.bankName,
    accountId: intake.accountId,
    fitId: a.fitId,
    transactionDate: a.date,
    description: a.description,
    merchant: a.merchant,
    transactionType: a.amount < 0n ? 'debit' : 'credit',
    amount: a.amount < 0n ? -a.amount : a.amount,
    category: decision.category,
    status: decision.status,
    accountKey: intake.accountKey,
    identityKind: a.identityKind,
    externalId: a.externalId,
    bookingStatus: a.pending ? 'pending' : 'booked',
    recordedAs: decision.recordedAs,
  };
}

/** Appends TransactionImported; `created` is false when the same transaction got there first (then `status` is its status). */
export async function appendImported(
  deps: AppDeps,
  data: TransactionImported,
  context: ActorContext,
): Promise<{ created: boolean; position: bigint | null; status: 'pending' | 'approved' | 'rejected' }> {
  const stream = importedTransactionStream(data.importedTransactionId);
  const result = await handleCommand(deps.eventStore, stream, importedTransaction, { type: 'ImportTransaction', data }, context);
  if (result.events.length > 0) return { created: true, position: result.position, status: data.status };
  const state = await loadState(deps.eventStore, stream, importedTransaction);
  return { created: false, position: null, status: state.status === 'none' ? data.status : state.status };
}

export async function appendBooking(deps: AppDeps, organizationId: string, booking: IntakePlan['bookings'][number], context: ActorContext): Promise<bigint | null> {
  const result = await handleCommand(deps.eventStore, importedTransactionStream(booking.importedTransactionId), importedTransaction, {
    type: 'MarkTransactionBooked',
    data: { organizationId, bookedIdentityId: booking.booked.importedTransactionId, fitId: booking.booked.fitId, externalId: booking.booked.externalId, transactionDate: booking.booked.date },
  }, context);
  return result.position;
}

/** Runs `fn` over `items` with at most `limit` at a time, keeping their order in the result. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export const maxPosition = (positions: readonly (bigint | null)[]): bigint | null =>
  positions.reduce<bigint | null>((max, p) => (p !== null && (max === null || p > max) ? p : max), null);
