import { describe, it } from 'vitest';
import { deciderSpec } from '../../test-support/decider-spec';
import { importedTransaction, type ImportedTransactionEvent, type TransactionImported } from './imported-transaction';

const given = deciderSpec(importedTransaction);
const ORG = '0190a000-0000-7000-8000-000000000001';
const OTHER_ORG = '0190a000-0000-7000-8000-000000000002';
const ID = '5f1d7c1e-0000-5000-8000-000000000001';

const tarifa = (overrides: Partial<TransactionImported> = {}): TransactionImported => ({
  importedTransactionId: ID,
  organizationId: ORG,
  source: 'bank_sync',
  connectionId: 'conn-1',
  bankName: 'Banco do Brasil',
  accountId: '****3456',
  fitId: '20250310001',
  transactionDate: '2025-03-10',
  description: 'TARIFA PACOTE SERVICOS',
  merchant: null,
  transactionType: 'debit',
  amount: 59_90n,
  category: 'administrative',
  status: 'pending',
  accountKey: 'acct',
  identityKind: 'fitid',
  externalId: null,
  bookingStatus: 'booked',
  recordedAs: null,
  ...overrides,
});
const imported = (overrides: Partial<TransactionImported> = {}): ImportedTransactionEvent => ({ type: 'TransactionImported', data: tarifa(overrides) });
const recordedAs = { kind: 'expense' as const, id: 'exp-1' };
const approved: ImportedTransactionEvent = { type: 'ImportedTransactionApproved', data: { importedTransactionId: ID, organizationId: ORG, approvedBy: 'u1', recordedAs } };
const rejected: ImportedTransactionEvent = { type: 'ImportedTransactionRejected', data: { importedTransactionId: ID, organizationId: ORG, rejectedBy: 'u1' } };

describe('ImportedTransaction', () => {
  it('imports a transaction once; the same bank transaction again is a no-op', () => {
    given([]).when({ type: 'ImportTransaction', data: tarifa() }).then([imported()]);
    given([imported()]).when({ type: 'ImportTransaction', data: tarifa({ amount: 1n }) }).then([]);
  });

  it('approves a pending transaction exactly once', () => {
    given([imported()]).when({ type: 'ApproveImportedTransaction', data: { organizationId: ORG, approvedBy: 'u1', recordedAs } }).then([approved]);
    given([imported(), approved]).when({ type: 'ApproveImportedTransaction', data: { organizationId: ORG, approvedBy: 'u2', recordedAs } }).then([]);
  });

  it('rejects a pending transaction; approving it afterwards is a conflict, and vice versa', () => {
    given([imported()]).when({ type: 'RejectImportedTransaction', data: { organizationId: ORG, rejectedBy: 'u1' } }).then([rejected]);
    given([imported(), rejected]).when({ type: 'RejectImportedTransaction', data: { organizationId: ORG, rejectedBy: 'u1' } }).then([]);
    given([imported(), rejected]).when({ type: 'ApproveImportedTransaction', data: { organizationId: ORG, approvedBy: 'u1', recordedAs } }).thenThrows('conflict', 'Esta transação já foi rejeitada');
    given([imported(), approved]).when({ type: 'RejectImportedTransaction', data: { organizationId: ORG, rejectedBy: 'u1' } }).thenThrows('conflict', 'Esta transação já foi aprovada');
  });

  it('hides another organization\'s transaction', () => {
    given([imported()]).when({ type: 'ApproveImportedTransaction', data: { organizationId: OTHER_ORG, approvedBy: 'u1', recordedAs } }).thenThrows('not_found');
    given([]).when({ type: 'RejectImportedTransaction', data: { organizationId: ORG, rejectedBy: 'u1' } }).thenThrows('not_found');
  });

  it('records that a pending transaction was booked, once', () => {
    const pending = imported({ bookingStatus: 'pending', fitId: null, externalId: 'PEND-1', identityKind: 'provider' });
    const booked = { organizationId: ORG, bookedIdentityId: 'id-2', fitId: '20250311001', externalId: null, transactionDate: '2025-03-11' };
    given([pending]).when({ type: 'MarkTransactionBooked', data: booked }).then([{ type: 'ImportedTransactionBooked', data: { importedTransactionId: ID, ...booked } }]);
    given([pending, { type: 'ImportedTransactionBooked', data: { importedTransactionId: ID, ...booked } }]).when({ type: 'MarkTransactionBooked', data: booked }).then([]);
  });
});
