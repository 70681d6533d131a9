// The first requests after an idle pause, per server bundle: what a tenant who stops for a few
// seconds waits for on the next click (connections, caches and plans the pause let go). On a copy of
// the settled bench history:
//   BENCH_PG_PORT=… npx tsx scripts/bench/idle-pause.ts .build/before.mjs .build/fluxo.mjs [--pause-seconds 12] [--pauses 4]
import pg from 'pg';
import { freePort } from '../../app/db/embedded';
import { argNumber, argValue } from './args';
import { adminQuery, startBenchServer } from './database';
import { signIn } from './http';
import { startFluxoServer } from './processes';
import { BENCH_PASSWORD } from './seed';

const bundles = process.argv.slice(2).filter((arg) => arg.endsWith('.mjs'));
const pauseSeconds = argNumber('pause-seconds', 12);
const pauses = argNumber('pauses', 4);
const template = argValue('template', 'fluxo_bench_settled');
const RUN = 'fluxo_bench_idle_pause';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  const server = await startBenchServer();
  try {
    await adminQuery(server, `DROP DATABASE IF EXISTS ${RUN} WITH (FORCE)`);
    await adminQuery(server, `CREATE DATABASE ${RUN} TEMPLATE ${template}`);
    const url = server.urlOf(RUN);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows: [tenant] } = await client.query<{ email: string }>(`
      SELECT u.email FROM users u JOIN organizations o ON o.id = u.organization_id WHERE o.slug = 'bench-000' AND u.role = 'org_admin' LIMIT 1`);
    await client.end();
    for (const bundle of bundles) {
      const fluxo = await startFluxoServer(url, await freePort(), { bundle });
      try {
        const cookie = await signIn(fluxo.url, tenant.email, BENCH_PASSWORD);
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
        console.log(`${bundle}: after each ${pauseSeconds} s pause, GET metrics / POST expense / GET expenses (ms): ${after.join('  |  ')}`);
      } finally {
        await fluxo.stop();
      }
    }
    await adminQuery(server, `DROP DATABASE IF EXISTS ${RUN} WITH (FORCE)`);
  } finally {
    await server.stop();
  }
}

await main();
