// The Expense aggregate: money the organization spends, once or on a recurring schedule.
import { z } from 'zod';
import { match } from 'ts-pattern';
import { unknownCommand, type Decider, type EventsOf } from '../shared/decider';
import { recordedDate, addMonths } from '../shared/dates';
import { assertAmountWithinLimit, assertDateInRange, assertStorableText } from '../shared/bounds';
import { notFound, validationError } from '../shared/errors';
import { centavos } from '../shared/money';
import { attachmentRef } from './attachment';
import { recurringPeriods } from './recurrence';
import { importSource } from './revenue';

export const expenseStatuses = ['pending', 'approved', 'completed', 'rejected'] as const;
export type ExpenseStatus = (typeof expenseStatuses)[number];
export const expenseTypes = ['fixed', 'variable'] as const;
export type ExpenseType = (typeof expenseTypes)[number];

/** Statuses whose money counts as spent (budgets, totals of what was paid or is due). */
export const spentStatuses: readonly ExpenseStatus[] = ['approved', 'completed'];

export const MAX_RECURRING_DURATION = 360;
const MAX_RECURRENCE_YEARS = 30;

const expenseData = z.object({
  expenseId: z.string(),
  organizationId: z.string(),
  description: z.string(),
  amount: centavos,
  category: z.string(),
  status: z.enum(expenseStatuses),
  date: recordedDate,
  expenseType: z.enum(expenseTypes),
  isRecurring: z.boolean(),
  recurringPeriod: z.enum(recurringPeriods).nullable(),
  recurringDuration: z.number().int().nullable(),
  recurringEndDate: recordedDate.nullable(),
  attachment: attachmentRef.nullable(),
  source: importSource.nullable(),
});
export type Expense = z.output<typeof expenseData>;

export const expenseEvents = {
  ExpenseRecorded: expenseData,
  ExpenseUpdated: expenseData,
  ExpenseDeleted: z.object({ expenseId: z.string(), organizationId: z.string() }),
};
export type ExpenseEvent = EventsOf<typeof expenseEvents>;

export type ExpenseChanges = Partial<Omit<Expense, 'expenseId' | 'organizationId' | 'source'>>;

export type ExpenseCommand =
  | { type: 'RecordExpense'; data: Expense }
  | { type: 'UpdateExpense'; data: { organizationId: string; changes: ExpenseChanges } }
  | { type: 'DeleteExpense'; data: { organizationId: string } };

export type ExpenseState =
  | { kind: 'none' }
  | { kind: 'active'; expense: Expense }
  | { kind: 'deleted'; expense: Expense };

export const EXPENSE_NOT_FOUND = 'Despesa não encontrada';

/** Another tenant's expense is indistinguishable from a missing one. */
function requireActive(state: ExpenseState, organizationId: string): Expense {
  if (state.kind !== 'active' || state.expense.organizationId !== organizationId) throw notFound(EXPENSE_NOT_FOUND);
  return state.expense;
}

const invalid = (field: string, message: string) => validationError(message, { [field]: message });

/** Checks the rules of the spec's expense form and drops recurrence details of a one-off expense. */
export function assertValidExpense(expense: Expense): Expense {
  const description = expense.description.trim();
  if (!description) throw invalid('description', 'Descrição é obrigatória');
  if (description.length > 255) throw invalid('description', 'A descrição deve ter no máximo 255 caracteres');
  assertStorableText('description', description);
  if (expense.amount <= 0n) throw invalid('amount', 'O valor deve ser maior que zero');
  assertAmountWithinLimit('amount', expense.amount);
  assertDateInRange('date', expense.date);
  const category = expense.category.trim();
  if (!category) throw invalid('category', 'Categoria é obrigatória');
  assertStorableText('category', category);
  if (!expense.isRecurring) {
    return { ...expense, description, category, recurringPeriod: null, recurringDuration: null, recurringEndDate: null };
  }
  if (!expense.recurringPeriod) throw invalid('recurringPeriod', 'Informe o período da recorrência (mensal, trimestral ou anual)');
  const duration = expense.recurringDuration;
  if (duration !== null && (!Number.isInteger(duration) || duration < 1)) throw invalid('recurringDuration', 'A duração deve ser de pelo menos 1 período');
  if (duration !== null && duration > MAX_RECURRING_DURATION) {
    throw invalid('recurringDuration', `A duração deve ser de no máximo ${MAX_RECURRING_DURATION} períodos`);
  }
  const endDate = expense.recurringEndDate;
  assertDateInRange('recurringEndDate', endDate);
  if (endDate !== null && endDate < expense.date) {
    throw invalid('recurringEndDate', 'A data final da recorrência deve ser igual ou posterior à data da despesa');
  }
  if (endDate !== null && endDate > addMonths(expense.date, 12 * MAX_RECURRENCE_YEARS)) {
    throw invalid('recurringEndDate', `A data final da recorrência deve estar no máximo ${MAX_RECURRENCE_YEARS} anos após a data da despesa`);
  }
  return { ...expense, description, category };
}

const scalarFields = [
  'description', 'amount', 'category', 'status', 'date', 'expenseType', 'isRecurring', 'recurringPeriod', 'recurringDuration', 'recurringEndDate',
] as const;

const sameExpense = (a: Expense, b: Expense) =>
  scalarFields.every((field) => a[field] === b[field]) && a.attachment?.id === b.attachment?.id && a.attachment?.name === b.attachment?.name;

export const expense: Decider<ExpenseState, ExpenseCommand, ExpenseEvent> = {
  initialState: () => ({ kind: 'none' }),
  evolve: (state, event) =>
    match(event)
      .with({ type: 'ExpenseRecorded' }, { type: 'ExpenseUpdated' }, ({ data }): ExpenseState => ({ kind: 'active', expense: data }))
      .with({ type: 'ExpenseDeleted' }, (): ExpenseState => (state.kind === 'none' ? state : { kind: 'deleted', expense: state.expense }))
      .exhaustive(),
  // A switch, not match(): an OFX import decides 10,000 of these in one go (see importedTransaction.decide).
  decide: (command, state): ExpenseEvent[] => {
    switch (command.type) {
      // Recording is idempotent per id: an import retried with its deterministic id records nothing new.
      case 'RecordExpense':
        return state.kind !== 'none' ? [] : [{ type: 'ExpenseRecorded', data: assertValidExpense(command.data) }];
      case 'UpdateExpense': {
        const current = requireActive(state, command.data.organizationId);
        const next = assertValidExpense({ ...current, ...command.data.changes });
        return sameExpense(current, next) ? [] : [{ type: 'ExpenseUpdated', data: next }];
      }
      case 'DeleteExpense': {
        const current = requireActive(state, command.data.organizationId);
        return [{ type: 'ExpenseDeleted', data: { expenseId: current.expenseId, organizationId: current.organizationId } }];
      }
      default:
        return unknownCommand(command);
    }
  },
};
