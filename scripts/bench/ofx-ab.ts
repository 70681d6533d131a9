// The OFX import figure, A/B: two (or more) server bundles take turns importing a fresh 10k statement
// into the same copy of the seeded history, as `npm run bench`'s row does (HTTP, background job,
// polled until done), with wall time, each phase's moment and CPU seconds (server, PostgreSQL):
//   BENCH_PG_PORT=… npx tsx scripts/bench/ofx-ab.ts --variants old=/tmp/old/.build/fluxo.mjs,new=.build/fluxo.mjs --rounds 3
// (a variant may add Node flags after the server's own: `semi64=.build/fluxo.mjs+--max-semi-space-size=64`)
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { freePort } from '../../app/db/embedded';
import { largeStatement } from '../../test-support/ofx-statement';
import { argNumber, argValue, hasFlag } from './args';
import { processCpuSeconds, serverCpuSeconds } from './cpu';
import { adminQuery, benchAdmin, startBenchServer } from './database';
import { signIn } from './http';
import { statements } from './measure';
import { startFluxoServer } from './processes';
import { BENCH_PASSWORD } from './seed';
import { settledCopy } from './settle';

const variants = argValue('variants', '').split(',').filter(Boolean).map((v) => {
  // name=bundle, or name=bundle+--flag+--flag: Node flags after the server's own (a later one wins).
  const at = v.indexOf('=');
  const [name, spec] = [v.slice(0, at), v.slice(at + 1)];
  const [bundle, ...flags] = spec.split('+');
  return { name, bundle: resolve(bundle), flags };
});
const rounds = argNumber('rounds', 3);
const count = argNumber('transactions', 10_000);
const seedDatabase = argValue('database', 'fluxo_bench');
const RUN = `${seedDatabase}_ofx_ab`;
/** --profile: each server writes a CPU profile under bench-results/tmp/ofx-profiles, and the top statements are printed. */
const profile = hasFlag('profile');
const profileDir = resolve('bench-results/tmp/ofx-profiles');

async function printTopStatements(url: string): Promise<void> {
  for (const r of (await statements(url).top('time', 25)) ?? []) {
    console.log(`  ${String(Math.round(r.totalMs)).padStart(6)} ms ${String(r.calls).padStart(6)}× ${r.query.slice(0, 110)}`);
  }
}

async function startServer(bundle: string, url: string, flags: string[] = []) {
  const fluxo = await startFluxoServer(url, await freePort(), { bundle, nodeFlags: [...flags, ...(profile ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [])] });
  const pid = fluxo.process.pid!;
  // Quiet: its start-up catch-up done (less than 0.05 CPU s over a second, 60 s at most).
  for (let i = 0; i < 60; i++) {
    const before = processCpuSeconds(pid) + (serverCpuSeconds() ?? 0);
    await new Promise((r) => setTimeout(r, 1000));
    if (processCpuSeconds(pid) + (serverCpuSeconds() ?? 0) - before < 0.05) break;
  }
  return { base: fluxo.url, pid, stop: fluxo.stop };
}

async function importOnce(base: string, pid: number, cookie: string) {
  const content = largeStatement(count, { bankId: '341', accountId: `${randomUUID().slice(0, 5)}-1` });
  const cpu0 = { server: processCpuSeconds(pid), pg: serverCpuSeconds() ?? 0 };
  const started = performance.now();
  const at = () => +((performance.now() - started) / 1000).toFixed(2);
  const response = await fetch(`${base}/api/import/ofx`, {
    method: 'POST', headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ ofxContent: content, importOptions: { skipDuplicates: true, autoCategorize: true } }),
  });
  const answered = at();
  let body = (await response.json()) as { jobId?: string; status?: string; processed?: number; total?: number; summary?: { importedCount: number } };
  let allSettled: number | null = null;
  while (response.status === 202 && body.jobId && body.status !== 'done' && body.status !== 'failed') {
    await new Promise((r) => setTimeout(r, 100));
    body = (await (await fetch(`${base}/api/import/ofx/jobs/${body.jobId}`, { headers: { cookie } })).json()) as typeof body;
    if (allSettled === null && body.processed === body.total) allSettled = at();
  }
  const seconds = at();
  return {
    seconds, answered, allAppended: allSettled, status: body.status, imported: body.summary?.importedCount,
    serverCpu: +(processCpuSeconds(pid) - cpu0.server).toFixed(2), pgCpu: +((serverCpuSeconds() ?? 0) - cpu0.pg).toFixed(2),
  };
}

async function main() {
  const server = await startBenchServer();
  try {
    const url = await settledCopy(server, seedDatabase, RUN);
    const admin = await benchAdmin(url);
    for (let round = 1; round <= rounds; round++) {
      // A B, then B A: each import leaves work behind (autovacuum of its 20,000 rows) that the next one meets.
      for (const variant of round % 2 === 1 ? variants : [...variants].reverse()) {
        const fluxo = await startServer(variant.bundle, url, variant.flags);
        try {
          const cookie = await signIn(fluxo.base, admin.email, BENCH_PASSWORD);
          if (profile) await statements(url).reset();
          const result = await importOnce(fluxo.base, fluxo.pid, cookie);
          if (profile) await printTopStatements(url);
          console.log(JSON.stringify({ round, variant: variant.name, ...result, cpuTotal: +(result.serverCpu + result.pgCpu).toFixed(2), load: loadavg()[0].toFixed(1) }));
        } finally {
          await fluxo.stop();
        }
      }
    }
    await adminQuery(server, `DROP DATABASE IF EXISTS ${RUN} WITH (FORCE)`);
  } finally {
    await server.stop();
  }
}

await main();
