import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFor, createSuperAdmin, createTestApp, loginAs, seedTenant, type Client, type TestApp } from '../../test-support/app';

let t: TestApp;
let root: Client;
beforeAll(async () => {
  t = await createTestApp();
  root = await createSuperAdmin(t);
});
afterAll(async () => t.close());

const emailOf = async (client: Client) => (await client.request('GET', '/api/auth/me')).json().user.email as string;

describe('admin API (super admin)', () => {
  it('is closed to org_admin and user with the spec message', async () => {
    const { admin, users } = await seedTenant(t, 'Fechado Ltda');
    for (const client of [admin, users[0]]) {
      for (const [method, url] of [['GET', '/api/admin/organizations'], ['GET', '/api/admin/users'], ['POST', '/api/admin/organizations'], ['POST', '/api/admin/impersonate']]) {
        const response = await client.request(method, url, method === 'POST' ? {} : undefined);
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        expect(response.json().message).toBe('Você não tem permissão para acessar o painel administrativo.');
      }
    }
  });

  it('creates, lists (with users and revenue), edits and changes the status of organizations', async () => {
    const created = await root.request('POST', '/api/admin/organizations', { name: 'Mercado Bom Preço', slug: 'mercado-bom-preco' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Mercado Bom Preço', slug: 'mercado-bom-preco', status: 'active', userCount: 0, revenue: '0.00' });
    const id = created.json().id;
    expect((await root.request('POST', '/api/admin/organizations', { name: 'Outro', slug: 'mercado-bom-preco' })).statusCode).toBe(409);
    const missing = await root.request('POST', '/api/admin/organizations', { name: '', slug: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('Nome e slug são obrigatórios');
    expect((await root.request('POST', '/api/admin/organizations', { name: 'X', slug: 'Não Vale' })).statusCode).toBe(400);

    const user = await root.request('POST', '/api/admin/users', { username: 'Dono', email: 'dono@bompreco.com.br', organizationId: id, role: 'org_admin', password: 'senha123' });
    expect(user.statusCode).toBe(201);
    expect(user.json()).toMatchObject({ organizationId: id, organizationName: 'Mercado Bom Preço', role: 'org_admin' });
    const owner = await loginAs(t.app, 'dono@bompreco.com.br', 'senha123');
    const revenue = await t.app.inject({ method: 'POST', url: '/api/revenues', headers: { cookie: owner.cookie }, payload: { description: 'Vendas do dia', amount: '1500.50', date: '2026-03-02', status: 'received' } });
    expect(revenue.statusCode).toBe(201);
    // The per-organization revenue is a derived view: the owner's own next read waits for it, another
    // session (the super admin's) sees it once the runner has applied the log.
    expect(await t.runner.waitFor(await t.deps.eventStore.headPosition())).toBe(true);

    const list = await root.request('GET', `/api/admin/organizations?filter=${encodeURIComponent(JSON.stringify({ q: 'bom preço' }))}`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([expect.objectContaining({ id, userCount: 1, revenue: '1500.50' })]);

    const renamed = await root.request('PUT', `/api/admin/organizations/${id}`, { name: 'Mercado Bom Preço Ltda', slug: 'bom-preco', status: 'suspended' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ slug: 'bom-preco', status: 'suspended' });
    // The old slug is free again; the suspended organization's users cannot log in nor keep using a session.
    expect((await root.request('POST', '/api/admin/organizations', { name: 'Reuso', slug: 'mercado-bom-preco' })).statusCode).toBe(201);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'dono@bompreco.com.br', password: 'senha123' } });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toMatch(/suspensa/);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: owner.cookie } })).statusCode).toBe(401);
    await root.request('PUT', `/api/admin/organizations/${id}`, { name: 'Mercado Bom Preço Ltda', slug: 'bom-preco', status: 'active' });
    await loginAs(t.app, 'dono@bompreco.com.br', 'senha123');
  });

  it('lists, edits and deletes users across organizations; never demotes the last org_admin', async () => {
    const tenant = await seedTenant(t, 'Usuarios Admin Ltda');
    const list = await root.request('GET', `/api/admin/users?filter=${encodeURIComponent(JSON.stringify({ organizationId: tenant.organizationId }))}`);
    expect(list.json().map((u: { id: string }) => u.id).sort()).toEqual([tenant.admin.userId, tenant.users[0].userId].sort());
    expect(list.json()[0]).toHaveProperty('organizationName', 'Usuarios Admin Ltda');
    const demote = await root.request('PUT', `/api/admin/users/${tenant.admin.userId}`, { username: 'Admin', email: await emailOf(tenant.admin), role: 'user' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toMatch(/pelo menos um administrador/);
    expect((await root.request('DELETE', `/api/admin/users/${tenant.admin.userId}`)).statusCode).toBe(409);
    const toSuper = await root.request('PUT', `/api/admin/users/${tenant.users[0].userId}`, { username: 'X', email: await emailOf(tenant.users[0]), role: 'super_admin' });
    expect(toSuper.statusCode).toBe(400);
    const edited = await root.request('PUT', `/api/admin/users/${tenant.users[0].userId}`, { username: 'Paula Admin', email: 'paula@usuarios.com.br', role: 'org_admin' });
    expect(edited.json()).toMatchObject({ username: 'Paula Admin', email: 'paula@usuarios.com.br', role: 'org_admin' });
    expect((await root.request('DELETE', `/api/admin/users/${tenant.admin.userId}`)).statusCode).toBe(200);
    expect((await tenant.admin.request('GET', '/api/auth/me')).statusCode).toBe(401);
    expect((await root.request('DELETE', `/api/admin/users/${root.userId}`)).statusCode).toBe(400);
  });

  it('deleting an organization removes its users\' access but keeps the whole history', async () => {
    const tenant = await seedTenant(t, 'Excluida Ltda');
    const viewerEmail = await emailOf(tenant.users[0]);
    const deleted = await root.request('DELETE', `/api/admin/organizations/${tenant.organizationId}`);
    expect(deleted.statusCode).toBe(200);
    expect((await root.request('GET', `/api/admin/organizations/${tenant.organizationId}`)).statusCode).toBe(404);
    expect((await tenant.admin.request('GET', '/api/auth/me')).statusCode).toBe(401);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: viewerEmail, password: 'senha123' } });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toContain('removido automaticamente');
    const wrongPassword = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: viewerEmail, password: 'outra-senha' } });
    expect(wrongPassword.json().message).toBe('Email ou senha inválidos');
    const users = (await root.request('GET', '/api/admin/users')).json().map((u: { id: string }) => u.id);
    expect(users).not.toContain(tenant.users[0].userId);
    const again = await root.request('DELETE', `/api/admin/users/${tenant.users[0].userId}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toContain('removido automaticamente');
    const orgEvents = await t.deps.eventStore.readStream(`organization-${tenant.organizationId}`);
    expect(orgEvents.map((e) => e.type)).toEqual(expect.arrayContaining(['OrganizationRegistered', 'OrganizationDeleted']));
    const userEvents = await t.deps.eventStore.readStream(`user-${tenant.users[0].userId}`);
    expect(userEvents.at(-1)).toMatchObject({ type: 'UserDeleted', data: { reason: 'organization_deleted' } });
    expect(userEvents[0].type).toBe('UserRegistered');
  });

  it('creates a platform analyst (no organization) who sees the projections and nothing of a tenant; refuses every other way in', async () => {
    const tenant = await seedTenant(t, 'Analistas Ltda');
    const email = `ana-${Date.now()}@fluxo.app`;
    const created = await root.request('POST', '/api/admin/users', { username: 'Ana Analista', email, role: 'analyst', password: 'senha123' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ username: 'Ana Analista', email, role: 'analyst', organizationId: null, organizationName: null });
    const analystId = created.json().id as string;

    const session = await loginAs(t.app, email, 'senha123');
    expect(session.body.organization).toBeNull();
    const analyst = clientFor(t.app, session.cookie, analystId, null);
    expect((await analyst.request('GET', '/api/admin/projections')).statusCode).toBe(200);
    const tenantData = await analyst.request('GET', '/api/expenses');
    expect(tenantData.statusCode).toBe(403);
    expect(tenantData.json().message).toBe('Selecione uma organização (personificação) para acessar estes dados.');
    expect((await analyst.request('GET', '/api/admin/users')).statusCode).toBe(403);
    expect((await analyst.request('POST', '/api/admin/users', { username: 'Outro', email: 'outro@fluxo.app', role: 'analyst', password: 'senha123' })).statusCode).toBe(403);

    // An analyst has no organization, and a tenant's user needs one.
    const withOrganization = await root.request('POST', '/api/admin/users', { username: 'Bia', email: 'bia@fluxo.app', role: 'analyst', organizationId: tenant.organizationId, password: 'senha123' });
    expect(withOrganization.statusCode).toBe(400);
    expect(withOrganization.json().message).toBe('Um analista não pertence a uma organização: deixe a organização em branco');
    const withoutOrganization = await root.request('POST', '/api/admin/users', { username: 'Bia', email: 'bia@fluxo.app', role: 'user', password: 'senha123' });
    expect(withoutOrganization.statusCode).toBe(400);
    expect(withoutOrganization.json().message).toBe('Organização é obrigatória');
    expect((await root.request('POST', '/api/admin/users', { username: 'Bia', email: 'bia@fluxo.app', role: 'super_admin', password: 'senha123' })).statusCode).toBe(400);
    // The org admin grants tenant roles only.
    const byOrgAdmin = await tenant.admin.request('POST', '/api/organization/users', { username: 'Bia', email: 'bia@fluxo.app', role: 'analyst', password: 'senha123' });
    expect(byOrgAdmin.statusCode).toBe(400);
    expect(byOrgAdmin.json().message).toBe('Dados inválidos — role: Perfil inválido: use org_admin, user ou auditor');
    expect((await tenant.admin.request('POST', '/api/admin/users', { username: 'Bia', email: 'bia@fluxo.app', role: 'analyst', password: 'senha123' })).statusCode).toBe(403);
    const promotedByOrgAdmin = await tenant.admin.request('PUT', `/api/organization/users/${tenant.users[0].userId}`, { username: 'Usuário 0', email: await emailOf(tenant.users[0]), role: 'analyst' });
    expect(promotedByOrgAdmin.statusCode).toBe(400);
    expect((await tenant.admin.request('GET', `/api/organization/users/${analystId}`)).statusCode).toBe(404);
    expect((await root.request('GET', `/api/admin/users?filter=${encodeURIComponent(JSON.stringify({ q: 'bia@fluxo.app' }))}`)).json()).toEqual([]);

    // Nobody moves between the platform's analyst and an organization's roles.
    const toTenant = await root.request('PUT', `/api/admin/users/${analystId}`, { username: 'Ana Analista', email, role: 'org_admin' });
    expect(toTenant.statusCode).toBe(400);
    expect(toTenant.json().message).toBe('O perfil de um analista não pode ser alterado');
    const toAnalyst = await root.request('PUT', `/api/admin/users/${tenant.users[0].userId}`, { username: 'Usuário 0', email: await emailOf(tenant.users[0]), role: 'analyst' });
    expect(toAnalyst.statusCode).toBe(400);
    expect(toAnalyst.json().message).toBe('Um usuário de uma organização não pode virar analista: crie o analista como um novo usuário, sem organização');
    const renamed = await root.request('PUT', `/api/admin/users/${analystId}`, { username: 'Ana Souza', email, role: 'analyst' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ username: 'Ana Souza', role: 'analyst', organizationId: null });

    // Removed like any other user: the session ends and the login no longer works.
    expect((await root.request('DELETE', `/api/admin/users/${analystId}`)).statusCode).toBe(200);
    expect((await analyst.request('GET', '/api/admin/projections')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'senha123' } })).statusCode).toBe(401);
  });

  it("resets the password of any organization's user: the old one stops working, their sessions end, the log records who did it", async () => {
    const tenant = await seedTenant(t, 'Senhas Ltda');
    const email = await emailOf(tenant.users[0]);
    const reset = await root.request('PUT', `/api/admin/users/${tenant.users[0].userId}/reset-password`, { newPassword: 'nova-senha-9' });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().message).toBe('A senha foi redefinida com sucesso');
    expect((await tenant.users[0].request('GET', '/api/auth/me')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'senha123' } })).statusCode).toBe(401);
    await loginAs(t.app, email, 'nova-senha-9');
    const recorded = (await t.deps.eventStore.readStream(`user-${tenant.users[0].userId}`)).findLast((e) => e.type === 'UserPasswordChanged');
    expect(recorded).toMatchObject({ type: 'UserPasswordChanged', data: { changedBy: root.userId, method: 'reset' } });
    expect(JSON.stringify([recorded?.data, recorded?.metadata])).not.toContain('nova-senha-9');

    const short = await root.request('PUT', `/api/admin/users/${tenant.admin.userId}/reset-password`, { newPassword: '123' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain('A senha deve ter pelo menos 6 caracteres');
    const own = await root.request('PUT', `/api/admin/users/${root.userId}/reset-password`, { newPassword: 'nova-senha-9' });
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe('Para trocar a sua própria senha, use "Alterar Minha Senha"');
    expect((await root.request('PUT', `/api/admin/users/${crypto.randomUUID()}/reset-password`, { newPassword: 'nova-senha-9' })).statusCode).toBe(404);
    // Only the super admin: an organization's admin resets within the organization, through its own route.
    const byOrgAdmin = await tenant.admin.request('PUT', `/api/admin/users/${tenant.users[0].userId}/reset-password`, { newPassword: 'outra-senha-1' });
    expect(byOrgAdmin.statusCode).toBe(403);
    await loginAs(t.app, email, 'nova-senha-9');
  });
});
