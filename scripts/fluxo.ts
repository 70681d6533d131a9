// Wires a running Fluxo: database, event store, projections, API — used by `npm start` and the e2e tests.
import pino from 'pino';
import { safeError } from '../app/log-safety';
import { loadAuditKey, type AuditKey } from '../app/audit/key';
import { startAuditSealer } from '../app/audit/seal';
import { createDb } from '../app/db/pool';
import { platformDb } from '../app/db/platform';
import { projectorUrl, rolePassword, runtimeUrl } from '../app/db/roles';
import type { AppDeps } from '../app/deps';
import { createEventStore } from '../app/eventstore/create';
import { ensureSuperAdmin } from '../app/identity/bootstrap';
import { addMissingDefaultCategories } from '../app/finance/categories';
import { startImpersonationSweeper } from '../app/identity/impersonation-sweeper';
import { startNotificationDispatcher } from '../app/notifications/dispatcher';
import { buildServer } from '../api/server';
import type { TrustProxy } from '../api/trust-proxy';
import { projectors } from '../projections/registry';
import { createProjectionRunner } from '../projections/runner';
import { migrateDatabase } from '../projections/schema';
import { seedDemo } from './seed/demo';

export type FluxoOptions = {
  databaseUrl: string;
  eventStoreUrl?: string;
  port: number;
  host?: string;
  role?: 'all' | 'api' | 'projections';
  seedDemo?: boolean;
  superAdmin?: { email: string; password: string; fromDefaults?: boolean };
  serveUi?: boolean;
  /** Which proxies' X-Forwarded-* to believe (TRUST_PROXY, see api/trust-proxy.ts); default none. */
  trustProxy?: TrustProxy;
  logLevel?: string;
  prettyLogs?: boolean;
  /** Where pino writes (default stdout); the e2e tests read the log from here. */
  logStream?: pino.DestinationStream;
  /** FLUXO_PUBLIC_URL: the address in the links Fluxo writes (password resets). */
  publicUrl?: string;
  /** Signs the audit checkpoints; default FLUXO_AUDIT_KEY or .data/audit.key (created on first start). */
  auditKey?: AuditKey;
  /** How long a write waits for the read models before answering 202 (default FLUXO_READ_YOUR_WRITES_MS, 5000). */
  readYourWritesMs?: number;
  /** How often the projection process takes audit checkpoints (default FLUXO_AUDIT_CHECKPOINT_SECONDS, 30). */
  auditCheckpointMs?: number;
};

export type RunningFluxo = { url: string; deps: AppDeps; close: () => Promise<void> };

export async function runFluxo(options: FluxoOptions): Promise<RunningFluxo> {
  const logger = pino({
    level: options.logLevel ?? 'info',
    serializers: { err: safeError },
    redact: { paths: ['req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.newPassword', '*.currentPassword', '*.token'], censor: '[oculto]' },
    ...(options.prettyLogs ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } } : {}),
  }, options.logStream);
  const role = options.role ?? 'all';
  // The owner's connection only migrates. Everything that serves requests, and the audit sealer,
  // uses the least-privileged runtime role; the projections run as the projector role, which owns
  // the read models and only reads the log (app/db/roles.ts).
  const owner = await createDb(options.databaseUrl, { maximumPoolSize: 1 });
  try {
    await migrateDatabase(owner, {
      runtimePassword: rolePassword(options.databaseUrl, 'fluxo_runtime'),
      projectorPassword: rolePassword(options.databaseUrl, 'fluxo_projector'),
    });
  } finally {
    await owner.end();
  }
  const appUrl = runtimeUrl(options.databaseUrl);
  const appDb = await createDb(appUrl);
  // An API-only process never applies: its runner only reads checkpoints (waitFor), as the runtime role.
  const projectionUrl = role === 'api' ? appUrl : projectorUrl(options.databaseUrl);
  const projectionDb = role === 'api' ? appDb : await createDb(projectionUrl);
  let leadsHere = () => false;
  const eventStore = createEventStore({
    db: appDb, databaseUrl: appUrl, eventStoreUrl: options.eventStoreUrl,
    appendsInFlight: process.env.FLUXO_APPENDS_IN_FLIGHT ? Number(process.env.FLUXO_APPENDS_IN_FLIGHT) : undefined,
    // Other processes are told of an append only while the projection leader is not this process's runner.
    notifyOthers: () => !leadsHere(),
  });
  const runner = createProjectionRunner({ db: projectionDb, connectionString: projectionUrl, eventStore, projectors, logger });
  leadsHere = () => runner.isLeader();
  const readYourWritesMs = options.readYourWritesMs ?? (Number(process.env.FLUXO_READ_YOUR_WRITES_MS) || 5_000);
  const auditKey = options.auditKey ?? loadAuditKey({ create: true }) ?? undefined;
  const deps: AppDeps = {
    db: appDb,
    eventStore,
    auditKey,
    clock: () => new Date(),
    logger,
    readModels: role === 'api' ? undefined : runner.changes,
    waitForProjections: async (position, only) => {
      if (position === null) return true;
      const reached = await runner.waitFor(position, readYourWritesMs, only);
      if (!reached) logger.warn({ position: position.toString() }, `read models did not reach the write within ${readYourWritesMs} ms; answered 202`);
      return reached;
    },
  };
  let sealer: ReturnType<typeof startAuditSealer> | null = null;
  let dispatcher: ReturnType<typeof startNotificationDispatcher> | null = null;
  if (role !== 'api') {
    await runner.catchUp();
    await runner.start();
    // The dispatcher is woken by the triggers projection's filings in its own process: a projection
    // process raises what it files (an 'all' process runs one with its API routes).
    if (role === 'projections') dispatcher = startNotificationDispatcher(deps);
    if (auditKey) {
      const seconds = Number(process.env.FLUXO_AUDIT_CHECKPOINT_SECONDS ?? 30);
      sealer = startAuditSealer({ db: platformDb(appDb), eventStore, auditKey, logger }, options.auditCheckpointMs ?? seconds * 1000);
    }
  }

  if (options.superAdmin && role !== 'projections') {
    const created = await ensureSuperAdmin(deps, options.superAdmin);
    if (created && options.superAdmin.fromDefaults) {
      // The default password is in the README, never in the log.
      logger.warn({ email: options.superAdmin.email }, 'super admin criado com as credenciais padrão (veja o README) — defina SUPERADMIN_EMAIL e SUPERADMIN_PASSWORD em produção');
    } else if (created) {
      logger.info({ email: options.superAdmin.email }, 'super admin criado');
    }
  }
  if (role !== 'projections') {
    const added = await addMissingDefaultCategories(deps);
    if (added > 0) logger.info({ added }, 'categorias padrão novas adicionadas às organizações existentes');
  }
  if (options.seedDemo && role !== 'projections') await seedDemo(deps);

  let server: Awaited<ReturnType<typeof buildServer>> | null = null;
  let sweeper: ReturnType<typeof startImpersonationSweeper> | null = null;
  let url = '';
  if (role !== 'projections') {
    sweeper = startImpersonationSweeper(deps);
    server = await buildServer(deps, { logger, serveUi: options.serveUi, trustProxy: options.trustProxy, publicUrl: options.publicUrl });
    url = await server.listen({ port: options.port, host: options.host ?? '0.0.0.0' });
    url = url.replace('0.0.0.0', 'localhost').replace('127.0.0.1', 'localhost');
  }

  return {
    url,
    deps,
    close: async () => {
      await server?.close();
      await sweeper?.stop();
      await sealer?.stop();
      await dispatcher?.stop();
      await runner.stop();
      await eventStore.close();
      await appDb.end();
      if (projectionDb !== appDb) await projectionDb.end();
    },
  };
}
