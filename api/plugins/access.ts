// The spec's permission matrix (section 6), enforced for every route before its body is even read:
// anonymous → 401; /api/admin → super_admin; a write needs an organization and edit rights
// (so `user`, view-only, gets 403 on every write); a few self-service writes are open to anyone signed in.
// Handlers keep their own guards (requireTenant, requireEditor…) as a second check.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditAccessRefusal } from '../../domain/identity/audit-access';
import { canEditData } from '../../domain/identity/roles';
import { DomainError, forbidden } from '../../domain/shared/errors';
import { NO_ORGANIZATION } from '../../app/finance/tenant';

/** How a route is reached; a route may declare it in `config.access`, else it follows from its method and path. */
export type Access = 'public' | 'signed-in' | 'super-admin' | 'analyst' | 'tenant-write';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}

/** Writes every signed-in person may make about themselves, whatever their role. */
export const SELF_SERVICE_WRITES = new Set([
  'POST /api/auth/logout',
  'PUT /api/auth/profile',
  'PUT /api/auth/change-password',
  'PATCH /api/notifications/:id/read',
  'PATCH /api/notifications/mark-all-read',
]);

export const PUBLIC_ROUTES = new Set(['GET /api/health', 'GET /api/ready', 'POST /api/auth/login', 'POST /api/auth/register', 'POST /api/auth/logout',
  'POST /api/auth/forgot-password', 'POST /api/auth/reset-password', 'POST /api/auth/confirm-email']);

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function accessOf(method: string, url: string, declared?: Access): Access | null {
  if (!url.startsWith('/api/') || url.startsWith('/api/docs')) return null;
  if (declared) return declared;
  const key = `${method} ${url}`;
  if (PUBLIC_ROUTES.has(key)) return 'public';
  if (url === '/api/admin' || url.startsWith('/api/admin/')) return 'super-admin';
  if (READ_METHODS.has(method) || SELF_SERVICE_WRITES.has(key)) return 'signed-in';
  return 'tenant-write';
}

export const SIGN_IN_REQUIRED = 'Sessão expirada ou inexistente. Faça login novamente.';

export function checkAccess(request: FastifyRequest, now: Date = new Date()): void {
  const url = request.routeOptions.url;
  if (!url) return;
  const access = accessOf(request.method, url, request.routeOptions.config?.access);
  if (access === null || access === 'public') return;
  const auth = request.auth;
  if (!auth) throw new DomainError('unauthenticated', SIGN_IN_REQUIRED);
  if (auth.role === 'auditor') return checkAuditor(request, access, auth.auditAccess, now);
  if (access === 'super-admin' && auth.role !== 'super_admin') throw forbidden('Você não tem permissão para acessar o painel administrativo.');
  if (access === 'analyst' && auth.role !== 'super_admin' && auth.role !== 'analyst') throw forbidden('Você não tem permissão para ver as projeções.');
  if (access === 'tenant-write') {
    if (!auth.organizationId) throw forbidden(NO_ORGANIZATION);
    if (!canEditData(auth.role)) throw forbidden();
  }
}

/** Only the way out (logout) is open to an auditor's writes; nothing at all once the window is closed. */
export const AUDITOR_READ_ONLY = 'Auditores têm acesso somente leitura.';

function checkAuditor(request: FastifyRequest, access: Access, window: NonNullable<FastifyRequest['auth']>['auditAccess'], now: Date): void {
  const key = `${request.method} ${request.routeOptions.url}`;
  if (key === 'POST /api/auth/logout') return;
  const refusal = auditAccessRefusal(window, now);
  if (refusal) throw forbidden(refusal);
  if (access === 'super-admin') throw forbidden('Você não tem permissão para acessar o painel administrativo.');
  if (access !== 'signed-in' || !READ_METHODS.has(request.method)) throw forbidden(AUDITOR_READ_ONLY);
}

/** Registered after the session is resolved (registerAuth), before parsing and validation. */
export function registerAccessControl(app: FastifyInstance, clock: () => Date): void {
  app.addHook('onRequest', async (request) => checkAccess(request, clock()));
}
