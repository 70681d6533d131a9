// A real Fluxo API on a fresh database (projections running live) for API tests via inject().
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { auditKeyFrom } from '../app/audit/key';
import type { AppDeps } from '../app/deps';
import { systemContext, type ActorContext } from '../app/context';
import { createPostgresEventStore } from '../app/eventstore/postgres';
import { createUserAccount, registerOrganization } from '../app/identity/auth';
import type { Role } from '../domain/identity/roles';
import { buildServer, type ServerOptions } from '../api/server';
import { projectors } from '../projections/registry';
import { createProjectionRunner, type ProjectionRunner } from '../projections/runner';
import { createTestDatabase, type TestDatabase } from './database';

export type TestApp = {
  app: FastifyInstance;
  deps: AppDeps;
  runner: ProjectionRunner;
  database: TestDatabase;
  close: () => Promise<void>;
};

const silentLogger = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined };

export async function createTestApp(options: { clock?: () => Date; server?: ServerOptions; readYourWritesMs?: number; startRunner?: boolean } = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  // As in production: the API on the runtime role, the projection runner on the projector role.
  const eventStore = createPostgresEventStore(database.appDb, database.appUrl);
  const runner = createProjectionRunner({ db: database.projectorDb, connectionString: database.projectorUrl, eventStore, projectors });
  const deps: AppDeps = {
    db: database.appDb,
    eventStore,
    auditKey: auditKeyFrom(randomBytes(32)),
    clock: options.clock ?? (() => new Date()),
    logger: silentLogger,
    readModels: runner.changes,
    // false (the API answers 202) when the read models do not reach the write in time.
    waitForProjections: async (position, only) => position === null || runner.waitFor(position, options.readYourWritesMs ?? 10_000, only),
  };
  if (options.startRunner !== false) await runner.start();
  // Every injected request comes from one address, standing in for many visitors: registrations per
  // address are limited only where a test says so.
  const app = await buildServer(deps, { serveUi: false, registrationsPerHour: 10_000, ...options.server });
  await app.ready();
  return {
    app,
    deps,
    runner,
    database,
    close: async () => {
      await app.close();
      await runner.stop();
      await eventStore.close();
      await database.drop();
    },
  };
}

/**
 * Waits until the log stops growing and every projector has applied it: the notification
 * dispatcher appends after the triggers projection, so one wait for the head is not enough.
 */
export async function settleLog(t: TestApp): Promise<void> {
  for (let head = -1n; ; ) {
    const now = await t.deps.eventStore.headPosition();
    if (now === head) return;
    head = now;
    await t.runner.waitFor(head);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** A signed-in API client: keeps the session cookie like a browser would. */
export type Client = {
  cookie: string;
  userId: string;
  organizationId: string | null;
  request: (method: string, url: string, body?: unknown, headers?: Record<string, string>) => Promise<LightMyRequestResponse>;
};

export function clientFor(app: FastifyInstance, cookie: string, userId: string, organizationId: string | null): Client {
  return {
    cookie,
    userId,
    organizationId,
    request: (method, url, body, headers = {}) =>
      app.inject({ method: method as never, url, payload: body as never, headers: { cookie, ...headers } }),
  };
}

export async function loginAs(app: FastifyInstance, email: string, password: string): Promise<{ cookie: string; body: { user: { id: string }; organization: { id: string } | null } }> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`login failed for ${email}: ${response.statusCode} ${response.body}`);
  const setCookie = response.headers['set-cookie'];
  const raw = Array.isArray(setCookie) ? setCookie[0] : String(setCookie);
  return { cookie: raw.split(';')[0], body: response.json() };
}

let counter = 0;

/** Registers an organization with an org_admin and (optionally) more users; returns signed-in clients. */
export async function seedTenant(
  t: TestApp,
  name = `Empresa ${++counter}`,
  extraUsers: { role: Role; username?: string }[] = [{ role: 'user' }],
): Promise<{ organizationId: string; admin: Client; users: Client[] }> {
  const slug = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
  const email = `admin-${slug}@teste.com.br`;
  const context: ActorContext = systemContext(t.deps.clock());
  const { organizationId } = await registerOrganization(t.deps, { username: `Admin ${name}`, email, password: 'senha123', organizationName: name, organizationSlug: slug }, context);
  const admin = await loginAs(t.app, email, 'senha123');
  const users: Client[] = [];
  for (const [i, extra] of extraUsers.entries()) {
    const userEmail = `${extra.role}-${i}-${slug}@teste.com.br`;
    const created = await createUserAccount(t.deps, { organizationId, username: extra.username ?? `Usuário ${i}`, email: userEmail, password: 'senha123', role: extra.role }, { ...context, organizationId });
    await t.deps.waitForProjections(created.position);
    const session = await loginAs(t.app, userEmail, 'senha123');
    users.push(clientFor(t.app, session.cookie, created.userId, organizationId));
  }
  return { organizationId, admin: clientFor(t.app, admin.cookie, admin.body.user.id, organizationId), users };
}

export async function createSuperAdmin(t: TestApp): Promise<Client> {
  const email = `root-${Date.now()}${Math.floor(Math.random() * 1e6)}@fluxo.app`;
  const created = await createUserAccount(t.deps, { organizationId: null, username: 'Super Admin', email, password: 'senha123', role: 'super_admin' }, systemContext(t.deps.clock()));
  await t.deps.waitForProjections(created.position);
  const session = await loginAs(t.app, email, 'senha123');
  return clientFor(t.app, session.cookie, created.userId, null);
}
