import { describe, it } from 'vitest';
import { deciderSpec } from '../../test-support/decider-spec';
import { budget, type Budget, type BudgetEvent } from './budget';

const given = deciderSpec(budget);
const ORG = '0190a000-0000-7000-8000-000000000001';
const OTHER_ORG = '0190a000-0000-7000-8000-000000000002';
const ID = '0190a000-0000-7000-8000-0000000000b1';

const marketing = (overrides: Partial<Budget> = {}): Budget => ({
  budgetId: ID, organizationId: ORG, category: 'marketing', budgetAmount: 2_000_00n, period: 'monthly', ...overrides,
});
const created = (overrides: Partial<Budget> = {}): BudgetEvent => ({ type: 'BudgetCreated', data: marketing(overrides) });
const update = (changes: Partial<Budget>, organizationId = ORG) => ({ type: 'UpdateBudget' as const, data: { organizationId, changes } });

describe('Budget', () => {
  it('creates a budget for one of the nine categories', () => {
    given([]).when({ type: 'CreateBudget', data: marketing() }).then([created()]);
  });

  it('refuses an unknown category or a non-positive amount', () => {
    given([]).when({ type: 'CreateBudget', data: marketing({ category: 'lazer' as never }) }).thenThrows('validation', /Categoria inválida/);
    given([]).when({ type: 'CreateBudget', data: marketing({ budgetAmount: 0n }) }).thenThrows('validation', 'O valor do orçamento deve ser maior que zero');
  });

  it('updates with the full state, and records nothing when nothing changes', () => {
    given([created()]).when(update({ budgetAmount: 2_500_00n, period: 'quarterly' }))
      .then([{ type: 'BudgetUpdated', data: marketing({ budgetAmount: 2_500_00n, period: 'quarterly' }) }]);
    given([created()]).when(update({ budgetAmount: 2_000_00n })).then([]);
  });

  it('deletes a budget', () => {
    given([created()]).when({ type: 'DeleteBudget', data: { organizationId: ORG } }).then([{ type: 'BudgetDeleted', data: { budgetId: ID, organizationId: ORG } }]);
  });

  it('answers not found for a missing, deleted or other tenant\'s budget', () => {
    given([]).when(update({ budgetAmount: 1n })).thenThrows('not_found', 'Orçamento não encontrado');
    given([created(), { type: 'BudgetDeleted', data: { budgetId: ID, organizationId: ORG } }]).when(update({ budgetAmount: 1n })).thenThrows('not_found');
    given([created()]).when({ type: 'DeleteBudget', data: { organizationId: OTHER_ORG } }).thenThrows('not_found');
  });
});
