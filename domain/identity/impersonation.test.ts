import { describe, it } from 'vitest';
import { deciderSpec } from '../../test-support/decider-spec';
import { impersonation, type ImpersonationEvent } from './impersonation';

const given = deciderSpec(impersonation);
const SESSION = '0190a000-0000-7000-8000-0000000000s1';
const ORG = '0190a000-0000-7000-8000-000000000001';
const ROOT = '0190a000-0000-7000-8000-0000000000r1';

const started: ImpersonationEvent = {
  type: 'ImpersonationStarted',
  data: { impersonationSessionId: SESSION, organizationId: ORG, superAdminId: ROOT, reason: 'Chamado #42', startedAt: '2026-03-01T12:00:00.000Z', expiresAt: '2026-03-01T13:00:00.000Z' },
};
const ended = (endedAt: string, reason: 'stopped' | 'expired'): ImpersonationEvent => ({
  type: 'ImpersonationEnded',
  data: { impersonationSessionId: SESSION, organizationId: ORG, superAdminId: ROOT, endedAt, reason },
});

describe('Impersonation', () => {
  it('starts a session that expires one hour later, with the reason trimmed', () => {
    given([])
      .when({ type: 'StartImpersonation', data: { impersonationSessionId: SESSION, organizationId: ORG, superAdminId: ROOT, reason: '  Chamado #42 ', now: '2026-03-01T12:00:00.000Z' } })
      .then([started]);
  });

  it('refuses to start without a reason', () => {
    given([])
      .when({ type: 'StartImpersonation', data: { impersonationSessionId: SESSION, organizationId: ORG, superAdminId: ROOT, reason: '   ', now: '2026-03-01T12:00:00.000Z' } })
      .thenThrows('validation', 'Informe o motivo do acesso');
  });

  it('stops an active session', () => {
    given([started]).when({ type: 'EndImpersonation', data: { now: '2026-03-01T12:10:00.000Z', reason: 'stopped' } }).then([ended('2026-03-01T12:10:00.000Z', 'stopped')]);
  });

  it('an expired session ends at its deadline even when noticed later', () => {
    given([started]).when({ type: 'EndImpersonation', data: { now: '2026-03-02T08:00:00.000Z', reason: 'expired' } }).then([ended('2026-03-01T13:00:00.000Z', 'expired')]);
  });

  it('ending twice is a no-op; ending an unknown session is not found', () => {
    given([started, ended('2026-03-01T12:10:00.000Z', 'stopped')]).when({ type: 'EndImpersonation', data: { now: '2026-03-01T12:20:00.000Z', reason: 'expired' } }).then([]);
    given([]).when({ type: 'EndImpersonation', data: { now: '2026-03-01T12:20:00.000Z', reason: 'stopped' } }).thenThrows('not_found');
  });
});
