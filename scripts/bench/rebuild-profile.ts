// `npx tsx scripts/bench/rebuild-profile.ts --database fluxo_bench [--batch N] [--concurrency N] [--resident ROWS] [--only NAME,…] [--cpu-prof]`:
// times one full rebuild of every read model on a seeded database (`npm run bench:seed -- --events-only`),
// with seconds per projector, the WAL it wrote, the costliest statements (when the server loads
// pg_stat_statements) and, with --cpu-prof, where Node spent its own time (the .cpuprofile is written to
// bench-results/tmp).
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import pg from 'pg';
import { createDb } from '../../app/db/pool';
import { createPostgresEventStore } from '../../app/eventstore/postgres';
import { projectors } from '../../projections/registry';
import { migrateDatabase } from '../../projections/schema';
import { applyMs, DEFAULT_BATCH, DEFAULT_CONCURRENCY, rebuildAll } from '../../projections/rebuild';
import { argNumber, argValue, hasFlag } from './args';
import { cpuMeter } from './cpu';
import { startBenchServer } from './database';
import { load, statements, summarizeProfile } from './measure';


async function adminRun<R extends pg.QueryResultRow>(url: string, text: string): Promise<R[] | null> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(text)).rows;
  } catch {
    return null;
  } finally {
    await client.end();
  }
}

type HeapNode = { callFrame: { functionName: string; url: string; lineNumber: number }; selfSize: number; children: HeapNode[] };
type HeapSample = { head: HeapNode };

/** Live bytes by the function that allocated them, and by that function's caller. */
function summarizeHeap(profile: HeapSample, top = 25): string {
  const bySite = new Map<string, number>();
  let total = 0;
  const frame = (node: HeapNode) => `${node.callFrame.functionName || '(anonymous)'} (${node.callFrame.url.split('/').slice(-2).join('/')}:${node.callFrame.lineNumber + 1})`;
  const walk = (node: HeapNode, caller: string) => {
    if (node.selfSize > 0) {
      const site = `${frame(node)} ← ${caller}`;
      bySite.set(site, (bySite.get(site) ?? 0) + node.selfSize);
      total += node.selfSize;
    }
    for (const child of node.children) walk(child, frame(node));
  };
  walk(profile.head, '');
  const lines = [...bySite].sort((a, b) => b[1] - a[1]).slice(0, top)
    .map(([site, bytes]) => `${String(Math.round(bytes / 2 ** 20)).padStart(6)} MB ${((bytes / total) * 100).toFixed(0).padStart(3)}% ${site}`);
  return [`live heap at the end of the load (sampled): ${Math.round(total / 2 ** 20)} MB`, ...lines].join('\n');
}

/** --only search,expenses: those projectors alone (one projector's cost without the others' load on the machine). */
function chosen(): typeof projectors {
  const only = argValue('only', '').split(',').filter(Boolean);
  if (only.length === 0) return projectors;
  const unknown = only.filter((name) => !projectors.some((p) => p.name === name));
  if (unknown.length > 0) throw new Error(`no such projector: ${unknown.join(', ')}`);
  return projectors.filter((p) => only.includes(p.name));
}

async function main(): Promise<void> {
  // BENCH_DATABASE_URL's server, else the bench's embedded one (BENCH_DATA_DIR, BENCH_PG_PORT) with pg_stat_statements.
  const server = await startBenchServer();
  try {
    await profileRebuild(server.urlOf(argValue('database', 'fluxo_bench')));
  } finally {
    await server.stop();
  }
}

async function profileRebuild(url: string): Promise<void> {
  const statementsOn = (await adminRun(url, 'CREATE EXTENSION IF NOT EXISTS pg_stat_statements')) !== null
    && (await adminRun(url, 'SELECT pg_stat_statements_reset()')) !== null;
  const walBytes = async () => Number((await adminRun<{ bytes: string }>(url, 'SELECT wal_bytes::text AS bytes FROM pg_stat_wal'))?.[0]?.bytes ?? NaN);
  // WAL flushes the client connections made themselves (PostgreSQL 18's pg_stat_io): what commits wait on.
  const walSyncs = async () => Number((await adminRun<{ n: string }>(url, `SELECT coalesce(sum(fsyncs), 0)::text AS n FROM pg_stat_io WHERE object = 'wal' AND backend_type = 'client backend'`))?.[0]?.n ?? NaN);
  const walBefore = await walBytes();
  const syncsBefore = await walSyncs();
  const db = await createDb(url);
  // As the server does at start: a seed older than the event store's last change is read with today's.
  await migrateDatabase(db);
  const eventStore = createPostgresEventStore(db, url);
  const session = hasFlag('cpu-prof') ? new Session() : null;
  if (session) {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
  }
  // --heap-sample: V8's sampling heap profiler, read when the load ends (the most rows held): what holds the heap.
  const heapSession = hasFlag('heap-sample') ? new Session() : null;
  if (heapSession) {
    heapSession.connect();
    await heapSession.post('HeapProfiler.enable');
    await heapSession.post('HeapProfiler.startSampling', { samplingInterval: 16_384 });
  }
  const readHeap = async () => {
    if (!heapSession) return;
    const { profile } = (await heapSession.post('HeapProfiler.getSamplingProfile')) as { profile: HeapSample };
    await heapSession.post('HeapProfiler.stopSampling');
    heapSession.disconnect();
    mkdirSync('bench-results/tmp', { recursive: true });
    writeFileSync('bench-results/tmp/rebuild.heapprofile', JSON.stringify(profile));
    console.log(summarizeHeap(profile));
  };
  let heapRead: Promise<void> | null = null;
  const cpuUsed = cpuMeter();
  const memory = { peak: 0, heap: 0, external: 0 };
  const sampler = setInterval(() => {
    const usage = process.memoryUsage();
    memory.peak = Math.max(memory.peak, usage.rss);
    memory.heap = Math.max(memory.heap, usage.heapUsed);
    memory.external = Math.max(memory.external, usage.external);
  }, 200);
  const began = performance.now();
  try {
    const result = await rebuildAll({
      db, eventStore, projectors: chosen(),
      batchSize: argNumber('batch', DEFAULT_BATCH),
      concurrency: argNumber('concurrency', DEFAULT_CONCURRENCY),
      maxResidentRows: argValue('resident', '') === '' ? undefined : argNumber('resident', 0),
      onProgress: (p) => {
        if (p.phase === 'indexing') heapRead ??= readHeap();
        if (p.phase !== 'loading') process.stdout.write(`  ${p.phase} at ${((performance.now() - began) / 1000).toFixed(1)} s, ${Math.round(p.eventsPerSecond ?? 0)} ev/s\n`);
      },
    });
    const used = cpuUsed();
    await heapRead;
    console.log(`${result.applied} events in ${result.seconds.toFixed(1)} s: ${Math.round(result.eventsPerSecond)} log events/s (load ${load()}, peak RSS ${Math.round(memory.peak / 2 ** 20)} MB, heap used ${Math.round(memory.heap / 2 ** 20)} MB, external ${Math.round(memory.external / 2 ** 20)} MB)`);
    // The machine is shared: CPU seconds are the steadier measure of the rebuild's own work.
    console.log(`Node CPU ${used.node.toFixed(1)} s${used.server === null ? '' : `, PostgreSQL CPU ${used.server.toFixed(1)} s`}`);
    const total = [...applyMs.values()].reduce((a, b) => a + b, 0);
    for (const [name, ms] of [...applyMs].sort((x, y) => y[1] - x[1])) {
      console.log(`  ${name.padEnd(24)} ${(ms / 1000).toFixed(2).padStart(7)} s ${((ms / total) * 100).toFixed(0).padStart(3)}%`);
    }
  } finally {
    clearInterval(sampler);
    if (session) {
      const { profile } = (await session.post('Profiler.stop')) as { profile: Parameters<typeof summarizeProfile>[0] };
      mkdirSync('bench-results/tmp', { recursive: true });
      writeFileSync('bench-results/tmp/rebuild.cpuprofile', JSON.stringify(profile));
      console.log(summarizeProfile(profile, 15).replace(/, /g, '\n  '));
      session.disconnect();
    }
    await eventStore.close();
    await db.end();
  }
  console.log(`WAL written: ${Math.round((await walBytes() - walBefore) / 2 ** 20)} MB, flushed by the rebuild's connections ${await walSyncs() - syncsBefore} times`);
  if (statementsOn) {
    const all = (await statements(url).top('time')) ?? [];
    console.log(`SQL: ${all.reduce((n, r) => n + r.calls, 0)} statements, ${(all.reduce((n, r) => n + r.totalMs, 0) / 1000).toFixed(1)} s executing`);
    for (const r of all.slice(0, 40)) console.log(`${(r.totalMs / 1000).toFixed(2).padStart(7)} s ${String(r.calls).padStart(6)}× ${String(r.rows).padStart(8)} rows ${r.query.slice(0, 120)}`);
  } else {
    console.log('pg_stat_statements not loaded on this server (shared_preload_libraries)');
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
