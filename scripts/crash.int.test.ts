// Issue 11: crashes under load, on a throwaway PostgreSQL of this test's own (never the shared one).
//  1. SIGKILL of `npm start` (scripts/start.ts, embedded PostgreSQL) mid-load: the orphaned embedded
//     server is found and stopped by the next start, which comes up by itself.
//  2. PostgreSQL stopped and started under load: the same server process carries on.
//  3. SIGKILL of `npm start`'s embedded PostgreSQL mid-load: the server starts it again and carries on.
//  4. Two `--role projections` processes on one database while the leader's lock session, then every
//     connection, then PostgreSQL itself go away: one leader at a time, no event applied twice.
// 1–3: every acknowledged (2xx) write is there, a retried one (same Idempotency-Key) is there once,
// and the read models equal a fresh rebuild.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'slonik';
import { z } from 'zod';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort, recoverStaleServer, startEmbeddedPostgres, EMBEDDED_PASSWORD, type EmbeddedDatabase } from '../app/db/embedded';
import { createDb } from '../app/db/pool';
import { encodeEvent } from '../app/eventstore/codec';
import { createPostgresEventStore } from '../app/eventstore/postgres';
// @ts-expect-error plain JavaScript module without types
import { SERVER_BUNDLE, SERVER_ENV, SERVER_NODE_FLAGS } from './build-server.mjs';
import { expenseData } from '../test-support/finance-events';
import { projectors } from '../projections/registry';
import { rebuildProjector } from '../projections/rebuild';
import { systemMetadata } from '../test-support/metadata';

// The server as `npm start` runs it: the esbuild bundle of scripts/start.ts, built from this checkout.
beforeAll(() => {
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'pipe', timeout: 120_000 });
}, 150_000);

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

function startFluxo(env: Record<string, string>): { child: ChildProcess; url: Promise<string>; output: () => string } {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...SERVER_ENV, PORT: '0', HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'info',
    SUPERADMIN_EMAIL: 'root@crash.test', SUPERADMIN_PASSWORD: 'senha-forte-123', FLUXO_AUDIT_KEY: randomBytes(32).toString('hex'),
    // Never the checkout's own .data/running.json (a developer's `npm start` may own it).
    FLUXO_CONNECTION_FILE: join(mkdtempSync(join(tmpdir(), 'fluxo-crash-conn-')), 'running.json'), ...env };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_BUNDLE], { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const url = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Fluxo disponível em (http:\/\/[^\s"]+)/.exec(output);
      if (match) resolve(match[1]);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code, signal) => reject(new Error(`Fluxo saiu (${code ?? signal}) antes de responder:\n${output.slice(-2000)}`)));
  });
  url.catch(() => undefined);
  return { child, url, output: () => output };
}

/** An embedded server a failed test left behind (its `npm start` gone): stopped, as the next start would. */
const stopLeftover = (dataDir: string) => recoverStaleServer(dataDir);

const stopChild = (child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') => new Promise<void>((resolve) => {
  if (child.exitCode !== null || child.signalCode !== null) return resolve();
  child.once('exit', () => resolve());
  child.kill(signal);
});

type Sent = { key: string; description: string; acked: { status: number; id: string } | null };

/** A signed-in API client over real HTTP. */
async function register(base: string): Promise<string> {
  const slug = `crash-${randomUUID().slice(0, 8)}`;
  const response = await fetch(`${base}/api/auth/register`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'Dona Carga', email: `${slug}@crash.test`, password: 'senha123', organizationName: 'Carga Ltda', organizationSlug: slug }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return response.headers.get('set-cookie')!.split(';')[0];
}

async function post(base: string, cookie: string, sent: Sent): Promise<void> {
  const response = await fetch(`${base}/api/expenses`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', cookie, 'Idempotency-Key': sent.key },
    body: JSON.stringify({ description: sent.description, amount: '12.34', category: 'operational', date: '2025-06-01' }),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await response.text();
  if (response.status >= 200 && response.status < 300) sent.acked = { status: response.status, id: (JSON.parse(text) as { id: string }).id };
}

/** `workers` clients posting expenses (each with its own key) until `stop` says so; failures are left unacknowledged. */
function load(base: () => string, cookie: string, workers: number, stop: () => boolean): { sent: Sent[]; done: Promise<void> } {
  const sent: Sent[] = [];
  let n = 0;
  const worker = async () => {
    while (!stop()) {
      const item: Sent = { key: randomUUID(), description: `carga ${++n}`, acked: null };
      sent.push(item);
      await post(base(), cookie, item).catch(() => undefined);
      // Not acknowledged (server or database away): pause, so the unacknowledged pile stays retryable in time.
      if (!item.acked) await new Promise((resolve) => setTimeout(resolve, 500));
    }
  };
  return { sent, done: Promise.all(Array.from({ length: workers }, worker)).then(() => undefined) };
}

/** Retries every unacknowledged request with its own key until it is acknowledged (6 at a time, as the load sent them). */
async function retryUnacknowledged(base: string, cookie: string, sent: Sent[], deadlineMs: number): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  const pending = sent.filter((item) => !item.acked);
  const worker = async () => {
    for (let item = pending.shift(); item; item = pending.shift()) {
      while (!item.acked && Date.now() < deadline) {
        await post(base, cookie, item).catch(() => undefined);
        if (!item.acked) await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
}

/** Every acknowledged write present once, nothing half-written, read models equal a fresh rebuild. */
async function verify(databaseUrl: string, base: string, cookie: string, sent: Sent[]) {
  const acked = sent.filter((s) => s.acked);
  expect(acked.length, 'every request acknowledged after retries').toBe(sent.length);
  const db = await createDb(databaseUrl, { maximumPoolSize: 2 });
  try {
    const counts = new Map((await db.any(sql.type(z.object({ description: z.string(), n: z.number() }))`
      SELECT data->>'description' AS description, count(*)::int AS n FROM events WHERE type = 'ExpenseRecorded' GROUP BY 1`)).map((r) => [r.description, r.n]));
    const lost = acked.filter((s) => (counts.get(s.description) ?? 0) === 0).length;
    const duplicated = acked.filter((s) => (counts.get(s.description) ?? 0) > 1).length;
    // Every acknowledged record readable through the API once the projections caught up.
    await expect.poll(async () => {
      const response = await fetch(`${base}/api/expenses?range=[0,9999]`, { headers: { cookie } });
      const ids = new Set(((await response.json()) as { id: string }[]).map((e) => e.id));
      return acked.filter((s) => !ids.has(s.acked!.id)).length;
    }, { timeout: 20_000, interval: 250 }).toBe(0);
    // The read models as the running server built them equal a rebuild from the log.
    const tables = ['expenses', 'dashboard_ledger'];
    const snapshot = async () => Promise.all(tables.map(async (table) => {
      const exists = await db.oneFirst(sql.type(z.object({ e: z.boolean() }))`SELECT to_regclass(${table}) IS NOT NULL AS e`);
      return exists ? db.oneFirst(sql.type(z.object({ h: z.string() }))`
        SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS h FROM ${sql.identifier([table])} t`) : '-';
    }));
    const live = await snapshot();
    const eventStore = createPostgresEventStore(db, databaseUrl);
    for (const name of ['expenses', 'dashboard-ledger']) {
      const projector = projectors.find((p) => p.name === name);
      if (projector) await rebuildProjector({ db, eventStore, projector, batchSize: 2_000 });
    }
    await eventStore.close();
    expect(await snapshot(), 'read models equal a fresh rebuild').toEqual(live);
    return { acknowledged: acked.length, lost, duplicated, firstTry: sent.filter((s) => s.acked).length };
  } finally {
    await db.end();
  }
}

describe('crash recovery under load', () => {
  it('SIGKILL of npm start mid-load: the next start stops the orphaned embedded PostgreSQL and comes up; nothing acknowledged is lost or doubled', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fluxo-crash-'));
    const pgPort = await freePort();
    const env = { FLUXO_DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort), DATABASE_URL: '' };
    const first = startFluxo(env);
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    cleanups.push(() => stopLeftover(dataDir));
    cleanups.push(() => stopChild(first.child, 'SIGKILL'));
    let base = await first.url;
    const cookie = await register(base);
    let stop = false;
    const running = load(() => base, cookie, 6, () => stop);
    await expect.poll(() => running.sent.filter((s) => s.acked).length, { timeout: 20_000, interval: 50 }).toBeGreaterThanOrEqual(20);
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));
    stop = true;
    await running.done;
    const ackedBeforeKill = running.sent.filter((s) => s.acked).length;

    const second = startFluxo(env);
    cleanups.push(() => stopChild(second.child));
    base = await second.url;
    expect(second.output()).toMatch(/órfão/);
    expect(second.output()).not.toMatch(/\bundefined\b/);
    await retryUnacknowledged(base, cookie, running.sent, 50_000);
    const result = await verify(`postgres://postgres:${EMBEDDED_PASSWORD}@127.0.0.1:${pgPort}/fluxo`, base, cookie, running.sent);
    console.log(`[crash] SIGKILL do servidor: ${running.sent.length} escritas, ${ackedBeforeKill} confirmadas antes do kill, ${result.acknowledged} após as novas tentativas; perdidas ${result.lost}, duplicadas ${result.duplicated}`);
    expect(result.lost).toBe(0);
    expect(result.duplicated).toBe(0);
  }, 180_000);

  it('PostgreSQL stopped and started under load: the same server carries on; nothing acknowledged is lost or doubled', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fluxo-pgcrash-'));
    const port = await freePort();
    let pg: EmbeddedDatabase = await startEmbeddedPostgres({ dataDir, port, database: 'fluxo' });
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    cleanups.push(() => pg.stop());
    const fluxo = startFluxo({ DATABASE_URL: pg.url, FLUXO_READ_YOUR_WRITES_MS: '3000' });
    cleanups.push(() => stopChild(fluxo.child));
    const base = await fluxo.url;
    const cookie = await register(base);
    let stop = false;
    const running = load(() => base, cookie, 6, () => stop);
    await expect.poll(() => running.sent.filter((s) => s.acked).length, { timeout: 20_000, interval: 50 }).toBeGreaterThanOrEqual(20);
    await pg.stop();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    pg = await startEmbeddedPostgres({ dataDir, port, database: 'fluxo' });
    await expect.poll(() => running.sent.filter((s) => s.acked).length, { timeout: 30_000, interval: 100 }).toBeGreaterThanOrEqual(40);
    stop = true;
    await running.done;
    const ackedDuringLoad = running.sent.filter((s) => s.acked).length;
    await retryUnacknowledged(base, cookie, running.sent, 50_000);
    expect(fluxo.child.exitCode, 'the server process carried on').toBeNull();
    await expect.poll(async () => (await fetch(`${base}/api/ready`)).status, { timeout: 20_000, interval: 250 }).toBe(200);
    const result = await verify(pg.url, base, cookie, running.sent);
    console.log(`[crash] PostgreSQL parado e reiniciado: ${running.sent.length} escritas, ${ackedDuringLoad} confirmadas sob carga, ${result.acknowledged} após as novas tentativas; perdidas ${result.lost}, duplicadas ${result.duplicated}`);
    expect(result.lost).toBe(0);
    expect(result.duplicated).toBe(0);
  }, 180_000);

  it("SIGKILL of npm start's embedded PostgreSQL mid-load: the server starts it again and carries on; nothing acknowledged is lost or doubled", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fluxo-pgkill-'));
    const pgPort = await freePort();
    const fluxo = startFluxo({ FLUXO_DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort), DATABASE_URL: '', FLUXO_READ_YOUR_WRITES_MS: '3000' });
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    cleanups.push(() => stopLeftover(dataDir));
    cleanups.push(() => stopChild(fluxo.child));
    const base = await fluxo.url;
    const cookie = await register(base);
    let stop = false;
    const running = load(() => base, cookie, 6, () => stop);
    const acked = () => running.sent.filter((s) => s.acked).length;
    await expect.poll(acked, { timeout: 20_000, interval: 50 }).toBeGreaterThanOrEqual(20);
    const postmaster = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    process.kill(postmaster, 'SIGKILL');
    const ackedAtKill = acked();
    await expect.poll(acked, { timeout: 60_000, interval: 100 }).toBeGreaterThanOrEqual(ackedAtKill + 20);
    stop = true;
    await running.done;
    await retryUnacknowledged(base, cookie, running.sent, 50_000);
    expect(fluxo.child.exitCode, 'the server process carried on').toBeNull();
    expect(fluxo.output()).toMatch(/PostgreSQL embutido parou e foi reiniciado/);
    await expect.poll(async () => (await fetch(`${base}/api/ready`)).status, { timeout: 20_000, interval: 250 }).toBe(200);
    const result = await verify(`postgres://postgres:${EMBEDDED_PASSWORD}@127.0.0.1:${pgPort}/fluxo`, base, cookie, running.sent);
    console.log(`[crash] SIGKILL do PostgreSQL embutido: ${running.sent.length} escritas, ${ackedAtKill} confirmadas antes do kill, ${result.acknowledged} após as novas tentativas; perdidas ${result.lost}, duplicadas ${result.duplicated}`);
    expect(result.lost).toBe(0);
    expect(result.duplicated).toBe(0);
  }, 180_000);
});

type AppliedPage = { projector: string; after: bigint; through: bigint; leaderPid: number; process: 'a' | 'b' };

/** The committed pages a projections process logged (LOG_LEVEL=debug): which leader session applied which events. */
function appliedPages(output: string, process: AppliedPage['process']): AppliedPage[] {
  return output.split('\n').flatMap((line) => {
    if (!line.includes('"projection page applied"')) return [];
    const entry = JSON.parse(line) as { projector: string; after: string; through: string; leaderPid: number | null };
    if (entry.leaderPid === null) throw new Error(`page applied outside the leader lock: ${line}`);
    return [{ projector: entry.projector, after: BigInt(entry.after), through: BigInt(entry.through), leaderPid: entry.leaderPid, process }];
  });
}

describe('two projection processes on one database', () => {
  it("the leader's lock session, every connection and PostgreSQL itself go away: one leader at a time, each event applied once", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fluxo-leaders-'));
    const port = await freePort();
    let pg: EmbeddedDatabase = await startEmbeddedPostgres({ dataDir, port, database: 'fluxo' });
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    cleanups.push(() => pg.stop());
    // The processes' sessions by name, so the test drops theirs and keeps its own.
    const processUrl = new URL(pg.url);
    processUrl.searchParams.set('application_name', 'fluxo-projections');
    const env = { DATABASE_URL: processUrl.toString(), FLUXO_ROLE: 'projections', LOG_LEVEL: 'debug' };
    const a = startFluxo(env);
    cleanups.push(() => stopChild(a.child));
    const db = await createDb(pg.url, { maximumPoolSize: 3 });
    cleanups.push(() => db.end());
    const holder = () => db.maybeOneFirst(sql.type(z.object({ pid: z.number() }))`
      SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND classid = 0 AND objid = 7263003 AND granted`).catch(() => null);
    await expect.poll(holder, { timeout: 60_000, interval: 100 }).not.toBeNull();
    const b = startFluxo(env);
    cleanups.push(() => stopChild(b.child));
    await expect.poll(() => b.output(), { timeout: 60_000, interval: 100 }).toMatch(/"msg":"another projection runner leads|não iniciou/);

    // A writer appending expenses the whole time (retrying through the outages), and a watcher
    // sampling the checkpoints and the lock's holder.
    const eventStore = createPostgresEventStore(db, pg.url);
    const organizationId = randomUUID();
    const appended: bigint[] = [];
    let stop = false;
    const writer = (async () => {
      for (let n = 0; !stop; n++) {
        const data = expenseData(organizationId, { amount: BigInt(100 + n), date: '2025-06-01', description: `despesa ${n}` });
        try {
          const result = await eventStore.append(`expense-${data.expenseId}`, [encodeEvent({ type: 'ExpenseRecorded', data })], {
            expectedRevision: 'no_stream',
            metadata: systemMetadata(organizationId),
          });
          appended.push(result.position);
        } catch {
          n--;
        }
        await new Promise((resolve) => setTimeout(resolve, 15));
      }
    })();
    const backwards: string[] = [];
    const holders: number[] = [];
    const watcher = (async () => {
      const seen = new Map<string, bigint>();
      while (!stop) {
        try {
          for (const row of await db.any(sql.type(z.object({ name: z.string(), position: z.bigint() }))`SELECT name, position FROM projection_checkpoints`)) {
            if (row.position < (seen.get(row.name) ?? 0n)) backwards.push(`${row.name}: ${seen.get(row.name)} → ${row.position}`);
            seen.set(row.name, row.position);
          }
          const pid = await holder();
          if (pid !== null && holders.at(-1) !== pid) holders.push(pid);
        } catch {
          // PostgreSQL away: sample again once it is back.
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    })();
    const appendedSoFar = () => appended.length;
    const moreEvents = async () => {
      const from = appendedSoFar();
      await expect.poll(appendedSoFar, { timeout: 30_000, interval: 50 }).toBeGreaterThanOrEqual(from + 30);
    };
    const newHolder = async (old: number | null) => {
      await expect.poll(async () => {
        const pid = await holder();
        return pid !== null && pid !== old;
      }, { timeout: 30_000, interval: 50 }).toBe(true);
    };

    await moreEvents();
    // The leader's lock session killed, four times: the other process (or the same one, anew) takes over.
    for (let round = 0; round < 4; round++) {
      const pid = await holder();
      await db.query(sql.unsafe`SELECT pg_terminate_backend(${pid})`);
      await newHolder(pid);
      await moreEvents();
    }
    // Every connection of both processes dropped at once.
    const before = await holder();
    await db.query(sql.unsafe`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'fluxo-projections'`);
    await newHolder(before);
    await moreEvents();
    // PostgreSQL stopped and started.
    await pg.stop();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    pg = await startEmbeddedPostgres({ dataDir, port, database: 'fluxo' });
    await newHolder(null);
    await moreEvents();
    stop = true;
    await writer;
    await watcher;

    // The log as stored (an append cut off by an outage may have landed unacknowledged).
    const logged = await db.anyFirst(sql.type(z.object({ position: z.bigint() }))`SELECT position FROM events WHERE type = 'ExpenseRecorded' ORDER BY position`);
    expect(logged.length).toBeGreaterThanOrEqual(appended.length);
    const head = logged.at(-1)!;
    await expect.poll(async () => db.oneFirst(sql.type(z.object({ behind: z.number() }))`
      SELECT count(*)::int AS behind FROM projection_checkpoints WHERE position < ${head.toString()}::bigint`), { timeout: 30_000, interval: 200 }).toBe(0);
    await Promise.all([stopChild(a.child), stopChild(b.child)]);
    await eventStore.close();

    const pages = [...appliedPages(a.output(), 'a'), ...appliedPages(b.output(), 'b')];
    const applications = (projector: string, position: bigint) => pages.filter((p) => p.projector === projector && p.after < position && position <= p.through);
    for (const [projector, table] of [['expenses', 'expenses'], ['dashboard-ledger', 'dashboard_entries']] as const) {
      // Every appended expense in exactly one committed page of each projector that reads it.
      const counts = logged.map((position) => applications(projector, position).length);
      expect(counts.filter((n) => n > 1), `${projector}: events applied more than once`).toEqual([]);
      // A page whose COMMIT landed as its connection was cut off is applied but unlogged (the runner
      // saw an error; the next leader found the checkpoint past it): its rows are there all the same.
      const unlogged = logged.filter((_, i) => counts[i] === 0);
      const missing = unlogged.length === 0 ? [] : await db.anyFirst(sql.type(z.object({ position: z.bigint() }))`
        SELECT e.position FROM events e
        WHERE e.position = ANY(${sql.array(unlogged.map(String), 'int8')})
          AND NOT EXISTS (SELECT 1 FROM ${sql.identifier([table])} t WHERE t.id = (e.data->>'expenseId')::uuid)`);
      expect(missing, `${projector}: events never applied`).toEqual([]);
      // A leader session whose lock went away never applied again: each session's pages are one run in log order.
      const sessions = pages.filter((p) => p.projector === projector).sort((x, y) => Number(x.after - y.after)).map((p) => p.leaderPid);
      const runs = sessions.filter((pid, i) => i === 0 || sessions[i - 1] !== pid);
      expect(new Set(runs).size, `${projector}: a leader session applied again after another took over`).toBe(runs.length);
    }
    expect(backwards, 'checkpoints never go backwards').toEqual([]);
    const leadersOf = (process: AppliedPage['process']) => new Set(pages.filter((p) => p.process === process).map((p) => p.leaderPid));
    expect([...leadersOf('a')].filter((pid) => leadersOf('b').has(pid)), 'a leader session belongs to one process').toEqual([]);
    expect(leadersOf('a').size + leadersOf('b').size, 'leadership moved at each outage').toBeGreaterThanOrEqual(6);
    const rows = await db.one(sql.type(z.object({ n: z.number(), total: z.bigint() }))`
      SELECT count(*)::int AS n, coalesce(sum(amount), 0)::bigint AS total FROM expenses WHERE organization_id = ${organizationId}`);
    expect(rows.n).toBe(logged.length);
    console.log(`[crash] dois processos de projeção: ${logged.length} eventos, ${pages.length} páginas aplicadas, ${leadersOf('a').size} sessões líderes em A e ${leadersOf('b').size} em B, trocas de líder vistas: ${holders.length - 1}; cada evento aplicado uma vez`);
  }, 240_000);
});
