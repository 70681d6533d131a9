// /api/auth/confirm-email: the link sent to a new address makes it the login. Also the messages of
// an email change, which, with no mail server configured, are written to the server log for the
// operator to pass on (as the password-reset links are).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app/deps';
import { confirmEmailChange, emailChangesSettled, EMAIL_CHANGED, type EmailChangeDelivery } from '../../app/identity/email-change';
import { actorContext } from '../plugins/auth';

const confirmBody = z.object({
  token: z.string({ required_error: 'Link de confirmação inválido' }).min(1, 'Link de confirmação inválido').max(200),
});

const messageResponse = z.object({ message: z.string() });

/** Writes each message of an email change to the log; links point at FLUXO_PUBLIC_URL when set (a forged Host must not choose them). */
export function emailChangeMailer(app: FastifyInstance, request: FastifyRequest, deps: AppDeps): (delivery: EmailChangeDelivery) => void {
  const origin = (app.publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/$/, '');
  return (delivery) => {
    switch (delivery.kind) {
      case 'confirmation-link':
        deps.logger.warn(
          { email: delivery.email, link: `${origin}/confirm-email#token=${delivery.token}`, expiresAt: delivery.expiresAt.toISOString() },
          'troca de email pedida: sem servidor de email configurado, envie este link ao novo endereço (vale 24 horas, uso único)',
        );
        return;
      case 'address-in-use':
        deps.logger.warn(
          { email: delivery.email },
          'troca de email pedida para um endereço que já tem conta: nenhum link foi emitido; avise o dono deste endereço que alguém tentou usá-lo em outra conta',
        );
        return;
      case 'email-changed':
        deps.logger.warn(
          { email: delivery.email, newEmail: delivery.newEmail },
          'email de acesso alterado: avise o endereço antigo (se o dono não pediu a troca, ele deve falar com o suporte)',
        );
    }
  };
}

export const emailChangeRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  app.addHook('onClose', async () => emailChangesSettled());
  app.post('/auth/confirm-email', {
    schema: { tags: ['autenticação'], summary: 'Confirmar o novo email com o link recebido', body: confirmBody, response: { 200: messageResponse, 400: messageResponse, 429: messageResponse } },
    config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
  }, async (request) => {
    await confirmEmailChange(deps, request.body.token, actorContext(request, deps), emailChangeMailer(app, request, deps));
    return { message: EMAIL_CHANGED };
  });
};
