// Server-side sessions: the cookie holds a random token, the table holds only its SHA-256.
import { createHash, randomBytes } from 'node:crypto';
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { roles } from '../../domain/identity/roles';

export const SESSION_COOKIE = 'fluxo_session';
/**
 * A readable companion of the session cookie holding no secret (just '1'): it tells the page that a
 * session may exist, so public pages do not ask /api/auth/me (a 401 in every visitor's console).
 */
export const SIGNED_IN_HINT_COOKIE = 'fluxo_signed_in';
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(db: CommonQueryMethods, userId: string, now: Date): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await db.query(sql.unsafe`
    INSERT INTO sessions (token_hash, user_id, created_at, expires_at)
    VALUES (${hashToken(token)}, ${userId}, ${now.toISOString()}, ${expiresAt.toISOString()})`);
  return { token, expiresAt };
}

const sessionRow = z.object({
  token_hash: z.string(),
  user_id: z.string(),
  impersonation_session_id: z.string().nullable(),
  impersonated_organization_id: z.string().nullable(),
  impersonation_expires_at: z.string().nullable(),
  username: z.string(),
  email: z.string(),
  role: z.enum(roles),
  avatar_ref: z.string().nullable(),
  organization_id: z.string().nullable(),
  audit_valid_from: z.string().nullable(),
  audit_valid_until: z.string().nullable(),
});
export type SessionRow = z.infer<typeof sessionRow>;

/**
 * The signed-in person behind a session token, in one query (it runs on every API request): the
 * session must be live, its user not deleted, and the user's own organization (if any) active.
 */
export async function findSession(db: CommonQueryMethods, token: string, now: Date): Promise<SessionRow | null> {
  // A SECURITY DEFINER function (the user's row is read across tenants, for this one token only).
  return db.maybeOne(sql.type(sessionRow)`SELECT * FROM fluxo_session_user(${hashToken(token)}, ${now.toISOString()}::timestamptz)`);
}

/** The one cross-tenant read every request needs, as a function the runtime role may only call. */
export async function migrateSessionFunction(db: CommonQueryMethods): Promise<void> {
  await db.query(sql.unsafe`
    CREATE OR REPLACE FUNCTION fluxo_session_user(token text, at timestamptz)
    RETURNS TABLE (token_hash text, user_id uuid, impersonation_session_id uuid, impersonated_organization_id uuid,
                   impersonation_expires_at timestamptz, username text, email text, role text, avatar_ref text,
                   organization_id uuid, audit_valid_from text, audit_valid_until text)
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $fn$
      SELECT s.token_hash, s.user_id, s.impersonation_session_id, s.impersonated_organization_id, s.impersonation_expires_at,
             u.username, u.email, u.role, u.avatar_ref, u.organization_id, u.audit_valid_from, u.audit_valid_until
      FROM sessions s
      JOIN users u ON u.id = s.user_id AND u.deleted_at IS NULL
      LEFT JOIN organizations o ON o.id = u.organization_id
      WHERE s.token_hash = token AND s.revoked_at IS NULL AND s.expires_at > at
        AND (u.organization_id IS NULL OR (o.deleted_at IS NULL AND o.status = 'active'))
    $fn$`);
  await db.query(sql.unsafe`REVOKE EXECUTE ON FUNCTION fluxo_session_user(text, timestamptz) FROM PUBLIC`);
  await db.query(sql.unsafe`GRANT EXECUTE ON FUNCTION fluxo_session_user(text, timestamptz) TO fluxo_runtime`);
}

const sessionChangeListeners = new Set<() => void>();

/**
 * Called after every change this process makes to the sessions table (a revocation, an
 * impersonation set or cleared), once it is done: caches of sessions (api/plugins/auth.ts) drop
 * what they hold. Returns the unsubscribe.
 */
export function onSessionsChanged(listener: () => void): () => void {
  sessionChangeListeners.add(listener);
  return () => sessionChangeListeners.delete(listener);
}

async function changingSessions(change: () => Promise<unknown>): Promise<void> {
  try {
    await change();
  } finally {
    for (const listener of sessionChangeListeners) listener();
  }
}

export async function revokeSession(db: CommonQueryMethods, token: string): Promise<void> {
  await changingSessions(() => db.query(sql.unsafe`UPDATE sessions SET revoked_at = now() WHERE token_hash = ${hashToken(token)} AND revoked_at IS NULL`));
}

/** Ends every session of a user, optionally keeping the one making the request. */
export async function revokeUserSessions(db: CommonQueryMethods, userId: string, exceptToken?: string): Promise<void> {
  const keep = exceptToken ? hashToken(exceptToken) : '';
  await changingSessions(() => db.query(sql.unsafe`
    UPDATE sessions SET revoked_at = now() WHERE user_id = ${userId} AND revoked_at IS NULL AND token_hash <> ${keep}`));
}

export async function setSessionImpersonation(
  db: CommonQueryMethods,
  token: string,
  impersonation: { sessionId: string; organizationId: string; expiresAt: Date } | null,
): Promise<void> {
  await changingSessions(() => db.query(sql.unsafe`
    UPDATE sessions SET
      impersonation_session_id = ${impersonation?.sessionId ?? null},
      impersonated_organization_id = ${impersonation?.organizationId ?? null},
      impersonation_expires_at = ${impersonation?.expiresAt.toISOString() ?? null}
    WHERE token_hash = ${hashToken(token)}`));
}

/** Ends an impersonation on every session that carries it (stop, expiry, or the tenant's deletion). */
export async function clearImpersonation(db: CommonQueryMethods, impersonationSessionId: string): Promise<void> {
  await changingSessions(() => db.query(sql.unsafe`
    UPDATE sessions SET impersonation_session_id = NULL, impersonated_organization_id = NULL, impersonation_expires_at = NULL
    WHERE impersonation_session_id = ${impersonationSessionId}`));
}
