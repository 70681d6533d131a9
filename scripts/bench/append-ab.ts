// Fluxo's appends alone, alternating how many append statements may run at once (group commit):
//   npx tsx scripts/bench/append-ab.ts [--writers 8] [--events 1] [--modes 100,2] [--rounds 3]
// On the bench's embedded PostgreSQL (BENCH_DATA_DIR, BENCH_PG_PORT), or on BENCH_DATABASE_URL's
// server: a fresh database there; each round measures every mode for 3 s, so before/after figures
// are taken minutes apart on the same load (100 in flight is the behaviour before group commit).
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createDb } from '../../app/db/pool';
import { createPostgresEventStore } from '../../app/eventstore/postgres';
import { migrateDatabase } from '../../projections/schema';
import { argNumber, argValue } from './args';
import { startBenchServer } from './database';
import { concurrently, load } from './measure';

const writers = argNumber('writers', 8);
const perAppend = argNumber('events', 1);
const rounds = argNumber('rounds', 3);
const modes = argValue('modes', '100,2').split(',');

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
      const rate = await concurrently(writers, 3, async () => {
        await store.append(`bench-${randomUUID()}`, Array.from({ length: perAppend }, (_, i) => ({ type: 'BenchAppended', data: { i, description: 'Fornecedor de insumos', amount: '125050' } })), {
          expectedRevision: 'no_stream',
          metadata: { organizationId: randomUUID(), actorUserId: randomUUID(), correlationId: randomUUID(), causationId: null, requestId: null, occurredAt: new Date().toISOString() },
        });
        return perAppend;
      });
      console.log(`round ${round + 1}, ${mode} in flight: ${Math.round(rate)} events/s (load ${load()})`);
      await store.close();
    }
  }
} finally {
  await db.end();
  await admin.query(`DROP DATABASE ${name}`);
  await admin.end();
  await server.stop();
}
