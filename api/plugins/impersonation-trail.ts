// Records every request made under an impersonation — reads too — in the session's trail:
// method, path (no query string), status, time, IP and user agent; never bodies or cookies.
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app/deps';
import { recordImpersonatedRequest } from '../../app/identity/impersonation';

export function registerImpersonationTrail(app: FastifyInstance, deps: AppDeps): void {
  app.addHook('onResponse', async (request, reply) => {
    const auth = request.auth;
    if (!auth?.impersonation) return;
    try {
      await recordImpersonatedRequest(deps.db, {
        impersonationSessionId: auth.impersonation.sessionId,
        organizationId: auth.impersonation.organizationId,
        superAdminId: auth.userId,
        requestId: String(request.id),
        method: request.method,
        path: request.url.split('?')[0],
        status: reply.statusCode,
        durationMs: reply.elapsedTime,
        ip: request.ip ?? null,
        userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
        at: new Date(deps.clock().getTime() - Math.round(reply.elapsedTime)),
      });
    } catch (error) {
      request.log.error({ err: error, impersonationSessionId: auth.impersonation.sessionId }, 'failed to record impersonated request');
    }
  });
}
