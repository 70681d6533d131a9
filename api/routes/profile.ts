// /api/auth: what every signed-in person may change about themselves — profile, avatar, password.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asPlatform } from '../../app/db/platform';
import { withTenant } from '../../app/db/tenant';
import type { AppDeps } from '../../app/deps';
import { readAvatar } from '../../app/identity/avatars';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sleep, tooManyAttemptsMessage } from '../../app/identity/login-throttle';
import { changeOwnPassword, CURRENT_PASSWORD_WRONG, updateOwnProfile } from '../../app/identity/users';
import { EMAIL_CHANGE_REQUESTED, requestEmailChangeInBackground } from '../../app/identity/email-change';
import { DomainError, notFound } from '../../domain/shared/errors';
import { actorContext, requireAuth } from '../plugins/auth';
import { currentUser, currentUserResponse } from './auth';
import { emailChangeMailer } from './email-change';

const BOTH_REQUIRED = 'Nome de usuário e email são obrigatórios';
const messageResponse = z.object({ message: z.string() });

export const profileBody = z.object({
  username: z.string({ required_error: BOTH_REQUIRED }).trim().min(1, BOTH_REQUIRED).max(80, 'Nome de usuário muito longo'),
  email: z.string({ required_error: BOTH_REQUIRED }).trim().min(1, BOTH_REQUIRED).pipe(z.string().email('Email inválido').max(254)),
  /** An inline data string (`data:image/png;base64,…`) replaces it; null removes it; the current URL or nothing keeps it. */
  avatar: z.string().nullable().optional(),
  /** Required when the email changes (the new one is confirmed by a link sent to it). */
  currentPassword: z.string().max(256).optional(),
});

export const changePasswordBody = z.object({
  currentPassword: z.string({ required_error: 'Senha atual obrigatória' }).min(1, 'Senha atual obrigatória').max(256),
  newPassword: z.string({ required_error: 'Nova senha obrigatória' }).min(1, 'Nova senha obrigatória'),
});

const TOO_MANY = Symbol('too many attempts');

/**
 * A wrong current password is a guess at the account's password: it counts against the same
 * per-account and per-address throttle as login (delay, then 429 with Retry-After).
 */
async function guardCurrentPassword<T>(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, email: string, run: () => Promise<T>): Promise<T | typeof TOO_MANY> {
  const account = email.trim().toLowerCase();
  const verdict = app.loginThrottle.check(account, request.ip);
  if (!verdict.allowed) {
    await reply.status(429).header('Retry-After', String(verdict.retryAfterSeconds)).send({ message: tooManyAttemptsMessage(verdict.retryAfterSeconds) });
    return TOO_MANY;
  }
  if (verdict.delayMs > 0) await sleep(verdict.delayMs);
  try {
    return await run();
  } catch (error) {
    if (error instanceof DomainError && error.message === CURRENT_PASSWORD_WRONG) app.loginThrottle.recordFailure(account, request.ip);
    throw error;
  }
}

export const profileRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  app.put('/auth/profile', {
    bodyLimit: 3 * 1024 * 1024,
    schema: {
      tags: ['autenticação'], summary: 'Atualizar o próprio perfil (nome e avatar; um novo email é confirmado por link)', body: profileBody,
      response: {
        200: currentUserResponse,
        202: currentUserResponse.extend({ message: z.string() }),
        400: messageResponse, 409: messageResponse, 413: messageResponse, 429: messageResponse,
      },
    },
  }, async (request, reply) => {
    const auth = requireAuth(request);
    const { avatar, ...rest } = request.body;
    const keepAvatar = avatar === undefined || (avatar !== null && avatar.startsWith('/api/auth/avatar/'));
    const updated = await guardCurrentPassword(app, request, reply, auth.email, () => updateOwnProfile(deps, { userId: auth.userId, homeOrganizationId: auth.homeOrganizationId }, {
      ...rest, ...(keepAvatar ? {} : { avatar: avatar || null }),
    }, actorContext(request, deps)));
    if (updated === TOO_MANY) return reply;
    const { user, requestedEmail } = updated;
    request.auth = { ...auth, username: user.username, email: user.email, avatarRef: user.avatar_ref };
    const body = await currentUser(deps, request);
    if (!requestedEmail) return body;
    // Answered before the address is even looked up: taken or free, the same status, body and time.
    requestEmailChangeInBackground(deps, auth.userId, requestedEmail, deps.clock(), emailChangeMailer(app, request, deps));
    return reply.status(202).send({ ...body, message: EMAIL_CHANGE_REQUESTED });
  });

  app.put('/auth/change-password', {
    schema: {
      tags: ['autenticação'], summary: 'Alterar a própria senha (encerra as outras sessões)', body: changePasswordBody,
      response: { 200: messageResponse, 400: messageResponse, 429: messageResponse },
    },
  }, async (request, reply) => {
    const auth = requireAuth(request);
    const changed = await guardCurrentPassword(app, request, reply, auth.email, () =>
      changeOwnPassword(deps, { userId: auth.userId, homeOrganizationId: auth.homeOrganizationId, token: auth.token }, request.body, actorContext(request, deps)));
    if (changed === TOO_MANY) return reply;
    return { message: 'Sua senha foi alterada com sucesso' };
  });

  app.get('/auth/avatar/:ref', {
    schema: { tags: ['autenticação'], summary: 'Imagem de avatar', params: z.object({ ref: z.string().regex(/^[0-9a-f]{64}$/, 'Avatar não encontrado') }) },
  }, async (request, reply) => {
    const auth = requireAuth(request);
    const ref = `avatar:${request.params.ref}`;
    // Acting as a tenant, the super admin sees what that tenant sees.
    const viewer = { userId: auth.userId, organizationId: auth.organizationId, platformWide: auth.role === 'super_admin' && !auth.impersonation };
    const image = viewer.platformWide || !viewer.organizationId
      ? await asPlatform(deps.db, (tx) => readAvatar(tx, ref, viewer))
      : await withTenant(deps.db, viewer.organizationId, (tx) => readAvatar(tx, ref, viewer));
    if (!image) throw notFound('Avatar não encontrado');
    return reply
      .header('Content-Type', image.mime)
      .header('Cache-Control', 'private, max-age=31536000, immutable')
      .header('X-Content-Type-Options', 'nosniff')
      .send(image.bytes);
  });
};
