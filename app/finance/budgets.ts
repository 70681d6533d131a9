// Budget use cases: create, update, delete — at most one budget per category and period.
import { sql } from 'slonik';
import { z } from 'zod';
import { budget, BUDGET_NOT_FOUND, type Budget, type BudgetChanges } from '../../domain/finance/budget';
import { budgetCategoryLabels, type BudgetCategory } from '../../domain/finance/budget-categories';
import type { BudgetPeriod } from '../../domain/finance/budget-health';
import { conflict, DomainError, notFound } from '../../domain/shared/errors';
import { uuid } from '../../domain/shared/ids';
import type { Centavos } from '../../domain/shared/money';
import { handleCommand, loadState } from '../commands/handle-command';
import type { ActorContext } from '../context';
import { withTenant } from '../db/tenant';
import type { AppDeps } from '../deps';
import { streamName } from '../eventstore/port';
import { newId } from '../ids';
import { releaseKey, reserveKey } from '../identity/unique-keys';
import { tenantOf } from './tenant';

export const budgetStream = (id: string) => streamName('budget', id);

/** Spec §3: the period defaults to monthly. */
export const DEFAULT_BUDGET_PERIOD: BudgetPeriod = 'monthly';

export type BudgetInput = { category: BudgetCategory; budgetAmount: Centavos; period?: BudgetPeriod };

const periodLabels: Record<BudgetPeriod, string> = { monthly: 'mensal', quarterly: 'trimestral', yearly: 'anual' };

export const duplicateBudgetMessage = (category: BudgetCategory, period: BudgetPeriod) =>
  `Já existe um orçamento ${periodLabels[period]} para ${budgetCategoryLabels[category]}. Edite o orçamento existente em vez de criar outro.`;

const budgetKey = (b: Pick<Budget, 'organizationId' | 'category' | 'period'>) => `${b.organizationId}:${b.category}:${b.period}`;

/**
 * Claims the budget's category and period for it: 409 when another budget of the organization has
 * them. The key serialises concurrent requests; the read model covers budgets made before keys existed.
 */
async function claimCategoryAndPeriod(deps: AppDeps, wanted: Budget): Promise<void> {
  const other = await withTenant(deps.db, wanted.organizationId, (tx) => tx.maybeOneFirst(sql.type(z.object({ id: z.string() }))`
    SELECT id FROM budgets
    WHERE organization_id = ${wanted.organizationId} AND category = ${wanted.category} AND period = ${wanted.period} AND id <> ${wanted.budgetId}
    LIMIT 1`));
  if (other) throw conflict(duplicateBudgetMessage(wanted.category, wanted.period));
  try {
    await reserveKey(deps.db, 'budget', budgetKey(wanted), wanted.budgetId);
  } catch (error) {
    throw error instanceof DomainError && error.kind === 'conflict' ? conflict(duplicateBudgetMessage(wanted.category, wanted.period)) : error;
  }
}

export async function createBudget(deps: AppDeps, input: BudgetInput, context: ActorContext): Promise<Budget> {
  const organizationId = tenantOf(context);
  const data: Budget = { budgetId: newId(), organizationId, category: input.category, budgetAmount: input.budgetAmount, period: input.period ?? DEFAULT_BUDGET_PERIOD };
  await claimCategoryAndPeriod(deps, data);
  try {
    const result = await handleCommand(deps.eventStore, budgetStream(data.budgetId), budget, { type: 'CreateBudget', data }, context);
    await deps.waitForProjections(result.position);
  } catch (error) {
    await releaseKey(deps.db, 'budget', budgetKey(data), data.budgetId);
    throw error;
  }
  return data;
}

async function activeBudget(deps: AppDeps, budgetId: string, organizationId: string): Promise<Budget> {
  if (!uuid.safeParse(budgetId).success) throw notFound(BUDGET_NOT_FOUND);
  const state = await loadState(deps.eventStore, budgetStream(budgetId), budget);
  if (state.kind !== 'active' || state.budget.organizationId !== organizationId) throw notFound(BUDGET_NOT_FOUND);
  return state.budget;
}

export async function updateBudget(deps: AppDeps, budgetId: string, changes: BudgetChanges, context: ActorContext): Promise<void> {
  const organizationId = tenantOf(context);
  const current = await activeBudget(deps, budgetId, organizationId);
  const next = { ...current, ...changes };
  const moved = budgetKey(next) !== budgetKey(current);
  if (moved) await claimCategoryAndPeriod(deps, next);
  try {
    const result = await handleCommand(deps.eventStore, budgetStream(budgetId), budget, {
      type: 'UpdateBudget', data: { organizationId, changes },
    }, context);
    await deps.waitForProjections(result.position);
  } catch (error) {
    if (moved) await releaseKey(deps.db, 'budget', budgetKey(next), budgetId);
    throw error;
  }
  if (moved) await releaseKey(deps.db, 'budget', budgetKey(current), budgetId);
}

export async function deleteBudget(deps: AppDeps, budgetId: string, context: ActorContext): Promise<void> {
  const organizationId = tenantOf(context);
  const current = await activeBudget(deps, budgetId, organizationId);
  const result = await handleCommand(deps.eventStore, budgetStream(budgetId), budget, {
    type: 'DeleteBudget', data: { organizationId },
  }, context);
  await releaseKey(deps.db, 'budget', budgetKey(current), budgetId);
  await deps.waitForProjections(result.position);
}
