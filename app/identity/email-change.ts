// Changing one's login email: the change is applied only when the link sent to the NEW address is
// opened, so the request answers the same whether or not another account uses that address (the
// owner of a taken address is told instead, and no link is issued). Single-use links, valid for
// 24 hours, stored as the token's SHA-256 only; the event of the change carries no token.
import { hashLinkToken, newLinkToken } from './link-token';
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { user } from '../../domain/identity/user';
import { DomainError, validationError } from '../../domain/shared/errors';
import { findActiveUser } from '../../projections/identity/queries';
import { handleCommand } from '../commands/handle-command';
import type { ActorContext } from '../context';
import type { AppDeps } from '../deps';
import { userStream } from './auth';
import { isKeyTaken, normalizeKey, releaseKey, reserveKey } from './unique-keys';

export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;
/** Requests per account within one hour; beyond it the request is answered the same and ignored. */
export const EMAIL_CHANGES_PER_HOUR = 3;

/** The one answer to every email change, whether or not the new address belongs to someone. */
export const EMAIL_CHANGE_REQUESTED =
  'Enviamos um link de confirmação para o novo email. O email só será alterado quando o link for aberto (vale 24 horas).';
export const EMAIL_LINK_INVALID =
  'Este link de confirmação é inválido, já foi usado ou expirou, ou o email não pode mais ser usado. Peça a troca novamente em Configurações.';
export const EMAIL_CHANGED = 'Email alterado. Use o novo email para entrar.';

/** What reaches a mailbox: a link to the new address, or a notice to an address that already has an account. */
export type EmailChangeDelivery =
  | { kind: 'confirmation-link'; email: string; token: string; expiresAt: Date }
  | { kind: 'address-in-use'; email: string }
  | { kind: 'email-changed'; email: string; newEmail: string };

export async function migrateEmailChangeTable(db: CommonQueryMethods): Promise<void> {
  await db.query(sql.unsafe`
    CREATE TABLE IF NOT EXISTS email_changes (
      token_hash text PRIMARY KEY,
      user_id uuid NOT NULL,
      new_email text NOT NULL,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    )`);
  await db.query(sql.unsafe`CREATE INDEX IF NOT EXISTS email_changes_user ON email_changes (user_id, created_at)`);
}

/**
 * Issues a confirmation link for `newEmail` (or, when another account holds it, a notice to that
 * address), unless the user has asked too often. Says nothing about the outcome: the caller
 * answers EMAIL_CHANGE_REQUESTED.
 */
export async function requestEmailChange(
  deps: AppDeps,
  userId: string,
  newEmail: string,
  now: Date,
  deliver: (delivery: EmailChangeDelivery) => void,
): Promise<void> {
  const email = normalizeKey('email', newEmail);
  const recent = await deps.db.oneFirst(sql.type(z.object({ n: z.number() }))`
    SELECT count(*)::int AS n FROM email_changes
    WHERE user_id = ${userId} AND created_at > ${new Date(now.getTime() - 60 * 60 * 1000).toISOString()}`);
  if (recent >= EMAIL_CHANGES_PER_HOUR) return;
  // Recorded either way, so asking for taken addresses spends the same allowance as free ones.
  const token = newLinkToken();
  const expiresAt = new Date(now.getTime() + EMAIL_CHANGE_TTL_MS);
  await deps.db.query(sql.unsafe`
    INSERT INTO email_changes (token_hash, user_id, new_email, created_at, expires_at)
    VALUES (${hashLinkToken(token)}, ${userId}, ${email}, ${now.toISOString()}, ${expiresAt.toISOString()})`);
  if (await isKeyTaken(deps.db, 'email', email, userId)) deliver({ kind: 'address-in-use', email });
  else deliver({ kind: 'confirmation-link', email, token, expiresAt });
}

const inFlight = new Set<Promise<void>>();

/** requestEmailChange without waiting for it: the answer leaves before the address is looked up. */
export function requestEmailChangeInBackground(...args: Parameters<typeof requestEmailChange>): void {
  const work = requestEmailChange(...args)
    .catch((error: unknown) => args[0].logger.error({ err: error }, 'pedido de troca de email falhou'))
    .finally(() => inFlight.delete(work));
  inFlight.add(work);
}

/** Resolves once every email change request started so far is done (server shutdown, tests). */
export async function emailChangesSettled(): Promise<void> {
  await Promise.all([...inFlight]);
}

/**
 * Applies the change a link asked for: the token must be unused and unexpired. Opening it spends
 * every pending link of the user at once (so two links opened together cannot both apply), even
 * when the address turns out to be taken by then (the same generic refusal as a bad link). The
 * old address is told of the change.
 */
export async function confirmEmailChange(
  deps: AppDeps,
  token: string,
  context: ActorContext,
  deliver: (delivery: EmailChangeDelivery) => void,
): Promise<void> {
  const refused = () => validationError(EMAIL_LINK_INVALID, { token: EMAIL_LINK_INVALID });
  const tokenHash = hashLinkToken(token);
  const at = context.now.toISOString();
  const spent = await deps.db.any(sql.type(z.object({ token_hash: z.string(), user_id: z.string(), new_email: z.string() }))`
    UPDATE email_changes SET used_at = ${at}
    WHERE used_at IS NULL AND user_id = (
      SELECT user_id FROM email_changes WHERE token_hash = ${tokenHash} AND used_at IS NULL AND expires_at > ${at})
    RETURNING token_hash, user_id, new_email`);
  const claim = spent.find((row) => row.token_hash === tokenHash);
  const target = claim ? await findActiveUser(deps.db, claim.user_id) : null;
  if (!claim || !target) throw refused();
  const oldEmail = target.email;
  const newEmail = claim.new_email;
  try {
    await reserveKey(deps.db, 'email', newEmail, target.id);
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'conflict') throw refused();
    throw error;
  }
  let position: bigint | null;
  try {
    ({ position } = await handleCommand(deps.eventStore, userStream(target.id), user, { type: 'ChangeUserEmail', data: { email: newEmail } }, {
      ...context, organizationId: target.organization_id, actorUserId: target.id, impersonatorUserId: null, impersonationSessionId: null,
    }));
  } catch (error) {
    if (normalizeKey('email', oldEmail) !== newEmail) await releaseKey(deps.db, 'email', newEmail, target.id);
    throw error;
  }
  if (normalizeKey('email', oldEmail) !== newEmail) await releaseKey(deps.db, 'email', oldEmail, target.id);
  deliver({ kind: 'email-changed', email: oldEmail, newEmail });
  await deps.waitForProjections(position);
}
