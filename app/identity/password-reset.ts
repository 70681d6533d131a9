// 'Esqueci minha senha': a single-use link, valid for one hour, sent by email — or, with no mail
// server configured, written to the server log for the operator to pass on. Only the token's
// SHA-256 is stored; the event of the reset carries neither the token nor the password.
import { hashLinkToken, newLinkToken } from './link-token';
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { user } from '../../domain/identity/user';
import { validationError } from '../../domain/shared/errors';
import { findActiveUser, findActiveUserByEmail } from '../../projections/identity/queries';
import { handleCommand } from '../commands/handle-command';
import type { ActorContext } from '../context';
import type { AppDeps } from '../deps';
import { userStream } from './auth';
import { assertPasswordPolicy, hashPassword, storePasswordHash } from './passwords';
import { revokeUserSessions } from './sessions';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** Links issued per account within one hour; beyond it the request is answered the same and ignored. */
export const RESET_REQUESTS_PER_HOUR = 3;

/** The one answer to every request, whether or not the email belongs to someone. */
export const RESET_REQUESTED =
  'Se este email estiver cadastrado, enviaremos um link para redefinir a senha. O link vale por 1 hora.';
export const RESET_LINK_INVALID = 'Este link de redefinição é inválido, já foi usado ou expirou. Peça um novo em "Esqueci minha senha".';
export const RESET_DONE = 'Senha redefinida. Entre com a nova senha.';

export async function migratePasswordResetTable(db: CommonQueryMethods): Promise<void> {
  await db.query(sql.unsafe`
    CREATE TABLE IF NOT EXISTS password_resets (
      token_hash text PRIMARY KEY,
      user_id uuid NOT NULL,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    )`);
  await db.query(sql.unsafe`CREATE INDEX IF NOT EXISTS password_resets_user ON password_resets (user_id, created_at)`);
}

/**
 * Issues a reset link for the account of `email`, if there is one and it has not asked too often,
 * and hands it to `deliver`. Says nothing about the outcome: the caller answers RESET_REQUESTED.
 */
export async function requestPasswordReset(
  deps: AppDeps,
  email: string,
  now: Date,
  deliver: (link: { email: string; token: string; expiresAt: Date }) => void,
): Promise<void> {
  const found = await findActiveUserByEmail(deps.db, email);
  if (!found) return;
  const recent = await deps.db.oneFirst(sql.type(z.object({ n: z.number() }))`
    SELECT count(*)::int AS n FROM password_resets
    WHERE user_id = ${found.id} AND created_at > ${new Date(now.getTime() - 60 * 60 * 1000).toISOString()}`);
  if (recent >= RESET_REQUESTS_PER_HOUR) return;
  const token = newLinkToken();
  const expiresAt = new Date(now.getTime() + RESET_TOKEN_TTL_MS);
  await deps.db.query(sql.unsafe`
    INSERT INTO password_resets (token_hash, user_id, created_at, expires_at)
    VALUES (${hashLinkToken(token)}, ${found.id}, ${now.toISOString()}, ${expiresAt.toISOString()})`);
  deliver({ email: found.email, token, expiresAt });
}

const inFlight = new Set<Promise<void>>();

/**
 * requestPasswordReset without waiting for it: the answer leaves before the account is even looked
 * up, so neither its content nor its timing tells whether the email has an account.
 */
export function requestPasswordResetInBackground(
  deps: AppDeps,
  email: string,
  now: Date,
  deliver: (link: { email: string; token: string; expiresAt: Date }) => void,
): void {
  const work = requestPasswordReset(deps, email, now, deliver)
    .catch((error: unknown) => deps.logger.error({ err: error }, 'pedido de redefinição de senha falhou'))
    .finally(() => inFlight.delete(work));
  inFlight.add(work);
}

/** Resolves once every reset request started so far is done (server shutdown, tests). */
export async function passwordResetsSettled(): Promise<void> {
  await Promise.all([...inFlight]);
}

/**
 * Sets a new password with a link's token: the token must be unused and unexpired, and is spent
 * with every other link of that user; all of the user's sessions end.
 */
export async function resetPasswordWithToken(deps: AppDeps, token: string, newPassword: string, context: ActorContext): Promise<void> {
  // The password is checked first, so a refused one does not spend the link.
  assertPasswordPolicy(newPassword, 'newPassword');
  const passwordHash = await hashPassword(newPassword);
  const target = await deps.db.transaction(async (tx) => {
    const owner = await tx.maybeOneFirst(sql.type(z.object({ user_id: z.string() }))`
      UPDATE password_resets SET used_at = ${context.now.toISOString()}
      WHERE token_hash = ${hashLinkToken(token)} AND used_at IS NULL AND expires_at > ${context.now.toISOString()}
      RETURNING user_id`);
    const active = owner ? await findActiveUser(tx, owner) : null;
    if (!active) return null;
    await tx.query(sql.unsafe`UPDATE password_resets SET used_at = ${context.now.toISOString()} WHERE user_id = ${active.id} AND used_at IS NULL`);
    await storePasswordHash(tx, active.id, passwordHash);
    return active;
  });
  if (!target) throw validationError(RESET_LINK_INVALID, { token: RESET_LINK_INVALID });
  const result = await handleCommand(deps.eventStore, userStream(target.id), user, {
    type: 'RecordPasswordChange', data: { changedBy: target.id, method: 'email_link' },
  }, { ...context, organizationId: target.organization_id, actorUserId: target.id, impersonatorUserId: null, impersonationSessionId: null });
  await revokeUserSessions(deps.db, target.id);
  await deps.waitForProjections(result.position);
}
