// "Same figures with 1 or 100 tenants in the database": the busiest organization's screen reads,
// each the first after a write (no answer kept by the server can serve it, so the read models are
// queried), in the shared history (100 organizations) and in a history of that organization's size alone.
import { freePort } from '../../app/db/embedded';
import { adminQuery, type BenchServer } from './database';
import { signIn } from './http';
import { load, statements, type Figure } from './measure';
import { startFluxoServer } from './processes';
import { adminOfBusiestTenant, firstReadsAfterWrites, percentiles, SCREEN_READS, type Tenant } from './screens';
import { BENCH_PASSWORD, outdatedIn, seedHistory, seedInfoOf } from './seed';
import { settledCopy } from './settle';

/** Write-then-read pairs on each side before a read is timed: a server's first ones run code not yet optimised. */
const WARM_UP_PAIRS = 3;

/**
 * How much longer the reads may take among 100 organizations than alone: together, and each (a
 * read's median moved by up to 12% between runs of the same code, its sum with the others' by 5%).
 */
const TENANCY_SLACK = { together: 1.1, each: 1.2 };

/**
 * The seeded history of one organization with `events` events (the generator's, as the busiest
 * organization of the shared history has them), kept beside the shared seed for the next runs.
 */
async function historyAlone(server: BenchServer, seedDatabase: string, events: number): Promise<string> {
  const alone = `${seedDatabase}_alone`;
  const info = await seedInfoOf(server, alone);
  if (!info || info.tenants !== 1 || info.events !== events || (await outdatedIn(server, alone)).length > 0) {
    console.log(`gerando o histórico de uma organização só (${events} eventos)…`);
    await seedHistory(server, { database: alone, tenants: 1, events });
  }
  return alone;
}

/**
 * `manyUrl`: the settled copy of the shared history (`tenants` organizations), where `tenant` is the busiest.
 * Each read is timed `samples` times on each side.
 */
export async function tenancyFigure(server: BenchServer, options: { seedDatabase: string; manyUrl: string; tenants: number; tenant: Tenant; samples: number }): Promise<Figure> {
  const { manyUrl, tenant } = options;
  const alone = await historyAlone(server, options.seedDatabase, tenant.events);
  // Counted as the shared history's organization was: before settling.
  const single = await adminOfBusiestTenant(server.urlOf(alone));
  const aloneRun = `${alone}_run`;
  const aloneUrl = await settledCopy(server, alone, aloneRun);
  const many = await startFluxoServer(manyUrl, await freePort());
  const one = await startFluxoServer(aloneUrl, await freePort());
  try {
    await new Promise((r) => setTimeout(r, 3000));
    const sides = [
      { server: many, cookie: await signIn(many.url, tenant.email, BENCH_PASSWORD) },
      { server: one, cookie: await signIn(one.url, single.email, BENCH_PASSWORD) },
    ];
    // One reset for the server; each side's database needs the extension to read its own statements.
    await statements(aloneUrl).reset();
    await statements(manyUrl).reset();
    const reads: { id: string; shared: ReturnType<typeof percentiles>; byItself: ReturnType<typeof percentiles>; ratio: number }[] = [];
    for (const { id, path } of SCREEN_READS) {
      for (const side of sides) await firstReadsAfterWrites(side.server.url, side.cookie, path, WARM_UP_PAIRS);
      const times: [number[], number[]] = [[], []];
      // Pair by pair, in turn (and which side goes first swapped every round): the host's drift falls on both alike.
      for (let i = 0; i < 2 * options.samples; i++) {
        const s = (i + Math.floor(i / 2)) % 2;
        times[s].push(...(await firstReadsAfterWrites(sides[s].server.url, sides[s].cookie, path, 1)));
      }
      const [shared, byItself] = times.map(percentiles);
      reads.push({ id, shared, byItself, ratio: shared.median / byItself.median });
    }
    // What PostgreSQL spent per write-then-read pair on each side (the write's projection included).
    const pairs = SCREEN_READS.length * (WARM_UP_PAIRS + options.samples);
    const sqlPerPair = async (url: string) => ((await statements(url).top('time')) ?? []).reduce((sum, row) => sum + row.totalMs, 0) / pairs;
    const sql = { shared: await sqlPerPair(manyUrl), byItself: await sqlPerPair(aloneUrl) };
    const ms = (v: number) => v.toFixed(1);
    const total = (side: 'shared' | 'byItself') => reads.reduce((sum, read) => sum + read[side].median, 0);
    return {
      id: 'tenancy', name: `the four screen reads, each the first after a write: busiest organization among ${options.tenants}, against a history of its size alone`,
      value: total('shared'), unit: 'ms (medians, summed)',
      reference: { name: 'alone', value: total('byItself') },
      target: `≤ ${Math.round(TENANCY_SLACK.together * 100)}% of the time alone, no read over ${Math.round(TENANCY_SLACK.each * 100)}% (the same figures with 1 or 100 tenants)`,
      meets: total('shared') <= TENANCY_SLACK.together * total('byItself') && reads.every((read) => read.ratio <= TENANCY_SLACK.each),
      detail: `${reads.map((r) => `${r.id} ${ms(r.shared.median)} against ${ms(r.byItself.median)} ms (${(r.ratio * 100).toFixed(0)}%), p99 ${ms(r.shared.p99)} / ${ms(r.byItself.p99)} ms`).join('; ')}; `
        + `an organization of ${tenant.events.toLocaleString('en-US')} events among ${options.tenants} and one of ${single.events.toLocaleString('en-US')} alone, ${options.samples} write-then-read pairs per read on each side, taken in turn`,
      limit: `one connection, one request at a time; PostgreSQL per write-then-read pair (the write's projection and the read's queries, pg_stat_statements): ${ms(sql.shared)} ms among ${options.tenants}, ${ms(sql.byItself)} ms alone`,
      load: load(),
    };
  } finally {
    await one.stop();
    await many.stop();
    await adminQuery(server, `DROP DATABASE IF EXISTS ${aloneRun} WITH (FORCE)`);
  }
}
