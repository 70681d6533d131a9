// Managing people: an organization's users, their passwords and their own profile.
import { user } from '../../domain/identity/user';
import type { AuditAccess } from '../../domain/identity/audit-access';
import type { Role } from '../../domain/identity/roles';
import { conflict, notFound, validationError } from '../../domain/shared/errors';
import { countOrganizationAdmins, findActiveUser, findOrganizationUser, type UserRow } from '../../projections/identity/queries';
import { handleCommand } from '../commands/handle-command';
import type { ActorContext } from '../context';
import { withTenant } from '../db/tenant';
import type { AppDeps } from '../deps';
import { parseAvatarDataUrl, storeAvatar } from './avatars';
import { createUserAccount, reserveEmail, userStream } from './auth';
import { withOrganizationLock } from './org-lock';
import { assertPasswordPolicy, setPassword, verifyPassword } from './passwords';
import { revokeUserSessions } from './sessions';
import { normalizeKey, releaseKey, reserveKey } from './unique-keys';
import { sql } from 'slonik';

export type TenantRole = Extract<Role, 'org_admin' | 'user' | 'auditor'>;
export type UserDetails = { username: string; email: string; role: TenantRole; auditAccess?: AuditAccess | null };

export const LAST_ADMIN = 'A organização precisa de pelo menos um administrador: promova outro usuário antes de remover ou rebaixar este.';
export const CURRENT_PASSWORD_WRONG = 'Senha atual incorreta';
export const CURRENT_PASSWORD_FOR_EMAIL = 'Para alterar o email, informe a sua senha atual';

async function tenantUser(deps: AppDeps, organizationId: string, userId: string): Promise<UserRow> {
  const found = await withTenant(deps.db, organizationId, (tx) => findOrganizationUser(tx, organizationId, userId));
  if (!found) throw notFound('Usuário não encontrado');
  return found;
}

/** Runs `change` with the new email reserved for the user; the old one is freed only once it succeeds. */
async function withEmailChange<T>(deps: AppDeps, userId: string, oldEmail: string, newEmail: string, change: () => Promise<T>, addedBy?: { organizationId: string | null }): Promise<T> {
  const changed = normalizeKey('email', oldEmail) !== normalizeKey('email', newEmail);
  // An admin changing a user's email gets the answers user creation gives (reserveEmail).
  if (changed) await (addedBy ? reserveEmail(deps, newEmail, userId, addedBy.organizationId) : reserveKey(deps.db, 'email', newEmail, userId));
  try {
    const result = await change();
    if (changed) await releaseKey(deps.db, 'email', oldEmail, userId);
    return result;
  } catch (error) {
    if (changed) await releaseKey(deps.db, 'email', newEmail, userId);
    throw error;
  }
}

async function assertAdminRemains(deps: AppDeps, target: UserRow, nextRole: Role | null): Promise<void> {
  if (target.role !== 'org_admin' || nextRole === 'org_admin' || !target.organization_id) return;
  if ((await countOrganizationAdmins(deps.db, target.organization_id)) <= 1) throw conflict(LAST_ADMIN);
}

/** Creates the account and answers its row once the read models have it. */
async function createReadableUser(deps: AppDeps, input: Parameters<typeof createUserAccount>[1], context: ActorContext): Promise<UserRow> {
  const { userId, position } = await createUserAccount(deps, input, { ...context, organizationId: input.organizationId });
  await deps.waitForProjections(position);
  return (await findActiveUser(deps.db, userId)) as UserRow;
}

export async function createOrganizationUser(deps: AppDeps, organizationId: string, input: UserDetails & { password: string }, context: ActorContext): Promise<UserRow> {
  return createReadableUser(deps, { organizationId, ...input }, context);
}

/** A platform analyst: no organization; sees and rebuilds the projections, nothing else. */
export async function createPlatformAnalyst(deps: AppDeps, input: { username: string; email: string; password: string }, context: ActorContext): Promise<UserRow> {
  return createReadableUser(deps, { organizationId: null, ...input, role: 'analyst' }, context);
}

/** Name, email and role of a user; the last org_admin cannot be demoted. */
export async function updateUser(deps: AppDeps, target: UserRow, input: { username: string; email: string; role: Role; auditAccess?: AuditAccess | null }, context: ActorContext): Promise<UserRow> {
  const run = async () => {
    await assertAdminRemains(deps, target, input.role);
    const email = input.email.trim().toLowerCase();
    const scoped = { ...context, organizationId: target.organization_id };
    const profile = await withEmailChange(deps, target.id, target.email, email, () =>
      handleCommand(deps.eventStore, userStream(target.id), user, { type: 'UpdateUserProfile', data: { username: input.username.trim(), email } }, scoped), { organizationId: target.organization_id });
    const role = await handleCommand(deps.eventStore, userStream(target.id), user, { type: 'ChangeUserRole', data: { role: input.role, auditAccess: input.auditAccess } }, scoped);
    await deps.waitForProjections(role.position ?? profile.position);
  };
  if (target.organization_id) await withOrganizationLock(deps.db, target.organization_id, run);
  else await run();
  return (await findActiveUser(deps.db, target.id)) as UserRow;
}

/** Removes a user: their sessions end and their email becomes free; the last org_admin stays. */
export async function removeUser(deps: AppDeps, target: UserRow, reason: 'removed' | 'organization_deleted', context: ActorContext): Promise<void> {
  const run = async () => {
    if (reason === 'removed') await assertAdminRemains(deps, target, null);
    const result = await handleCommand(deps.eventStore, userStream(target.id), user, {
      type: 'DeleteUser', data: { now: context.now.toISOString(), reason },
    }, { ...context, organizationId: target.organization_id });
    await revokeUserSessions(deps.db, target.id);
    await releaseKey(deps.db, 'email', target.email, target.id);
    // Kept only for users removed with their organization, so their login can say why it fails.
    if (reason === 'removed') await deps.db.query(sql.unsafe`DELETE FROM credentials WHERE user_id = ${target.id}`);
    await deps.waitForProjections(result.position);
  };
  if (reason === 'removed' && target.organization_id) await withOrganizationLock(deps.db, target.organization_id, run);
  else await run();
}

export async function updateOrganizationUser(deps: AppDeps, organizationId: string, userId: string, input: UserDetails, context: ActorContext): Promise<UserRow> {
  const target = await tenantUser(deps, organizationId, userId);
  if (target.id === context.actorUserId && input.role !== target.role) {
    throw validationError('Você não pode alterar o seu próprio perfil de acesso', { role: 'Você não pode alterar o seu próprio perfil de acesso' });
  }
  return updateUser(deps, target, input, context);
}

export async function deleteOrganizationUser(deps: AppDeps, organizationId: string, userId: string, context: ActorContext): Promise<UserRow> {
  const target = await tenantUser(deps, organizationId, userId);
  if (target.id === context.actorUserId) throw validationError('Você não pode excluir o seu próprio usuário');
  await removeUser(deps, target, 'removed', context);
  return target;
}

/** An editor sets another user's password; every session of that user ends. */
export async function resetUserPassword(deps: AppDeps, organizationId: string, userId: string, newPassword: string, context: ActorContext): Promise<void> {
  await resetPasswordOf(deps, await tenantUser(deps, organizationId, userId), newPassword, context);
}

/**
 * Sets another user's password (an editor of their organization, or the super admin for anyone);
 * their sessions end. The event records who did it, never the password.
 */
export async function resetPasswordOf(deps: AppDeps, target: Pick<UserRow, 'id' | 'organization_id'>, newPassword: string, context: ActorContext): Promise<void> {
  if (target.id === context.actorUserId) throw validationError('Para trocar a sua própria senha, use "Alterar Minha Senha"');
  assertPasswordPolicy(newPassword, 'newPassword');
  await setPassword(deps.db, target.id, newPassword);
  const result = await handleCommand(deps.eventStore, userStream(target.id), user, {
    type: 'RecordPasswordChange', data: { changedBy: context.actorUserId ?? 'system', method: 'reset' },
  }, { ...context, organizationId: target.organization_id });
  await revokeUserSessions(deps.db, target.id);
  await deps.waitForProjections(result.position);
}

/** A user changes their own password after proving the current one; their other sessions end. */
export async function changeOwnPassword(
  deps: AppDeps,
  self: { userId: string; homeOrganizationId: string | null; token: string },
  input: { currentPassword: string; newPassword: string },
  context: ActorContext,
): Promise<void> {
  if (!(await verifyPassword(deps.db, self.userId, input.currentPassword))) {
    throw validationError(CURRENT_PASSWORD_WRONG, { currentPassword: CURRENT_PASSWORD_WRONG });
  }
  assertPasswordPolicy(input.newPassword, 'newPassword');
  await setPassword(deps.db, self.userId, input.newPassword);
  const result = await handleCommand(deps.eventStore, userStream(self.userId), user, {
    type: 'RecordPasswordChange', data: { changedBy: self.userId, method: 'self' },
  }, { ...context, organizationId: self.homeOrganizationId });
  await revokeUserSessions(deps.db, self.userId, self.token);
  await deps.waitForProjections(result.position);
}

/**
 * Name and avatar change at once. A new email takes the current password and is only asked for:
 * it becomes the login when the link sent to it is opened (email-change.ts), so this answers the
 * same whether or not another account uses the address. `avatar`: undefined keeps it, null
 * removes it, a data string replaces it.
 */
export async function updateOwnProfile(
  deps: AppDeps,
  self: { userId: string; homeOrganizationId: string | null },
  input: { username: string; email: string; avatar?: string | null; currentPassword?: string },
  context: ActorContext,
): Promise<{ user: UserRow; requestedEmail: string | null }> {
  const current = await findActiveUser(deps.db, self.userId);
  if (!current) throw notFound('Usuário não encontrado');
  const requestedEmail = normalizeKey('email', current.email) !== normalizeKey('email', input.email) ? normalizeKey('email', input.email) : null;
  // The email is the login: changing it takes the current password, like changing the password does.
  if (requestedEmail) {
    if (!input.currentPassword) throw validationError(CURRENT_PASSWORD_FOR_EMAIL, { currentPassword: CURRENT_PASSWORD_FOR_EMAIL });
    if (!(await verifyPassword(deps.db, self.userId, input.currentPassword))) {
      throw validationError(CURRENT_PASSWORD_WRONG, { currentPassword: CURRENT_PASSWORD_WRONG });
    }
  }
  let avatarRef: string | null | undefined;
  if (input.avatar === null) avatarRef = null;
  else if (input.avatar !== undefined) avatarRef = await storeAvatar(deps.db, { userId: self.userId, organizationId: self.homeOrganizationId }, parseAvatarDataUrl(input.avatar));
  const result = await handleCommand(deps.eventStore, userStream(self.userId), user, {
    type: 'UpdateUserProfile', data: { username: input.username.trim(), email: current.email, ...(avatarRef !== undefined ? { avatarRef } : {}) },
  }, { ...context, organizationId: self.homeOrganizationId });
  await deps.waitForProjections(result.position);
  return { user: (await findActiveUser(deps.db, self.userId)) as UserRow, requestedEmail };
}
