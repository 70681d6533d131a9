// Resolves the session cookie into `request.auth` and offers the guards routes declare.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { systemContext, type ActorContext } from '../../app/context';
import type { AppDeps } from '../../app/deps';
import { clearImpersonation, findSession, SESSION_COOKIE, type SessionRow } from '../../app/identity/sessions';
import { endImpersonation } from '../../app/identity/impersonation';
import type { AuditAccess } from '../../domain/identity/audit-access';
import { canEditData, canReadAudit, type Role } from '../../domain/identity/roles';
import { DomainError, forbidden } from '../../domain/shared/errors';
import { findOrganization } from '../../projections/identity/queries';
import { acceptedCorrelationId } from '../../app/log-safety';

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
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || !request.url.startsWith('/api/')) return;
    const now = deps.clock();
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
  });
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
  if (!auth.organizationId) throw forbidden('Selecione uma organização (personificação) para acessar estes dados.');
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

