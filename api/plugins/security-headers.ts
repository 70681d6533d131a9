// Security headers on every response (API JSON, errors, the UI's files, index.html, attachments,
// /api/docs): a strict Content-Security-Policy, no framing, nosniff, Referrer-Policy, and HSTS when
// the request came over TLS (as the trusted proxy chain tells it, see TRUST_PROXY).
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/**
 * Scripts only from this origin (no inline scripts, no eval). Styles also inline: MUI/emotion and
 * swagger-ui inject <style> elements and style attributes. Images from data:/blob: for avatars
 * previewed before upload and the inline favicon.
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'", 'blob:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
} as const;

export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

const HELMET_OPTIONS = {
  global: true,
  contentSecurityPolicy: { useDefaults: false, directives: { ...CONTENT_SECURITY_POLICY } },
  // HSTS is sent below only over TLS: on plain HTTP it is meaningless and would pin localhost.
  strictTransportSecurity: false,
  xFrameOptions: { action: 'deny' },
  referrerPolicy: { policy: 'same-origin' },
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: { policy: 'same-origin' },
  crossOriginOpenerPolicy: { policy: 'same-origin' },
} as const;

/**
 * The headers helmet sets with these options, taken once from helmet itself: the plugin builds
 * its middleware again (parsing every CSP directive) on each request, for the same headers.
 */
async function helmetHeaders(): Promise<[string, string][]> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, HELMET_OPTIONS);
  let headers: [string, string][] = [];
  // Runs after helmet's own hooks (registered first): the raw response holds just what helmet set.
  probe.addHook('onRequest', async (_request, reply) => {
    headers = Object.entries(reply.raw.getHeaders()).map(([name, value]) => [name, String(value)]);
  });
  probe.get('/', async () => '');
  await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  if (!headers.some(([name]) => name === 'content-security-policy')) throw new Error('helmet set no Content-Security-Policy');
  return headers;
}

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const headers = await helmetHeaders();
  app.addHook('onRequest', (request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of headers) raw.setHeader(name, value);
    raw.removeHeader('X-Powered-By');
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS_VALUE);
    done();
  });
}
