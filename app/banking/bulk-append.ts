// A statement's new transactions appended in bulk. The domain keeps one stream per imported
// transaction (it is approved, rejected and booked on its own) and one per expense or revenue
// (edited and deleted on its own), so the streams stay; what changes is the round trips: the
// events of a whole chunk — each transaction's TransactionImported and the ExpenseRecorded or
// RevenueRecorded it becomes, in that order — go to the event store in one multi-stream append
// (one statement, one transaction: a chunk is all or nothing). Every event is decided (and so
// validated) by the same deciders as the one-at-a-time path before the first chunk is written.
// A chunk that meets a stream already there (an earlier import cut short, a concurrent writer)
// is redone one transaction at a time by that idempotent path.
import { expense, type Expense } from '../../domain/finance/expense';
import { revenue, revenueCategories, type Revenue, type RevenueCategory } from '../../domain/finance/revenue';
import { importedTransaction, type TransactionImported } from '../../domain/banking/imported-transaction';
import { metadataFor, type ActorContext } from '../context';
import type { AppDeps } from '../deps';
import { encodeEvent } from '../eventstore/codec';
import { ConcurrencyError, type StreamAppend } from '../eventstore/port';
import { expenseStream } from '../finance/expenses';
import { revenueStream } from '../finance/revenues';
import { appendImported, importedTransactionStream } from './intake';
import { recordedAsFor, recordInLedger } from './ledger';

/** Transactions per multi-stream append (two streams each). */
export const BULK_CHUNK = 1_000;

const isRevenueCategory = (value: string | null): value is RevenueCategory => (revenueCategories as readonly string[]).includes(value ?? '');

/**
 * The expense (debit) or revenue (credit) stream an approved imported transaction becomes, with
 * the event `recordInLedger` would append; `expenseCategory` is one the organization can use.
 */
export function ledgerAppendOf(data: TransactionImported, expenseCategory: string): StreamAppend {
  const recordedAs = data.recordedAs ?? recordedAsFor(data);
  const source = { kind: data.source, importedTransactionId: data.importedTransactionId };
  const description = data.description.trim().slice(0, 255) || 'Transação bancária';
  if (recordedAs.kind === 'expense') {
    const record: Expense = {
      expenseId: recordedAs.id, organizationId: data.organizationId, description, amount: data.amount, category: expenseCategory,
      status: 'completed', date: data.transactionDate, expenseType: 'variable', isRecurring: false, recurringPeriod: null, recurringDuration: null,
      recurringEndDate: null, attachment: null, source,
    };
    return { streamId: expenseStream(recordedAs.id), expectedRevision: 'no_stream', events: expense.decide({ type: 'RecordExpense', data: record }, expense.initialState()).map(encodeEvent) };
  }
  const record: Revenue = {
    revenueId: recordedAs.id, organizationId: data.organizationId, description, amount: data.amount,
    category: isRevenueCategory(data.category) ? data.category : 'other', status: 'received', date: data.transactionDate, source,
  };
  return { streamId: revenueStream(recordedAs.id), expectedRevision: 'no_stream', events: revenue.decide({ type: 'RecordRevenue', data: record }, revenue.initialState()).map(encodeEvent) };
}

/** The approved imported transaction's two streams and their first events (its category was resolved by the importer). */
function appendsOf(data: TransactionImported): StreamAppend[] {
  const imported = importedTransaction.decide({ type: 'ImportTransaction', data }, importedTransaction.initialState());
  return [
    { streamId: importedTransactionStream(data.importedTransactionId), expectedRevision: 'no_stream', events: imported.map(encodeEvent) },
    ledgerAppendOf(data, data.category ?? 'operational'),
  ];
}

export type BulkPlan = { chunks: { work: TransactionImported[]; appends: StreamAppend[] }[] };

/** Decides every event of the file (throws the domain's pt-BR error on the first invalid one): nothing is written yet. */
export function planBulkAppend(work: readonly TransactionImported[], chunkSize = BULK_CHUNK): BulkPlan {
  const chunks: BulkPlan['chunks'] = [];
  for (let start = 0; start < work.length; start += chunkSize) {
    const slice = work.slice(start, start + chunkSize);
    chunks.push({ work: slice, appends: slice.flatMap(appendsOf) });
  }
  return { chunks };
}

/**
 * Appends the plan chunk by chunk; `onChunk` hears how many transactions each chunk settled.
 * Returns how many transactions were new (a transaction some earlier writer had already recorded
 * is not counted) and the last position written.
 */
export async function appendInBulk(
  deps: AppDeps,
  plan: BulkPlan,
  context: ActorContext,
  onChunk: (settled: number) => Promise<void> = async () => undefined,
): Promise<{ created: number; position: bigint | null }> {
  let created = 0;
  let position: bigint | null = null;
  const metadata = metadataFor(context);
  // Nothing below reads what another part of this import wrote: read-your-writes once, by the caller.
  const quiet: AppDeps = { ...deps, waitForProjections: async () => undefined };
  const append = async (chunk: BulkPlan['chunks'][number]): Promise<{ created: number; position: bigint | null }> => {
    try {
      const results = await deps.eventStore.appendMany(chunk.appends, { metadata });
      return { created: chunk.work.length, position: results[results.length - 1].position };
    } catch (error) {
      if (!(error instanceof ConcurrencyError)) throw error;
      let redone = 0;
      for (const data of chunk.work) {
        const appended = await appendImported(quiet, data, context);
        if (appended.status === 'approved') {
          await recordInLedger(quiet, data, context, { expenseCategory: data.transactionType === 'debit' ? (data.category ?? undefined) : undefined });
        }
        if (appended.created) redone += 1;
      }
      return { created: redone, position: await deps.eventStore.headPosition() };
    }
  };
  // The next chunk is hashed and sent while PostgreSQL writes this one: chunks share no stream, so
  // their appends commute; each is still settled (and reported) in the file's order.
  let inFlight: Promise<{ created: number; position: bigint | null }> | null = null;
  for (let i = 0; i <= plan.chunks.length; i++) {
    const next = i < plan.chunks.length ? append(plan.chunks[i]) : null;
    // A failed chunk is reported once every chunk in flight has settled.
    next?.catch(() => undefined);
    if (inFlight) {
      const settled = await inFlight.catch(async (error: unknown) => {
        await next?.catch(() => undefined);
        throw error;
      });
      created += settled.created;
      if (settled.position !== null && (position === null || settled.position > position)) position = settled.position;
      await onChunk(plan.chunks[i - 1].work.length);
    }
    inFlight = next;
  }
  return { created, position };
}
