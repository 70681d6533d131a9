// An imported bank transaction becomes the organization's expense (debit) or revenue (credit),
// through the finance use cases, under an id derived from the imported transaction's: at most once.
import type { RecordedAs, TransactionImported } from '../../domain/banking/imported-transaction';
import { ledgerKindOf } from '../../domain/banking/imported-transaction';
import { revenueCategories, type RevenueCategory } from '../../domain/finance/revenue';
import type { ActorContext } from '../context';
import type { AppDeps } from '../deps';
import { resolveExpenseCategory } from '../finance/categories';
import { recordExpense } from '../finance/expenses';
import { recordRevenue } from '../finance/revenues';
import { recordedIdOf } from './keys';

export const recordedAsFor = (transaction: Pick<TransactionImported, 'importedTransactionId' | 'transactionType'>): RecordedAs => ({
  kind: ledgerKindOf(transaction),
  id: recordedIdOf(transaction.importedTransactionId),
});

const isRevenueCategory = (value: string | null): value is RevenueCategory => (revenueCategories as readonly string[]).includes(value ?? '');

/**
 * Records the expense or revenue; a second call (a double click, a retried import) finds it
 * recorded and appends nothing. `expenseCategory` skips the category lookup when the caller has
 * already resolved one the organization can use.
 */
export async function recordInLedger(
  deps: AppDeps,
  transaction: TransactionImported,
  context: ActorContext,
  options: { expenseCategory?: string } = {},
): Promise<RecordedAs> {
  const recordedAs = recordedAsFor(transaction);
  const source = { kind: transaction.source, importedTransactionId: transaction.importedTransactionId };
  const description = transaction.description.trim().slice(0, 255) || 'Transação bancária';
  if (recordedAs.kind === 'expense') {
    const category = options.expenseCategory ?? (await resolveExpenseCategory(deps, transaction.organizationId, transaction.category));
    await recordExpense(deps, {
      description, amount: transaction.amount, category, status: 'completed', date: transaction.transactionDate, expenseType: 'variable', isRecurring: false, source,
    }, context, { expenseId: recordedAs.id });
  } else {
    await recordRevenue(deps, {
      description, amount: transaction.amount, category: isRevenueCategory(transaction.category) ? transaction.category : 'other', status: 'received', date: transaction.transactionDate, source,
    }, context, { revenueId: recordedAs.id });
  }
  return recordedAs;
}
