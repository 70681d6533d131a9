// The cross-tenant matrix: two organizations with data; for every route the server registers, the
// other tenant's ids answer 404 (and change nothing), and no list ever returns the other tenant's rows.
// Routes come from the server itself, so a route added later is checked too — or, when it has a
// :param or is a write and test-support/route-matrix.ts has no case for it, this file fails naming it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleSyncs } from '../app/banking/sync';
import { createSuperAdmin, createTestApp, type Client, type TestApp } from '../test-support/app';
import {
  apiRoutes, buildMatrix, fillPath, hasParams, isWrite, routeCases, uncoveredRoutes, type ApiRoute, type MatrixContext, type Tenant,
} from '../test-support/route-matrix';

let t: TestApp;
let root: Client;
let support: Client;
let alfa: Tenant;
let beta: Tenant;
/** A super admin acting as Alfa: tenant rules apply to them exactly as to Alfa's admin. */
let actingAsAlfa: Client;
let routes: ApiRoute[];
const ctx = (tenant: Tenant): MatrixContext => ({ t, root, support, tenant });

beforeAll(async () => {
  t = await createTestApp();
  ({ root, support, alfa, beta } = await buildMatrix(t));
  actingAsAlfa = await createSuperAdmin(t);
  const started = await actingAsAlfa.request('POST', '/api/admin/impersonate', { organizationId: alfa.organizationId, reason: 'Matriz entre organizações' });
  expect(started.statusCode).toBe(200);
  routes = apiRoutes(t.app.routeList);
}, 120_000);
afterAll(async () => {
  await settleSyncs();
  await t?.close();
});

const key = (r: ApiRoute) => `${r.method} ${r.url}`;

describe('cross-tenant matrix', () => {
  it('knows every route that takes an id or writes (test-support/route-matrix.ts), and nothing stale', () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(uncoveredRoutes(routes), 'routes without a case in test-support/route-matrix.ts').toEqual([]);
    const registered = new Set(routes.map(key));
    expect(Object.keys(routeCases).filter((k) => !registered.has(k)), 'cases for routes that no longer exist').toEqual([]);
  });

  it('another tenant\'s ids answer 404 on every route with a parameter, and nothing is written', async () => {
    const targets = routes.filter((r) => hasParams(r.url) && routeCases[key(r)].kind !== 'platform' && routeCases[key(r)].kind !== 'public');
    expect(targets.length).toBeGreaterThan(20);
    // Beta's records first (one per route), so the attempts below are all that happens for Alfa's people.
    const betaPaths = new Map<string, string>();
    for (const route of targets) betaPaths.set(key(route), fillPath(route.url, await routeCases[key(route)].params!(ctx(beta))));
    await settleSyncs();
    const head = await t.deps.eventStore.headPosition();

    const failures: string[] = [];
    for (const route of targets) {
      const routeCase = routeCases[key(route)];
      for (const [name, actor] of [['admin da Alfa', alfa.admin], ['usuário da Alfa', alfa.viewer], ['super admin como Alfa', actingAsAlfa]] as const) {
        const body = routeCase.body ? await routeCase.body(ctx(alfa), actor) : undefined;
        const response = await actor.request(route.method, betaPaths.get(key(route))!, body);
        // A view-only user is refused any tenant write before the id is even looked at (403, which says nothing about the id).
        const refusedToViewer = (isWrite(route.method) && routeCase.kind === 'tenant') || routeCase.adminsOnly;
        const expected = refusedToViewer && actor === alfa.viewer ? 403 : 404;
        if (response.statusCode !== expected) failures.push(`${key(route)} as ${name}: ${response.statusCode} (expected ${expected}) ${response.body.slice(0, 160)}`);
      }
    }
    expect(failures).toEqual([]);

    const alfaActors = new Set([alfa.admin.userId, alfa.viewer.userId, actingAsAlfa.userId]);
    // The super admin's attempts are themselves recorded in Alfa's impersonation trail (by design); nothing else.
    const trailOfAlfa = (e: { type: string; metadata: { organizationId: string | null } }) => e.type === 'ImpersonatedRequestRecorded' && e.metadata.organizationId === alfa.organizationId;
    const written = (await t.deps.eventStore.readAll({ after: head, limit: 100_000 }))
      .filter((e) => !trailOfAlfa(e))
      .filter((e) => alfaActors.has(String(e.metadata.actorUserId)) || e.metadata.organizationId === beta.organizationId && e.metadata.impersonatorUserId === actingAsAlfa.userId);
    expect(written.map((e) => `${e.type} ${e.streamId}`)).toEqual([]);
  }, 600_000);

  it('the same routes with Alfa\'s own ids answer 200 for Alfa (the fixtures are real records)', async () => {
    const reads = routes.filter((r) => r.method === 'GET' && hasParams(r.url) && ['tenant', 'self'].includes(routeCases[key(r)].kind));
    const failures: string[] = [];
    for (const route of reads) {
      const path = fillPath(route.url, await routeCases[key(route)].params!(ctx(alfa)));
      for (const actor of [alfa.admin, alfa.viewer, actingAsAlfa]) {
        const response = await actor.request('GET', path);
        if (actor === alfa.viewer && routeCases[key(route)].adminsOnly) continue;
        if (response.statusCode !== 200) failures.push(`${key(route)}: ${response.statusCode} ${response.body.slice(0, 160)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  /**
   * The audit trail records each request the super admin made as Alfa, query string included — so
   * it repeats Beta's ids this very test typed into those queries. Those echoes are left out; every
   * other event (and the export's other lines) must still carry nothing of Beta.
   */
  const withoutEchoedRequests = (url: string, body: string): string => {
    if (!url.startsWith('/api/audit/')) return body;
    const echoed = (item: unknown) => (item as { type?: string } | null)?.type === 'ImpersonatedRequestRecorded';
    return body.split('\n').map((line) => {
      try {
        const value = JSON.parse(line) as unknown;
        if (Array.isArray(value)) return JSON.stringify(value.filter((item) => !echoed(item)));
        return echoed(value) ? '' : line;
      } catch {
        return line;
      }
    }).join('\n');
  };

  it('no list, summary or search ever returns the other tenant\'s rows', async () => {
    // Both tenants have one of everything.
    const makers = routes.filter((r) => hasParams(r.url) && r.method === 'GET' && routeCases[key(r)].kind === 'tenant');
    const betaIds: string[] = [];
    for (const route of makers) {
      await routeCases[key(route)].params!(ctx(alfa));
      betaIds.push(...Object.values(await routeCases[key(route)].params!(ctx(beta))));
    }
    await settleSyncs();
    const fingerprints = [beta.organizationId, beta.admin.userId, beta.viewer.userId, beta.marker, beta.name, ...betaIds];
    const lists = routes.filter((r) => r.method === 'GET' && !hasParams(r.url) && !['platform', 'public'].includes(routeCases[key(r)]?.kind ?? 'tenant')
      && !r.url.startsWith('/api/admin') && r.url !== '/api/health');
    expect(lists.length).toBeGreaterThan(15);
    const queries = [
      '',
      `?filter=${encodeURIComponent(JSON.stringify({ id: betaIds }))}`,
      `?filter=${encodeURIComponent(JSON.stringify({ q: beta.marker }))}`,
      `?q=${encodeURIComponent(beta.marker)}`,
      `?organizationId=${beta.organizationId}`,
    ];
    const leaks: string[] = [];
    for (const route of lists) {
      for (const actor of [alfa.admin, alfa.viewer, actingAsAlfa]) {
        for (const query of queries) {
          const response = await actor.request('GET', `${route.url}${query}`);
          const found = fingerprints.filter((f) => withoutEchoedRequests(route.url, response.body).includes(f));
          if (found.length > 0) leaks.push(`${route.url}${query}: ${found.join(', ')}`);
        }
      }
    }
    expect(leaks).toEqual([]);
  }, 900_000);

  it('the database itself refuses other tenants\' rows (row-level security as the second wall)', async () => {
    const { sql } = await import('slonik');
    const { withTenant } = await import('../app/db/tenant');
    const tables = await t.deps.db.anyFirst(sql.unsafe`
      SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'r' AND EXISTS (
        SELECT 1 FROM information_schema.columns col WHERE col.table_schema = 'public' AND col.table_name = c.relname AND col.column_name = 'organization_id')`);
    expect(tables.length).toBeGreaterThan(10);
    const unprotected: string[] = [];
    const leaking: string[] = [];
    for (const table of tables.map(String)) {
      const rls = await t.deps.db.oneFirst(sql.unsafe`SELECT relrowsecurity FROM pg_class WHERE relname = ${table} AND relnamespace = 'public'::regnamespace`);
      if (!rls) unprotected.push(table);
      const granted = await t.deps.db.oneFirst(sql.unsafe`SELECT has_table_privilege('fluxo_app', ${`public.${table}`}, 'SELECT')`);
      if (!granted) continue;
      const foreign = await withTenant(t.deps.db, alfa.organizationId, (tx) =>
        tx.oneFirst(sql.unsafe`SELECT count(*)::int FROM ${sql.identifier([table])} WHERE organization_id IS DISTINCT FROM ${alfa.organizationId}::uuid`));
      if (Number(foreign) > 0) leaking.push(`${table}: ${foreign}`);
    }
    expect(unprotected, 'tables with organization_id but no row-level security').toEqual([]);
    expect(leaking, 'rows of other tenants visible under Alfa\'s tenant setting').toEqual([]);
  });
});
