// The Impersonation aggregate: one bounded session in which a super admin acts as a tenant.
import { z } from 'zod';
import { match } from 'ts-pattern';
import type { Decider, EventsOf } from '../shared/decider';
import { conflict, notFound, validationError } from '../shared/errors';

/** An impersonation ends by itself after this long (the session cookie keeps the super admin signed in). */
export const IMPERSONATION_TTL_MS = 60 * 60 * 1000;

export const impersonationEvents = {
  ImpersonationStarted: z.object({
    impersonationSessionId: z.string(),
    organizationId: z.string(),
    superAdminId: z.string(),
    reason: z.string(),
    startedAt: z.string(),
    expiresAt: z.string(),
  }),
  ImpersonationEnded: z.object({
    impersonationSessionId: z.string(),
    organizationId: z.string(),
    superAdminId: z.string(),
    endedAt: z.string(),
    reason: z.enum(['stopped', 'expired']),
  }),
};
export type ImpersonationEvent = EventsOf<typeof impersonationEvents>;

export type ImpersonationCommand =
  | { type: 'StartImpersonation'; data: { impersonationSessionId: string; organizationId: string; superAdminId: string; reason: string; now: string } }
  | { type: 'EndImpersonation'; data: { now: string; reason: 'stopped' | 'expired' } };

export type ImpersonationState =
  | { status: 'none' }
  | { status: 'active' | 'ended'; id: string; organizationId: string; superAdminId: string; expiresAt: string };

export const impersonation: Decider<ImpersonationState, ImpersonationCommand, ImpersonationEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) =>
    match(event)
      .with({ type: 'ImpersonationStarted' }, ({ data }): ImpersonationState => ({
        status: 'active', id: data.impersonationSessionId, organizationId: data.organizationId, superAdminId: data.superAdminId, expiresAt: data.expiresAt,
      }))
      .with({ type: 'ImpersonationEnded' }, (): ImpersonationState => (state.status === 'none' ? state : { ...state, status: 'ended' }))
      .exhaustive(),
  decide: (command, state) =>
    match(command)
      .with({ type: 'StartImpersonation' }, ({ data }): ImpersonationEvent[] => {
        if (state.status !== 'none') throw conflict('Sessão de personificação já existe');
        const reason = data.reason.trim();
        if (!reason) throw validationError('Informe o motivo do acesso', { reason: 'Informe o motivo do acesso' });
        const expiresAt = new Date(Date.parse(data.now) + IMPERSONATION_TTL_MS).toISOString();
        return [{
          type: 'ImpersonationStarted',
          data: { impersonationSessionId: data.impersonationSessionId, organizationId: data.organizationId, superAdminId: data.superAdminId, reason, startedAt: data.now, expiresAt },
        }];
      })
      .with({ type: 'EndImpersonation' }, ({ data }): ImpersonationEvent[] => {
        if (state.status === 'none') throw notFound('Sessão de personificação não encontrada');
        if (state.status === 'ended') return [];
        // An expired session ends at its deadline, however late the sweep notices it.
        const endedAt = data.reason === 'expired' && data.now > state.expiresAt ? state.expiresAt : data.now;
        return [{
          type: 'ImpersonationEnded',
          data: { impersonationSessionId: state.id, organizationId: state.organizationId, superAdminId: state.superAdminId, endedAt, reason: data.reason },
        }];
      })
      .exhaustive(),
};
