// Registration and sign-in: the identity slice every other feature stands on.
import { organization, slugify, SLUG_PATTERN } from '../../domain/identity/organization';
import { user } from '../../domain/identity/user';
import { auditAccessRefusal, type AuditAccess } from '../../domain/identity/audit-access';
import type { Role } from '../../domain/identity/roles';
import { DomainError, validationError } from '../../domain/shared/errors';
import { findActiveUserByEmail, findOrganization, findUserRemovedWithOrganization, type UserRow } from '../../projections/identity/queries';
import { handleCommand } from '../commands/handle-command';
import type { ActorContext } from '../context';
import type { AppDeps } from '../deps';
import { streamName } from '../eventstore/port';
import { newId } from '../ids';
import { withTenant } from '../db/tenant';
import { sql } from 'slonik';
import { assertPasswordPolicy, hashPassword, spendHashingTime, storePasswordHash, verifyPassword } from './passwords';
import { setUpOrganization } from './organization-setup';
import { createSession } from './sessions';
import { releaseKey, reserveKey } from './unique-keys';

export type RegistrationInput = {
  username: string;
  email: string;
  password: string;
  organizationName: string;
  organizationSlug: string;
};

export const organizationStream = (id: string) => streamName('organization', id);
export const userStream = (id: string) => streamName('user', id);

export function assertSlug(slug: string): void {
  if (!SLUG_PATTERN.test(slug)) {
    throw validationError('O slug deve conter apenas letras minúsculas, números e hífens', { organizationSlug: 'Apenas letras, números e hífens' });
  }
}

/** Refusing an email never tells whether someone elsewhere on the platform uses it. */
export const EMAIL_NOT_ACCEPTED = 'Não foi possível usar este email. Verifique-o ou use outro.';
/** Said only to whoever adds a user to an organization where the email already belongs to someone. */
export const EMAIL_IN_THIS_ORGANIZATION = 'Este email já pertence a um usuário desta organização';

/**
 * Claims the email for a new user. Taken: the clear message only when the owner is a user of the
 * organization being added to (read under that tenant's RLS, so no other tenant can answer yes);
 * otherwise the same generic refusal as any address that cannot be used.
 */
export async function reserveEmail(deps: AppDeps, email: string, userId: string, organizationId: string | null): Promise<void> {
  try {
    await reserveKey(deps.db, 'email', email, userId);
  } catch (error) {
    if (!(error instanceof DomainError && error.kind === 'conflict')) throw error;
    const ownOrganization = organizationId !== null && await withTenant(deps.db, organizationId, (tx) => tx.exists(sql.unsafe`
      SELECT 1 FROM users WHERE organization_id = ${organizationId} AND lower(email) = ${email.trim().toLowerCase()} AND deleted_at IS NULL`));
    const message = ownOrganization ? EMAIL_IN_THIS_ORGANIZATION : EMAIL_NOT_ACCEPTED;
    throw validationError(message, { email: message });
  }
}

/** Creates a user with credentials; the email is reserved first so a duplicate never reaches the log. */
export async function createUserAccount(
  deps: AppDeps,
  input: { organizationId: string | null; username: string; email: string; password: string; role: Role; auditAccess?: AuditAccess | null },
  context: ActorContext,
  reserved?: { userId: string },
): Promise<{ userId: string; position: bigint | null }> {
  assertPasswordPolicy(input.password);
  // Hashed before the email is claimed: a taken email answers no faster than a free one.
  const passwordHash = await hashPassword(input.password);
  const userId = reserved?.userId ?? newId();
  await reserveEmail(deps, input.email, userId, input.organizationId);
  try {
    await storePasswordHash(deps.db, userId, passwordHash);
    const result = await handleCommand(deps.eventStore, userStream(userId), user, {
      type: 'RegisterUser',
      data: { userId, organizationId: input.organizationId, username: input.username.trim(), email: input.email.trim().toLowerCase(), role: input.role, auditAccess: input.auditAccess, now: context.now.toISOString() },
    }, context);
    return { userId, position: result.position };
  } catch (error) {
    // No user was recorded: its credentials and its email claim go together, in one transaction.
    await deps.db.transaction(async (tx) => {
      await tx.query(sql.unsafe`DELETE FROM credentials WHERE user_id = ${userId}`);
      await releaseKey(tx, 'email', input.email, userId);
    });
    throw error;
  }
}

export async function registerOrganization(deps: AppDeps, input: RegistrationInput, context: ActorContext): Promise<{ userId: string; organizationId: string }> {
  const slug = input.organizationSlug.trim() || slugify(input.organizationName);
  assertSlug(slug);
  assertPasswordPolicy(input.password);
  const organizationId = newId();
  const userId = newId();
  // Both unique keys are claimed before anything is appended, so a refusal leaves no trace.
  await reserveKey(deps.db, 'organization_slug', slug, organizationId);
  try {
    await reserveEmail(deps, input.email, userId, null);
  } catch (error) {
    await releaseKey(deps.db, 'organization_slug', slug, organizationId);
    // As long as a registration that goes on to hash the password: timing does not tell the email is taken.
    await spendHashingTime(input.password);
    throw error;
  }
  try {
    const scoped: ActorContext = { ...context, organizationId };
    await handleCommand(deps.eventStore, organizationStream(organizationId), organization, {
      type: 'RegisterOrganization',
      data: { organizationId, name: input.organizationName.trim(), slug, createdBy: null, now: context.now.toISOString() },
    }, scoped);
    const { position } = await createUserAccount(deps, {
      organizationId, username: input.username, email: input.email, password: input.password, role: 'org_admin',
    }, scoped, { userId });
    await deps.waitForProjections(position);
  } catch (error) {
    await releaseKey(deps.db, 'organization_slug', slug, organizationId);
    await releaseKey(deps.db, 'email', input.email, userId);
    throw error;
  }
  // Outside the try: a failing setup step must not free the keys of an organization that exists.
  await deps.waitForProjections(await setUpOrganization(deps, organizationId, { ...context, organizationId }));
  return { userId, organizationId };
}

export const INVALID_CREDENTIALS = 'Email ou senha inválidos';
export const REMOVED_WITH_ORGANIZATION = 'Seu acesso foi removido automaticamente quando sua organização foi excluída. Entre em contato com o suporte.';

/** Verifies credentials and opens a session; the organization must be active. */
export async function login(deps: AppDeps, input: { email: string; password: string }, context: ActorContext): Promise<{ token: string; expiresAt: Date; user: UserRow }> {
  const found = await findActiveUserByEmail(deps.db, input.email);
  // Someone removed with their organization is told why, once their password proves who they are.
  const removed = found ? null : await findUserRemovedWithOrganization(deps.db, input.email);
  const ok = await verifyPassword(deps.db, found?.id ?? removed, input.password);
  if (removed && ok) throw new DomainError('forbidden', REMOVED_WITH_ORGANIZATION);
  if (!found || !ok) throw new DomainError('unauthenticated', INVALID_CREDENTIALS);
  if (found.organization_id) {
    const org = await findOrganization(deps.db, found.organization_id);
    if (!org || org.deleted_at) throw new DomainError('unauthenticated', 'Sua organização foi excluída. Entre em contato com o suporte.');
    if (org.status === 'suspended') throw new DomainError('forbidden', 'Sua organização está suspensa. Entre em contato com o suporte para reativá-la.');
    if (org.status === 'inactive') throw new DomainError('forbidden', 'Sua organização está inativa. Entre em contato com o suporte.');
  }
  if (found.role === 'auditor') {
    const window = found.audit_valid_from && found.audit_valid_until ? { validFrom: found.audit_valid_from, validUntil: found.audit_valid_until } : null;
    const refusal = auditAccessRefusal(window, context.now);
    if (refusal) throw new DomainError('forbidden', refusal);
  }
  const session = await createSession(deps.db, found.id, context.now);
  // Sign-ins of one person at the same moment (tabs, devices) all land on the user's stream: each
  // one that finds it moved decides again, however many came first.
  const result = await handleCommand(deps.eventStore, userStream(found.id), user, { type: 'RecordLogin', data: { now: context.now.toISOString() } }, {
    ...context, organizationId: found.organization_id, actorUserId: found.id,
  }, { retries: 32 });
  await deps.waitForProjections(result.position);
  return { ...session, user: found };
}
