// /api/auth: register, login, logout and the current user.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app/deps';
import { login, registerOrganization } from '../../app/identity/auth';
import { endImpersonation } from '../../app/identity/impersonation';
import { createSession, revokeSession, SESSION_COOKIE, SESSION_TTL_MS } from '../../app/identity/sessions';
import { findActiveUser, findOrganization } from '../../projections/identity/queries';
import { actorContext, requireAuth } from '../plugins/auth';

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
    role: z.enum(['super_admin', 'org_admin', 'user']),
    avatar: z.string().nullable(),
    isImpersonating: z.boolean(),
  }),
  organization: z.object({ id: z.string(), name: z.string(), slug: z.string() }).nullable(),
});

const messageResponse = z.object({ message: z.string() });

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: Math.floor(SESSION_TTL_MS / 1000) });
}

export function avatarUrl(avatarRef: string | null): string | null {
  return avatarRef ? `/api/auth/avatar/${avatarRef.replace(/^avatar:/, '')}` : null;
}

export async function currentUser(deps: AppDeps, request: FastifyRequest): Promise<z.infer<typeof currentUserResponse>> {
  const auth = requireAuth(request);
  const org = auth.organizationId ? await findOrganization(deps.db, auth.organizationId) : null;
  return {
    user: { id: auth.userId, username: auth.username, email: auth.email, role: auth.role, avatar: avatarUrl(auth.avatarRef), isImpersonating: auth.impersonation !== null },
    organization: org ? { id: org.id, name: org.name, slug: org.slug } : null,
  };
}

export const authRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  app.post('/auth/register', {
    schema: { tags: ['autenticação'], summary: 'Cadastrar organização e administrador', body: registerBody, response: { 201: currentUserResponse, 400: messageResponse, 409: messageResponse } },
    config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
  }, async (request, reply) => {
    const context = actorContext(request, deps);
    const { userId } = await registerOrganization(deps, request.body, context);
    const session = await createSession(deps.db, userId, context.now);
    setSessionCookie(reply, session.token, app.secureCookies);
    const user = await findActiveUser(deps.db, userId);
    const org = user?.organization_id ? await findOrganization(deps.db, user.organization_id) : null;
    reply.status(201);
    return {
      user: { id: userId, username: user?.username ?? request.body.username, email: user?.email ?? request.body.email, role: 'org_admin' as const, avatar: null, isImpersonating: false },
      organization: org ? { id: org.id, name: org.name, slug: org.slug } : null,
    };
  });

  app.post('/auth/login', {
    schema: { tags: ['autenticação'], summary: 'Entrar', body: loginBody, response: { 200: currentUserResponse, 401: messageResponse, 429: messageResponse } },
    // preHandler, so the key sees the parsed body: attempts are limited per IP and email.
    config: { rateLimit: { max: 10, timeWindow: '1 minute', hook: 'preHandler', keyGenerator: (request: FastifyRequest) => `${request.ip}:${String((request.body as { email?: string } | undefined)?.email ?? '').toLowerCase()}` } },
  }, async (request, reply) => {
    const context = actorContext(request, deps);
    const { token, user } = await login(deps, request.body, context);
    setSessionCookie(reply, token, app.secureCookies);
    const org = user.organization_id ? await findOrganization(deps.db, user.organization_id) : null;
    return {
      user: { id: user.id, username: user.username, email: user.email, role: user.role, avatar: avatarUrl(user.avatar_ref), isImpersonating: false },
      organization: org ? { id: org.id, name: org.name, slug: org.slug } : null,
    };
  });

  app.post('/auth/logout', { schema: { tags: ['autenticação'], summary: 'Sair' } }, async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    // Signing out while acting as a tenant ends that impersonation too.
    if (request.auth?.impersonation) await endImpersonation(deps, request.auth.impersonation.sessionId, 'stopped', actorContext(request, deps));
    if (token) await revokeSession(deps.db, token);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return reply.status(204).send();
  });

  app.get('/auth/me', {
    schema: { tags: ['autenticação'], summary: 'Usuário atual', response: { 200: currentUserResponse, 401: messageResponse } },
  }, async (request) => currentUser(deps, request));
};
