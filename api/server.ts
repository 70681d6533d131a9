// Builds the Fastify server: plugins (cookies, sessions, errors, docs, static UI) and every route.
import './zod-pt-br';
import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../app/deps';
import { registerAuth } from './plugins/auth';
import { registerAccessControl } from './plugins/access';
import { registerImpersonationTrail } from './plugins/impersonation-trail';
import { registerErrorHandling } from './plugins/errors';
import { registerStorableTextCheck } from './plugins/storable-text';
import { registerRoutes } from './routes';
import { registerCsrfProtection } from './plugins/csrf';
import { registerSecurityHeaders } from './plugins/security-headers';
import { AttemptThrottle, DEFAULT_REGISTRATION_THROTTLE_LIMITS, DEFAULT_THROTTLE_LIMITS, REGISTRATIONS_PER_HOUR_PER_ADDRESS, type ThrottleLimits } from '../app/identity/login-throttle';
import { fastifyTrustProxy, type TrustProxy } from './trust-proxy';
import { registerStoredWrites, trackedDeps } from './plugins/stored-writes';
import { registerIdempotency } from './plugins/idempotency';
import { registerRecordRevisions } from './plugins/record-revisions';
import { closePastReads } from './plugins/as-of';
import { registerDegradedTenant } from './plugins/degraded-tenant';
import { registerAnswerCache } from './plugins/answer-cache';

export type ServerOptions = {
  /** A pino logger to share with the rest of the process; none means silent. */
  logger?: FastifyBaseLogger;
  serveUi?: boolean;
  uiDist?: string;
  /** Always mark the session cookie Secure (it is anyway on requests that came over TLS). */
  secureCookies?: boolean;
  /** Which proxies' X-Forwarded-* headers to believe (TRUST_PROXY); default none. */
  trustProxy?: TrustProxy;
  /** The address users reach Fluxo at (FLUXO_PUBLIC_URL), for links such as password resets. */
  publicUrl?: string;
  /** Login throttling limits (tests shorten them). */
  loginThrottle?: Partial<ThrottleLimits>;
  /** Registration throttling limits (refused registrations per e-mail and per address). */
  registrationThrottle?: Partial<ThrottleLimits>;
  /** Registrations of any outcome per client address per hour (tests, all from one address, raise it). */
  registrationsPerHour?: number;
};

export const defaultUiDist = fileURLToPath(new URL('../ui/dist/', import.meta.url));

export async function buildServer(deps: AppDeps, options: ServerOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    bodyLimit: 1024 * 1024,
    trustProxy: fastifyTrustProxy(options.trustProxy ?? false),
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('secureCookies', options.secureCookies ?? false);
  app.decorate('publicUrl', options.publicUrl ?? null);
  app.decorate('loginThrottle', new AttemptThrottle({ ...DEFAULT_THROTTLE_LIMITS, ...options.loginThrottle }));
  app.decorate('registrationThrottle', new AttemptThrottle({ ...DEFAULT_REGISTRATION_THROTTLE_LIMITS, ...options.registrationThrottle }));
  app.decorate('registrationsPerHour', options.registrationsPerHour ?? REGISTRATIONS_PER_HOUR_PER_ADDRESS);
  // Every route as registered (method, path pattern): the cross-tenant and role matrices iterate it.
  const routeList: RegisteredRoute[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeList.push({ method: String(method), url: route.url, access: route.config?.access });
  });

  await registerSecurityHeaders(app);
  registerCsrfProtection(app);
  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Fluxo API', description: 'API REST do Fluxo (gestão financeira multi-empresa)', version: '1.0.0' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'fluxo_session' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const uiDist = options.uiDist ?? defaultUiDist;
  const serveUi = options.serveUi !== false && existsSync(uiDist);
  registerErrorHandling(app, { spaFallback: serveUi });
  registerAuth(app, deps);
  registerAccessControl(app, deps.clock);
  registerImpersonationTrail(app, deps);
  registerStorableTextCheck(app);
  registerStoredWrites(app, deps);
  registerIdempotency(app, deps);
  registerRecordRevisions(app, deps);
  registerDegradedTenant(app, deps);
  registerAnswerCache(app, deps);
  app.addHook('onClose', () => closePastReads(deps.db));
  const routeDeps = trackedDeps(deps);
  await app.register(async (api) => registerRoutes(api, routeDeps), { prefix: '/api' });
  if (serveUi) {
    await app.register(fastifyStatic, {
      root: uiDist, prefix: '/', wildcard: false, index: ['index.html'],
      // The build writes .br and .gz beside each asset (ui/build/precompress.ts): sent as they are,
      // with Content-Encoding and Vary: Accept-Encoding, to a browser that accepts them.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => reply.header('cache-control', cacheControlOf(relative(uiDist, path))),
    });
  }
  return app;
}

/**
 * Built assets carry a content hash in their name: cached for a year and never revalidated. Any
 * other file (index.html above all, which names the current hashes) is revalidated on every visit.
 */
export function cacheControlOf(pathInDist: string): string {
  return /^assets[\\/]/.test(pathInDist) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

export type RegisteredRoute = { method: string; url: string; access?: string };

declare module 'fastify' {
  interface FastifyInstance {
    secureCookies: boolean;
    loginThrottle: AttemptThrottle;
    registrationThrottle: AttemptThrottle;
    registrationsPerHour: number;
    publicUrl: string | null;
    routeList: readonly RegisteredRoute[];
  }
}
