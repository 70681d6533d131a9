// Records every request made under an impersonation — reads too — in the session's trail:
// method, path (no query string), status, time, IP and user agent; never bodies or cookies.
// The session is the one in force when the request arrived; the line is written before the
// answer leaves (onSend), so a client never sees a response whose trail is not there yet.
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app/deps';
import { recordImpersonatedRequest } from '../../app/identity/impersonation';
import type { Auth } from './auth';

declare module 'fastify' {
  interface FastifyRequest {
    impersonatedBy: { superAdminId: string; impersonation: NonNullable<Auth['impersonation']>; startedAt: Date } | null;
  }
}

export function registerImpersonationTrail(app: FastifyInstance, deps: AppDeps): void {
  app.decorateRequest('impersonatedBy', null);
  app.addHook('onRequest', async (request) => {
    const auth = request.auth;
    if (auth?.impersonation) request.impersonatedBy = { superAdminId: auth.userId, impersonation: auth.impersonation, startedAt: deps.clock() };
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const by = request.impersonatedBy;
    if (!by) return payload;
    request.impersonatedBy = null;
    try {
      await recordImpersonatedRequest(deps.db, {
        impersonationSessionId: by.impersonation.sessionId,
        organizationId: by.impersonation.organizationId,
        superAdminId: by.superAdminId,
        requestId: String(request.id),
        method: request.method,
        path: request.url.split('?')[0],
        status: reply.statusCode,
        durationMs: reply.elapsedTime,
        ip: request.ip ?? null,
        userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
        at: by.startedAt,
      });
    } catch (error) {
      request.log.error({ err: error, impersonationSessionId: by.impersonation.sessionId }, 'failed to record impersonated request');
    }
    return payload;
  });
}
