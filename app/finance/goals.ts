// Financial goal use cases: create, edit, contribute (which may complete the goal), delete.
import { financialGoal, type GoalCategory, type GoalCommand, type GoalFields } from '../../domain/finance/goal';
import type { Centavos } from '../../domain/shared/money';
import { handleCommand } from '../commands/handle-command';
import type { ActorContext } from '../context';
import type { AppDeps } from '../deps';
import { streamName } from '../eventstore/port';
import { newId } from '../ids';
import { tenantOf } from './tenant';

export const goalStream = (id: string) => streamName('goal', id);

/** Spec §3: revenue is the default category. */
export const DEFAULT_GOAL_CATEGORY: GoalCategory = 'revenue';

export type GoalInput = {
  name: string;
  targetAmount: Centavos;
  currentAmount?: Centavos;
  targetDate?: string | null;
  category?: GoalCategory;
};

async function run(deps: AppDeps, goalId: string, command: GoalCommand, context: ActorContext): Promise<void> {
  const result = await handleCommand(deps.eventStore, goalStream(goalId), financialGoal, command, context);
  await deps.waitForProjections(result.position);
}

export async function createGoal(deps: AppDeps, input: GoalInput, context: ActorContext, options: { goalId?: string } = {}): Promise<string> {
  const goalId = options.goalId ?? newId();
  await run(deps, goalId, {
    type: 'CreateFinancialGoal',
    data: {
      goalId,
      organizationId: tenantOf(context),
      name: input.name,
      category: input.category ?? DEFAULT_GOAL_CATEGORY,
      targetAmount: input.targetAmount,
      currentAmount: input.currentAmount ?? 0n,
      targetDate: input.targetDate ?? null,
      now: context.now.toISOString(),
    },
  }, context);
  return goalId;
}

export const updateGoal = (deps: AppDeps, goalId: string, changes: Partial<GoalFields>, context: ActorContext) =>
  run(deps, goalId, { type: 'UpdateFinancialGoal', data: { organizationId: tenantOf(context), changes, now: context.now.toISOString() } }, context);

export const contributeToGoal = (deps: AppDeps, goalId: string, amount: Centavos, context: ActorContext) =>
  run(deps, goalId, { type: 'AddGoalContribution', data: { organizationId: tenantOf(context), amount, now: context.now.toISOString() } }, context);

export const deleteGoal = (deps: AppDeps, goalId: string, context: ActorContext) =>
  run(deps, goalId, { type: 'DeleteFinancialGoal', data: { organizationId: tenantOf(context) } }, context);
