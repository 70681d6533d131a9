import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'slonik';
import { z } from 'zod';
import { createTestApp, seedTenant, type Client, type TestApp } from '../../test-support/app';
import { captureLog, type LogLine } from '../../test-support/logged-app';
import { EMAIL_CHANGE_REQUESTED, EMAIL_CHANGED, EMAIL_LINK_INVALID, emailChangesSettled } from '../../app/identity/email-change';

let t: TestApp;
let now = new Date('2026-03-10T12:00:00Z');
let logged: LogLine[] = [];

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  logged = captureLog(t);
});
afterAll(async () => t.close());

let address = 0;
/** Each confirmation from its own client address, so the per-address limit is never what answers. */
const from = () => `10.1.0.${++address}`;

const me = async (client: Client) => ((await client.request('GET', '/api/auth/me')).json() as { user: { username: string; email: string } }).user;

/** Asks to change the email, then waits for the server's background work on it (the answer does not). */
async function askForEmail(client: Client, email: string, username?: string) {
  const response = await client.request('PUT', '/api/auth/profile', { username: username ?? (await me(client)).username, email, currentPassword: 'senha123' });
  await emailChangesSettled();
  return response;
}
const confirm = (token: string) => t.app.inject({ method: 'POST', url: '/api/auth/confirm-email', payload: { token }, remoteAddress: from() });
const login = (email: string, password = 'senha123') => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

const linksTo = (email: string) => logged.filter((l) => l.obj.email === email && typeof l.obj.link === 'string');
/** The token of the last confirmation link written to the log for `email` (what the operator passes on). */
function lastToken(email: string): string {
  const link = String(linksTo(email).at(-1)?.obj.link ?? '');
  expect(link).toMatch(/^http:\/\/[^/]+\/confirm-email#token=[\w-]{40,}$/);
  return link.split('#token=')[1];
}

describe('changing the own email', () => {
  it('answers a taken and a free address alike (status and body); only the free one gets a link, the taken one a notice', async () => {
    const { admin } = await seedTenant(t, 'Troca Email', []);
    const other = await seedTenant(t, 'Dona do Endereço', []);
    const takenEmail = (await me(other.admin)).email;
    const before = await me(admin);

    const taken = await askForEmail(admin, takenEmail.toUpperCase(), before.username);
    const free = await askForEmail(admin, 'livre@troca.com.br', before.username);
    expect(taken.statusCode).toBe(202);
    expect(free.statusCode).toBe(202);
    expect(free.json()).toMatchObject({ message: EMAIL_CHANGE_REQUESTED, user: { email: before.email } });
    expect(taken.body).toBe(free.body);
    // Nothing changed yet: the login is still the old address.
    expect((await me(admin)).email).toBe(before.email);

    expect(linksTo(takenEmail)).toEqual([]);
    expect(logged.filter((l) => l.obj.email === takenEmail).map((l) => l.msg)).toEqual([expect.stringMatching(/já tem conta/)]);
    lastToken('livre@troca.com.br');
    // Only the token's hash is stored.
    const stored = await t.deps.db.anyFirst(sql.type(z.object({ token_hash: z.string() }))`SELECT token_hash FROM email_changes`);
    expect(stored.every((h) => /^[0-9a-f]{64}$/.test(h))).toBe(true);
    expect(stored).not.toContain(lastToken('livre@troca.com.br'));
  });

  it('answers before looking the address up: both answers come back while the lookup cannot run', async () => {
    const { admin } = await seedTenant(t, 'Troca Travada', []);
    const other = await seedTenant(t, 'Outra Travada', []);
    const takenEmail = (await me(other.admin)).email;
    const { username } = await me(admin);
    const before = logged.length;
    // A plain client (not a slonik transaction, whose context the server's work would inherit).
    const locker = new pg.Client({ connectionString: t.database.url });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE email_changes, unique_keys IN ACCESS EXCLUSIVE MODE');
      const answers = [];
      for (const email of [takenEmail, 'livre-travada@troca.com.br']) {
        answers.push(await admin.request('PUT', '/api/auth/profile', { username, email, currentPassword: 'senha123' }));
      }
      expect(answers.map((a) => a.statusCode)).toEqual([202, 202]);
      expect(answers[0].body).toBe(answers[1].body);
      expect(logged.slice(before)).toEqual([]);
    } finally {
      await locker.query('COMMIT');
      await locker.end();
    }
    await emailChangesSettled();
    expect(logged.slice(before).map((l) => String(l.obj.email)).sort()).toEqual([takenEmail, 'livre-travada@troca.com.br'].sort());
  });

  it('changes the name at once; the link makes the new email the login, once, and records it without the token', async () => {
    const { admin } = await seedTenant(t, 'Troca Confirmada', []);
    const oldEmail = (await me(admin)).email;
    const asked = await askForEmail(admin, 'Nova.Dona@Confirmada.com.br', 'Nome Novo');
    expect(asked.statusCode).toBe(202);
    expect(asked.json().user).toMatchObject({ username: 'Nome Novo', email: oldEmail });
    const token = lastToken('nova.dona@confirmada.com.br');

    const done = await confirm(token);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: EMAIL_CHANGED });
    expect(await me(admin)).toMatchObject({ username: 'Nome Novo', email: 'nova.dona@confirmada.com.br' });
    expect((await login('nova.dona@confirmada.com.br')).statusCode).toBe(200);
    expect((await login(oldEmail)).statusCode).toBe(401);
    // The old address is told, and is free again.
    expect(logged.some((l) => l.obj.email === oldEmail && l.obj.newEmail === 'nova.dona@confirmada.com.br')).toBe(true);
    const next = await seedTenant(t, 'Quer o Antigo', []);
    await askForEmail(next.admin, oldEmail);
    lastToken(oldEmail);

    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: EMAIL_LINK_INVALID });

    const events = await t.deps.eventStore.readStream(`user-${admin.userId}`);
    expect(events.filter((e) => e.type === 'UserProfileUpdated').map((e) => e.data.email)).toEqual([oldEmail, 'nova.dona@confirmada.com.br']);
    const written = JSON.stringify(events.map((e) => ({ data: e.data, metadata: e.metadata })));
    expect(written).not.toContain(token);
  });

  it('a link expires after 24 hours; confirming one spends the others', async () => {
    const { admin } = await seedTenant(t, 'Troca Expirada', []);
    await askForEmail(admin, 'expira@troca.com.br');
    const expired = lastToken('expira@troca.com.br');
    now = new Date(now.getTime() + 24 * 60 * 60 * 1000 + 60_000);
    const late = await confirm(expired);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ message: EMAIL_LINK_INVALID });

    const { admin: fresh } = await seedTenant(t, 'Troca Dupla', []);
    await askForEmail(fresh, 'primeiro@troca.com.br');
    await askForEmail(fresh, 'segundo@troca.com.br');
    expect((await confirm(lastToken('segundo@troca.com.br'))).statusCode).toBe(200);
    expect((await confirm(lastToken('primeiro@troca.com.br'))).json()).toEqual({ message: EMAIL_LINK_INVALID });
    expect((await me(fresh)).email).toBe('segundo@troca.com.br');
  });

  it('two links opened at the same moment: one applies, the other is refused and its address stays free', async () => {
    const { admin } = await seedTenant(t, 'Troca Simultânea', []);
    await askForEmail(admin, 'um@simultanea.com.br');
    await askForEmail(admin, 'dois@simultanea.com.br');
    const answers = await Promise.all([confirm(lastToken('um@simultanea.com.br')), confirm(lastToken('dois@simultanea.com.br'))]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    const applied = answers[0].statusCode === 200 ? 'um@simultanea.com.br' : 'dois@simultanea.com.br';
    const other = applied === 'um@simultanea.com.br' ? 'dois@simultanea.com.br' : 'um@simultanea.com.br';
    expect((await me(admin)).email).toBe(applied);
    // The refused address was never claimed: someone else gets a link for it, not the "in use" notice.
    const next = await seedTenant(t, 'Quer o Outro', []);
    await askForEmail(next.admin, other);
    lastToken(other);
  });

  it('an address taken between the request and the link: the same generic refusal, nothing changes', async () => {
    const { admin } = await seedTenant(t, 'Troca Disputada', []);
    const oldEmail = (await me(admin)).email;
    await askForEmail(admin, 'disputado@troca.com.br');
    const token = lastToken('disputado@troca.com.br');
    const rival = await seedTenant(t, 'Rival', []);
    await askForEmail(rival.admin, 'disputado@troca.com.br');
    expect((await confirm(lastToken('disputado@troca.com.br'))).statusCode).toBe(200);

    const refused = await confirm(token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: EMAIL_LINK_INVALID });
    expect((await me(admin)).email).toBe(oldEmail);
    expect((await login(oldEmail)).statusCode).toBe(200);
  });

  it('issues at most 3 links an hour per account, answering the same; a forged token changes nothing', async () => {
    const { admin } = await seedTenant(t, 'Troca Limitada', []);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await askForEmail(admin, `limite-${i}@troca.com.br`));
    expect(new Set(answers.map((a) => `${a.statusCode} ${a.body}`)).size).toBe(1);
    expect([0, 1, 2, 3, 4].map((i) => linksTo(`limite-${i}@troca.com.br`).length)).toEqual([1, 1, 1, 0, 0]);
    expect((await confirm('x'.repeat(43))).json()).toEqual({ message: EMAIL_LINK_INVALID });
  });
});
