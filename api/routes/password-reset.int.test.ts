import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'slonik';
import { z } from 'zod';
import { createTestApp, seedTenant, type Client, type TestApp } from '../../test-support/app';
import { captureLog, type LogLine } from '../../test-support/logged-app';
import { passwordResetsSettled, RESET_LINK_INVALID, RESET_REQUESTED } from '../../app/identity/password-reset';

let t: TestApp;
let now = new Date('2026-03-10T12:00:00Z');
let logged: LogLine[] = [];

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  logged = captureLog(t);
});
afterAll(async () => t.close());

let address = 0;
/** Each test from its own client address, so the per-address limit is only met where it is tested. */
const from = () => `10.0.0.${++address}`;

/** Asks for a link, then waits for the server's background work on it (the answer does not). */
async function forgot(email: string, remoteAddress = from()) {
  const response = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress });
  await passwordResetsSettled();
  return response;
}
const reset = (token: string, newPassword: string, remoteAddress = from()) =>
  t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword }, remoteAddress });
const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

/** The token of the last link written to the log for `email` (what the operator passes on). */
function lastToken(email: string): string {
  const entry = logged.filter((l) => l.obj.email === email).at(-1);
  const link = String(entry?.obj.link ?? '');
  expect(link).toMatch(/^http:\/\/[^/]+\/reset-password#token=[\w-]{40,}$/);
  return link.split('#token=')[1];
}

const emailOf = async (client: Client) => ((await client.request('GET', '/api/auth/me')).json() as { user: { email: string } }).user.email;

describe('Esqueci minha senha', () => {
  it('gives the same answer for a known and an unknown email, and writes a link to the log only for the known one', async () => {
    const { admin } = await seedTenant(t, 'Padaria Reset');
    const email = await emailOf(admin);
    const known = await forgot(email.toUpperCase());
    const unknown = await forgot('ninguem@nada.com.br');
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json()).toEqual({ message: RESET_REQUESTED });
    expect(unknown.json()).toEqual(known.json());
    expect(logged.filter((l) => l.obj.email === 'ninguem@nada.com.br')).toEqual([]);
    lastToken(email);
    // Only the token's hash is stored.
    const stored = await t.deps.db.anyFirst(sql.type(z.object({ token_hash: z.string() }))`SELECT token_hash FROM password_resets`);
    expect(stored.every((h) => /^[0-9a-f]{64}$/.test(h))).toBe(true);
    expect(stored).not.toContain(lastToken(email));
  });

  it('answers before looking the account up: a known email takes no longer than an unknown one', async () => {
    const { admin } = await seedTenant(t, 'Mercado Reset');
    const email = await emailOf(admin);
    const before = logged.length;
    // While the users read model is locked (a plain client: not a slonik transaction, whose context
    // the server's work would inherit), no lookup can finish; both answers still come back.
    const locker = new pg.Client({ connectionString: t.database.url });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE users IN ACCESS EXCLUSIVE MODE');
      for (const address of [email, 'ninguem-ainda@nada.com.br']) {
        const response = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: address }, remoteAddress: from() });
        expect(response.statusCode).toBe(202);
        expect(response.json()).toEqual({ message: RESET_REQUESTED });
      }
      expect(logged.slice(before).filter((l) => l.obj.link)).toEqual([]);
    } finally {
      await locker.query('COMMIT');
      await locker.end();
    }
    await passwordResetsSettled();
    expect(logged.slice(before).filter((l) => l.obj.link).map((l) => l.obj.email)).toEqual([email]);
  });

  it('sets the new password with the link once, ends every session of the user, and records it without token or password', async () => {
    const { admin, users } = await seedTenant(t, 'Oficina Reset');
    const viewer = users[0];
    const email = await emailOf(viewer);
    await forgot(email);
    const token = lastToken(email);

    const weak = await reset(token, '123456');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toMatch(/comum demais/);

    const done = await reset(token, 'nova-senha-forte');
    expect(done.statusCode).toBe(200);
    expect((await viewer.request('GET', '/api/auth/me')).statusCode).toBe(401);
    expect((await admin.request('GET', '/api/auth/me')).statusCode).toBe(200);
    expect((await login(email, 'senha123')).statusCode).toBe(401);
    expect((await login(email, 'nova-senha-forte')).statusCode).toBe(200);

    const again = await reset(token, 'outra-senha-forte');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(RESET_LINK_INVALID);

    const events = await t.deps.eventStore.readStream(`user-${viewer.userId}`);
    const changed = events.filter((e) => e.type === 'UserPasswordChanged').at(-1);
    expect(changed?.data).toEqual({ userId: viewer.userId, changedBy: viewer.userId, method: 'email_link' });
    const written = JSON.stringify(events.map((e) => ({ data: e.data, metadata: e.metadata })));
    expect(written).not.toContain(token);
    expect(written).not.toContain('nova-senha-forte');
  });

  it('a link expires after 1 hour, and a new link spends the older ones when used', async () => {
    const { admin } = await seedTenant(t, 'Mercado Reset');
    const email = await emailOf(admin);
    await forgot(email);
    const first = lastToken(email);
    now = new Date(now.getTime() + 61 * 60 * 1000);
    expect((await reset(first, 'senha-nova-1')).json().message).toBe(RESET_LINK_INVALID);

    await forgot(email);
    const second = lastToken(email);
    await forgot(email);
    const third = lastToken(email);
    expect((await reset(third, 'senha-nova-2')).statusCode).toBe(200);
    expect((await reset(second, 'senha-nova-3')).json().message).toBe(RESET_LINK_INVALID);
    expect((await login(email, 'senha-nova-2')).statusCode).toBe(200);
  });

  it('an unknown or forged token changes nothing', async () => {
    const response = await reset('x'.repeat(43), 'senha-qualquer-1');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(RESET_LINK_INVALID);
  });

  it('is throttled: at most 3 links an hour per account (same answer), 10 requests per 15 minutes per address (429)', async () => {
    const { admin } = await seedTenant(t, 'Loja Reset');
    const email = await emailOf(admin);
    const before = logged.length;
    for (let i = 0; i < 5; i++) expect((await forgot(email)).json()).toEqual({ message: RESET_REQUESTED });
    expect(logged.slice(before).filter((l) => l.obj.email === email)).toHaveLength(3);

    const address = '10.9.9.9';
    for (let i = 0; i < 10; i++) expect((await forgot(`x${i}@nada.com.br`, address)).statusCode).toBe(202);
    expect((await forgot('y@nada.com.br', address)).statusCode).toBe(429);
  });

  it('refuses a malformed email with a pt-BR message', async () => {
    const response = await forgot('nao-e-email');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/Email inválido/);
  });
});
