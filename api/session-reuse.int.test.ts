// A session looked up is reused for a moment (api/plugins/auth.ts): what an admin, the person or
// the platform changes still applies on the very next request, however busy the session was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSuperAdmin, createTestApp, seedTenant, type Client, type TestApp } from '../test-support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** Reads that make the session a known one (every screen asks several times a second). */
async function busy(client: Client): Promise<void> {
  for (let i = 0; i < 3; i++) expect((await client.request('GET', '/api/auth/me')).statusCode).toBe(200);
}

const expense = { description: 'Café', amount: '12.50', category: 'operational', date: '2026-03-02' };

describe('a session reused between requests', () => {
  it('takes a role change into account on the next request', async () => {
    const { admin, users } = await seedTenant(t, 'Papel Ltda', [{ role: 'org_admin' }]);
    const [colleague] = users;
    await busy(colleague);
    expect((await colleague.request('POST', '/api/expenses', expense)).statusCode).toBe(201);
    const me = (await colleague.request('GET', `/api/organization/users/${colleague.userId}`)).json();
    const demoted = await admin.request('PUT', `/api/organization/users/${colleague.userId}`, { username: me.username, email: me.email, role: 'user' });
    expect(demoted.statusCode).toBe(200);
    expect((await colleague.request('POST', '/api/expenses', expense)).statusCode).toBe(403);
    expect((await colleague.request('GET', '/api/auth/me')).json().user.role).toBe('user');
  });

  it('refuses a deleted user, and a suspended organization, on the next request', async () => {
    const { admin, users, organizationId } = await seedTenant(t, 'Fim Ltda', [{ role: 'user' }]);
    await busy(users[0]);
    expect((await admin.request('DELETE', `/api/organization/users/${users[0].userId}`)).statusCode).toBe(200);
    expect((await users[0].request('GET', '/api/auth/me')).statusCode).toBe(401);

    await busy(admin);
    const root = await createSuperAdmin(t);
    const org = (await root.request('GET', `/api/admin/organizations/${organizationId}`)).json();
    const suspended = await root.request('PUT', `/api/admin/organizations/${organizationId}`, { name: org.name, slug: org.slug, status: 'suspended' });
    expect(suspended.statusCode).toBe(200);
    expect((await admin.request('GET', '/api/auth/me')).statusCode).toBe(401);
  });

  it('ends at once on logout, and follows an impersonation as it starts and stops', async () => {
    const { admin, organizationId } = await seedTenant(t, 'Sai Ltda', []);
    await busy(admin);
    expect((await admin.request('POST', '/api/auth/logout')).statusCode).toBeLessThan(300);
    expect((await admin.request('GET', '/api/auth/me')).statusCode).toBe(401);

    const root = await createSuperAdmin(t);
    await busy(root);
    expect((await root.request('GET', '/api/expenses')).statusCode).toBe(403);
    expect((await root.request('POST', '/api/admin/impersonate', { organizationId, reason: 'Suporte ao cliente' })).statusCode).toBeLessThan(300);
    expect((await root.request('GET', '/api/expenses')).statusCode).toBe(200);
    expect((await root.request('POST', '/api/admin/stop-impersonation')).statusCode).toBeLessThan(300);
    expect((await root.request('GET', '/api/expenses')).statusCode).toBe(403);
  });
});
