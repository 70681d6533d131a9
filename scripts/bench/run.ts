// `npm run bench`: event store and projection throughput on this machine; figures go to bench-results/.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'slonik';
import { startEmbeddedPostgres } from '../../app/db/embedded';
import { createDb } from '../../app/db/pool';
import { createPostgresEventStore } from '../../app/eventstore/postgres';
import type { EventStore } from '../../app/eventstore/port';
import { projectors } from '../../projections/registry';
import { createProjectionRunner } from '../../projections/runner';
import { migrateDatabase } from '../../projections/schema';
import { runFluxo } from '../fluxo';

type Result = { name: string; value: number; unit: string; detail: string };

const meta = () => ({ organizationId: randomUUID(), actorUserId: null, correlationId: randomUUID(), causationId: null, requestId: null, occurredAt: new Date().toISOString() });

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await fn();
  return { ms: performance.now() - start, value };
}

async function appendSequential(store: EventStore, count: number): Promise<number> {
  const { ms } = await timed(async () => {
    for (let i = 0; i < count; i++) {
      await store.append(`bench-${randomUUID()}`, [{ type: 'BenchMoved', data: { i, amount: '1250' } }], { expectedRevision: 'no_stream', metadata: meta() });
    }
  });
  return (count / ms) * 1000;
}

async function appendConcurrent(store: EventStore, writers: number, perWriter: number): Promise<number> {
  const { ms } = await timed(() =>
    Promise.all(
      Array.from({ length: writers }, async () => {
        const stream = `bench-${randomUUID()}`;
        for (let i = 0; i < perWriter; i++) {
          await store.append(stream, [{ type: 'BenchMoved', data: { i } }], { expectedRevision: i === 0 ? 'no_stream' : i - 1, metadata: meta() });
        }
      }),
    ),
  );
  return ((writers * perWriter) / ms) * 1000;
}

async function readAllRate(store: EventStore): Promise<{ rate: number; total: number }> {
  let after = 0n;
  let total = 0;
  const { ms } = await timed(async () => {
    for (;;) {
      const page = await store.readAll({ after, limit: 1000 });
      if (page.length === 0) break;
      total += page.length;
      after = page[page.length - 1].position;
    }
  });
  return { rate: (total / ms) * 1000, total };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fluxo-bench-'));
  const embedded = process.env.BENCH_DATABASE_URL ? null : await startEmbeddedPostgres({ dataDir, database: 'fluxo_bench', persistent: false });
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? embedded!.url;
  const results: Result[] = [];
  try {
    const db = await createDb(databaseUrl);
    await migrateDatabase(db);
    const store = createPostgresEventStore(db, databaseUrl);

    const seq = await appendSequential(store, 2000);
    results.push({ name: 'append, 1 writer, 1 event per append', value: seq, unit: 'events/s', detail: '2000 appends to new streams' });
    const conc = await appendConcurrent(store, 8, 250);
    results.push({ name: 'append, 8 concurrent writers', value: conc, unit: 'events/s', detail: '8 streams × 250 appends with optimistic concurrency' });
    const read = await readAllRate(store);
    results.push({ name: '$all read in pages of 1000', value: read.rate, unit: 'events/s', detail: `${read.total} events` });

    // Realistic history: the demo organization, then a full rebuild of every read model.
    const app = await runFluxo({ databaseUrl, port: 0, host: '127.0.0.1', seedDemo: true, logLevel: 'error', serveUi: false });
    const head = await app.deps.eventStore.headPosition();
    const demoEvents = await app.deps.db.oneFirst(sql.unsafe`SELECT count(*)::int FROM events WHERE type NOT LIKE 'Bench%'`);
    const rebuildRunner = createProjectionRunner({ db: app.deps.db, connectionString: databaseUrl, eventStore: app.deps.eventStore, projectors });
    let rebuilt = 0;
    const { ms: rebuildMs } = await timed(async () => {
      for (const projector of projectors) {
        await rebuildRunner.rebuild(projector.name, (p) => (rebuilt = Math.max(rebuilt, p.applied)));
      }
    });
    results.push({ name: 'rebuild every projection from the log', value: rebuildMs, unit: 'ms', detail: `${projectors.length} projectors over ${head} events (${String(demoEvents)} demo events)` });

    // API read latency on the demo organization.
    const login = await fetch(`${app.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'demo@fluxo.app', password: 'demo123' }) });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    for (const path of ['/api/auth/me', '/api/expenses', '/api/transactions', '/api/financial/metrics']) {
      const samples: number[] = [];
      for (let i = 0; i < 60; i++) {
        const { ms, value } = await timed(() => fetch(`${app.url}${path}`, { headers: { cookie } }));
        await value.arrayBuffer();
        if (value.status === 404) break;
        samples.push(ms);
      }
      if (samples.length === 0) continue;
      samples.sort((a, b) => a - b);
      results.push({ name: `GET ${path} p50`, value: samples[Math.floor(samples.length * 0.5)], unit: 'ms', detail: `${samples.length} sequential requests, demo organization` });
      results.push({ name: `GET ${path} p95`, value: samples[Math.floor(samples.length * 0.95)], unit: 'ms', detail: `${samples.length} sequential requests, demo organization` });
    }
    await app.close();
    await store.close();
    await db.end();
  } finally {
    await embedded?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  mkdirSync('bench-results', { recursive: true });
  const stamp = new Date().toISOString();
  // Figures depend on what else runs on the machine: the load average is recorded with them.
  const machine = `${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(1)).join(' / ')}, node ${process.version}`;
  writeFileSync('bench-results/results.json', JSON.stringify({ at: stamp, machine, results }, null, 2));
  const lines = [`# Fluxo benchmarks (${stamp})`, '', `Machine: ${machine}.`, '', '| benchmark | value | unit | detail |', '|---|---|---|---|', ...results.map((r) => `| ${r.name} | ${r.value.toFixed(1)} | ${r.unit} | ${r.detail} |`)];
  writeFileSync('bench-results/results.md', lines.join('\n') + '\n');
  console.log(lines.join('\n'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
