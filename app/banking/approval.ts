// Approving an imported transaction makes it the organization's expense or revenue exactly once —
// also when approve is clicked twice or by two people at the same time: the decision is taken on
// the transaction's stream (one wins, the others see it approved), and the expense or revenue is
// recorded under an id derived from the transaction's (a second recording appends nothing).
import { importedTransaction, type ImportedTransactionEvent, type RecordedAs } from '../../domain/banking/imported-transaction';
import { conflict, notFound, validationError } from '../../domain/shared/errors';
import { uuid } from '../../domain/shared/ids';
import { pendingImportedIds } from '../../projections/banking/queries';
import { handleCommand, loadState } from '../commands/handle-command';
import { metadataFor, type ActorContext } from '../context';
import { withTenant } from '../db/tenant';
import type { AppDeps } from '../deps';
import { decodeEvent, encodeEvent } from '../eventstore/codec';
import { ConcurrencyError, type StreamAppend } from '../eventstore/port';
import { resolveExpenseCategory } from '../finance/categories';
import { tenantOf } from '../finance/tenant';
import { ledgerAppendOf } from './bulk-append';
import { importedTransactionStream, mapLimit } from './intake';
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

/** At most this many transactions per bulk decision (one all-or-nothing append). */
export const MAX_BULK_DECISIONS = 1_000;

export type BulkSelection = { ids: readonly string[] } | { allPending: true };

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * 'Aprovar todas' / 'Aprovar selecionadas' / 'Rejeitar selecionadas': all or nothing. Every chosen
 * transaction is checked first (another organization's or an unknown id: 404; approving a rejected
 * one or rejecting an approved one: 409, nothing decided); then the decisions — and, on approval,
 * the expenses and revenues they become — are appended together in one multi-stream append, each
 * stream checked against the revision just read, so a concurrent decision makes the whole request
 * fail with 409 rather than half apply. Ones already in the asked state are left as they are.
 */
export async function decideInBulk(
  deps: AppDeps,
  selection: BulkSelection,
  decision: 'approve' | 'reject',
  context: ActorContext,
): Promise<{ decided: number; unchanged: number }> {
  const organizationId = tenantOf(context);
  const ids = 'allPending' in selection
    ? await withTenant(deps.db, organizationId, (tx) => pendingImportedIds(tx, organizationId, MAX_BULK_DECISIONS + 1))
    : [...new Set(selection.ids)];
  if (ids.length === 0) {
    if ('allPending' in selection) return { decided: 0, unchanged: 0 };
    throw validationError('Selecione ao menos uma transação', { ids: 'Obrigatório' });
  }
  if (ids.length > MAX_BULK_DECISIONS) throw validationError(`Decida no máximo ${MAX_BULK_DECISIONS.toLocaleString('pt-BR')} transações por vez`, { ids: 'Demais transações' });
  if (ids.some((id) => !uuid.safeParse(id).success)) throw notFound(NOT_FOUND);

  const loaded = await mapLimit(ids, 8, async (id) => {
    const history = await deps.eventStore.readStream(importedTransactionStream(id));
    const state = history.map((e) => decodeEvent<ImportedTransactionEvent>(e)).reduce(importedTransaction.evolve, importedTransaction.initialState());
    return { id, state, revision: history.length - 1 };
  });
  const owned = loaded.flatMap((l) => (l.state.status !== 'none' && l.state.transaction.organizationId === organizationId ? [{ ...l, state: l.state }] : []));
  if (owned.length !== loaded.length) throw notFound(NOT_FOUND);
  const blocking = owned.filter((l) => l.state.status === (decision === 'approve' ? 'rejected' : 'approved'));
  if (blocking.length > 0) {
    throw conflict(decision === 'approve'
      ? `${plural(blocking.length, 'transação selecionada já foi rejeitada', 'transações selecionadas já foram rejeitadas')}; nenhuma foi aprovada.`
      : `${plural(blocking.length, 'transação selecionada já foi aprovada', 'transações selecionadas já foram aprovadas')}; nenhuma foi rejeitada.`);
  }
  const pending = owned.filter((l) => l.state.status === 'pending');
  if (pending.length === 0) return { decided: 0, unchanged: owned.length };

  const actor = context.actorUserId ?? 'system';
  const categories = new Map<string, string>();
  const appends: StreamAppend[] = [];
  for (const { id, state, revision } of pending) {
    const recordedAs = state.recordedAs ?? recordedAsFor(state.transaction);
    const command = decision === 'approve'
      ? { type: 'ApproveImportedTransaction' as const, data: { organizationId, approvedBy: actor, recordedAs } }
      : { type: 'RejectImportedTransaction' as const, data: { organizationId, rejectedBy: actor } };
    appends.push({ streamId: importedTransactionStream(id), expectedRevision: revision, events: importedTransaction.decide(command, state).map(encodeEvent) });
    if (decision === 'approve') {
      const hint = state.transaction.category ?? '';
      if (recordedAs.kind === 'expense' && !categories.has(hint)) categories.set(hint, await resolveExpenseCategory(deps, organizationId, state.transaction.category));
      appends.push(ledgerAppendOf({ ...state.transaction, recordedAs }, categories.get(hint) ?? 'operational'));
    }
  }
  let results;
  try {
    results = await deps.eventStore.appendMany(appends, { metadata: metadataFor(context) });
  } catch (error) {
    if (error instanceof ConcurrencyError) throw conflict('Estas transações foram alteradas por outra pessoa ao mesmo tempo; atualize a lista e tente novamente.');
    throw error;
  }
  await deps.waitForProjections(results[results.length - 1].position);
  return { decided: pending.length, unchanged: owned.length - pending.length };
}
