// Budget use cases: create, update, delete.
import { budget, type Budget, type BudgetChanges } from '../../domain/finance/budget';
import type { BudgetCategory } from '../../domain/finance/budget-categories';
import type { BudgetPeriod } from '../../domain/finance/budget-health';
import { notFound } from '../../domain/shared/errors';
import { uuid } from '../../domain/shared/ids';
import type { Centavos } from '../../domain/shared/money';
import { handleCommand } from '../commands/handle-command';
import type { ActorContext } from '../context';
import type { AppDeps } from '../deps';
import { streamName } from '../eventstore/port';
import { newId } from '../ids';
import { tenantOf } from './tenant';

export const budgetStream = (id: string) => streamName('budget', id);

/** Spec §3: the period defaults to monthly. */
export const DEFAULT_BUDGET_PERIOD: BudgetPeriod = 'monthly';

export type BudgetInput = { category: BudgetCategory; budgetAmount: Centavos; period?: BudgetPeriod };

export async function createBudget(deps: AppDeps, input: BudgetInput, context: ActorContext): Promise<Budget> {
  const organizationId = tenantOf(context);
  const data: Budget = { budgetId: newId(), organizationId, category: input.category, budgetAmount: input.budgetAmount, period: input.period ?? DEFAULT_BUDGET_PERIOD };
  const result = await handleCommand(deps.eventStore, budgetStream(data.budgetId), budget, { type: 'CreateBudget', data }, context);
  await deps.waitForProjections(result.position);
  return data;
}

export async function updateBudget(deps: AppDeps, budgetId: string, changes: BudgetChanges, context: ActorContext): Promise<void> {
  if (!uuid.safeParse(budgetId).success) throw notFound('Orçamento não encontrado');
  const result = await handleCommand(deps.eventStore, budgetStream(budgetId), budget, {
    type: 'UpdateBudget', data: { organizationId: tenantOf(context), changes },
  }, context);
  await deps.waitForProjections(result.position);
}

export async function deleteBudget(deps: AppDeps, budgetId: string, context: ActorContext): Promise<void> {
  if (!uuid.safeParse(budgetId).success) throw notFound('Orçamento não encontrado');
  const result = await handleCommand(deps.eventStore, budgetStream(budgetId), budget, {
    type: 'DeleteBudget', data: { organizationId: tenantOf(context) },
  }, context);
  await deps.waitForProjections(result.position);
}
