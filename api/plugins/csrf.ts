// Cross-site request forgery: a write (POST/PUT/PATCH/DELETE) to the API is refused when the
// browser says it comes from another site, and only JSON bodies are accepted, so an HTML form or
// a "simple" cross-origin fetch (text/plain, form encodings) cannot reach a route.
//
// The rule, on every /api write (signed in or not, so login CSRF is refused too):
// - `Sec-Fetch-Site`, when sent, must be `same-origin` or `none` (typed by the user);
// - `Origin`, when sent, must name this server's host (`Host`, or `X-Forwarded-Host` from a trusted
//   proxy) — the scheme is not compared, so a TLS-terminating proxy without TRUST_PROXY still works;
// - with neither header the request is let through: every current browser sends `Origin` on a
//   cross-origin write (and `Sec-Fetch-Site` on HTTPS), so only non-browser clients (curl, scripts,
//   server-to-server) arrive without both — they cannot ride a victim's cookie.
// - a body must be `application/json` (or `+json`); there are no multipart routes (uploads travel as
//   base64 inside JSON), so text/plain, form-urlencoded and multipart answer 415.
import type { FastifyInstance, FastifyRequest } from 'fastify';

export const CROSS_SITE_REFUSED = 'Requisição recusada: ela não partiu do próprio Fluxo (proteção contra CSRF).';
export const JSON_ONLY = 'Tipo de conteúdo não suportado; envie application/json';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const ALLOWED_FETCH_SITES = new Set(['same-origin', 'none']);

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Whether the request's Origin names this server (by host; `null` and unparsable origins do not). */
function originMatches(origin: string, request: FastifyRequest): boolean {
  try {
    return new URL(origin).host.toLowerCase() === request.host.toLowerCase();
  } catch {
    return false;
  }
}

export function isCrossSite(request: FastifyRequest): boolean {
  const fetchSite = header(request, 'sec-fetch-site');
  if (fetchSite !== undefined && !ALLOWED_FETCH_SITES.has(fetchSite.toLowerCase())) return true;
  const origin = header(request, 'origin');
  if (origin !== undefined && !originMatches(origin, request)) return true;
  return false;
}

function isJson(contentType: string): boolean {
  const type = contentType.split(';')[0].trim().toLowerCase();
  return type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}

function hasBody(request: FastifyRequest): boolean {
  const length = header(request, 'content-length');
  return header(request, 'transfer-encoding') !== undefined || (length !== undefined && length.trim() !== '0');
}

export function registerCsrfProtection(app: FastifyInstance): void {
  // Fastify's default text/plain parser stays for empty bodies (react-admin's DELETE); the hook below
  // refuses any non-JSON body that carries something.
  app.addHook('onRequest', async (request, reply) => {
    if (!UNSAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    if (isCrossSite(request)) return reply.status(403).send({ message: CROSS_SITE_REFUSED });
    const contentType = header(request, 'content-type');
    // A request without a body carries nothing to parse (react-admin's DELETE labels itself text/plain).
    if (contentType !== undefined && hasBody(request) && !isJson(contentType)) return reply.status(415).send({ message: JSON_ONLY });
  });
}
