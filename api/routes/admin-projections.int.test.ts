import { randomUUID } from 'node:crypto';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { systemContext } from '../../app/context';
import { createUserAccount } from '../../app/identity/auth';
import { createSuperAdmin, createTestApp, loginAs, seedTenant, clientFor, type Client, type TestApp } from '../../test-support/app';

let t: TestApp;
let root: Client;
let analyst: Client;
let tenant: Awaited<ReturnType<typeof seedTenant>>;

beforeAll(async () => {
  t = await createTestApp();
  root = await createSuperAdmin(t);
  const email = `analista-${Date.now()}@fluxo.app`;
  const created = await createUserAccount(t.deps, { organizationId: null, username: 'Analista', email, password: 'senha123', role: 'analyst' }, systemContext(t.deps.clock()));
  await t.deps.waitForProjections(created.position);
  const session = await loginAs(t.app, email, 'senha123');
  analyst = clientFor(t.app, session.cookie, created.userId, null);
  tenant = await seedTenant(t, 'Projeções Ltda');
  for (let i = 0; i < 40; i++) {
    const response = await tenant.admin.request('POST', '/api/expenses', {
      description: `Despesa ${i}`, amount: 10 + i, category: 'operational', status: 'approved', date: '2026-11-10', expenseType: 'variable',
    });
    expect(response.statusCode, response.body).toBe(201);
  }
}, 120_000);
afterAll(async () => t.close());

type RebuildView = { id: string; status: string; applied: number; head: string; eventsPerSecond: number; etaSeconds: number | null };
type Projection = { name: string; version: number; checkpoint: string; head: string; lagEvents: number; state: string; degradedOrganizations: unknown[]; rebuild: { id: string; status: string; applied: number } | null };

const projections = async (client: Client) => {
  const response = await client.request('GET', '/api/admin/projections');
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Projection[];
};

describe('projections for analysts (GET /api/admin/projections, POST …/rebuild)', () => {
  it('is closed to tenant users (org_admin and user) and open to the super admin and the analyst', async () => {
    for (const client of [tenant.admin, tenant.users[0]]) {
      for (const [method, url] of [['GET', '/api/admin/projections'], ['POST', '/api/admin/projections/expenses/rebuild']]) {
        const response = await client.request(method, url);
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        expect(response.json().message).toBe('Você não tem permissão para ver as projeções.');
      }
    }
    // The analyst sees projections, not the rest of the admin panel.
    expect((await analyst.request('GET', '/api/admin/organizations')).statusCode).toBe(403);
    const list = await projections(analyst);
    expect(list.map((p) => p.name)).toContain('expenses');
    expect(list.map((p) => p.name)).toContain('notification-triggers');
    await expect.poll(async () => (await projections(root)).every((p) => p.lagEvents === 0 && p.checkpoint === p.head), { timeout: 10_000 }).toBe(true);
    const expenses = (await projections(root)).find((p) => p.name === 'expenses');
    expect(expenses).toMatchObject({ version: 2, state: 'up_to_date' });
    expect(BigInt(expenses!.checkpoint)).toBeGreaterThan(0n);
  });

  it('refuses an unknown projection with 404 in Portuguese', async () => {
    const response = await analyst.request('POST', '/api/admin/projections/nao-existe/rebuild');
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Projeção não encontrada');
  });

  it('rebuilds in the projection process while readers keep getting whole answers, and reports progress until done', async () => {
    const before = await tenant.admin.request('GET', '/api/expenses?perPage=100');
    expect(before.statusCode).toBe(200);
    const expected = before.json();
    expect(expected).toHaveLength(40);

    const requested = await analyst.request('POST', '/api/admin/projections/expenses/rebuild');
    expect(requested.statusCode, requested.body).toBe(202);
    expect(requested.json()).toMatchObject({ status: 'pending', applied: 0 });
    expect((await analyst.request('POST', '/api/admin/projections/expenses/rebuild')).statusCode).toBe(409);

    // Readers during the rebuild: never an error, never a partial list.
    let reads = 0;
    let done = false;
    const reading = (async () => {
      while (!done) {
        const response = await tenant.admin.request('GET', '/api/expenses?perPage=100');
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toEqual(expected);
        reads++;
      }
    })();
    try {
      await expect.poll(async () => (await projections(analyst)).find((p) => p.name === 'expenses')?.rebuild?.status, { timeout: 30_000, interval: 100 }).toBe('done');
    } finally {
      done = true;
      await reading;
    }
    expect(reads).toBeGreaterThan(0);
    const after = (await projections(analyst)).find((p) => p.name === 'expenses')!;
    expect(after.rebuild!.applied).toBeGreaterThan(40);
    expect(after.state).toBe('up_to_date');
    expect((await tenant.admin.request('GET', '/api/expenses?perPage=100')).json()).toEqual(expected);
  }, 60_000);

  it('tells the time left while a rebuild reads the log, and none once the log is read and its tables are being finished', async () => {
    const id = randomUUID();
    const set = (position: number) => t.database.db.query(sql.unsafe`UPDATE projection_rebuilds SET position = ${position}, applied = ${position} WHERE id = ${id}`);
    const rebuild = async () => (await projections(analyst)).find((p) => p.name === 'insights')?.rebuild as RebuildView;
    await t.database.db.query(sql.unsafe`
      INSERT INTO projection_rebuilds (id, projector, status, started_at, position, head, applied)
      VALUES (${id}, 'insights', 'running', now() - interval '10 seconds', 100, 300, 100)`);
    try {
      const reading = await rebuild();
      expect(reading).toMatchObject({ id, status: 'running', applied: 100, head: '300' });
      expect(reading.etaSeconds).toBeGreaterThanOrEqual(19);
      expect(reading.etaSeconds).toBeLessThanOrEqual(21);
      await set(300);
      const finishing = await rebuild();
      expect(finishing).toMatchObject({ status: 'running', applied: 300, etaSeconds: null });
      expect(finishing.eventsPerSecond).toBeGreaterThan(0);
    } finally {
      await t.database.db.query(sql.unsafe`UPDATE projection_rebuilds SET status = 'done', finished_at = now() WHERE id = ${id}`);
    }
  });

  it("replays one degraded organization once the code is fixed: its failure resolved, its figures whole", async () => {
    const expected = (await tenant.admin.request('GET', '/api/expenses?perPage=100')).json();
    await t.database.db.query(sql.unsafe`
      INSERT INTO projection_failures (projector, organization_id, position, event_id, event_type, error)
      VALUES ('expenses', ${tenant.organizationId}, 1, gen_random_uuid(), 'ExpenseRecorded', 'time zone displacement out of range')`);
    expect((await projections(analyst)).find((p) => p.name === 'expenses')?.state).toBe('degraded');
    const url = `/api/admin/projections/expenses/organizations/${tenant.organizationId}/replay`;
    expect((await tenant.admin.request('POST', url)).statusCode).toBe(403);
    expect((await root.request('POST', `/api/admin/projections/expenses/organizations/${crypto.randomUUID()}/replay`)).json()).toEqual({ message: 'Organização não encontrada' });
    const requested = await root.request('POST', url);
    expect(requested.statusCode, requested.body).toBe(202);
    const open = () => t.database.db.oneFirst(sql.type(z.object({ n: z.number() }))`
      SELECT count(*)::int AS n FROM projection_failures WHERE organization_id = ${tenant.organizationId} AND resolved_at IS NULL`);
    await expect.poll(open, { timeout: 30_000, interval: 100 }).toBe(0);
    expect((await projections(analyst)).find((p) => p.name === 'expenses')?.degradedOrganizations).toEqual([]);
    expect((await tenant.admin.request('GET', '/api/expenses?perPage=100')).json()).toEqual(expected);
  }, 60_000);
});
