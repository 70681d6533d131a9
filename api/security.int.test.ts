// The defences of docs/SECURITY.md, tried as an attacker would: headers on every kind of response,
// cross-site writes, proxies, password guessing, account takeover, weak passwords, log hygiene.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'slonik';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildServer } from './server';
import { createSuperAdmin, createTestApp, seedTenant, type TestApp } from '../test-support/app';
import { createUserAccount } from '../app/identity/auth';
import { REGISTRATIONS_PER_HOUR_PER_ADDRESS } from '../app/identity/login-throttle';
import argon2 from 'argon2';
import { systemContext } from '../app/context';
import type { AppDeps } from '../app/deps';

const registration = (suffix: string, password = 'segredo1') => ({
  username: 'Ana Paula', email: `ana-${suffix}@empresa.com.br`, password, organizationName: `Empresa ${suffix}`, organizationSlug: `empresa-${suffix}`,
});

function expectSecurityHeaders(response: LightMyRequestResponse): void {
  const csp = String(response.headers['content-security-policy']);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('same-origin');
}

vi.setConfig({ testTimeout: 90_000 });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('security headers', () => {
  it('are on API JSON, API errors (401, 404, 400) and the API docs alike', async () => {
    const tenant = await seedTenant(t, 'Cabeçalhos', []);
    const responses = [
      await tenant.admin.request('GET', '/api/auth/me'),
      await t.app.inject({ method: 'GET', url: '/api/auth/me' }),
      await t.app.inject({ method: 'GET', url: '/api/nao-existe' }),
      await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: '{', headers: { 'content-type': 'application/json' } }),
      await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui.css' }),
      await t.app.inject({ method: 'GET', url: '/api/docs/json' }),
    ];
    expect(responses.map((r) => r.statusCode)).toEqual([200, 401, 404, 400, 200, 200]);
    for (const response of responses) expectSecurityHeaders(response);
  });

  it('are on refusals and failures too: 403 (CSRF), 415, 429, 500, and on an avatar image', async () => {
    const tenant = await seedTenant(t, 'Cabeçalhos em erros', []);
    const refused = [
      await tenant.admin.request('POST', '/api/auth/logout', undefined, { 'sec-fetch-site': 'cross-site' }),
      await tenant.admin.request('POST', '/api/categories', 'a=1', { 'content-type': 'application/x-www-form-urlencoded' }),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([403, 415]);
    let limited: LightMyRequestResponse | undefined;
    for (let i = 0; i < 12 && limited?.statusCode !== 429; i++) {
      limited = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'cabecalho@nada.com.br' }, remoteAddress: '10.9.9.9' });
    }
    expect(limited?.statusCode).toBe(429);
    // An unexpected failure, through the same error handler as every route.
    const failing = await buildServer(t.deps, { serveUi: false });
    try {
      failing.get('/api/falha-de-teste', async () => {
        throw new Error('falha inesperada');
      });
      const crashed = await failing.inject({ method: 'GET', url: '/api/falha-de-teste', headers: { cookie: tenant.admin.cookie } });
      expect(crashed.statusCode).toBe(500);
      expectSecurityHeaders(crashed);
    } finally {
      await failing.close();
    }
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    const me = (await tenant.admin.request('GET', '/api/auth/me')).json() as { user: { email: string } };
    const profile = await tenant.admin.request('PUT', '/api/auth/profile', { username: 'Com Foto', email: me.user.email, avatar: `data:image/png;base64,${png.toString('base64')}` });
    expect(profile.statusCode).toBe(200);
    const avatar = await tenant.admin.request('GET', profile.json().user.avatar);
    expect(avatar.statusCode).toBe(200);
    for (const response of [...refused, limited as LightMyRequestResponse, avatar]) expectSecurityHeaders(response);
  });

  it('are on the UI: index.html, its assets and the single-page fallback', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'fluxo-ui-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="/assets/app.js"></script>');
    writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
    const app = await buildServer(t.deps, { uiDist: dist });
    try {
      for (const url of ['/', '/assets/app.js', '/expenses']) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(200);
        expectSecurityHeaders(response);
      }
      // An asset that is not there (an old build's chunk) is a 404, not index.html served as a script.
      for (const url of ['/assets/app-0ld.js', '/favicon.png']) {
        const missing = await app.inject({ method: 'GET', url });
        expect(missing.statusCode).toBe(404);
        expect(missing.body).toBe('Arquivo não encontrado');
        expectSecurityHeaders(missing);
      }
    } finally {
      await app.close();
    }
  });

  it('sends HSTS only over TLS, as a trusted proxy reports it', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const behindProxy = await buildServer(t.deps, { trustProxy: 1, serveUi: false });
    try {
      const tls = await behindProxy.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
      expect(tls.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
      const http = await behindProxy.inject({ method: 'GET', url: '/api/health' });
      expect(http.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await behindProxy.close();
    }
  });
});

describe('cross-site request forgery', () => {
  it('refuses a cross-origin text/plain POST to approve an imported transaction, and form posts', async () => {
    const tenant = await seedTenant(t, 'CSRF', []);
    const id = randomUUID();
    const crossOrigin = await tenant.admin.request('POST', `/api/imported-transactions/${id}/approve`, 'x', {
      origin: 'https://atacante.example', 'content-type': 'text/plain',
    });
    expect(crossOrigin.statusCode).toBe(403);
    expect(crossOrigin.json().message).toMatch(/CSRF/);
    const crossSite = await tenant.admin.request('POST', '/api/auth/logout', undefined, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.statusCode).toBe(403);
    // Same origin but a "simple" content type: an HTML form or no-cors fetch cannot send JSON.
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const response = await tenant.admin.request('POST', `/api/imported-transactions/${id}/approve`, 'a=1', { 'content-type': type });
      expect(response.statusCode, type).toBe(415);
      expect(response.json().message).toBe('Tipo de conteúdo não suportado; envie application/json');
    }
    // The session still works: the refused requests changed nothing.
    expect((await tenant.admin.request('GET', '/api/auth/me')).statusCode).toBe(200);
  });

  it("accepts a same-origin DELETE without a body labelled text/plain (as react-admin's data provider sends it)", async () => {
    const tenant = await seedTenant(t, 'Exclusão', []);
    const created = await tenant.admin.request('POST', '/api/categories', { name: 'Categoria para excluir', description: 'x' });
    expect(created.statusCode).toBe(201);
    const deleted = await tenant.admin.request('DELETE', `/api/categories/${created.json().id}`, undefined, { 'content-type': 'text/plain' });
    expect(deleted.statusCode).toBeLessThan(300);
  });

  it('lets same-origin writes through (Origin of this host, Sec-Fetch-Site same-origin) and refuses login CSRF', async () => {
    const sameOrigin = await t.app.inject({
      method: 'POST', url: '/api/auth/register', payload: registration('csrf1'),
      headers: { host: 'fluxo.local:3000', origin: 'http://fluxo.local:3000', 'sec-fetch-site': 'same-origin' },
    });
    expect(sameOrigin.statusCode).toBe(201);
    const loginFromElsewhere = await t.app.inject({
      method: 'POST', url: '/api/auth/login', payload: { email: 'ana-csrf1@empresa.com.br', password: 'segredo1' },
      headers: { host: 'fluxo.local:3000', origin: 'http://fluxo.local.atacante.example' },
    });
    expect(loginFromElsewhere.statusCode).toBe(403);
    const nullOrigin = await t.app.inject({
      method: 'POST', url: '/api/auth/login', payload: { email: 'ana-csrf1@empresa.com.br', password: 'segredo1' }, headers: { origin: 'null' },
    });
    expect(nullOrigin.statusCode).toBe(403);
  });
});

describe('TRUST_PROXY and the Secure cookie', () => {
  const login = (app: TestApp['app'], headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
    app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'ana-proxy@empresa.com.br', password: 'segredo1' }, headers, remoteAddress });

  it('marks the session cookie Secure behind a trusted TLS proxy only', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: registration('proxy') })).statusCode).toBe(201);
    const untrusted = await login(t.app, { 'x-forwarded-proto': 'https' });
    expect(untrusted.statusCode).toBe(200);
    expect(String(untrusted.headers['set-cookie'])).not.toMatch(/Secure/i);
    const behindProxy = await buildServer(t.deps, { trustProxy: ['127.0.0.1'], serveUi: false });
    try {
      const trusted = await login(behindProxy, { 'x-forwarded-proto': 'https' });
      expect(trusted.statusCode).toBe(200);
      expect(String(trusted.headers['set-cookie'])).toMatch(/; Secure/i);
      const notTls = await login(behindProxy, {});
      expect(String(notTls.headers['set-cookie'])).not.toMatch(/Secure/i);
      // The same claim from an address that is not the configured proxy is not believed.
      const spoofed = await login(behindProxy, { 'x-forwarded-proto': 'https' }, '203.0.113.7');
      expect(spoofed.statusCode).toBe(200);
      expect(String(spoofed.headers['set-cookie'])).not.toMatch(/Secure/i);
    } finally {
      await behindProxy.close();
    }
  });
});

describe('registration and current-password throttling', () => {
  let throttled: TestApp;
  const limits = { freeFailures: 2, accountLockAfter: 4, addressLockAfter: 6, baseDelayMs: 50, maxDelayMs: 100, lockMs: 60_000 };
  beforeAll(async () => {
    throttled = await createTestApp({ server: { loginThrottle: limits, registrationThrottle: limits } });
  });
  afterAll(async () => throttled.close());

  it('locks an e-mail probed by registration, and an address probing many, whatever X-Forwarded-For says', async () => {
    const owner = registration('sondado');
    expect((await throttled.app.inject({ method: 'POST', url: '/api/auth/register', payload: owner })).statusCode).toBe(201);
    const probe = (email: string, i: number) => throttled.app.inject({
      method: 'POST', url: '/api/auth/register', headers: { 'x-forwarded-for': `203.0.113.${i}` },
      payload: { ...registration(`sonda-${i}`), email },
    });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await probe(owner.email, i)).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    const locked = await probe(owner.email, 99);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(50);
    expect(locked.json().message).toMatch(/^Muitas tentativas de acesso\. Aguarde \d+ minutos? e tente novamente\.$/);
    // The same address (the connection's: X-Forwarded-For is not believed) has spent 4 of its 6
    // refusals: two more lock it, for any e-mail.
    const more = registration('sondado-2');
    expect((await throttled.app.inject({ method: 'POST', url: '/api/auth/register', payload: more })).statusCode).toBe(201);
    expect((await probe(more.email, 1)).statusCode).toBe(400);
    expect((await probe(more.email, 2)).statusCode).toBe(400);
    expect((await throttled.app.inject({ method: 'POST', url: '/api/auth/register', payload: registration('livre') })).statusCode).toBe(429);
  }, 60_000);

  it('allows 10 registrations an hour per address, whatever their outcome and whatever X-Forwarded-For says', async () => {
    const strict = await createTestApp({ server: { registrationsPerHour: REGISTRATIONS_PER_HOUR_PER_ADDRESS } });
    try {
      const attempt = (i: number, password: string) => strict.app.inject({
        method: 'POST', url: '/api/auth/register', headers: { 'x-forwarded-for': `198.51.100.${i}` }, payload: registration(`limite-${i}`, password),
      });
      const statuses: number[] = [];
      // Each answer, refused or not, tells something about an email: all of them count.
      for (let i = 0; i < REGISTRATIONS_PER_HOUR_PER_ADDRESS; i++) statuses.push((await attempt(i, '123')).statusCode);
      expect(statuses).toEqual(Array(REGISTRATIONS_PER_HOUR_PER_ADDRESS).fill(400));
      const over = await attempt(99, 'segredo1');
      expect(over.statusCode).toBe(429);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(50 * 60);
      // Another address is not held back.
      expect((await strict.app.inject({ method: 'POST', url: '/api/auth/register', payload: registration('outro-endereco'), remoteAddress: '10.7.7.7' })).statusCode).toBe(201);
    } finally {
      await strict.close();
    }
  });

  it('counts wrong current passwords (password and e-mail changes) against the login throttle', async () => {
    const tenant = await seedTenant(throttled, 'Senha Atual');
    const user = tenant.users[0];
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      statuses.push((await user.request('PUT', '/api/auth/change-password', { currentPassword: `errada-${i}`, newPassword: 'NovaSenha#2024' }, { 'x-forwarded-for': `198.51.100.${i}` })).statusCode);
    }
    const me = (await user.request('GET', '/api/auth/me')).json().user as { username: string; email: string };
    statuses.push((await user.request('PUT', '/api/auth/profile', { username: me.username, email: `outro-${randomUUID().slice(0, 6)}@empresa.com.br`, currentPassword: 'errada-3' })).statusCode);
    statuses.push((await user.request('PUT', '/api/auth/change-password', { currentPassword: 'senha123', newPassword: 'NovaSenha#2024' })).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    // Sign-in with that account is locked as well (the same secret being guessed).
    expect((await throttled.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: me.email, password: 'senha123' } })).statusCode).toBe(429);
  }, 60_000);
});

describe('login throttling', () => {
  let throttled: TestApp;
  beforeAll(async () => {
    throttled = await createTestApp({
      server: { loginThrottle: { freeFailures: 2, accountLockAfter: 6, addressLockAfter: 10, baseDelayMs: 100, maxDelayMs: 400, lockMs: 60_000 } },
    });
  });
  afterAll(async () => throttled.close());

  const attempt = (email: string, password: string, forwardedFor: string) =>
    throttled.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, headers: { 'x-forwarded-for': forwardedFor } });

  it('slows down, then locks an account with 429 and Retry-After, whatever X-Forwarded-For says', async () => {
    expect((await throttled.app.inject({ method: 'POST', url: '/api/auth/register', payload: registration('guess') })).statusCode).toBe(201);
    const email = 'ana-guess@empresa.com.br';
    const durations: number[] = [];
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const started = Date.now();
      const response = await attempt(email, `errada-${i}`, `203.0.113.${i + 1}`);
      durations.push(Date.now() - started);
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(50);
        expect(response.json().message).toMatch(/^Muitas tentativas de acesso\. Aguarde \d+ minutos? e tente novamente\.$/);
      }
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429]);
    // The 4th attempt onwards waited (100 ms, 200 ms, 400 ms …).
    expect(durations[5]).toBeGreaterThanOrEqual(350);
    // Locked: even the right password is refused until the lock ends.
    expect((await attempt(email, 'segredo1', '198.51.100.7')).statusCode).toBe(429);
  });

  it('locks one address trying many accounts, even when it rotates X-Forwarded-For', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await attempt(`ninguem-${i}@empresa.com.br`, 'qualquer1', `192.0.2.${i}`)).statusCode);
    expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
    expect(statuses.at(-1)).toBe(429);
  });

  it('answers an unknown email as slowly as a wrong password (a real argon2 verification)', async () => {
    const fresh = await createTestApp();
    try {
      expect((await fresh.app.inject({ method: 'POST', url: '/api/auth/register', payload: registration('timing') })).statusCode).toBe(201);
      const time = async (email: string) => {
        const started = process.hrtime.bigint();
        const response = await fresh.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'errada123' } });
        expect(response.statusCode).toBe(401);
        return Number(process.hrtime.bigint() - started) / 1e6;
      };
      // The unknown email costs a real argon2id verification with the stored hashes' parameters
      // (not a shortcut answer): seen on the call itself, whatever the machine's load.
      const verify = vi.spyOn(argon2, 'verify');
      try {
        const unknown = await time('ninguem-timing@empresa.com.br');
        expect(verify).toHaveBeenCalledTimes(1);
        expect(String(verify.mock.calls[0][0])).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
        // argon2id (19 MiB, t=2) takes well over 5 ms; without the dummy hash an unknown email answers in ~1 ms.
        expect(unknown).toBeGreaterThan(5);
        verify.mockClear();
        await time('ana-timing@empresa.com.br');
        expect(verify).toHaveBeenCalledTimes(1);
      } finally {
        verify.mockRestore();
      }
    } finally {
      await fresh.close();
    }
  });
});

describe('account takeover and weak passwords', () => {
  it('refuses an email change without (or with a wrong) current password; a taken email gets the answer a free one gets', async () => {
    const first = await seedTenant(t, 'Perfil A', []);
    const second = await seedTenant(t, 'Perfil B', []);
    const me = (await first.admin.request('GET', '/api/auth/me')).json().user;
    const otherEmail = (await second.admin.request('GET', '/api/auth/me')).json().user.email;
    const without = await first.admin.request('PUT', '/api/auth/profile', { username: me.username, email: 'novo@empresa.com.br' });
    expect(without.statusCode).toBe(400);
    expect(without.json().message).toBe('Para alterar o email, informe a sua senha atual');
    const wrong = await first.admin.request('PUT', '/api/auth/profile', { username: me.username, email: 'novo@empresa.com.br', currentPassword: 'errada99' });
    expect(wrong.json().message).toBe('Senha atual incorreta');
    const taken = await first.admin.request('PUT', '/api/auth/profile', { username: me.username, email: otherEmail, currentPassword: 'senha123' });
    const free = await first.admin.request('PUT', '/api/auth/profile', { username: me.username, email: 'novo@empresa.com.br', currentPassword: 'senha123' });
    expect(taken.statusCode).toBe(202);
    expect(taken.body).toBe(free.body);
    expect(taken.json().user.email).toBe(me.email);
    // The name alone changes without the password.
    const renamed = await first.admin.request('PUT', '/api/auth/profile', { username: 'Outro Nome', email: me.email });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().user.username).toBe('Outro Nome');
  }, 120_000);

  it('refuses 123456, six spaces and other common passwords wherever a password is set', async () => {
    const tenant = await seedTenant(t, 'Senhas', [{ role: 'user' }]);
    for (const [password, message] of [
      ['123456', 'Esta senha é comum demais e fácil de adivinhar. Escolha outra.'],
      ['Password', 'Esta senha é comum demais e fácil de adivinhar. Escolha outra.'],
      ['      ', 'A senha não pode conter apenas espaços'],
      ['12345', 'A senha deve ter pelo menos 6 caracteres'],
    ] as const) {
      const register = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: registration(`fraca-${randomUUID().slice(0, 6)}`, password) });
      expect(register.statusCode, password).toBe(400);
      expect(register.json().message).toBe(message);
      const create = await tenant.admin.request('POST', '/api/organization/users', { username: 'Novo', email: `novo-${randomUUID()}@empresa.com.br`, role: 'user', password });
      expect(create.json().message).toBe(message);
      const change = await tenant.admin.request('PUT', '/api/auth/change-password', { currentPassword: 'senha123', newPassword: password });
      expect(change.json().message).toBe(message);
      const reset = await tenant.admin.request('PUT', `/api/organization/users/${tenant.users[0].userId}/reset-password`, { newPassword: password });
      expect(reset.json().message).toBe(message);
    }
    // Nothing was created by the refused attempts.
    const users = await tenant.admin.request('GET', '/api/organization/users');
    expect(users.json()).toHaveLength(2);
  }, 120_000);

  it('never tells an admin (or a registration) that an email is used in another organization, and leaves nothing behind', async () => {
    const first = await seedTenant(t, 'Dona do Email');
    const second = await seedTenant(t, 'Outra Org');
    const root = await createSuperAdmin(t);
    const takenElsewhere = (await first.admin.request('GET', '/api/auth/me')).json().user.email as string;
    const countRows = async () => t.database.db.one(sql.type(z.object({ credentials: z.number(), claims: z.number() }))`
      SELECT (SELECT count(*)::int FROM credentials) AS credentials, (SELECT count(*)::int FROM unique_keys WHERE scope = 'email') AS claims`);
    const before = await countRows();
    const generic = { statusCode: 400, message: 'Não foi possível usar este email. Verifique-o ou use outro.' };
    const answers = [
      await second.admin.request('POST', '/api/organization/users', { username: 'Intruso', email: takenElsewhere, password: 'segredo1', role: 'user' }),
      await root.request('POST', '/api/admin/users', { organizationId: second.organizationId, username: 'Intruso', email: takenElsewhere, password: 'segredo1', role: 'user' }),
      await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { username: 'Intruso', email: takenElsewhere, password: 'segredo1', organizationName: 'Intrusa', organizationSlug: `intrusa-${randomUUID().slice(0, 8)}` } }),
    ];
    for (const answer of answers) {
      expect({ statusCode: answer.statusCode, message: answer.json().message }).toEqual(generic);
    }
    // An admin editing a user's email gets the same answer.
    const edit = await second.admin.request('PUT', `/api/organization/users/${second.users[0].userId}`, { username: 'Usuário 0', email: takenElsewhere, role: 'user' });
    expect({ statusCode: edit.statusCode, message: edit.json().message }).toEqual(generic);
    // Inside the owner's own organization the message may be clear.
    const own = await first.admin.request('POST', '/api/organization/users', { username: 'Repetido', email: takenElsewhere, password: 'segredo1', role: 'user' });
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe('Este email já pertence a um usuário desta organização');
    expect(await countRows()).toEqual(before);
  }, 60_000);

  it('leaves no credentials and no email claim behind when a user creation fails', async () => {
    const failingStore = new Proxy(t.deps.eventStore, {
      get: (target, key, receiver) => (key === 'append' ? async () => { throw new Error('armazenamento de eventos fora do ar'); } : Reflect.get(target, key, receiver)),
    });
    const deps: AppDeps = { ...t.deps, eventStore: failingStore };
    const email = `orfao-${randomUUID()}@empresa.com.br`;
    await expect(createUserAccount(deps, { organizationId: null, username: 'Órfão', email, password: 'segredo1', role: 'user' }, systemContext(new Date())))
      .rejects.toThrow(/fora do ar/);
    // Inspected as the owner: the API's role sees no organization's users outside a tenant.
    const credentials = await t.database.db.oneFirst(sql.type(z.object({ count: z.number() }))`
      SELECT count(*)::int AS count FROM credentials c WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = c.user_id)`);
    expect(credentials).toBe(0);
    const claims = await t.database.db.oneFirst(sql.type(z.object({ count: z.number() }))`SELECT count(*)::int AS count FROM unique_keys WHERE value = ${email}`);
    expect(claims).toBe(0);
  });
});

describe('correlation ids', () => {
  it('keep a client UUID and replace anything else before it reaches an event', async () => {
    const correlationOf = async (header: string) => {
      const suffix = randomUUID().slice(0, 8);
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: registration(suffix), headers: { 'x-correlation-id': header } });
      expect(response.statusCode).toBe(201);
      const userId = response.json().user.id as string;
      return t.deps.db.oneFirst(sql.type(z.object({ correlation: z.string() }))`
        SELECT metadata->>'correlationId' AS correlation FROM events WHERE stream_id = ${`user-${userId}`} ORDER BY position LIMIT 1`);
    };
    const uuid = randomUUID();
    expect(await correlationOf(uuid)).toBe(uuid);
    const replaced = await correlationOf('<script>alert(1)</script>' + 'x'.repeat(500));
    expect(replaced).toMatch(/^[0-9a-f-]{36}$/);
    expect(replaced).not.toBe(uuid);
  });
});
