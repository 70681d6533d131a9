// /api/auth/forgot-password and /api/auth/reset-password: 'Esqueci minha senha' for a signed-out visitor.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app/deps';
import { passwordResetsSettled, requestPasswordResetInBackground, resetPasswordWithToken, RESET_DONE, RESET_REQUESTED } from '../../app/identity/password-reset';
import { actorContext } from '../plugins/auth';

const forgotBody = z.object({
  email: z.string({ required_error: 'Email é obrigatório' }).trim().min(1, 'Email é obrigatório').max(254).email('Email inválido'),
});

const resetBody = z.object({
  token: z.string({ required_error: 'Link de redefinição inválido' }).min(1, 'Link de redefinição inválido').max(200),
  newPassword: z.string({ required_error: 'Nova senha obrigatória' }).min(1, 'Nova senha obrigatória'),
});

const messageResponse = z.object({ message: z.string() });

export const passwordResetRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  app.addHook('onClose', async () => passwordResetsSettled());
  app.post('/auth/forgot-password', {
    schema: { tags: ['autenticação'], summary: 'Pedir um link de redefinição de senha', body: forgotBody, response: { 202: messageResponse, 400: messageResponse, 429: messageResponse } },
    config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
  }, async (request, reply) => {
    // FLUXO_PUBLIC_URL when set: a link built from a forged Host header would point elsewhere.
    const origin = app.publicUrl ?? `${request.protocol}://${request.host}`;
    // Answered without waiting for the lookup: a known email costs the asker no more time than an unknown one.
    requestPasswordResetInBackground(deps, request.body.email, deps.clock(), ({ email, token, expiresAt }) => {
      // No mail server in this deployment: the operator reads the link here and passes it on (README).
      deps.logger.warn(
        { email, link: `${origin.replace(/\/$/, '')}/reset-password#token=${token}`, expiresAt: expiresAt.toISOString() },
        'redefinição de senha pedida: sem servidor de email configurado, envie este link ao usuário (vale 1 hora, uso único)',
      );
    });
    return reply.status(202).send({ message: RESET_REQUESTED });
  });

  app.post('/auth/reset-password', {
    schema: { tags: ['autenticação'], summary: 'Redefinir a senha com o link recebido', body: resetBody, response: { 200: messageResponse, 400: messageResponse, 429: messageResponse } },
    config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
  }, async (request) => {
    await resetPasswordWithToken(deps, request.body.token, request.body.newPassword, actorContext(request, deps));
    return { message: RESET_DONE };
  });
};
