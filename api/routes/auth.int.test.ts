import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'slonik';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test-support/app';

let t: TestApp;
beforeAll(async () => {
  // The default lock (10 failures) with the progressive delay shortened, so the lock test stays quick.
  t = await createTestApp({ server: { loginThrottle: { baseDelayMs: 1, maxDelayMs: 5 } } });
});
afterAll(async () => t.close());

const registration = (suffix: string) => ({
  username: 'Ana Paula',
  email: `ana-${suffix}@empresa.com.br`,
  password: 'segredo1',
  organizationName: `Empresa ${suffix}`,
  organizationSlug: `empresa-${suffix}`,
});

function cookieOf(response: { headers: Record<string, unknown> }): string {
  const header = response.headers['set-cookie'];
  return String(Array.isArray(header) ? header[0] : header).split(';')[0];
}

describe('auth API', () => {
  it('registers an organization, signs the admin in with an httpOnly cookie and answers /me', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: registration('a1') });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ user: { username: 'Ana Paula', role: 'org_admin', isImpersonating: false }, organization: { name: 'Empresa a1', slug: 'empresa-a1' } });
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: cookieOf(response) } });
    expect(me.statusCode).toBe(200);
    expect(me.json().organization.slug).toBe('empresa-a1');
  });

  it('answers 401 to /me without a session', async () => {
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(me.statusCode).toBe(401);
    expect(me.json().message).toMatch(/login/i);
  });

  it('refuses a taken email without saying it is taken, a taken slug with 409, and writes nothing', async () => {
    await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: registration('dup') });
    const before = await t.deps.eventStore.headPosition();
    const sameEmail = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { ...registration('dup'), organizationSlug: 'outra-empresa-dup' } });
    // The answer of an address that cannot be used: it never confirms an account exists.
    expect(sameEmail.statusCode).toBe(400);
    expect(sameEmail.json().message).toBe('Não foi possível usar este email. Verifique-o ou use outro.');
    expect(sameEmail.body).not.toMatch(/em uso|já existe|cadastrado/i);
    const sameSlug = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { ...registration('dup'), email: 'outra@empresa.com.br' } });
    expect(sameSlug.statusCode).toBe(409);
    expect(sameSlug.json().message).toMatch(/slug/);
    // The organization event of the refused email registration must not remain either.
    const orgs = await t.database.db.oneFirst(sql.type(z.object({ n: z.number() }))`SELECT count(*)::int AS n FROM organizations WHERE name = 'Empresa dup'`);
    expect(orgs).toBe(1);
    expect(await t.deps.eventStore.headPosition()).toBeGreaterThanOrEqual(before);
  });

  it('validates registration fields with pt-BR messages', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { ...registration('v1'), password: '123', organizationSlug: 'Não Vale!' } });
    expect(response.statusCode).toBe(400);
    const missing = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { email: 'x@y.com' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('Nome de usuário');
    const short = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { ...registration('v2'), password: '123' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('A senha deve ter pelo menos 6 caracteres');
  });

  it('answers malformed JSON with a clear 400', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: '{"email": ', headers: { 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('O corpo da requisição não é um JSON válido');
  });

  it('logs in and out; a revoked session no longer works; wrong passwords are refused', async () => {
    await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: registration('l1') });
    const wrong = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'ana-l1@empresa.com.br', password: 'errada1' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Email ou senha inválidos');
    const ok = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'ANA-L1@empresa.com.br', password: 'segredo1' } });
    expect(ok.statusCode).toBe(200);
    const cookie = cookieOf(ok);
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(204);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(401);
  });

  it('signs one person in from 24 places at the same moment: every sign-in succeeds', async () => {
    await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: registration('l2') });
    const answers = await Promise.all(Array.from({ length: 24 }, () =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'ana-l2@empresa.com.br', password: 'segredo1' } })));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(24).fill(200));
    expect(new Set(answers.map(cookieOf)).size).toBe(24);
  });

  it('rate-limits repeated login attempts with 429', async () => {
    let last = 0;
    for (let i = 0; i < 12; i++) {
      const r = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'alvo@empresa.com.br', password: 'tentativa' } });
      last = r.statusCode;
    }
    expect(last).toBe(429);
  });

  it('never stores a password or session token in events', async () => {
    const events = await t.deps.eventStore.readAll({ after: 0n, limit: 10_000 });
    const text = JSON.stringify(events, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));
    expect(text).not.toContain('segredo1');
    expect(text).not.toMatch(/argon2/);
  });

  it('serves the OpenAPI document and health', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    expect(Object.keys(docs.json().paths)).toContain('/api/auth/register');
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toMatchObject({ status: 'ok', eventStore: 'postgres' });
  });
});
