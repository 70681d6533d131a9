import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listSessionEvents } from '../../app/identity/impersonation';
import { startImpersonationSweeper } from '../../app/identity/impersonation-sweeper';
import { IMPERSONATION_TTL_MS } from '../../domain/identity/impersonation';
import { createSuperAdmin, createTestApp, seedTenant, type Client, type TestApp } from '../../test-support/app';

// A clock the test can move forward, to see an impersonation end by itself.
let offsetMs = 0;
let t: TestApp;
let root: Client;
let acme: Awaited<ReturnType<typeof seedTenant>>;
let other: Awaited<ReturnType<typeof seedTenant>>;
beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date(Date.now() + offsetMs) });
  root = await createSuperAdmin(t);
  acme = await seedTenant(t, 'Acme Suporte');
  other = await seedTenant(t, 'Outra Suporte');
});
afterAll(async () => t.close());

const start = (organizationId: string, reason = 'Chamado #1234: conferir despesas') =>
  root.request('POST', '/api/admin/impersonate', { organizationId, reason });

describe('impersonation', () => {
  it('start → write and read as the tenant → stop; the audit shows every request and event under the session', async () => {
    const started = await start(acme.organizationId);
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ user: { id: root.userId, role: 'super_admin', isImpersonating: true }, organization: { id: acme.organizationId, name: 'Acme Suporte' } });
    expect((await root.request('GET', '/api/auth/me', undefined, { 'user-agent': 'Teste/1.0' })).json().user.isImpersonating).toBe(true);

    const user = await root.request('POST', '/api/organization/users', { username: 'Criado Pelo Suporte', email: 'suporte-criou@acme.com.br', role: 'user', password: 'senha123' });
    expect(user.statusCode).toBe(201);
    const expense = await root.request('POST', '/api/expenses', { description: 'Ajuste feito pelo suporte', amount: '10.00', category: 'operational', date: '2026-03-01' });
    expect(expense.statusCode).toBe(201);
    const list = await root.request('GET', '/api/organization/users?range=[0,9]');
    expect(list.json().map((u: { id: string }) => u.id)).toContain(user.json().id);
    // Another tenant's id is a 404 for the impersonated organization too.
    expect((await root.request('GET', `/api/organization/users/${other.admin.userId}`)).statusCode).toBe(404);

    const stopped = await root.request('POST', '/api/admin/stop-impersonation');
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json()).toMatchObject({ user: { isImpersonating: false }, organization: null });
    expect((await root.request('GET', '/api/organization/users')).statusCode).toBe(403);

    const sessions = (await root.request('GET', '/api/admin/impersonations')).json();
    const session = sessions.find((s: { organizationId: string }) => s.organizationId === acme.organizationId);
    expect(session).toMatchObject({
      organizationName: 'Acme Suporte', superAdminId: root.userId, superAdminName: 'Super Admin', reason: 'Chamado #1234: conferir despesas',
      status: 'ended', endReason: 'stopped', eventCount: 2,
    });
    expect(session.requestCount).toBe(6);

    const detail = (await root.request('GET', `/api/admin/impersonations/${session.id}`)).json();
    const requests = detail.requests.map((r: { method: string; path: string; status: number }) => `${r.method} ${r.path} ${r.status}`);
    expect(requests).toEqual(expect.arrayContaining([
      'GET /api/auth/me 200', 'POST /api/organization/users 201', 'POST /api/expenses 201', 'GET /api/organization/users 200',
      `GET /api/organization/users/${other.admin.userId} 404`, 'POST /api/admin/stop-impersonation 200',
    ]));
    expect(detail.requests[0]).toMatchObject({ userAgent: 'Teste/1.0', ip: expect.any(String), at: expect.any(String), durationMs: expect.any(Number) });
    expect(JSON.stringify(detail.requests)).not.toMatch(/senha123|range=/);
    const types = detail.events.map((e: { type: string }) => e.type);
    expect(types[0]).toBe('ImpersonationStarted');
    expect(types.at(-1)).toBe('ImpersonationEnded');
    expect(types).toEqual(expect.arrayContaining(['UserRegistered', 'ExpenseRecorded']));
    for (const event of detail.events) expect(event.impersonatorUserId).toBe(root.userId);

    // Straight from the log: every event of the writes carries the impersonator and the session.
    const registered = (await t.deps.eventStore.readStream(`user-${user.json().id}`))[0];
    expect(registered.metadata).toMatchObject({ actorUserId: root.userId, impersonatorUserId: root.userId, impersonationSessionId: session.id, organizationId: acme.organizationId });

    // The organization's admins see the sessions that touched them; others do not.
    const own = await acme.admin.request('GET', '/api/organization/impersonations');
    expect(own.json().map((s: { id: string }) => s.id)).toContain(session.id);
    expect((await acme.admin.request('GET', `/api/organization/impersonations/${session.id}`)).json().events).toHaveLength(detail.events.length);
    expect((await other.admin.request('GET', `/api/organization/impersonations/${session.id}`)).statusCode).toBe(404);
    expect((await other.admin.request('GET', '/api/organization/impersonations')).json()).toEqual([]);
    expect((await acme.users[0].request('GET', '/api/organization/impersonations')).statusCode).toBe(403);
  });

  it('needs a reason and an existing organization; only the super admin may start it', async () => {
    expect((await root.request('POST', '/api/admin/impersonate', { organizationId: acme.organizationId })).statusCode).toBe(400);
    expect((await root.request('POST', '/api/admin/impersonate', { organizationId: '0190a000-0000-7000-8000-000000000999', reason: 'x' })).statusCode).toBe(404);
    expect((await acme.admin.request('POST', '/api/admin/impersonate', { organizationId: other.organizationId, reason: 'x' })).statusCode).toBe(403);
  });

  it('starting another one ends the current one; it ends by itself after the time limit', async () => {
    const first = (await start(acme.organizationId)).json();
    expect(first.organization.id).toBe(acme.organizationId);
    const second = await start(other.organizationId, 'Chamado #99');
    expect(second.json().organization.id).toBe(other.organizationId);
    offsetMs = IMPERSONATION_TTL_MS + 60_000;
    try {
      const me = await root.request('GET', '/api/auth/me');
      expect(me.json()).toMatchObject({ user: { isImpersonating: false }, organization: null });
      const sessions = (await root.request('GET', '/api/admin/impersonations')).json();
      const [latest, previous] = sessions;
      expect(latest).toMatchObject({ organizationId: other.organizationId, status: 'ended', endReason: 'expired' });
      expect(Date.parse(latest.endedAt) - Date.parse(latest.startedAt)).toBe(IMPERSONATION_TTL_MS);
      expect(previous).toMatchObject({ organizationId: acme.organizationId, endReason: 'stopped' });
    } finally {
      offsetMs = 0;
    }
  });

  it('an abandoned session is ended by the sweep when the audit is read', async () => {
    await start(acme.organizationId, 'Chamado abandonado');
    offsetMs = IMPERSONATION_TTL_MS + 1_000;
    try {
      // Not the super admin's session coming back: the listing sweeps it.
      const sessions = (await acme.admin.request('GET', '/api/organization/impersonations')).json();
      expect(sessions[0]).toMatchObject({ reason: 'Chamado abandonado', status: 'ended', endReason: 'expired' });
    } finally {
      offsetMs = 0;
    }
  });

  it('the periodic sweeper ends an abandoned session with nobody reading the audit', async () => {
    const helper = await createSuperAdmin(t);
    await helper.request('POST', '/api/admin/impersonate', { organizationId: other.organizationId, reason: 'Esquecido aberto' });
    offsetMs = IMPERSONATION_TTL_MS + 1_000;
    const sweeper = startImpersonationSweeper(t.deps, 50);
    try {
      await expect.poll(async () => {
        const events = await t.deps.eventStore.readAll({ after: 0n, limit: 10_000 });
        return events.some((e) => e.type === 'ImpersonationEnded' && e.data.reason === 'expired' && e.data.superAdminId === helper.userId);
      }, { timeout: 5_000, interval: 100 }).toBe(true);
    } finally {
      await sweeper.stop();
      offsetMs = 0;
    }
  });

  it('signing out while acting as a tenant ends the impersonation', async () => {
    const other = await createSuperAdmin(t);
    await other.request('POST', '/api/admin/impersonate', { organizationId: acme.organizationId, reason: 'Saída durante o acesso' });
    expect((await other.request('POST', '/api/auth/logout')).statusCode).toBe(204);
    const sessions = (await root.request('GET', '/api/admin/impersonations')).json();
    expect(sessions.find((s: { reason: string }) => s.reason === 'Saída durante o acesso')).toMatchObject({ status: 'ended', endReason: 'stopped' });
  });

  it('reads the events of a session the same way on EventStoreDB (through the read model, without a metadata index)', async () => {
    const [session] = (await root.request('GET', '/api/admin/impersonations?sort=["startedAt","ASC"]')).json();
    const fromPostgres = await listSessionEvents(t.deps, session.id);
    const fromStreams = await listSessionEvents({ db: t.deps.db, eventStore: { ...t.deps.eventStore, kind: 'eventstoredb' } }, session.id);
    expect(fromStreams.map((e) => e.id)).toEqual(fromPostgres.map((e) => e.id));
    expect(fromPostgres.length).toBeGreaterThanOrEqual(4);
  });
});
