import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAs, seedTenant, type TestApp } from '../../test-support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

// A real 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const json = (value: unknown) => JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));
const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`;

describe('profile API', () => {
  it('updates the name at once; a new email (with the current password) waits for its link, whoever uses the address', async () => {
    const { admin, users } = await seedTenant(t, 'Perfil Ltda');
    const adminEmail = (await admin.request('GET', '/api/auth/me')).json().user.email;
    const renamed = await admin.request('PUT', '/api/auth/profile', { username: 'Ana Souza', email: adminEmail });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().user).toMatchObject({ username: 'Ana Souza', email: adminEmail, avatar: null, isImpersonating: false });
    expect((await admin.request('GET', '/api/auth/me')).json().user.username).toBe('Ana Souza');
    // The same answer for an address in use (the admin's) and a free one: 202, the unchanged user and the message.
    const taken = await users[0].request('PUT', '/api/auth/profile', { username: 'Outro', email: adminEmail.toUpperCase(), currentPassword: 'senha123' });
    const free = await users[0].request('PUT', '/api/auth/profile', { username: 'Outro', email: 'livre@perfil.com.br', currentPassword: 'senha123' });
    expect(taken.statusCode).toBe(202);
    expect(free.statusCode).toBe(202);
    expect(taken.body).toBe(free.body);
    expect(free.json()).toMatchObject({ user: { username: 'Outro' }, message: 'Enviamos um link de confirmação para o novo email. O email só será alterado quando o link for aberto (vale 24 horas).' });
    const blank = await admin.request('PUT', '/api/auth/profile', { username: ' ', email: 'a@b.com' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toContain('Nome de usuário e email são obrigatórios');
  });

  it('stores an avatar apart from events and serves it to the organization only', async () => {
    const { admin, users } = await seedTenant(t, 'Avatar Ltda');
    const other = await seedTenant(t, 'Outra Avatar Ltda');
    const email = (await users[0].request('GET', '/api/auth/me')).json().user.email;
    const response = await users[0].request('PUT', '/api/auth/profile', { username: 'Com Foto', email, avatar: dataUrl('image/png', PNG) });
    expect(response.statusCode).toBe(200);
    const url: string = response.json().user.avatar;
    expect(url).toMatch(/^\/api\/auth\/avatar\/[0-9a-f]{64}$/);
    const image = await admin.request('GET', url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    expect((await other.admin.request('GET', url)).statusCode).toBe(404);
    // Sending the current URL back keeps it; null removes it.
    const kept = await users[0].request('PUT', '/api/auth/profile', { username: 'Com Foto 2', email: response.json().user.email, avatar: url });
    expect(kept.json().user.avatar).toBe(url);
    const events = await t.deps.eventStore.readStream(`user-${users[0].userId}`);
    expect(json(events)).not.toContain(PNG.toString('base64'));
    expect(events.some((e) => String(e.data.avatarRef ?? '').startsWith('avatar:'))).toBe(true);
    const removed = await users[0].request('PUT', '/api/auth/profile', { username: 'Sem Foto', email: response.json().user.email, avatar: null });
    expect(removed.json().user.avatar).toBeNull();
  });

  it('refuses non-images (the spec message) and images over 2 MB (413)', async () => {
    const { admin } = await seedTenant(t, 'Imagem Ltda');
    const email = (await admin.request('GET', '/api/auth/me')).json().user.email;
    for (const avatar of [dataUrl('application/pdf', Buffer.from('%PDF-1.4')), dataUrl('image/svg+xml', Buffer.from('<svg/>')), dataUrl('image/png', Buffer.from('not a png')), 'https://example.com/a.png']) {
      const response = await admin.request('PUT', '/api/auth/profile', { username: 'X', email, avatar });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain('selecione uma imagem');
    }
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const tooLarge = await admin.request('PUT', '/api/auth/profile', { username: 'X', email, avatar: dataUrl('image/png', big) });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toContain('A imagem deve ter no máximo 2MB');
  });

  it('changes the own password: checks the current one, minimum 6, ends the other sessions only', async () => {
    const { users } = await seedTenant(t, 'Troca Ltda');
    const viewer = users[0];
    const email = (await viewer.request('GET', '/api/auth/me')).json().user.email;
    const otherSession = await loginAs(t.app, email, 'senha123');
    const wrong = await viewer.request('PUT', '/api/auth/change-password', { currentPassword: 'errada', newPassword: 'nova-senha' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Senha atual incorreta');
    const short = await viewer.request('PUT', '/api/auth/change-password', { currentPassword: 'senha123', newPassword: '123' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('A senha deve ter pelo menos 6 caracteres');
    const missing = await viewer.request('PUT', '/api/auth/change-password', { newPassword: 'nova-senha' });
    expect(missing.json().message).toContain('Senha atual obrigatória');
    // The view-only user may change their own password.
    const ok = await viewer.request('PUT', '/api/auth/change-password', { currentPassword: 'senha123', newPassword: 'nova-senha' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('Sua senha foi alterada com sucesso');
    expect((await viewer.request('GET', '/api/auth/me')).statusCode).toBe(200);
    const stale = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: otherSession.cookie } });
    expect(stale.statusCode).toBe(401);
    await loginAs(t.app, email, 'nova-senha');
    const events = await t.deps.eventStore.readStream(`user-${viewer.userId}`);
    expect(events.find((e) => e.type === 'UserPasswordChanged')?.data).toMatchObject({ method: 'self', changedBy: viewer.userId });
    expect(json(events)).not.toContain('nova-senha');
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'PUT', url: '/api/auth/profile', payload: { username: 'x', email: 'x@x.com' } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/api/auth/change-password', payload: {} })).statusCode).toBe(401);
  });
});
