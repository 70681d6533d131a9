import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../test-support/decider-spec';
import { financialGoal, goalProgress, type FinancialGoal, type GoalEvent } from './goal';

const given = deciderSpec(financialGoal);
const ORG = '0190a000-0000-7000-8000-000000000001';
const OTHER_ORG = '0190a000-0000-7000-8000-000000000002';
const GOAL = '0190a000-0000-7000-8000-0000000000bb';
const NOW = '2025-06-01T12:00:00.000Z';

const reserva = (overrides: Partial<FinancialGoal> = {}): FinancialGoal => ({
  goalId: GOAL,
  organizationId: ORG,
  name: 'Reserva de emergência',
  category: 'emergency_fund',
  targetAmount: 50_000_00n,
  currentAmount: 10_000_00n,
  targetDate: '2025-12-31',
  status: 'active',
  ...overrides,
});
const created = (overrides: Partial<FinancialGoal> = {}): GoalEvent => ({ type: 'FinancialGoalCreated', data: reserva(overrides) });
const updated = (overrides: Partial<FinancialGoal> = {}): GoalEvent => ({ type: 'FinancialGoalUpdated', data: reserva(overrides) });
const completed: GoalEvent = { type: 'FinancialGoalCompleted', data: { goalId: GOAL, organizationId: ORG, completedAt: NOW } };
const contribution = (amount: bigint, currentAmount: bigint): GoalEvent => ({ type: 'FinancialGoalContributionAdded', data: { goalId: GOAL, organizationId: ORG, amount, currentAmount } });
const create = (overrides: Partial<FinancialGoal> = {}) => {
  const { status: _status, ...fields } = reserva(overrides);
  return { type: 'CreateFinancialGoal' as const, data: { ...fields, now: NOW } };
};

describe('goal progress (spec §4)', () => {
  it('is the rounded percent of current over target, 0 when the target is 0', () => {
    expect(goalProgress(10_000_00n, 50_000_00n)).toBe(20);
    expect(goalProgress(1n, 3n)).toBe(33);
    expect(goalProgress(2n, 3n)).toBe(67);
    expect(goalProgress(57n, 200n)).toBe(29); // 28.5 rounds up
    expect(goalProgress(60_000_00n, 50_000_00n)).toBe(120);
    expect(goalProgress(500n, 0n)).toBe(0);
    expect(goalProgress(0n, 100n)).toBe(0);
  });
});

describe('FinancialGoal', () => {
  it('creates an active goal', () => {
    given([]).when(create()).then([created()]);
  });

  it('creates a goal already completed when it starts at its target', () => {
    given([]).when(create({ currentAmount: 50_000_00n })).then([created({ currentAmount: 50_000_00n }), completed]);
  });

  it('requires a name and a positive target', () => {
    given([]).when(create({ name: ' ' })).thenThrows('validation', 'Nome é obrigatório');
    given([]).when(create({ targetAmount: 0n })).thenThrows('validation', 'O valor da meta deve ser maior que zero');
    given([]).when(create({ currentAmount: -1n })).thenThrows('validation', 'O valor atual não pode ser negativo');
  });

  it('adds a contribution that moves currentAmount', () => {
    given([created()])
      .when({ type: 'AddGoalContribution', data: { organizationId: ORG, amount: 5_000_00n, now: NOW } })
      .then([contribution(5_000_00n, 15_000_00n)]);
  });

  it('completes the goal when a contribution reaches the target', () => {
    given([created(), contribution(30_000_00n, 40_000_00n)])
      .when({ type: 'AddGoalContribution', data: { organizationId: ORG, amount: 10_000_00n, now: NOW } })
      .then([contribution(10_000_00n, 50_000_00n), completed]);
  });

  it('completes once: later contributions to a completed goal only add up', () => {
    given([created(), contribution(40_000_00n, 50_000_00n), completed])
      .when({ type: 'AddGoalContribution', data: { organizationId: ORG, amount: 1_000_00n, now: NOW } })
      .then([contribution(1_000_00n, 51_000_00n)]);
  });

  it('completes when rounding reaches 100% (99.5% or more)', () => {
    given([created({ targetAmount: 1_000_00n, currentAmount: 0n })])
      .when({ type: 'AddGoalContribution', data: { organizationId: ORG, amount: 995_00n, now: NOW } })
      .then([contribution(995_00n, 995_00n), completed]);
  });

  it('refuses a contribution that is not positive', () => {
    given([created()]).when({ type: 'AddGoalContribution', data: { organizationId: ORG, amount: 0n, now: NOW } }).thenThrows('validation', 'O valor deve ser maior que zero');
  });

  it('updates a goal with its full state', () => {
    given([created()])
      .when({ type: 'UpdateFinancialGoal', data: { organizationId: ORG, changes: { name: 'Reserva de caixa', targetDate: null }, now: NOW } })
      .then([updated({ name: 'Reserva de caixa', targetDate: null })]);
  });

  it('completes a goal whose target is lowered to what is saved', () => {
    given([created()])
      .when({ type: 'UpdateFinancialGoal', data: { organizationId: ORG, changes: { targetAmount: 10_000_00n }, now: NOW } })
      .then([updated({ targetAmount: 10_000_00n }), { ...completed }]);
  });

  it('puts a completed goal back in progress when its target is raised out of reach', () => {
    given([created({ currentAmount: 50_000_00n }), completed])
      .when({ type: 'UpdateFinancialGoal', data: { organizationId: ORG, changes: { targetAmount: 80_000_00n }, now: NOW } })
      .then([updated({ currentAmount: 50_000_00n, targetAmount: 80_000_00n, status: 'active' })]);
  });

  it('appends nothing when an update changes nothing', () => {
    given([created()]).when({ type: 'UpdateFinancialGoal', data: { organizationId: ORG, changes: { name: 'Reserva de emergência' }, now: NOW } }).then([]);
  });

  it('deletes a goal; a deleted or other-tenant goal is not found', () => {
    given([created()]).when({ type: 'DeleteFinancialGoal', data: { organizationId: ORG } }).then([{ type: 'FinancialGoalDeleted', data: { goalId: GOAL, organizationId: ORG } }]);
    const deleted: GoalEvent = { type: 'FinancialGoalDeleted', data: { goalId: GOAL, organizationId: ORG } };
    given([created(), deleted]).when({ type: 'DeleteFinancialGoal', data: { organizationId: ORG } }).thenThrows('not_found', 'Meta não encontrada');
    given([created()]).when({ type: 'AddGoalContribution', data: { organizationId: OTHER_ORG, amount: 1n, now: NOW } }).thenThrows('not_found', 'Meta não encontrada');
    given([created()]).when({ type: 'UpdateFinancialGoal', data: { organizationId: OTHER_ORG, changes: {}, now: NOW } }).thenThrows('not_found');
    given([]).when({ type: 'DeleteFinancialGoal', data: { organizationId: ORG } }).thenThrows('not_found');
  });
});
