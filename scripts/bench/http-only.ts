// The HTTP figures of `npm run bench` alone (reference route, the screens' GETs, POST /api/expenses),
// on a copy of the seeded history, each phase in its own CPU-profiled server so a profile shows
// one kind of request: `tsx scripts/bench/http-only.ts [--http-seconds 10] [--phases get,post]
// [--bundles .build/before.mjs,.build/fluxo.mjs]` (several server bundles: each measured in turn,
// beside the same reference, for before/after figures taken in one run). `--post-connections 1`:
// the POSTs one at a time, each write its own projection passes (no batching), so the statements and
// CPU per write barely depend on how busy the machine is. `--post-windows 6`: 2 s windows of POSTs
// first, each with its rate and CPU per request, to see the server warm up.
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { freePort } from '../../app/db/embedded';
import { argNumber, argValue } from './args';
import { adminQuery, benchAdmin, startBenchServer } from './database';
import { hammer, signIn, signInSessions } from './http';
import { load, statements, summarizeProfile } from './measure';
import { startChild, startFluxoServer } from './processes';
import { settledCopy } from './settle';
import { requestCpuMeter } from './cpu';
// @ts-expect-error plain JavaScript module without types
import { SERVER_BUNDLE } from '../build-server.mjs';
import { benchExpense, firstExpenseId, SCREEN_READS } from './screens';
import { BENCH_PASSWORD } from './seed';

const seconds = argNumber('http-seconds', 10);
const phases = argValue('phases', 'get,post').split(',');
const SEED = argValue('database', 'fluxo_bench');
const RUN = `${SEED}_http`;
const profileDir = resolve('bench-results/tmp/http-profiles');
const bundles = argValue('bundles', '').split(',').filter(Boolean);
const postConnections = argNumber('post-connections', 16);
/** --post-windows N: N windows of 2 s of POSTs before the measured run, each with its rate and CPU per request (how the server warms up). */
const postWindows = argNumber('post-windows', 0);

async function startFluxo(url: string, port: number, name: string, bundle: string = SERVER_BUNDLE) {
  const dir = join(profileDir, name);
  mkdirSync(dir, { recursive: true });
  return startFluxoServer(url, port, { bundle, nodeFlags: ['--cpu-prof', '--cpu-prof-dir', dir] });
}

function profileOf(name: string): string {
  const dir = join(profileDir, name);
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  return file ? summarizeProfile(JSON.parse(readFileSync(join(dir, file), 'utf8')), 8) : 'no profile';
}

async function main(): Promise<void> {
  rmSync(profileDir, { recursive: true, force: true });
  const server = await startBenchServer();
  const lines: string[] = [];
  const say = (line: string) => {
    lines.push(line);
    console.log(line);
  };
  try {
    const url = await settledCopy(server, SEED, RUN);
    await adminQuery({ ...server, adminUrl: url }, 'CREATE EXTENSION IF NOT EXISTS pg_stat_statements').catch(() => undefined);
    const tenant = await benchAdmin(url);
    const expenseId = await firstExpenseId(url, tenant.organizationId);
    const stats = statements(url);
    if (phases.includes('none')) {
      console.log('settled');
    } else {
    const reference = await startChild(['--import', 'tsx', 'scripts/bench/reference-server.ts'], { DATABASE_URL: url }, { fromLine: (l) => (/^http:\/\/\S+$/.test(l.trim()) ? l.trim() : null) });
    let refRate = 0;
    try {
      await hammer({ url: `${reference.url}/ref?id=${expenseId}`, seconds: 1 });
      const ref = await hammer({ url: `${reference.url}/ref?id=${expenseId}`, seconds });
      refRate = ref.requestsPerSecond;
      say(`reference: ${ref.requestsPerSecond.toFixed(0)} req/s, p99 ${ref.p99} ms (load ${load()})`);
    } finally {
      await reference.stop();
    }

    // Every bundle's GETs before any POST: the POSTs grow the log and the notification outbox.
    const servers = [...(bundles.length ? bundles : [SERVER_BUNDLE as string]).entries()];
    for (const [b, bundle] of servers) {
      if (phases.includes('get')) {
        say(`== ${bundle}`);
        const port = await freePort();
        const fluxo = await startFluxo(url, port, `get-${b}`, bundle);
        try {
          await new Promise((r) => setTimeout(r, 3000));
          const cookie = await signIn(fluxo.url, tenant.email, BENCH_PASSWORD);
          for (const { path } of SCREEN_READS) {
            await hammer({ url: `${fluxo.url}${path}`, cookie, seconds: 1 });
            await stats.reset();
            const r = await hammer({ url: `${fluxo.url}${path}`, cookie, seconds });
            say(`GET ${decodeURIComponent(path)}: ${r.requestsPerSecond.toFixed(0)} req/s (${((r.requestsPerSecond / refRate) * 100).toFixed(0)}%), p99 ${r.p99} ms, ${r.non2xx} non-2xx, ${r.errors} errors (load ${load()})`);
            say(`  ${await stats.summary(r.total, 'request')}`);
          }
        } finally {
          await fluxo.stop();
        }
        say(`  GET server ${profileOf(`get-${b}`)}`);
      }
    }
    for (const [b, bundle] of servers) {
      if (phases.includes('post')) {
        say(`== ${bundle}`);
        const port = await freePort();
        const fluxo = await startFluxo(url, port, `post-${b}`, bundle);
        try {
          await new Promise((r) => setTimeout(r, 3000));
          const sessions = await signInSessions(fluxo.url, tenant.email, BENCH_PASSWORD, 16);
          const body = benchExpense();
          for (let w = 0; w < postWindows; w++) {
            const windowCpu = requestCpuMeter(fluxo.process.pid!);
            const r = await hammer({ url: `${fluxo.url}/api/expenses`, cookies: sessions, seconds: 2, method: 'POST', body, connections: postConnections });
            say(`  window ${w + 1}: ${r.requestsPerSecond.toFixed(0)} req/s, p99 ${r.p99} ms; ${windowCpu.per(r.total)}`);
          }
          await hammer({ url: `${fluxo.url}/api/expenses`, cookies: sessions, seconds: 1, method: 'POST', body, connections: postConnections });
          await stats.reset();
          const cpu = requestCpuMeter(fluxo.process.pid!);
          const post = await hammer({ url: `${fluxo.url}/api/expenses`, cookies: sessions, seconds, method: 'POST', body, connections: postConnections });
          say(`POST /api/expenses: ${post.requestsPerSecond.toFixed(0)} req/s, p50 ${post.p50} ms, p99 ${post.p99} ms, ${post.total} requests, ${post.non2xx} non-2xx, ${post.errors} errors (load ${load()})`);
          say(`  ${cpu.per(post.total)}`);
          say(`  ${await stats.summary(post.total, 'request')}`);
          for (const row of (await stats.top('calls', 25)) ?? []) say(`    ${(row.calls / post.total).toFixed(2)}/req ${row.meanMs.toFixed(2)} ms  ${row.query.slice(0, 150)}`);
        } finally {
          await fluxo.stop();
        }
        say(`  POST server ${profileOf(`post-${b}`)}`);
      }
    }
    }
    const keepAs = argValue('keep-as', '');
    if (keepAs) await adminQuery(server, `ALTER DATABASE ${RUN} RENAME TO ${keepAs}`);
    else await adminQuery(server, `DROP DATABASE IF EXISTS ${RUN} WITH (FORCE)`);
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
