// Fluxo's appends alone, alternating how many append statements may run at once (group commit):
//   npx tsx scripts/bench/append-ab.ts [--writers 8] [--events 1] [--modes 100,2] [--rounds 3] [--seconds 3]
// On the bench's embedded PostgreSQL (BENCH_DATA_DIR, BENCH_PG_PORT), or on BENCH_DATABASE_URL's
// server: a fresh database there; each round measures every mode for --seconds, so before/after
// figures are taken minutes apart on the same load (100 in flight is the behaviour before group
// commit). The appends are the bench's (stores.ts: a new stream each, its payload and metadata),
// and each figure comes with the CPU seconds per 10k appends of this process and, on the embedded
// server, of PostgreSQL's processes: on a shared machine the steadier measure.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createDb } from '../../app/db/pool';
import { createPostgresEventStore } from '../../app/eventstore/postgres';
import { migrateDatabase } from '../../projections/schema';
import { argNumber, argValue } from './args';
import { startBenchServer } from './database';
import { concurrently, load } from './measure';
import { cpuMeter } from './cpu';
import { metadata, payload } from './stores';

const writers = argNumber('writers', 8);
const perAppend = argNumber('events', 1);
const rounds = argNumber('rounds', 3);
const modes = argValue('modes', '100,2').split(',');
const seconds = argNumber('seconds', 3);

const server = await startBenchServer();
const adminUrl = server.adminUrl;
const name = `fluxo_append_ab_${randomUUID().replaceAll('-', '').slice(0, 10)}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const parsed = new URL(adminUrl);
parsed.pathname = `/${name}`;
const url = parsed.toString();
const db = await createDb(url);
try {
  await migrateDatabase(db);
  for (let round = 0; round < rounds; round++) {
    for (const mode of modes) {
      const store = createPostgresEventStore(db, url, { appendsInFlight: Number(mode) });
      const append = async () => {
        await store.append(`bench-${randomUUID()}`, Array.from({ length: perAppend }, (_, i) => ({ type: 'BenchAppended', data: payload(i) })), {
          expectedRevision: 'no_stream',
          metadata: metadata(),
        });
        return perAppend;
      };
      await concurrently(writers, 0.5, append); // connections, compiled code
      const used = cpuMeter();
      const started = performance.now();
      const rate = await concurrently(writers, seconds, append);
      const events = (rate * (performance.now() - started)) / 1000;
      const { node, server } = used();
      const per10k = (cpu: number) => ((cpu / events) * perAppend * 10_000).toFixed(2);
      console.log(
        `round ${round + 1}, ${mode} in flight: ${Math.round(rate)} events/s; CPU s per 10k appends: Node ${per10k(node)}` +
          `${server === null ? '' : `, PostgreSQL ${per10k(server)}`} (load ${load()})`,
      );
      await store.close();
    }
  }
} finally {
  await db.end();
  await admin.query(`DROP DATABASE ${name}`);
  await admin.end();
  await server.stop();
}
