import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAs, seedTenant, type TestApp } from '../../test-support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const newUser = (suffix: string, extra: Record<string, unknown> = {}) => ({
  username: `João ${suffix}`, email: `joao-${suffix}@padaria.com.br`, role: 'user', password: 'senha123', ...extra,
});

describe('organization users API', () => {
  it('lists the organization users with the spec fields, Content-Range and no secrets', async () => {
    const { admin, users } = await seedTenant(t, 'Lista Ltda');
    const response = await admin.request('GET', '/api/organization/users');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-range']).toBe('users 0-1/2');
    const body = response.json();
    expect(body.map((u: { id: string }) => u.id).sort()).toEqual([admin.userId, users[0].userId].sort());
    expect(Object.keys(body[0]).sort()).toEqual(['auditValidFrom', 'auditValidUntil', 'createdAt', 'email', 'id', 'lastLogin', 'role', 'username', 'version']);
    expect(response.body).not.toMatch(/password|hash/i);
    // The view-only user may read the list too.
    expect((await users[0].request('GET', '/api/organization/users')).statusCode).toBe(200);
  });

  it('creates a user (201) who can then log in; an email already in this organization gets a clear 400', async () => {
    const { admin } = await seedTenant(t, 'Cria Ltda');
    const created = await admin.request('POST', '/api/organization/users', newUser('c1', { email: 'Joao-C1@Padaria.com.br' }));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ username: 'João c1', email: 'joao-c1@padaria.com.br', role: 'user', lastLogin: null });
    await loginAs(t.app, 'joao-c1@padaria.com.br', 'senha123');
    const duplicate = await admin.request('POST', '/api/organization/users', newUser('c1'));
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().message).toBe('Este email já pertence a um usuário desta organização');
  });

  it('enforces the password minimum on the server with the spec message', async () => {
    const { admin } = await seedTenant(t, 'Senha Ltda');
    const short = await admin.request('POST', '/api/organization/users', newUser('s1', { password: '12345' }));
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('A senha deve ter pelo menos 6 caracteres');
    const missing = await admin.request('POST', '/api/organization/users', { email: 'x@y.com', password: 'senha123' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('Nome de usuário e email são obrigatórios');
    const superRole = await admin.request('POST', '/api/organization/users', newUser('s2', { role: 'super_admin' }));
    expect(superRole.statusCode).toBe(400);
  });

  it('edits name, email and role; the old email becomes free and the new one is taken', async () => {
    const { admin, users } = await seedTenant(t, 'Edita Ltda');
    const target = users[0];
    const before = (await target.request('GET', `/api/organization/users/${target.userId}`)).json();
    const response = await admin.request('PUT', `/api/organization/users/${target.userId}`, { username: 'Carla Dias', email: 'carla@edita.com.br', role: 'org_admin' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ username: 'Carla Dias', email: 'carla@edita.com.br', role: 'org_admin' });
    const reuse = await admin.request('POST', '/api/organization/users', newUser('e1', { email: before.email }));
    expect(reuse.statusCode).toBe(201);
    const taken = await admin.request('PUT', `/api/organization/users/${reuse.json().id}`, { username: 'X', email: 'carla@edita.com.br', role: 'user' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().message).toBe('Este email já pertence a um usuário desta organização');
    const blank = await admin.request('PUT', `/api/organization/users/${target.userId}`, { username: '', email: 'carla@edita.com.br', role: 'user' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toContain('Nome de usuário e email são obrigatórios');
  });

  it('never deletes or demotes the last org_admin, nor lets an admin remove or demote themselves', async () => {
    const { admin, users } = await seedTenant(t, 'Ultimo Ltda', [{ role: 'org_admin' }, { role: 'user' }]);
    const [second] = users;
    // Two admins: the second may be demoted; then the first is the last one.
    expect((await admin.request('PUT', `/api/organization/users/${second.userId}`, { username: 'Segundo', email: `segundo-${Date.now()}@x.com.br`, role: 'user' })).statusCode).toBe(200);
    const self = await admin.request('PUT', `/api/organization/users/${admin.userId}`, { username: 'Eu', email: `eu-${Date.now()}@x.com.br`, role: 'user' });
    expect(self.statusCode).toBe(400);
    expect((await admin.request('DELETE', `/api/organization/users/${admin.userId}`)).statusCode).toBe(400);
    // Promote back, then the second admin cannot remove the first once alone… but may while two remain.
    expect((await admin.request('PUT', `/api/organization/users/${second.userId}`, { username: 'Segundo', email: `segundo2-${Date.now()}@x.com.br`, role: 'org_admin' })).statusCode).toBe(200);
    const fresh = await loginAs(t.app, (await admin.request('GET', `/api/organization/users/${second.userId}`)).json().email, 'senha123');
    const asSecond = (method: string, url: string, body?: unknown) => t.app.inject({ method: method as never, url, payload: body as never, headers: { cookie: fresh.cookie } });
    expect((await asSecond('DELETE', `/api/organization/users/${admin.userId}`)).statusCode).toBe(200);
    const last = await asSecond('DELETE', `/api/organization/users/${second.userId}`);
    expect(last.statusCode).toBe(400);
    const demoteLast = await asSecond('PUT', `/api/organization/users/${second.userId}`, { username: 'Segundo', email: `s3-${Date.now()}@x.com.br`, role: 'user' });
    expect(demoteLast.statusCode).toBe(400);
  });

  it('refuses concurrent demotions that would leave no org_admin', async () => {
    const { admin, users } = await seedTenant(t, 'Corrida Ltda', [{ role: 'org_admin' }]);
    const [second] = users;
    const demote = (client: typeof admin, id: string, email: string) => client.request('PUT', `/api/organization/users/${id}`, { username: 'X', email, role: 'user' });
    const a = await admin.request('GET', `/api/organization/users/${admin.userId}`);
    const b = await admin.request('GET', `/api/organization/users/${second.userId}`);
    const results = await Promise.all([demote(second, admin.userId, a.json().email), demote(admin, second.userId, b.json().email)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)?.json().message).toMatch(/pelo menos um administrador/);
  });

  it('deleting a user ends their sessions and frees their email', async () => {
    const { admin, users } = await seedTenant(t, 'Remove Ltda');
    const email = (await admin.request('GET', `/api/organization/users/${users[0].userId}`)).json().email;
    const removed = await admin.request('DELETE', `/api/organization/users/${users[0].userId}`);
    expect(removed.statusCode).toBe(200);
    expect((await users[0].request('GET', '/api/auth/me')).statusCode).toBe(401);
    expect((await admin.request('GET', `/api/organization/users/${users[0].userId}`)).statusCode).toBe(404);
    expect((await admin.request('DELETE', `/api/organization/users/${users[0].userId}`)).statusCode).toBe(404);
    expect((await admin.request('POST', '/api/organization/users', newUser('r1', { email }))).statusCode).toBe(201);
  });

  it('resets a password: minimum 6, the user logs in with the new one and their sessions end', async () => {
    const { admin, users } = await seedTenant(t, 'Reset Ltda');
    const target = users[0];
    const email = (await admin.request('GET', `/api/organization/users/${target.userId}`)).json().email;
    const short = await admin.request('PUT', `/api/organization/users/${target.userId}/reset-password`, { newPassword: '123' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('A senha deve ter pelo menos 6 caracteres');
    const ok = await admin.request('PUT', `/api/organization/users/${target.userId}/reset-password`, { newPassword: 'novasenha' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('A senha foi redefinida com sucesso');
    expect((await target.request('GET', '/api/auth/me')).statusCode).toBe(401);
    await loginAs(t.app, email, 'novasenha');
    expect((await admin.request('PUT', `/api/organization/users/${admin.userId}/reset-password`, { newPassword: 'novasenha' })).statusCode).toBe(400);
  });

  it('the view-only user gets 403 on every write, before the body is even validated', async () => {
    const { admin, users } = await seedTenant(t, 'Leitura Ltda');
    const viewer = users[0];
    expect((await viewer.request('POST', '/api/organization/users', newUser('v1'))).statusCode).toBe(403);
    expect((await viewer.request('POST', '/api/organization/users', {})).statusCode).toBe(403);
    expect((await viewer.request('PUT', `/api/organization/users/${admin.userId}`, { username: 'x', email: 'x@x.com', role: 'user' })).statusCode).toBe(403);
    expect((await viewer.request('DELETE', `/api/organization/users/${admin.userId}`)).statusCode).toBe(403);
    expect((await viewer.request('PUT', `/api/organization/users/${admin.userId}/reset-password`, { newPassword: 'abcdef' })).statusCode).toBe(403);
  });
});
