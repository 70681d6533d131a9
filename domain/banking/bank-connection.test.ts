import { describe, it } from 'vitest';
import { deciderSpec } from '../../test-support/decider-spec';
import { bankConnection, type BankConnectionCreated, type BankConnectionEvent } from './bank-connection';

const given = deciderSpec(bankConnection);
const ORG = '0190a000-0000-7000-8000-000000000001';
const base = { connectionId: 'c1', organizationId: ORG };

const created = (overrides: Partial<BankConnectionCreated> = {}): BankConnectionEvent => ({
  type: 'BankConnectionCreated',
  data: {
    ...base, bankName: 'Banco do Brasil', accountNumberMasked: '****3456', accountType: 'checking', connectionType: 'open_banking',
    syncFrequency: 'daily', provider: 'sandbox', accountKey: 'acct', providerItemId: null, ...overrides,
  },
});
const started = (syncId: string, startedAt: string): BankConnectionEvent => ({ type: 'BankSyncStarted', data: { ...base, syncId, startedAt } });

describe('BankConnection', () => {
  it('starts a sync, and joins the running one instead of starting a second', () => {
    given([created()]).when({ type: 'StartBankSync', data: { organizationId: ORG, syncId: 's1', now: '2025-03-10T12:00:00.000Z' } })
      .then([started('s1', '2025-03-10T12:00:00.000Z')]);
    given([created(), started('s1', '2025-03-10T12:00:00.000Z')])
      .when({ type: 'StartBankSync', data: { organizationId: ORG, syncId: 's2', now: '2025-03-10T12:01:00.000Z' } }).then([]);
  });

  it('closes a sync left running by a stopped process before starting a new one', () => {
    given([created(), started('s1', '2025-03-10T12:00:00.000Z')])
      .when({ type: 'StartBankSync', data: { organizationId: ORG, syncId: 's2', now: '2025-03-10T13:00:00.000Z' } })
      .then([
        { type: 'BankSyncFailed', data: { ...base, syncId: 's1', endedAt: '2025-03-10T13:00:00.000Z', error: 'Sincronização interrompida' } },
        started('s2', '2025-03-10T13:00:00.000Z'),
      ]);
  });

  it('completes only the running sync', () => {
    const history = [created(), started('s1', '2025-03-10T12:00:00.000Z')];
    given(history).when({ type: 'CompleteBankSync', data: { syncId: 's1', now: '2025-03-10T12:00:05.000Z', transactionsImported: 7 } })
      .then([{ type: 'BankSyncCompleted', data: { ...base, syncId: 's1', endedAt: '2025-03-10T12:00:05.000Z', transactionsImported: 7 } }]);
    given(history).when({ type: 'CompleteBankSync', data: { syncId: 'other', now: '2025-03-10T12:00:05.000Z', transactionsImported: 7 } }).then([]);
  });

  it('refuses syncing an inactive connection and hides other tenants', () => {
    given([created(), { type: 'BankConnectionDeactivated', data: base }])
      .when({ type: 'StartBankSync', data: { organizationId: ORG, syncId: 's1', now: '2025-03-10T12:00:00.000Z' } }).thenThrows('conflict');
    given([created()]).when({ type: 'StartBankSync', data: { organizationId: 'other', syncId: 's1', now: '2025-03-10T12:00:00.000Z' } }).thenThrows('not_found');
  });
});
