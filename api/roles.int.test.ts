// The role matrix (spec §6): every write route the server registers × every role, with the status
// the spec implies — anonymous 401; user (view-only) 403 on every tenant write; org_admin and a super
// admin acting as the tenant succeed; a super admin outside any tenant gets 403 on tenant writes;
// /api/admin is the super admin's alone, but for the projections, which the platform analyst (no
// organization) may read, rebuild and replay too — the analyst reaches nothing of a tenant's data;
// self-service writes (profile, password, notifications) are everyone's who has them. Each allowed
// call gets a fresh record of its own tenant, so success is really success.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleSyncs } from '../app/banking/sync';
import { systemContext } from '../app/context';
import { createUserAccount } from '../app/identity/auth';
import { clientFor, createSuperAdmin, createTestApp, loginAs, type Client, type TestApp } from '../test-support/app';
import {
  apiRoutes, buildMatrix, fillPath, hasParams, isWrite, routeCases, uncoveredRoutes, type ApiRoute, type MatrixContext, type RouteCase, type Tenant,
} from '../test-support/route-matrix';

let t: TestApp;
let root: Client;
let support: Client;
let alfa: Tenant;
let actingAsAlfa: Client;
let anonymous: Client;
let auditor: Client;
let analyst: Client;
let routes: ApiRoute[];

type Role = 'anônimo' | 'user' | 'auditor' | 'analyst' | 'org_admin' | 'super_admin' | 'super_admin como tenant';
type Expected = 'ok' | 401 | 403 | 404;

beforeAll(async () => {
  t = await createTestApp();
  ({ root, support, alfa } = await buildMatrix(t));
  actingAsAlfa = await createSuperAdmin(t);
  anonymous = {
    cookie: '', userId: '', organizationId: null,
    request: (method, url, body) => t.app.inject({ method: method as never, url, payload: body as never }),
  };
  routes = apiRoutes(t.app.routeList);
  // Alfa's auditor, granted by its admin for a window around today: reads everything, writes nothing.
  const today = new Date().toISOString().slice(0, 10);
  const email = `auditoria-${Date.now()}@alfa.test`;
  const granted = await alfa.admin.request('POST', '/api/organization/users', {
    username: 'Auditora Externa', email, password: 'senha123', role: 'auditor', auditValidFrom: '2020-01-01', auditValidUntil: `${Number(today.slice(0, 4)) + 1}-12-31`,
  });
  expect(granted.statusCode, granted.body).toBe(201);
  const session = await loginAs(t.app, email, 'senha123');
  auditor = clientFor(t.app, session.cookie, session.body.user.id, alfa.organizationId);
  // The platform analyst: no organization, made the way operators make one (there is no screen for it).
  const analystEmail = `analista-${Date.now()}@fluxo.app`;
  const created = await createUserAccount(t.deps, { organizationId: null, username: 'Analista da Plataforma', email: analystEmail, password: 'senha123', role: 'analyst' }, systemContext(t.deps.clock()));
  await t.deps.waitForProjections(created.position);
  const analystSession = await loginAs(t.app, analystEmail, 'senha123');
  analyst = clientFor(t.app, analystSession.cookie, created.userId, null);
}, 120_000);
afterAll(async () => {
  await settleSyncs();
  await t?.close();
});

const ctx: () => MatrixContext = () => ({ t, root, support, tenant: alfa });
const key = (r: ApiRoute) => `${r.method} ${r.url}`;

/** What the spec implies for each role on a route of this kind. */
function expectation(routeCase: RouteCase, route: ApiRoute, role: Role): Expected {
  if (role === 'anônimo') return 401;
  // The auditor is read-only everywhere: every write, its own profile included, is refused.
  if (role === 'auditor') return 403;
  switch (routeCase.kind) {
    case 'platform':
      if (role === 'analyst') return routeCase.analysts ? 'ok' : 403;
      return role === 'super_admin' || role === 'super_admin como tenant' ? 'ok' : 403;
    case 'self':
      // Notifications belong to an organization's people; the super admin and the analyst have none of their own.
      return (role === 'super_admin' || role === 'analyst') && route.url.startsWith('/api/notifications') ? 403 : 'ok';
    case 'tenant':
      return role === 'org_admin' || role === 'super_admin como tenant' ? 'ok' : 403;
    case 'public':
      throw new Error('public routes are not in the role matrix');
  }
}

/** Puts each super admin in the state its role means: root outside any tenant, the other acting as Alfa. */
async function prepare(role: Role): Promise<Client> {
  switch (role) {
    case 'anônimo': return anonymous;
    case 'user': return alfa.viewer;
    case 'auditor': return auditor;
    case 'analyst': return analyst;
    case 'org_admin': return alfa.admin;
    case 'super_admin':
      await root.request('POST', '/api/admin/stop-impersonation');
      return root;
    case 'super_admin como tenant': {
      const me = (await actingAsAlfa.request('GET', '/api/auth/me')).json();
      if (!me.user.isImpersonating) {
        const started = await actingAsAlfa.request('POST', '/api/admin/impersonate', { organizationId: alfa.organizationId, reason: 'Matriz de papéis' });
        expect(started.statusCode).toBe(200);
      }
      return actingAsAlfa;
    }
  }
}

const roles: Role[] = ['anônimo', 'user', 'auditor', 'analyst', 'org_admin', 'super_admin', 'super_admin como tenant'];

describe('role matrix', () => {
  it('covers every write route the server registers', () => {
    expect(uncoveredRoutes(routes)).toEqual([]);
    expect(routes.filter((r) => isWrite(r.method)).length).toBeGreaterThan(35);
  });

  it('each write route × each role gives the status the spec implies', async () => {
    const writes = routes.filter((r) => isWrite(r.method) && routeCases[key(r)].kind !== 'public');
    const failures: string[] = [];
    const table: string[] = [];
    for (const route of writes) {
      const routeCase = routeCases[key(route)];
      // Refused roles never reach the record, so they share one; each allowed role gets its own.
      let shared: string | null = null;
      const row: string[] = [];
      for (const role of roles) {
        const expected = expectation(routeCase, route, role);
        let path = route.url;
        if (hasParams(route.url)) {
          if (expected === 'ok') path = fillPath(route.url, await routeCase.params!(ctx()));
          else path = shared ??= fillPath(route.url, await routeCase.params!(ctx()));
        }
        const actor = await prepare(role);
        const body = routeCase.body ? await routeCase.body(ctx(), actor.cookie ? actor : alfa.admin) : undefined;
        const response = await actor.request(route.method, path, body);
        const ok = expected === 'ok' ? response.statusCode >= 200 && response.statusCode < 300 : response.statusCode === expected;
        if (!ok) failures.push(`${key(route)} as ${role}: ${response.statusCode}, expected ${expected} — ${response.body.slice(0, 160)}`);
        row.push(`${role}=${response.statusCode}`);
      }
      table.push(`${key(route)}: ${row.join(' ')}`);
    }
    expect(failures, table.join('\n')).toEqual([]);
  }, 900_000);

  it('reads need a session, and the view-only user reads every tenant screen', async () => {
    const reads = routes.filter((r) => r.method === 'GET' && routeCases[key(r)]?.kind !== 'public' && !hasParams(r.url));
    const failures: string[] = [];
    for (const route of reads) {
      const url = `${route.url}${routeCases[key(route)]?.query ?? ''}`;
      const asAnonymous = await anonymous.request('GET', url);
      if (asAnonymous.statusCode !== 401) failures.push(`${route.url} anonymous: ${asAnonymous.statusCode}`);
      const asViewer = await alfa.viewer.request('GET', url);
      const expected = route.url.startsWith('/api/admin') || routeCases[key(route)]?.adminsOnly || route.url === '/api/organization/impersonations' ? 403 : 200;
      // Some reads need query parameters (search): a 400 still means "allowed in".
      const allowedIn = expected === 200 ? asViewer.statusCode === 200 || asViewer.statusCode === 400 : asViewer.statusCode === expected;
      if (!allowedIn) failures.push(`${route.url} user: ${asViewer.statusCode} ${asViewer.body.slice(0, 120)}`);
      // The auditor reads every screen of its organization, the admins-only ones and the audit trail included.
      const asAuditor = await auditor.request('GET', url);
      const auditorIn = route.url.startsWith('/api/admin') ? asAuditor.statusCode === 403 : asAuditor.statusCode === 200 || asAuditor.statusCode === 400;
      if (!auditorIn) failures.push(`${route.url} auditor: ${asAuditor.statusCode} ${asAuditor.body.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
  }, 300_000);

  /**
   * The analyst, every read: the projections and their own session, nothing else — no tenant
   * screen (there is no organization to read; 403 before any query), no other admin panel read,
   * no one else's avatar (404, as for anyone who may not see it).
   */
  function analystRead(route: ApiRoute): Expected {
    const routeCase = routeCases[key(route)];
    if (route.url === '/api/auth/me') return 'ok';
    if (route.url === '/api/auth/avatar/:ref') return 404;
    if (route.url.startsWith('/api/admin')) return routeCase?.analysts ? 'ok' : 403;
    return 403;
  }

  it('the analyst reads the projections and nothing of the tenants or the rest of the admin panel', async () => {
    const reads = routes.filter((r) => r.method === 'GET' && routeCases[key(r)]?.kind !== 'public');
    expect(reads.filter((r) => analystRead(r) === 'ok').map(key).sort()).toEqual(['GET /api/admin/projections', 'GET /api/auth/me']);
    const failures: string[] = [];
    const table: string[] = [];
    for (const route of reads) {
      // Ids of Alfa's own records (the avatar: Alfa's viewer's), so a refusal is about the role, not a missing record.
      const path = hasParams(route.url) ? fillPath(route.url, await routeCases[key(route)].params!(ctx())) : route.url;
      const response = await analyst.request('GET', `${path}${routeCases[key(route)]?.query ?? ''}`);
      const expected = analystRead(route);
      const ok = expected === 'ok' ? response.statusCode === 200 : response.statusCode === expected;
      if (!ok) failures.push(`${key(route)} analyst: ${response.statusCode}, expected ${expected} — ${response.body.slice(0, 160)}`);
      // Whatever the status, not a byte of Alfa's data.
      const leaked = [alfa.organizationId, alfa.marker, alfa.name].filter((f) => route.url !== '/api/admin/projections' && response.body.includes(f));
      if (leaked.length > 0) failures.push(`${key(route)} analyst saw ${leaked.join(', ')}`);
      table.push(`${key(route)}: ${response.statusCode}`);
    }
    expect(failures, table.join('\n')).toEqual([]);
  }, 300_000);
});
