// Times one OFX import of a generated statement end to end, in process, on a fresh database:
//   npx tsx scripts/bench/ofx-import.ts [--transactions 10000]
// The server is TEST_DATABASE_URL's (or BENCH_DATABASE_URL's). End to end = from the POST to the
// moment the read models show every transaction (the job reports done only then): what a user waits.
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { sql } from 'slonik';
import { buildServer } from '../../api/server';
import { auditKeyFrom } from '../../app/audit/key';
import { systemContext } from '../../app/context';
import { createDb } from '../../app/db/pool';
import type { AppDeps } from '../../app/deps';
import { createPostgresEventStore } from '../../app/eventstore/postgres';
import { registerOrganization } from '../../app/identity/auth';
import { projectors } from '../../projections/registry';
import { createProjectionRunner } from '../../projections/runner';
import { migrateDatabase } from '../../projections/schema';
import { largeStatement } from '../../test-support/ofx-statement';
import { argNumber } from './args';

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!adminUrl) throw new Error('Set TEST_DATABASE_URL (or BENCH_DATABASE_URL) to a PostgreSQL server');
const count = argNumber('transactions', 10_000);
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined };

const withDatabase = (url: string, database: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
};

async function main(): Promise<void> {
  const name = `fluxo_ofx_bench_${randomUUID().replaceAll('-', '').slice(0, 10)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = withDatabase(adminUrl as string, name);
  const db = await createDb(url);
  await migrateDatabase(db);
  // As the server wires them (scripts/fluxo.ts): while this runner leads, it follows the appends here.
  let leadsHere = () => false;
  const eventStore = createPostgresEventStore(db, url, { notifyOthers: () => !leadsHere() });
  const runner = createProjectionRunner({ db, connectionString: url, eventStore, projectors });
  leadsHere = () => runner.isLeader();
  const deps: AppDeps = {
    db, eventStore, auditKey: auditKeyFrom(randomBytes(32)), clock: () => new Date(), logger: silent,
    waitForProjections: async (position) => {
      if (position !== null && !(await runner.waitFor(position, 600_000))) throw new Error(`projections did not reach ${position}`);
    },
  };
  await runner.start();
  const app = await buildServer(deps, { serveUi: false });
  await app.ready();
  try {
    const slug = `ofx-bench-${Date.now().toString(36)}`;
    const email = `admin@${slug}.test`;
    await registerOrganization(deps, { username: 'Bench', email, password: 'senha123', organizationName: 'OFX Bench', organizationSlug: slug }, systemContext(new Date()));
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'senha123' } });
    const cookie = String(login.headers['set-cookie']).split(';')[0];
    const content = largeStatement(count, { bankId: '341', accountId: '7788-9' });
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const response = await app.inject({
      method: 'POST', url: '/api/import/ofx', headers: { cookie },
      payload: { ofxContent: content, importOptions: { skipDuplicates: true, autoCategorize: true } },
    });
    const answered = performance.now();
    let body = response.json() as { jobId?: string; status?: string; processed?: number; summary?: { importedCount: number }; message?: string };
    // When each share of the file was settled (appended or skipped), then when the read models showed it.
    const timeline: Record<string, number> = {};
    while (response.statusCode === 202 && body.jobId && body.status !== 'done' && body.status !== 'failed') {
      await new Promise((r) => setTimeout(r, 50));
      body = (await app.inject({ method: 'GET', url: `/api/import/ofx/jobs/${body.jobId}`, headers: { cookie } })).json();
      timeline[`processed ${body.processed}`] ??= +((performance.now() - started) / 1000).toFixed(2);
    }
    const done = performance.now();
    const cpu = process.cpuUsage(cpuBefore);
    const events = await db.oneFirst(sql.unsafe`SELECT count(*)::int FROM events`);
    console.log(JSON.stringify({
      transactions: count, megabytes: +(Buffer.byteLength(content) / 1024 / 1024).toFixed(2), status: response.statusCode,
      answeredSeconds: +((answered - started) / 1000).toFixed(2), endToEndSeconds: +((done - started) / 1000).toFixed(2),
      // This process's CPU over the import (parse, appends, projection runner): on a shared machine, steadier than wall time.
      nodeCpuSeconds: +((cpu.user + cpu.system) / 1e6).toFixed(2),
      imported: body.summary?.importedCount ?? null, message: body.message, events, timeline,
    }));
  } finally {
    await app.close();
    await runner.stop();
    await eventStore.close();
    await db.end();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

await main();
