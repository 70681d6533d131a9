import { describe, it } from 'vitest';
import { deciderSpec } from '../../test-support/decider-spec';
import { expense, type Expense, type ExpenseEvent } from './expense';

const given = deciderSpec(expense);
const ORG = '0190a000-0000-7000-8000-000000000001';
const OTHER_ORG = '0190a000-0000-7000-8000-000000000002';
const ID = '0190a000-0000-7000-8000-0000000000e1';

const aluguel = (overrides: Partial<Expense> = {}): Expense => ({
  expenseId: ID,
  organizationId: ORG,
  description: 'Aluguel do escritório',
  amount: 3_500_00n,
  category: 'administrative',
  status: 'approved',
  date: '2025-03-05',
  expenseType: 'fixed',
  isRecurring: false,
  recurringPeriod: null,
  recurringDuration: null,
  recurringEndDate: null,
  attachment: null,
  source: null,
  ...overrides,
});
const recorded = (overrides: Partial<Expense> = {}): ExpenseEvent => ({ type: 'ExpenseRecorded', data: aluguel(overrides) });
const updated = (overrides: Partial<Expense> = {}): ExpenseEvent => ({ type: 'ExpenseUpdated', data: aluguel(overrides) });
const deleted: ExpenseEvent = { type: 'ExpenseDeleted', data: { expenseId: ID, organizationId: ORG } };
const update = (changes: Partial<Expense>, organizationId = ORG) => ({ type: 'UpdateExpense' as const, data: { organizationId, changes } });

describe('Expense', () => {
  it('records an expense', () => {
    given([]).when({ type: 'RecordExpense', data: aluguel() }).then([recorded()]);
  });

  it('trims the description and category', () => {
    given([]).when({ type: 'RecordExpense', data: aluguel({ description: '  Café e lanches ', category: ' operational ' }) })
      .then([recorded({ description: 'Café e lanches', category: 'operational' })]);
  });

  it('requires a description, a category and a positive amount', () => {
    given([]).when({ type: 'RecordExpense', data: aluguel({ description: '  ' }) }).thenThrows('validation', 'Descrição é obrigatória');
    given([]).when({ type: 'RecordExpense', data: aluguel({ category: '' }) }).thenThrows('validation', 'Categoria é obrigatória');
    given([]).when({ type: 'RecordExpense', data: aluguel({ amount: 0n }) }).thenThrows('validation', 'O valor deve ser maior que zero');
    given([]).when({ type: 'RecordExpense', data: aluguel({ amount: -5n }) }).thenThrows('validation', 'O valor deve ser maior que zero');
  });

  it('drops the recurrence details of an expense that is not recurring', () => {
    given([]).when({ type: 'RecordExpense', data: aluguel({ recurringPeriod: 'monthly', recurringDuration: 12, recurringEndDate: '2025-12-31' }) })
      .then([recorded()]);
  });

  it('requires a period for a recurring expense', () => {
    given([]).when({ type: 'RecordExpense', data: aluguel({ isRecurring: true }) })
      .thenThrows('validation', 'Informe o período da recorrência (mensal, trimestral ou anual)');
  });

  it('keeps a recurrence with a period, a duration of at least 1 and an optional end date', () => {
    const recurring = { isRecurring: true, recurringPeriod: 'monthly' as const, recurringDuration: 12, recurringEndDate: null };
    given([]).when({ type: 'RecordExpense', data: aluguel(recurring) }).then([recorded(recurring)]);
    given([]).when({ type: 'RecordExpense', data: aluguel({ ...recurring, recurringDuration: 0 }) })
      .thenThrows('validation', 'A duração deve ser de pelo menos 1 período');
    given([]).when({ type: 'RecordExpense', data: aluguel({ ...recurring, recurringDuration: 1.5 }) })
      .thenThrows('validation', 'A duração deve ser de pelo menos 1 período');
    given([]).when({ type: 'RecordExpense', data: aluguel({ ...recurring, recurringDuration: 361 }) })
      .thenThrows('validation', 'A duração deve ser de no máximo 360 períodos');
  });

  it('refuses a recurrence that ends before it starts, or more than 30 years later', () => {
    const recurring = { isRecurring: true, recurringPeriod: 'yearly' as const, recurringDuration: null };
    given([]).when({ type: 'RecordExpense', data: aluguel({ ...recurring, recurringEndDate: '2025-03-04' }) })
      .thenThrows('validation', 'A data final da recorrência deve ser igual ou posterior à data da despesa');
    given([]).when({ type: 'RecordExpense', data: aluguel({ ...recurring, recurringEndDate: '2055-03-06' }) })
      .thenThrows('validation', /no máximo 30 anos/);
    given([]).when({ type: 'RecordExpense', data: aluguel({ ...recurring, recurringEndDate: '2025-03-05' }) })
      .then([recorded({ ...recurring, recurringEndDate: '2025-03-05' })]);
  });

  it('records an id only once: a second RecordExpense with the same id is a no-op (imports are exactly once)', () => {
    const source = { kind: 'bank_sync' as const, importedTransactionId: 'imp-7' };
    given([recorded({ source })]).when({ type: 'RecordExpense', data: aluguel({ source, amount: 1n }) }).then([]);
    given([recorded(), deleted]).when({ type: 'RecordExpense', data: aluguel() }).then([]);
  });

  it('updates with the full state after the change; any status may be set on edit', () => {
    given([recorded()]).when(update({ amount: 3_800_00n, status: 'pending' })).then([updated({ amount: 3_800_00n, status: 'pending' })]);
    given([recorded({ status: 'rejected' })]).when(update({ status: 'completed' })).then([updated({ status: 'completed' })]);
  });

  it('keeps the import source on update', () => {
    const source = { kind: 'ofx' as const, importedTransactionId: 'imp-1' };
    given([recorded({ source })]).when(update({ description: 'Energia elétrica' })).then([updated({ source, description: 'Energia elétrica' })]);
  });

  it('records nothing when an update changes nothing', () => {
    given([recorded()]).when(update({ description: 'Aluguel do escritório ', amount: 3_500_00n })).then([]);
  });

  it('replaces or removes the attachment on update', () => {
    const pdf = { id: 'att-1', name: 'boleto.pdf', type: 'application/pdf', size: 1234, sha256: 'ab'.repeat(32) };
    given([recorded()]).when(update({ attachment: pdf })).then([updated({ attachment: pdf })]);
    given([recorded({ attachment: pdf })]).when(update({ attachment: null })).then([updated()]);
  });

  it('validates the state after an update', () => {
    given([recorded()]).when(update({ isRecurring: true })).thenThrows('validation', /período da recorrência/);
  });

  it('deletes an expense', () => {
    given([recorded()]).when({ type: 'DeleteExpense', data: { organizationId: ORG } }).then([deleted]);
  });

  it('answers not found for a missing, deleted or other tenant\'s expense', () => {
    given([]).when(update({ amount: 1n })).thenThrows('not_found', 'Despesa não encontrada');
    given([recorded(), deleted]).when(update({ amount: 1n })).thenThrows('not_found', 'Despesa não encontrada');
    given([recorded(), deleted]).when({ type: 'DeleteExpense', data: { organizationId: ORG } }).thenThrows('not_found');
    given([recorded()]).when(update({ amount: 1n }, OTHER_ORG)).thenThrows('not_found', 'Despesa não encontrada');
    given([recorded()]).when({ type: 'DeleteExpense', data: { organizationId: OTHER_ORG } }).thenThrows('not_found');
  });
});
