// /api/auth: register, login, logout and the current user.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuditAccess } from '../../domain/identity/audit-access';
import { roles } from '../../domain/identity/roles';
import type { AppDeps } from '../../app/deps';
import { EMAIL_NOT_ACCEPTED, login, registerOrganization } from '../../app/identity/auth';
import { endImpersonation } from '../../app/identity/impersonation';
import { createSession, revokeSession, SESSION_COOKIE, SESSION_TTL_MS, SIGNED_IN_HINT_COOKIE } from '../../app/identity/sessions';
import { findActiveUser, findOrganization, type UserRow } from '../../projections/identity/queries';
import { actorContext, requireAuth } from '../plugins/auth';
import { sleep, tooManyAttemptsMessage } from '../../app/identity/login-throttle';
import { DomainError } from '../../domain/shared/errors';

const required = (label: string) => z.string({ required_error: `${label} é obrigatório` }).trim().min(1, `${label} é obrigatório`);

export const registerBody = z.object({
  username: required('Nome de usuário').pipe(z.string().max(80, 'Nome de usuário muito longo')),
  email: required('Email').pipe(z.string().email('Email inválido').max(254)),
  password: z.string({ required_error: 'Senha é obrigatória' }).min(1, 'Senha é obrigatória'),
  organizationName: required('Nome da organização').pipe(z.string().max(120, 'Nome da organização muito longo')),
  organizationSlug: required('Slug da organização').pipe(z.string().max(60, 'Slug muito longo')),
});

export const loginBody = z.object({
  email: required('Email').pipe(z.string().max(254)),
  password: z.string({ required_error: 'Senha é obrigatória' }).min(1, 'Senha é obrigatória').max(256),
});

export const currentUserResponse = z.object({
  user: z.object({
    id: z.string(),
    username: z.string(),
    email: z.string(),
    role: z.enum(roles),
    avatar: z.string().nullable(),
    isImpersonating: z.boolean(),
    /** An auditor's access window (both days included); null for every other role. */
    auditAccess: z.object({ validFrom: z.string(), validUntil: z.string() }).nullable().optional(),
  }),
  organization: z.object({ id: z.string(), name: z.string(), slug: z.string() }).nullable(),
});

const messageResponse = z.object({ message: z.string() });

/** Secure when the request came over TLS (directly, or as a trusted proxy reports it) or when forced. */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  const secure = request.server.secureCookies || request.protocol === 'https';
  reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: Math.floor(SESSION_TTL_MS / 1000) });
  setSignedInHint(request, reply);
}

function setSignedInHint(request: FastifyRequest, reply: FastifyReply): void {
  const secure = request.server.secureCookies || request.protocol === 'https';
  reply.setCookie(SIGNED_IN_HINT_COOKIE, '1', { path: '/', httpOnly: false, sameSite: 'lax', secure, maxAge: Math.floor(SESSION_TTL_MS / 1000) });
}

export function avatarUrl(avatarRef: string | null): string | null {
  return avatarRef ? `/api/auth/avatar/${avatarRef.replace(/^avatar:/, '')}` : null;
}

type CurrentUserBody = z.infer<typeof currentUserResponse>;

/** The one shape of "who am I" (spec §3), answered by /me, login and register alike. */
async function currentUserBody(
  deps: AppDeps,
  user: { id: string; username: string; email: string; role: CurrentUserBody['user']['role']; avatarRef: string | null; auditAccess?: AuditAccess | null },
  organizationId: string | null,
  isImpersonating: boolean,
): Promise<CurrentUserBody> {
  const org = organizationId ? await findOrganization(deps.db, organizationId) : null;
  return {
    user: { id: user.id, username: user.username, email: user.email, role: user.role, avatar: avatarUrl(user.avatarRef), isImpersonating, auditAccess: user.auditAccess ?? null },
    organization: org ? { id: org.id, name: org.name, slug: org.slug } : null,
  };
}

export async function currentUser(deps: AppDeps, request: FastifyRequest): Promise<CurrentUserBody> {
  const auth = requireAuth(request);
  return currentUserBody(deps, { id: auth.userId, username: auth.username, email: auth.email, role: auth.role, avatarRef: auth.avatarRef, auditAccess: auth.auditAccess }, auth.organizationId, auth.impersonation !== null);
}

const bodyOfRow = (deps: AppDeps, user: UserRow) =>
  currentUserBody(deps, { id: user.id, username: user.username, email: user.email, role: user.role, avatarRef: user.avatar_ref, auditAccess: user.audit_valid_from && user.audit_valid_until ? { validFrom: user.audit_valid_from, validUntil: user.audit_valid_until } : null }, user.organization_id, false);

export const authRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  app.post('/auth/register', {
    schema: { tags: ['autenticação'], summary: 'Cadastrar organização e administrador', body: registerBody, response: { 201: currentUserResponse, 400: messageResponse, 409: messageResponse, 429: messageResponse } },
    // Registering tells whether an email is free (a taken one is refused: the spec signs the new
    // admin in at once, so there is no "check your inbox" answer to hide behind). What limits the
    // probing: few registrations per client address, and refusals throttled per email and address.
    config: { rateLimit: { max: app.registrationsPerHour, timeWindow: '1 hour' } },
  }, async (request, reply) => {
    // Refusals count per e-mail and per client address, like wrong passwords at login (a
    // progressive delay, then 429 with Retry-After).
    const account = request.body.email.trim().toLowerCase();
    const verdict = app.registrationThrottle.check(account, request.ip);
    if (!verdict.allowed) {
      return reply.status(429).header('Retry-After', String(verdict.retryAfterSeconds)).send({ message: tooManyAttemptsMessage(verdict.retryAfterSeconds) });
    }
    if (verdict.delayMs > 0) await sleep(verdict.delayMs);
    const context = actorContext(request, deps);
    const { userId, organizationId } = await registerOrganization(deps, request.body, context).catch((error: unknown) => {
      if (error instanceof DomainError && (error.kind === 'conflict' || error.message === EMAIL_NOT_ACCEPTED)) {
        app.registrationThrottle.recordFailure(account, request.ip);
      }
      throw error;
    });
    const session = await createSession(deps.db, userId, context.now);
    setSessionCookie(request, reply, session.token);
    // Registration waited for the read models, so the new user is there to answer from.
    const user = await findActiveUser(deps.db, userId);
    reply.status(201);
    return user
      ? bodyOfRow(deps, user)
      : currentUserBody(deps, { id: userId, username: request.body.username, email: request.body.email, role: 'org_admin', avatarRef: null }, organizationId, false);
  });

  app.post('/auth/login', {
    schema: { tags: ['autenticação'], summary: 'Entrar', body: loginBody, response: { 200: currentUserResponse, 401: messageResponse, 429: messageResponse } },
  }, async (request, reply) => {
    // Per account and per client address: a progressive delay, then 429 (login-throttle.ts).
    const account = request.body.email.trim().toLowerCase();
    const verdict = app.loginThrottle.check(account, request.ip);
    if (!verdict.allowed) {
      return reply.status(429).header('Retry-After', String(verdict.retryAfterSeconds)).send({ message: tooManyAttemptsMessage(verdict.retryAfterSeconds) });
    }
    if (verdict.delayMs > 0) await sleep(verdict.delayMs);
    const context = actorContext(request, deps);
    try {
      const { token, user } = await login(deps, request.body, context);
      app.loginThrottle.recordSuccess(account);
      setSessionCookie(request, reply, token);
      return bodyOfRow(deps, user);
    } catch (error) {
      if (error instanceof DomainError && error.kind === 'unauthenticated') app.loginThrottle.recordFailure(account, request.ip);
      throw error;
    }
  });

  app.post('/auth/logout', { schema: { tags: ['autenticação'], summary: 'Sair' } }, async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    // Signing out while acting as a tenant ends that impersonation too.
    if (request.auth?.impersonation) await endImpersonation(deps, request.auth.impersonation.sessionId, 'stopped', actorContext(request, deps));
    if (token) await revokeSession(deps.db, token);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    reply.clearCookie(SIGNED_IN_HINT_COOKIE, { path: '/' });
    return reply.status(204).send();
  });

  app.get('/auth/me', {
    schema: { tags: ['autenticação'], summary: 'Usuário atual', response: { 200: currentUserResponse, 401: messageResponse } },
  }, async (request, reply) => {
    const body = await currentUser(deps, request);
    // A session opened before the hint existed gets it now.
    if (!request.cookies[SIGNED_IN_HINT_COOKIE]) setSignedInHint(request, reply);
    return body;
  });
};
