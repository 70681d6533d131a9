// The first requests after an idle pause, per server bundle: what a tenant who stops for a few
// seconds waits for on the next click (connections, caches and plans the pause let go). On a copy of
// the settled bench history:
//   BENCH_PG_PORT=… npx tsx scripts/bench/idle-pause.ts .build/before.mjs .build/fluxo.mjs [--pause-seconds 12] [--pauses 4]
import { freePort } from '../../app/db/embedded';
import { argNumber, argValue } from './args';
import { adminQuery, benchAdmin, startBenchServer } from './database';
import { signIn } from './http';
import { startFluxoServer } from './processes';
import { BENCH_PASSWORD } from './seed';
import { settledCopy } from './settle';

const bundles = process.argv.slice(2).filter((arg) => arg.endsWith('.mjs'));
const pauseSeconds = argNumber('pause-seconds', 12);
const pauses = argNumber('pauses', 4);
const seedDatabase = argValue('database', 'fluxo_bench');
const RUN = `${seedDatabase}_idle_pause`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One bundle: warm it, then time a read, a write and a list after each pause. */
async function measure(bundle: string, url: string, email: string): Promise<string> {
  const fluxo = await startFluxoServer(url, await freePort(), { bundle });
  try {
    const cookie = await signIn(fluxo.url, email, BENCH_PASSWORD);
    const timed = async (path: string, init: RequestInit = {}) => {
      const started = performance.now();
      const response = await fetch(`${fluxo.url}${path}`, { ...init, headers: { cookie, accept: 'application/json', 'content-type': 'application/json' } });
      await response.text();
      if (!response.ok) throw new Error(`${path}: ${response.status}`);
      return performance.now() - started;
    };
    const metrics = () => timed('/api/financial/metrics');
    const write = () => timed('/api/expenses', {
      method: 'POST',
      body: JSON.stringify({ description: 'Depois da pausa', amount: '10.00', category: 'operational', date: new Date().toISOString().slice(0, 10), status: 'completed' }),
    });
    // Warm: the read and the write paths have run, their connections and plans are there.
    for (let i = 0; i < 300; i++) {
      await metrics();
      if (i % 10 === 0) await write();
    }
    const after: string[] = [];
    for (let i = 0; i < pauses; i++) {
      await sleep(pauseSeconds * 1000);
      after.push(`${(await metrics()).toFixed(1)} / ${(await write()).toFixed(1)} / ${(await timed('/api/expenses?range=[0,9]')).toFixed(1)}`);
    }
    return `${bundle}: after each ${pauseSeconds} s pause, GET metrics / POST expense / GET expenses (ms): ${after.join('  |  ')}`;
  } finally {
    await fluxo.stop();
  }
}

const server = await startBenchServer();
try {
  const url = await settledCopy(server, seedDatabase, RUN);
  const { email } = await benchAdmin(url);
  for (const bundle of bundles) console.log(await measure(bundle, url, email));
  await adminQuery(server, `DROP DATABASE IF EXISTS ${RUN} WITH (FORCE)`);
} finally {
  await server.stop();
}
