// /api/auth: what every signed-in person may change about themselves — profile, avatar, password.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asPlatform } from '../../app/db/platform';
import { withTenant } from '../../app/db/tenant';
import type { AppDeps } from '../../app/deps';
import { readAvatar } from '../../app/identity/avatars';
import { changeOwnPassword, updateOwnProfile } from '../../app/identity/users';
import { notFound } from '../../domain/shared/errors';
import { actorContext, requireAuth } from '../plugins/auth';
import { currentUser, currentUserResponse } from './auth';

const BOTH_REQUIRED = 'Nome de usuário e email são obrigatórios';
const messageResponse = z.object({ message: z.string() });

export const profileBody = z.object({
  username: z.string({ required_error: BOTH_REQUIRED }).trim().min(1, BOTH_REQUIRED).max(80, 'Nome de usuário muito longo'),
  email: z.string({ required_error: BOTH_REQUIRED }).trim().min(1, BOTH_REQUIRED).pipe(z.string().email('Email inválido').max(254)),
  /** An inline data string (`data:image/png;base64,…`) replaces it; null removes it; the current URL or nothing keeps it. */
  avatar: z.string().nullable().optional(),
  /** Required when the email changes. */
  currentPassword: z.string().max(256).optional(),
});

export const changePasswordBody = z.object({
  currentPassword: z.string({ required_error: 'Senha atual obrigatória' }).min(1, 'Senha atual obrigatória').max(256),
  newPassword: z.string({ required_error: 'Nova senha obrigatória' }).min(1, 'Nova senha obrigatória'),
});

export const profileRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  app.put('/auth/profile', {
    bodyLimit: 3 * 1024 * 1024,
    schema: {
      tags: ['autenticação'], summary: 'Atualizar o próprio perfil (nome, email, avatar)', body: profileBody,
      response: { 200: currentUserResponse, 400: messageResponse, 409: messageResponse, 413: messageResponse },
    },
  }, async (request) => {
    const auth = requireAuth(request);
    const { avatar, ...rest } = request.body;
    const keepAvatar = avatar === undefined || (avatar !== null && avatar.startsWith('/api/auth/avatar/'));
    const updated = await updateOwnProfile(deps, { userId: auth.userId, homeOrganizationId: auth.homeOrganizationId }, {
      ...rest, ...(keepAvatar ? {} : { avatar: avatar || null }),
    }, actorContext(request, deps));
    request.auth = { ...auth, username: updated.username, email: updated.email, avatarRef: updated.avatar_ref };
    return currentUser(deps, request);
  });

  app.put('/auth/change-password', {
    schema: {
      tags: ['autenticação'], summary: 'Alterar a própria senha (encerra as outras sessões)', body: changePasswordBody,
      response: { 200: messageResponse, 400: messageResponse },
    },
  }, async (request) => {
    const auth = requireAuth(request);
    await changeOwnPassword(deps, { userId: auth.userId, homeOrganizationId: auth.homeOrganizationId, token: auth.token }, request.body, actorContext(request, deps));
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
