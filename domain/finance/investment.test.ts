import { describe, it } from 'vitest';
import { deciderSpec } from '../../test-support/decider-spec';
import { investment, type Investment, type InvestmentEvent } from './investment';

const given = deciderSpec(investment);
const ORG = '0190a000-0000-7000-8000-000000000001';
const OTHER_ORG = '0190a000-0000-7000-8000-000000000002';
const ID = '0190a000-0000-7000-8000-0000000000cc';

const cdb = (overrides: Partial<Investment> = {}): Investment => ({
  investmentId: ID,
  organizationId: ORG,
  name: 'CDB Banco Inter 120% CDI',
  type: 'Renda Fixa',
  amount: 20_000_00n,
  currentValue: null,
  expectedReturn: '12.50',
  duration: '24 meses',
  risk: 'Baixo',
  description: null,
  maturityDate: '2026-08-15',
  ...overrides,
});
const created = (overrides: Partial<Investment> = {}): InvestmentEvent => ({ type: 'InvestmentCreated', data: cdb(overrides) });
const updated = (overrides: Partial<Investment> = {}): InvestmentEvent => ({ type: 'InvestmentUpdated', data: cdb(overrides) });

describe('Investment', () => {
  it('creates an investment, trimming text and dropping an empty description', () => {
    given([]).when({ type: 'CreateInvestment', data: cdb({ name: ' CDB Banco Inter 120% CDI ', description: '  ' }) }).then([created()]);
  });

  it('enforces the form schema on the domain too', () => {
    given([]).when({ type: 'CreateInvestment', data: cdb({ name: '' }) }).thenThrows('validation', 'Nome é obrigatório');
    given([]).when({ type: 'CreateInvestment', data: cdb({ duration: ' ' }) }).thenThrows('validation', 'Duração é obrigatória');
    given([]).when({ type: 'CreateInvestment', data: cdb({ amount: 0n }) }).thenThrows('validation', 'O valor deve ser maior que zero');
    given([]).when({ type: 'CreateInvestment', data: cdb({ currentValue: -1n }) }).thenThrows('validation', 'O valor atual não pode ser negativo');
  });

  it('creates an id only once', () => {
    given([created()]).when({ type: 'CreateInvestment', data: cdb({ name: 'Outro' }) }).then([]);
  });

  it('updates with the full state after the change; nothing when nothing changes', () => {
    given([created()])
      .when({ type: 'UpdateInvestment', data: { organizationId: ORG, changes: { expectedReturn: '13.00', maturityDate: null } } })
      .then([updated({ expectedReturn: '13.00', maturityDate: null })]);
    given([created()]).when({ type: 'UpdateInvestment', data: { organizationId: ORG, changes: { risk: 'Baixo' } } }).then([]);
  });

  it('records a new current value', () => {
    given([created()])
      .when({ type: 'UpdateInvestmentValue', data: { organizationId: ORG, currentValue: 21_340_55n, asOf: '2025-06-30' } })
      .then([{ type: 'InvestmentValueUpdated', data: { investmentId: ID, organizationId: ORG, currentValue: 21_340_55n, asOf: '2025-06-30' } }]);
  });

  it('keeps the latest value when the investment is edited afterwards', () => {
    given([created(), { type: 'InvestmentValueUpdated', data: { investmentId: ID, organizationId: ORG, currentValue: 21_000_00n, asOf: '2025-06-30' } }])
      .when({ type: 'UpdateInvestment', data: { organizationId: ORG, changes: { name: 'CDB Inter' } } })
      .then([updated({ name: 'CDB Inter', currentValue: 21_000_00n })]);
  });

  it('refuses a negative current value', () => {
    given([created()]).when({ type: 'UpdateInvestmentValue', data: { organizationId: ORG, currentValue: -5n, asOf: '2025-06-30' } }).thenThrows('validation');
  });

  it('deletes; a missing, deleted or other-tenant investment is not found', () => {
    const deleted: InvestmentEvent = { type: 'InvestmentDeleted', data: { investmentId: ID, organizationId: ORG } };
    given([created()]).when({ type: 'DeleteInvestment', data: { organizationId: ORG } }).then([deleted]);
    given([created(), deleted]).when({ type: 'DeleteInvestment', data: { organizationId: ORG } }).thenThrows('not_found', 'Investimento não encontrado');
    given([created()]).when({ type: 'UpdateInvestment', data: { organizationId: OTHER_ORG, changes: {} } }).thenThrows('not_found');
    given([created()]).when({ type: 'UpdateInvestmentValue', data: { organizationId: OTHER_ORG, currentValue: 1n, asOf: '2025-06-30' } }).thenThrows('not_found');
    given([]).when({ type: 'UpdateInvestment', data: { organizationId: ORG, changes: {} } }).thenThrows('not_found');
  });
});
