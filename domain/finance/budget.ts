// The Budget aggregate: how much the organization means to spend on a category per period.
import { z } from 'zod';
import { match } from 'ts-pattern';
import type { Decider, EventsOf } from '../shared/decider';
import { notFound, validationError } from '../shared/errors';
import { assertAmountWithinLimit } from '../shared/bounds';
import { centavos } from '../shared/money';
import { budgetCategorySchema } from './budget-categories';
import { budgetPeriods } from './budget-health';

const budgetData = z.object({
  budgetId: z.string(),
  organizationId: z.string(),
  category: budgetCategorySchema,
  budgetAmount: centavos,
  period: z.enum(budgetPeriods),
});
export type Budget = z.output<typeof budgetData>;

export const budgetEvents = {
  BudgetCreated: budgetData,
  BudgetUpdated: budgetData,
  BudgetDeleted: z.object({ budgetId: z.string(), organizationId: z.string() }),
};
export type BudgetEvent = EventsOf<typeof budgetEvents>;

export type BudgetChanges = Partial<Pick<Budget, 'category' | 'budgetAmount' | 'period'>>;

export type BudgetCommand =
  | { type: 'CreateBudget'; data: Budget }
  | { type: 'UpdateBudget'; data: { organizationId: string; changes: BudgetChanges } }
  | { type: 'DeleteBudget'; data: { organizationId: string } };

export type BudgetState = { kind: 'none' } | { kind: 'active'; budget: Budget } | { kind: 'deleted'; budget: Budget };

export const BUDGET_NOT_FOUND = 'Orçamento não encontrado';

function requireActive(state: BudgetState, organizationId: string): Budget {
  if (state.kind !== 'active' || state.budget.organizationId !== organizationId) throw notFound(BUDGET_NOT_FOUND);
  return state.budget;
}

function assertValid(budget: Budget): Budget {
  const category = budgetCategorySchema.safeParse(budget.category);
  if (!category.success) throw validationError(category.error.issues[0].message, { category: category.error.issues[0].message });
  if (budget.budgetAmount <= 0n) {
    throw validationError('O valor do orçamento deve ser maior que zero', { budgetAmount: 'O valor do orçamento deve ser maior que zero' });
  }
  assertAmountWithinLimit('budgetAmount', budget.budgetAmount);
  return budget;
}

const sameBudget = (a: Budget, b: Budget) => a.category === b.category && a.budgetAmount === b.budgetAmount && a.period === b.period;

export const budget: Decider<BudgetState, BudgetCommand, BudgetEvent> = {
  initialState: () => ({ kind: 'none' }),
  evolve: (state, event) =>
    match(event)
      .with({ type: 'BudgetCreated' }, { type: 'BudgetUpdated' }, ({ data }): BudgetState => ({ kind: 'active', budget: data }))
      .with({ type: 'BudgetDeleted' }, (): BudgetState => (state.kind === 'none' ? state : { kind: 'deleted', budget: state.budget }))
      .exhaustive(),
  decide: (command, state) =>
    match(command)
      .with({ type: 'CreateBudget' }, ({ data }): BudgetEvent[] => (state.kind !== 'none' ? [] : [{ type: 'BudgetCreated', data: assertValid(data) }]))
      .with({ type: 'UpdateBudget' }, ({ data }): BudgetEvent[] => {
        const current = requireActive(state, data.organizationId);
        const next = assertValid({ ...current, ...data.changes });
        return sameBudget(current, next) ? [] : [{ type: 'BudgetUpdated', data: next }];
      })
      .with({ type: 'DeleteBudget' }, ({ data }): BudgetEvent[] => {
        const current = requireActive(state, data.organizationId);
        return [{ type: 'BudgetDeleted', data: { budgetId: current.budgetId, organizationId: current.organizationId } }];
      })
      .exhaustive(),
};
