// The User aggregate: a person's identity, role and access history (never their password).
import { z } from 'zod';
import { match } from 'ts-pattern';
import type { Decider, EventsOf } from '../shared/decider';
import { conflict, notFound, validationError } from '../shared/errors';
import { ANALYST_WITHOUT_ORGANIZATION, roleChangeRefusal, roleSchema, type Role } from './roles';
import { auditAccessFor, auditAccessSchema, type AuditAccess } from './audit-access';

export const userEvents = {
  UserRegistered: z.object({
    userId: z.string(),
    organizationId: z.string().nullable(),
    username: z.string(),
    email: z.string(),
    role: roleSchema,
    createdAt: z.string(),
    /** An auditor's access window (absent for every other role). */
    auditAccess: auditAccessSchema.nullable().optional(),
  }),
  UserProfileUpdated: z.object({
    userId: z.string(),
    username: z.string(),
    email: z.string(),
    /** Reference to the stored avatar image (`avatar:<sha256>`), never the image itself. */
    avatarRef: z.string().nullable().optional(),
  }),
  UserRoleChanged: z.object({ userId: z.string(), role: roleSchema, auditAccess: auditAccessSchema.nullable().optional() }),
  UserPasswordChanged: z.object({ userId: z.string(), changedBy: z.string(), method: z.enum(['self', 'reset', 'email_link']) }),
  UserLoggedIn: z.object({ userId: z.string(), at: z.string() }),
  UserDeleted: z.object({ userId: z.string(), deletedAt: z.string(), reason: z.enum(['removed', 'organization_deleted']) }),
};
export type UserEvent = EventsOf<typeof userEvents>;

export type UserCommand =
  | { type: 'RegisterUser'; data: { userId: string; organizationId: string | null; username: string; email: string; role: Role; auditAccess?: AuditAccess | null; now: string } }
  | { type: 'UpdateUserProfile'; data: { username: string; email: string; avatarRef?: string | null } }
  /** The login email alone, once the owner of the new address has confirmed it; name and avatar stay as they are. */
  | { type: 'ChangeUserEmail'; data: { email: string } }
  | { type: 'ChangeUserRole'; data: { role: Role; auditAccess?: AuditAccess | null } }
  | { type: 'RecordPasswordChange'; data: { changedBy: string; method: 'self' | 'reset' | 'email_link' } }
  | { type: 'RecordLogin'; data: { now: string } }
  | { type: 'DeleteUser'; data: { now: string; reason: 'removed' | 'organization_deleted' } };

export type UserState =
  | { status: 'none' }
  | { status: 'active'; id: string; organizationId: string | null; username: string; email: string; role: Role; avatarRef: string | null; auditAccess: AuditAccess | null }
  | { status: 'deleted'; id: string; reason: 'removed' | 'organization_deleted' };

function requireActive(state: UserState): Extract<UserState, { status: 'active' }> {
  if (state.status === 'active') return state;
  if (state.status === 'deleted' && state.reason === 'organization_deleted') {
    throw notFound('Usuário removido automaticamente quando sua organização foi excluída');
  }
  throw notFound('Usuário não encontrado');
}

export const user: Decider<UserState, UserCommand, UserEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) =>
    match(event)
      .with({ type: 'UserRegistered' }, ({ data }): UserState => ({
        status: 'active', id: data.userId, organizationId: data.organizationId, username: data.username, email: data.email, role: data.role, avatarRef: null,
        auditAccess: data.auditAccess ?? null,
      }))
      .with({ type: 'UserProfileUpdated' }, ({ data }): UserState =>
        state.status !== 'active' ? state : { ...state, username: data.username, email: data.email, avatarRef: data.avatarRef === undefined ? state.avatarRef : data.avatarRef })
      .with({ type: 'UserRoleChanged' }, ({ data }): UserState => (state.status !== 'active' ? state : { ...state, role: data.role, auditAccess: data.auditAccess ?? null }))
      .with({ type: 'UserPasswordChanged' }, { type: 'UserLoggedIn' }, () => state)
      .with({ type: 'UserDeleted' }, ({ data }): UserState => ({ status: 'deleted', id: data.userId, reason: data.reason }))
      .exhaustive(),
  decide: (command, state) =>
    match(command)
      .with({ type: 'RegisterUser' }, ({ data }): UserEvent[] => {
        if (state.status !== 'none') throw conflict('Usuário já existe');
        if (data.role === 'analyst' && data.organizationId) throw validationError(ANALYST_WITHOUT_ORGANIZATION, { organizationId: ANALYST_WITHOUT_ORGANIZATION });
        const auditAccess = auditAccessFor(data.role, data.auditAccess);
        return [{
          type: 'UserRegistered',
          data: { userId: data.userId, organizationId: data.organizationId, username: data.username, email: data.email, role: data.role, createdAt: data.now, ...(auditAccess ? { auditAccess } : {}) },
        }];
      })
      .with({ type: 'UpdateUserProfile' }, ({ data }): UserEvent[] => {
        const current = requireActive(state);
        const avatarChanged = data.avatarRef !== undefined && data.avatarRef !== current.avatarRef;
        if (current.username === data.username && current.email === data.email && !avatarChanged) return [];
        return [{ type: 'UserProfileUpdated', data: { userId: current.id, username: data.username, email: data.email, ...(data.avatarRef !== undefined ? { avatarRef: data.avatarRef } : {}) } }];
      })
      .with({ type: 'ChangeUserEmail' }, ({ data }): UserEvent[] => {
        const current = requireActive(state);
        if (current.email === data.email) return [];
        return [{ type: 'UserProfileUpdated', data: { userId: current.id, username: current.username, email: data.email } }];
      })
      .with({ type: 'ChangeUserRole' }, ({ data }): UserEvent[] => {
        const current = requireActive(state);
        const refusal = roleChangeRefusal(current.role, data.role);
        if (refusal) throw validationError(refusal, { role: 'Perfil inválido' });
        const auditAccess = auditAccessFor(data.role, data.auditAccess);
        const sameWindow = current.auditAccess?.validFrom === auditAccess?.validFrom && current.auditAccess?.validUntil === auditAccess?.validUntil;
        if (current.role === data.role && sameWindow) return [];
        return [{ type: 'UserRoleChanged', data: { userId: current.id, role: data.role, ...(auditAccess ? { auditAccess } : {}) } }];
      })
      .with({ type: 'RecordPasswordChange' }, ({ data }): UserEvent[] => {
        const current = requireActive(state);
        return [{ type: 'UserPasswordChanged', data: { userId: current.id, changedBy: data.changedBy, method: data.method } }];
      })
      .with({ type: 'RecordLogin' }, ({ data }): UserEvent[] => {
        const current = requireActive(state);
        return [{ type: 'UserLoggedIn', data: { userId: current.id, at: data.now } }];
      })
      .with({ type: 'DeleteUser' }, ({ data }): UserEvent[] => {
        const current = requireActive(state);
        return [{ type: 'UserDeleted', data: { userId: current.id, deletedAt: data.now, reason: data.reason } }];
      })
      .exhaustive(),
};
