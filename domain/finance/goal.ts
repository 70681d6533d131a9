// The FinancialGoal aggregate: a target amount the organization saves towards; reaching it completes the goal.
import { z } from 'zod';
import { match } from 'ts-pattern';
import type { Decider, EventsOf } from '../shared/decider';
import { recordedDate } from '../shared/dates';
import { assertAmountWithinLimit, assertDateInRange, assertStorableText } from '../shared/bounds';
import { notFound, validationError } from '../shared/errors';
import { centavos, type Centavos } from '../shared/money';

export const goalCategories = ['revenue', 'cost_reduction', 'emergency_fund', 'investment', 'expansion', 'debt_reduction'] as const;
export type GoalCategory = (typeof goalCategories)[number];
export const goalStatuses = ['active', 'completed'] as const;
export type GoalStatus = (typeof goalStatuses)[number];

const goalData = z.object({
  goalId: z.string(),
  organizationId: z.string(),
  name: z.string(),
  category: z.enum(goalCategories),
  targetAmount: centavos,
  currentAmount: centavos,
  targetDate: recordedDate.nullable(),
  status: z.enum(goalStatuses),
});
export type FinancialGoal = z.output<typeof goalData>;

export const goalEvents = {
  FinancialGoalCreated: goalData,
  FinancialGoalUpdated: goalData,
  FinancialGoalContributionAdded: z.object({ goalId: z.string(), organizationId: z.string(), amount: centavos, currentAmount: centavos }),
  FinancialGoalCompleted: z.object({ goalId: z.string(), organizationId: z.string(), completedAt: z.string() }),
  FinancialGoalDeleted: z.object({ goalId: z.string(), organizationId: z.string() }),
};
export type GoalEvent = EventsOf<typeof goalEvents>;

export type GoalFields = Pick<FinancialGoal, 'name' | 'category' | 'targetAmount' | 'currentAmount' | 'targetDate'>;

export type GoalCommand =
  | { type: 'CreateFinancialGoal'; data: GoalFields & { goalId: string; organizationId: string; now: string } }
  | { type: 'UpdateFinancialGoal'; data: { organizationId: string; changes: Partial<GoalFields>; now: string } }
  | { type: 'AddGoalContribution'; data: { organizationId: string; amount: Centavos; now: string } }
  | { type: 'DeleteFinancialGoal'; data: { organizationId: string } };

export type GoalState = { kind: 'none' } | { kind: 'active'; goal: FinancialGoal } | { kind: 'deleted' };

export const GOAL_NOT_FOUND = 'Meta não encontrada';

/** Spec §4: rounded currentAmount/targetAmount percent, 0 when the target is 0; reached at 100 or more. */
export function goalProgress(currentAmount: Centavos, targetAmount: Centavos): number {
  if (targetAmount <= 0n || currentAmount <= 0n) return 0;
  // Integer arithmetic: round half up of 100·current/target, with no floating-point drift.
  return Number((200n * currentAmount + targetAmount) / (2n * targetAmount));
}

export const isReached = (goal: Pick<FinancialGoal, 'currentAmount' | 'targetAmount'>) => goalProgress(goal.currentAmount, goal.targetAmount) >= 100;

function requireGoal(state: GoalState, organizationId: string): FinancialGoal {
  if (state.kind !== 'active' || state.goal.organizationId !== organizationId) throw notFound(GOAL_NOT_FOUND);
  return state.goal;
}

function assertValid(goal: FinancialGoal): FinancialGoal {
  const name = goal.name.trim();
  if (!name) throw validationError('Nome é obrigatório', { name: 'Nome é obrigatório' });
  if (goal.targetAmount <= 0n) throw validationError('O valor da meta deve ser maior que zero', { targetAmount: 'O valor da meta deve ser maior que zero' });
  if (goal.currentAmount < 0n) throw validationError('O valor atual não pode ser negativo', { currentAmount: 'O valor atual não pode ser negativo' });
  assertStorableText('name', name);
  assertAmountWithinLimit('targetAmount', goal.targetAmount);
  assertAmountWithinLimit('currentAmount', goal.currentAmount);
  assertDateInRange('targetDate', goal.targetDate);
  return { ...goal, name };
}

/** A goal that now reaches its target is completed by its own event, once. */
const completion = (goal: FinancialGoal, now: string): GoalEvent[] =>
  goal.status === 'active' && isReached(goal) ? [{ type: 'FinancialGoalCompleted', data: { goalId: goal.goalId, organizationId: goal.organizationId, completedAt: now } }] : [];

const sameGoal = (a: FinancialGoal, b: FinancialGoal) =>
  a.name === b.name && a.category === b.category && a.targetAmount === b.targetAmount && a.currentAmount === b.currentAmount && a.targetDate === b.targetDate && a.status === b.status;

export const financialGoal: Decider<GoalState, GoalCommand, GoalEvent> = {
  initialState: () => ({ kind: 'none' }),
  evolve: (state, event) =>
    match(event)
      .with({ type: 'FinancialGoalCreated' }, { type: 'FinancialGoalUpdated' }, ({ data }): GoalState => ({ kind: 'active', goal: data }))
      .with({ type: 'FinancialGoalContributionAdded' }, ({ data }): GoalState =>
        state.kind !== 'active' ? state : { kind: 'active', goal: { ...state.goal, currentAmount: data.currentAmount } })
      .with({ type: 'FinancialGoalCompleted' }, (): GoalState => (state.kind !== 'active' ? state : { kind: 'active', goal: { ...state.goal, status: 'completed' } }))
      .with({ type: 'FinancialGoalDeleted' }, (): GoalState => ({ kind: 'deleted' }))
      .exhaustive(),
  decide: (command, state) =>
    match(command)
      .with({ type: 'CreateFinancialGoal' }, ({ data: { now, ...fields } }): GoalEvent[] => {
        if (state.kind !== 'none') return [];
        const goal = assertValid({ ...fields, status: 'active' });
        return [{ type: 'FinancialGoalCreated', data: goal }, ...completion(goal, now)];
      })
      .with({ type: 'UpdateFinancialGoal' }, ({ data }): GoalEvent[] => {
        const current = requireGoal(state, data.organizationId);
        const changed = assertValid({ ...current, ...data.changes });
        // A completed goal whose target moves out of reach is back in progress.
        const next: FinancialGoal = { ...changed, status: isReached(changed) ? changed.status : 'active' };
        const updates: GoalEvent[] = sameGoal(current, next) ? [] : [{ type: 'FinancialGoalUpdated', data: next }];
        return [...updates, ...completion(next, data.now)];
      })
      .with({ type: 'AddGoalContribution' }, ({ data }): GoalEvent[] => {
        const current = requireGoal(state, data.organizationId);
        if (data.amount <= 0n) throw validationError('O valor deve ser maior que zero', { amount: 'O valor deve ser maior que zero' });
        assertAmountWithinLimit('amount', data.amount);
        const next = { ...current, currentAmount: current.currentAmount + data.amount };
        assertAmountWithinLimit('amount', next.currentAmount);
        return [
          { type: 'FinancialGoalContributionAdded', data: { goalId: current.goalId, organizationId: current.organizationId, amount: data.amount, currentAmount: next.currentAmount } },
          ...completion(next, data.now),
        ];
      })
      .with({ type: 'DeleteFinancialGoal' }, ({ data }): GoalEvent[] => {
        const current = requireGoal(state, data.organizationId);
        return [{ type: 'FinancialGoalDeleted', data: { goalId: current.goalId, organizationId: current.organizationId } }];
      })
      .exhaustive(),
};
