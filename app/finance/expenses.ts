// Expense use cases: record (by hand or from an imported bank transaction, exactly once), update
// (including replacing or removing the attachment), delete.
import {
  assertValidExpense, expense, type Expense, type ExpenseChanges, type ExpenseStatus, type ExpenseType,
} from '../../domain/finance/expense';
import type { RecurringPeriod } from '../../domain/finance/recurrence';
import type { ImportSource } from '../../domain/finance/revenue';
import type { AttachmentRef } from '../../domain/finance/attachment';
import { conflict, notFound, validationError } from '../../domain/shared/errors';
import { uuid } from '../../domain/shared/ids';
import type { Centavos } from '../../domain/shared/money';
import { handleCommand, loadState } from '../commands/handle-command';
import type { ActorContext } from '../context';
import type { AppDeps } from '../deps';
import { streamName } from '../eventstore/port';
import { newId } from '../ids';
import { decodeUpload, storeAttachment } from './attachments';
import { assertUsableCategory } from './categories';
import { tenantOf } from './tenant';

export const expenseStream = (id: string) => streamName('expense', id);

/** Spec §3/§4: a new expense is approved and variable unless said otherwise. */
export const DEFAULT_EXPENSE_STATUS: ExpenseStatus = 'approved';
export const DEFAULT_EXPENSE_TYPE: ExpenseType = 'variable';

/** Where the API serves an expense's attachment (the viewer's URL). */
export const attachmentUrlOf = (expenseId: string) => `/api/expenses/${expenseId}/attachment`;

/** The API's create body with the amount in centavos; imports add their `source`. */
export type ExpenseInput = {
  description: string;
  amount: Centavos;
  /** A slug of one of the organization's active categories. */
  category: string;
  status?: ExpenseStatus;
  date: string;
  expenseType?: ExpenseType;
  isRecurring?: boolean;
  recurringPeriod?: RecurringPeriod | null;
  recurringDuration?: number | null;
  recurringEndDate?: string | null;
  /** `data:<type>;base64,…` (a new file), or absent for none. */
  attachmentUrl?: string | null;
  attachmentName?: string | null;
  attachmentType?: string | null;
  source?: ImportSource | null;
};

/** A PUT body: any subset of the create body. `attachmentUrl`: a data string replaces, null or '' removes, the served URL keeps. */
export type ExpenseUpdate = Partial<Omit<ExpenseInput, 'source'>>;

async function attachmentOf(deps: AppDeps, organizationId: string, input: Pick<ExpenseInput, 'attachmentUrl' | 'attachmentName' | 'attachmentType'>): Promise<AttachmentRef | null> {
  if (!input.attachmentUrl) return null;
  return storeAttachment(deps, organizationId, decodeUpload({ attachmentUrl: input.attachmentUrl, attachmentName: input.attachmentName, attachmentType: input.attachmentType }));
}

/**
 * Records an expense and waits until the read models include it. With `options.expenseId` (a UUID,
 * e.g. derived from an imported transaction's id) it happens exactly once: a repeated call appends
 * nothing and returns the expense recorded the first time (`created: false`).
 */
export async function recordExpense(
  deps: AppDeps,
  input: ExpenseInput,
  context: ActorContext,
  options: { expenseId?: string } = {},
): Promise<{ expense: Expense; created: boolean }> {
  const organizationId = tenantOf(context);
  const expenseId = options.expenseId ?? newId();
  if (!uuid.safeParse(expenseId).success) throw new Error(`recordExpense: expenseId must be a UUID, got ${expenseId}`);
  if (options.expenseId) {
    const existing = await loadState(deps.eventStore, expenseStream(expenseId), expense);
    if (existing.kind !== 'none') return existingFor(existing.expense, organizationId);
  }
  const data: Expense = assertValidExpense({
    expenseId,
    organizationId,
    description: input.description,
    amount: input.amount,
    category: input.category,
    status: input.status ?? DEFAULT_EXPENSE_STATUS,
    date: input.date,
    expenseType: input.expenseType ?? DEFAULT_EXPENSE_TYPE,
    isRecurring: input.isRecurring ?? false,
    recurringPeriod: input.recurringPeriod ?? null,
    recurringDuration: input.recurringDuration ?? null,
    recurringEndDate: input.recurringEndDate ?? null,
    attachment: null,
    source: input.source ?? null,
  });
  await assertUsableCategory(deps, organizationId, data.category);
  data.attachment = await attachmentOf(deps, organizationId, input);
  const result = await handleCommand(deps.eventStore, expenseStream(expenseId), expense, { type: 'RecordExpense', data }, context, { newStream: !options.expenseId });
  await deps.waitForProjections(result.position);
  const recorded = result.events[0];
  if (recorded) return { expense: recorded.data as Expense, created: true };
  // A concurrent call with the same id got there first.
  const state = await loadState(deps.eventStore, expenseStream(expenseId), expense);
  if (state.kind === 'none') throw conflict('Não foi possível registrar a despesa; tente novamente');
  return existingFor(state.expense, organizationId);
}

function existingFor(found: Expense, organizationId: string): { expense: Expense; created: boolean } {
  if (found.organizationId !== organizationId) throw conflict('Este identificador de despesa já está em uso');
  return { expense: found, created: false };
}

async function activeExpense(deps: AppDeps, expenseId: string, organizationId: string): Promise<Expense> {
  const state = await loadState(deps.eventStore, expenseStream(expenseId), expense);
  if (state.kind !== 'active' || state.expense.organizationId !== organizationId) throw notFound('Despesa não encontrada');
  return state.expense;
}

export async function updateExpense(deps: AppDeps, expenseId: string, update: ExpenseUpdate, context: ActorContext): Promise<Expense> {
  const organizationId = tenantOf(context);
  if (!uuid.safeParse(expenseId).success) throw notFound('Despesa não encontrada');
  const current = await activeExpense(deps, expenseId, organizationId);
  const { attachmentUrl, attachmentName, attachmentType, ...fields } = update;
  const changes: ExpenseChanges = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  const next = assertValidExpense({ ...current, ...changes });
  if (next.category !== current.category) await assertUsableCategory(deps, organizationId, next.category);
  if (attachmentUrl === null || attachmentUrl === '') {
    changes.attachment = null;
  } else if (attachmentUrl !== undefined && attachmentUrl.startsWith('data:')) {
    changes.attachment = await attachmentOf(deps, organizationId, { attachmentUrl, attachmentName, attachmentType });
  } else if (attachmentUrl !== undefined && attachmentUrl !== attachmentUrlOf(expenseId)) {
    throw validationError('Anexo inválido: envie o arquivo como data URL (data:<tipo>;base64,…)', { attachmentUrl: 'Anexo inválido' });
  }
  const result = await handleCommand(deps.eventStore, expenseStream(expenseId), expense, {
    type: 'UpdateExpense', data: { organizationId, changes },
  }, context);
  await deps.waitForProjections(result.position);
  const updated = result.events[0];
  return updated && updated.type === 'ExpenseUpdated' ? updated.data : current;
}

export async function deleteExpense(deps: AppDeps, expenseId: string, context: ActorContext): Promise<Expense> {
  const organizationId = tenantOf(context);
  if (!uuid.safeParse(expenseId).success) throw notFound('Despesa não encontrada');
  const current = await activeExpense(deps, expenseId, organizationId);
  const result = await handleCommand(deps.eventStore, expenseStream(expenseId), expense, {
    type: 'DeleteExpense', data: { organizationId },
  }, context);
  await deps.waitForProjections(result.position);
  return current;
}
