// Resolves the session cookie into `request.auth` and offers the guards routes declare.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { systemContext, type ActorContext } from '../../app/context';
import type { AppDeps } from '../../app/deps';
import { clearImpersonation, findSession, onSessionsChanged, SESSION_COOKIE, type SessionRow } from '../../app/identity/sessions';
import { endImpersonation } from '../../app/identity/impersonation';
import type { AuditAccess } from '../../domain/identity/audit-access';
import { canEditData, canReadAudit, type Role } from '../../domain/identity/roles';
import { DomainError, forbidden } from '../../domain/shared/errors';
import { NO_ORGANIZATION } from '../../app/finance/tenant';
import { findOrganization } from '../../projections/identity/queries';
import { IDENTITY_PROJECTOR } from '../../projections/identity/users';
import { acceptedCorrelationId } from '../../app/log-safety';
import { ChangeTicks } from '../../app/db/change-ticks';

export type Auth = {
  token: string;
  userId: string;
  username: string;
  email: string;
  role: Role;
  avatarRef: string | null;
  homeOrganizationId: string | null;
  /** The organization the request acts on: the user's own, or the impersonated one. */
  organizationId: string | null;
  impersonation: { sessionId: string; organizationId: string; expiresAt: string } | null;
  /** An auditor's access window; null for every other role. */
  auditAccess: AuditAccess | null;
};

declare module 'fastify' {
  interface FastifyRequest {
    auth: Auth | null;
  }
}

export function registerAuth(app: FastifyInstance, deps: AppDeps): void {
  app.decorateRequest('auth', null);
  const known = knownSessions(deps);
  if (known) app.addHook('onClose', async () => known.close());
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || !request.url.startsWith('/api/')) return;
    const now = deps.clock();
    const reused = known?.get(token, now);
    if (reused) {
      request.auth = copyOf(reused);
      return;
    }
    const looking = known?.lookup();
    const session = await findSession(deps.db, token, now);
    if (!session) return;
    const impersonating = await activeImpersonation(deps, session, session.role, now);
    request.auth = {
      token,
      userId: session.user_id,
      username: session.username,
      email: session.email,
      role: session.role,
      avatarRef: session.avatar_ref,
      homeOrganizationId: session.organization_id,
      organizationId: impersonating?.organizationId ?? session.organization_id,
      impersonation: impersonating,
      auditAccess: session.audit_valid_from && session.audit_valid_until ? { validFrom: session.audit_valid_from, validUntil: session.audit_valid_until } : null,
    };
    if (looking) known?.set(looking, copyOf(request.auth), now);
  });
}

/** Each request gets its own Auth: what one request does to it never reaches the next. */
const copyOf = (auth: Auth): Auth => ({ ...auth, impersonation: auth.impersonation && { ...auth.impersonation }, auditAccess: auth.auditAccess && { ...auth.auditAccess } });

/** How long a session looked up is answered again without asking the database. */
export const SESSION_REUSE_MS = 1_000;
const MAX_SESSIONS_KNOWN = 10_000;

/**
 * The sessions looked up in the last second, so a busy screen's requests cost no query each. An
 * answer is reused only while nothing that could change it happened since its lookup began: no
 * change of this process to the sessions table (a logout, a revocation, an impersonation set or
 * ended), and no apply of the identity projection (users, organizations) for the session's
 * organizations — both announced before the write that made them is answered. A change made by
 * another process (a second API instance) shows within SESSION_REUSE_MS. Only where this process
 * hears every read-model change (it runs the projection leader); elsewhere every request asks.
 */
function knownSessions(deps: AppDeps) {
  const changes = deps.readModels;
  if (!changes) return null;
  type Entry = { auth: Auth; startedAt: number; checkedAt: number; clockAt: number; until: number };
  const entries = new Map<string, Entry>();
  // An entry is good while no change that concerns it came after its lookup began (a lookup racing
  // a change is never reused). A user of no organization (a super admin, an analyst) may be changed
  // under any organization's name (a super admin edits their profile while impersonating one): any
  // identity change counts for them (changedSince(null, …)).
  const ticks = new ChangeTicks(changes, [IDENTITY_PROJECTOR], (change) => {
    if (change === 'all') entries.clear();
  });
  const unsubscribeSessions = onSessionsChanged(() => {
    ticks.dropAll();
    entries.clear();
  });

  return {
    get(token: string, now: Date): Auth | null {
      const entry = entries.get(token);
      if (!entry) return null;
      const clock = now.getTime();
      const fresh = performance.now() - entry.checkedAt < SESSION_REUSE_MS && clock >= entry.clockAt && clock < entry.until;
      if (fresh && changes.complete()
        && !ticks.changedSince(entry.auth.homeOrganizationId, entry.startedAt) && !ticks.changedSince(entry.auth.organizationId, entry.startedAt)) {
        return entry.auth;
      }
      entries.delete(token);
      return null;
    },
    /** Marks the start of a lookup (before its query). */
    lookup(): { startedAt: number; checkedAt: number } | null {
      return changes.complete() ? { startedAt: ticks.now(), checkedAt: performance.now() } : null;
    },
    set(looking: { startedAt: number; checkedAt: number }, auth: Auth, now: Date): void {
      if (entries.size >= MAX_SESSIONS_KNOWN) entries.clear();
      const clock = now.getTime();
      // Time decides too (the session's and the impersonation's end, an auditor's window is checked
      // per request): never reused past SESSION_REUSE_MS of the clock, nor past the impersonation.
      const impersonationEnd = auth.impersonation ? new Date(auth.impersonation.expiresAt).getTime() : Infinity;
      entries.set(auth.token, { auth, startedAt: looking.startedAt, checkedAt: looking.checkedAt, clockAt: clock, until: Math.min(clock + SESSION_REUSE_MS, impersonationEnd) });
    },
    close(): void {
      ticks.close();
      unsubscribeSessions();
      entries.clear();
    },
  };
}

/**
 * The impersonation a session carries, if it is still valid. One whose time is up, or whose
 * organization is gone, is ended here (ImpersonationEnded) so the super admin is back as themselves.
 */
async function activeImpersonation(deps: AppDeps, session: SessionRow, role: Role, now: Date): Promise<Auth['impersonation']> {
  const { impersonation_session_id: sessionId, impersonated_organization_id: organizationId, impersonation_expires_at: expiresAt } = session;
  if (!sessionId || !organizationId || !expiresAt) return null;
  const org = await findOrganization(deps.db, organizationId);
  const valid = role === 'super_admin' && org !== null && !org.deleted_at && new Date(expiresAt) > now;
  if (valid) return { sessionId, organizationId, expiresAt };
  try {
    await endImpersonation(deps, sessionId, new Date(expiresAt) > now ? 'stopped' : 'expired', systemContext(now, organizationId));
  } catch (error) {
    deps.logger.error({ err: error, impersonationSessionId: sessionId }, 'could not record the end of an impersonation');
    await clearImpersonation(deps.db, sessionId);
  }
  return null;
}

export function requireAuth(request: FastifyRequest): Auth {
  if (!request.auth) throw new DomainError('unauthenticated', 'Sessão expirada ou inexistente. Faça login novamente.');
  return request.auth;
}

/** A signed-in user acting on an organization (their own or, for a super admin, the impersonated one). */
export function requireTenant(request: FastifyRequest): Auth & { organizationId: string } {
  const auth = requireAuth(request);
  if (!auth.organizationId) throw forbidden(NO_ORGANIZATION);
  return auth as Auth & { organizationId: string };
}

export function requireEditor(request: FastifyRequest): Auth & { organizationId: string } {
  const auth = requireTenant(request);
  if (!canEditData(auth.role)) throw forbidden();
  return auth;
}

/** An organization's admin or auditor (a super admin while impersonating it): the audit trail's readers. */
export function requireAuditReader(request: FastifyRequest): Auth & { organizationId: string } {
  const auth = requireTenant(request);
  if (!canReadAudit(auth.role)) throw forbidden('Apenas administradores e auditores da organização podem consultar a auditoria.');
  return auth;
}

export function requireSuperAdmin(request: FastifyRequest): Auth {
  const auth = requireAuth(request);
  if (auth.role !== 'super_admin') throw forbidden('Você não tem permissão para acessar o painel administrativo.');
  return auth;
}

export function actorContext(request: FastifyRequest, deps: Pick<AppDeps, 'clock'>): ActorContext {
  const auth = request.auth;
  return {
    organizationId: auth?.organizationId ?? null,
    actorUserId: auth?.userId ?? null,
    impersonatorUserId: auth?.impersonation ? auth.userId : null,
    impersonationSessionId: auth?.impersonation?.sessionId ?? null,
    requestId: String(request.id),
    // A client's correlation id enters event metadata (kept forever) only when it is a UUID.
    correlationId: acceptedCorrelationId(request.headers['x-correlation-id']) ?? randomUUID(),
    now: deps.clock(),
  };
}

