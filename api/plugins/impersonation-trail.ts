// Records every request made under an impersonation — reads too — in the session's trail, an
// event stream of the organization (inside its hash chain and export): method, path, query,
// body with passwords, tokens and file bytes removed, status, time, IP and user agent; never cookies.
// The session is the one in force when the request arrived; the line is written before the
// answer leaves (onSend), so a client never sees a response whose trail is not there yet.
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app/deps';
import { recordImpersonatedRequest } from '../../app/identity/impersonation';
import type { Auth } from './auth';

declare module 'fastify' {
  interface FastifyRequest {
    impersonatedBy: { superAdminId: string; impersonation: NonNullable<Auth['impersonation']>; startedAt: Date; body?: unknown } | null;
  }
}

export function registerImpersonationTrail(app: FastifyInstance, deps: AppDeps): void {
  app.decorateRequest('impersonatedBy', null);
  app.addHook('onRequest', async (request) => {
    const auth = request.auth;
    if (auth?.impersonation) request.impersonatedBy = { superAdminId: auth.userId, impersonation: auth.impersonation, startedAt: deps.clock() };
  });
  // The body as the client sent it (before the route's schema turns amounts into centavos, trims…).
  app.addHook('preValidation', async (request) => {
    if (request.impersonatedBy) request.impersonatedBy.body = request.body;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const by = request.impersonatedBy;
    if (!by) return payload;
    request.impersonatedBy = null;
    try {
      const [path, search] = splitUrl(request.url);
      await recordImpersonatedRequest(deps.eventStore, {
        impersonationSessionId: by.impersonation.sessionId,
        organizationId: by.impersonation.organizationId,
        superAdminId: by.superAdminId,
        requestId: String(request.id),
        method: request.method,
        path,
        query: search ? queryObject(search) : null,
        body: by.body ?? null,
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

function splitUrl(url: string): [string, string] {
  const index = url.indexOf('?');
  return index < 0 ? [url, ''] : [url.slice(0, index), url.slice(index + 1)];
}

/** The query string as name → value (repeated names → list), before redaction. */
function queryObject(search: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of new URLSearchParams(search)) {
    const previous = out[name];
    out[name] = previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
  }
  return out;
}
