import { describe, it } from 'vitest';
import { deciderSpec } from '../../test-support/decider-spec';
import { revenue, type Revenue, type RevenueEvent } from './revenue';

const given = deciderSpec(revenue);
const ORG = '0190a000-0000-7000-8000-000000000001';
const OTHER_ORG = '0190a000-0000-7000-8000-000000000002';

const consultoria = (overrides: Partial<Revenue> = {}): Revenue => ({
  revenueId: '0190a000-0000-7000-8000-0000000000aa',
  organizationId: ORG,
  description: 'Consultoria tributária — Grupo Aurora',
  amount: 8_500_00n,
  category: 'consulting',
  status: 'pending',
  date: '2025-03-10',
  source: null,
  ...overrides,
});
const recorded = (overrides: Partial<Revenue> = {}): RevenueEvent => ({ type: 'RevenueRecorded', data: consultoria(overrides) });
const updated = (overrides: Partial<Revenue> = {}): RevenueEvent => ({ type: 'RevenueUpdated', data: consultoria(overrides) });

describe('Revenue', () => {
  it('records a new revenue', () => {
    given([]).when({ type: 'RecordRevenue', data: consultoria() }).then([recorded()]);
  });

  it('trims the description when recording', () => {
    given([]).when({ type: 'RecordRevenue', data: consultoria({ description: '  Venda de pães  ' }) }).then([recorded({ description: 'Venda de pães' })]);
  });

  it('refuses an empty or too long description and a non-positive amount', () => {
    given([]).when({ type: 'RecordRevenue', data: consultoria({ description: '   ' }) }).thenThrows('validation', 'Descrição é obrigatória');
    given([]).when({ type: 'RecordRevenue', data: consultoria({ amount: 0n }) }).thenThrows('validation', 'O valor deve ser maior que zero');
    given([]).when({ type: 'RecordRevenue', data: consultoria({ amount: -1n }) }).thenThrows('validation', 'O valor deve ser maior que zero');
    given([]).when({ type: 'RecordRevenue', data: consultoria({ description: 'x'.repeat(256) }) }).thenThrows('validation', 'A descrição deve ter no máximo 255 caracteres');
  });

  it('records an id only once: a second RecordRevenue with the same id is a no-op', () => {
    const imported = { kind: 'ofx' as const, importedTransactionId: 'imp-1' };
    given([recorded({ source: imported })]).when({ type: 'RecordRevenue', data: consultoria({ source: imported, amount: 1n }) }).then([]);
  });

  it('does not record again a revenue that was deleted', () => {
    given([recorded(), { type: 'RevenueDeleted', data: { revenueId: consultoria().revenueId, organizationId: ORG } }])
      .when({ type: 'RecordRevenue', data: consultoria() })
      .then([]);
  });

  it('updates with the full state after the change', () => {
    given([recorded()])
      .when({ type: 'UpdateRevenue', data: { organizationId: ORG, changes: { status: 'received', amount: 9_000_00n } } })
      .then([updated({ status: 'received', amount: 9_000_00n })]);
  });

  it('allows any status change (no workflow restriction)', () => {
    given([recorded({ status: 'received' })])
      .when({ type: 'UpdateRevenue', data: { organizationId: ORG, changes: { status: 'pending' } } })
      .then([updated({ status: 'pending' })]);
  });

  it('appends nothing when an update changes nothing', () => {
    given([recorded()]).when({ type: 'UpdateRevenue', data: { organizationId: ORG, changes: { description: 'Consultoria tributária — Grupo Aurora' } } }).then([]);
  });

  it('validates updated values', () => {
    given([recorded()]).when({ type: 'UpdateRevenue', data: { organizationId: ORG, changes: { description: '' } } }).thenThrows('validation', 'Descrição é obrigatória');
  });

  it('refuses to update or delete a missing, deleted or other-tenant revenue as not found', () => {
    const deleted: RevenueEvent = { type: 'RevenueDeleted', data: { revenueId: consultoria().revenueId, organizationId: ORG } };
    given([]).when({ type: 'UpdateRevenue', data: { organizationId: ORG, changes: {} } }).thenThrows('not_found', 'Receita não encontrada');
    given([recorded(), deleted]).when({ type: 'UpdateRevenue', data: { organizationId: ORG, changes: { status: 'received' } } }).thenThrows('not_found');
    given([recorded(), deleted]).when({ type: 'DeleteRevenue', data: { organizationId: ORG } }).thenThrows('not_found');
    given([recorded()]).when({ type: 'UpdateRevenue', data: { organizationId: OTHER_ORG, changes: { status: 'received' } } }).thenThrows('not_found');
    given([recorded()]).when({ type: 'DeleteRevenue', data: { organizationId: OTHER_ORG } }).thenThrows('not_found');
  });

  it('deletes a revenue', () => {
    given([recorded(), updated({ status: 'confirmed' })])
      .when({ type: 'DeleteRevenue', data: { organizationId: ORG } })
      .then([{ type: 'RevenueDeleted', data: { revenueId: consultoria().revenueId, organizationId: ORG } }]);
  });
});
