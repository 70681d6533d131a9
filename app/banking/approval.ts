// Approving an imported transaction makes it the organization's expense or revenue exactly once —
// also when approve is clicked twice or by two people at the same time: the decision is taken on
// the transaction's stream (one wins, the others see it approved), and the expense or revenue is
// recorded under an id derived from the transaction's (a second recording appends nothing).
import { importedTransaction, type RecordedAs } from '../../domain/banking/imported-transaction';
import { conflict, notFound } from '../../domain/shared/errors';
import { uuid } from '../../domain/shared/ids';
import { handleCommand, loadState } from '../commands/handle-command';
import type { ActorContext } from '../context';
import type { AppDeps } from '../deps';
import { tenantOf } from '../finance/tenant';
import { importedTransactionStream } from './intake';
import { recordedAsFor, recordInLedger } from './ledger';

const NOT_FOUND = 'Transação importada não encontrada';

async function ownTransaction(deps: AppDeps, id: string, organizationId: string) {
  if (!uuid.safeParse(id).success) throw notFound(NOT_FOUND);
  const state = await loadState(deps.eventStore, importedTransactionStream(id), importedTransaction);
  if (state.status === 'none' || state.transaction.organizationId !== organizationId) throw notFound(NOT_FOUND);
  return state;
}

/**
 * Read-your-writes also for the caller whose decision was already taken by a concurrent one:
 * it waits for everything written so far, the winner's decision included.
 */
async function settled(deps: AppDeps, position: bigint | null): Promise<void> {
  await deps.waitForProjections(position ?? (await deps.eventStore.headPosition()));
}

export async function approveImportedTransaction(deps: AppDeps, id: string, context: ActorContext): Promise<RecordedAs> {
  const organizationId = tenantOf(context);
  const state = await ownTransaction(deps, id, organizationId);
  if (state.status === 'rejected') throw conflict('Esta transação já foi rejeitada');
  const recordedAs = state.recordedAs ?? recordedAsFor(state.transaction);
  const result = await handleCommand(deps.eventStore, importedTransactionStream(id), importedTransaction, {
    type: 'ApproveImportedTransaction',
    data: { organizationId, approvedBy: context.actorUserId ?? 'system', recordedAs },
  }, context, { retries: 10 });
  // Approved now or before (maybe by a call cut short before it recorded): make sure it is recorded.
  await recordInLedger(deps, state.transaction, context);
  await settled(deps, result.position);
  return recordedAs;
}

export async function rejectImportedTransaction(deps: AppDeps, id: string, context: ActorContext): Promise<void> {
  const organizationId = tenantOf(context);
  await ownTransaction(deps, id, organizationId);
  const result = await handleCommand(deps.eventStore, importedTransactionStream(id), importedTransaction, {
    type: 'RejectImportedTransaction',
    data: { organizationId, rejectedBy: context.actorUserId ?? 'system' },
  }, context, { retries: 10 });
  await settled(deps, result.position);
}
