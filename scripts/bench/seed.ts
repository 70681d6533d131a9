// `npm run bench:seed -- --tenants 100 --events 1000000`: a realistic history in its own database
// (default fluxo_bench), written with COPY, then projected by the real runner, with progress bars.
import { performance } from 'node:perf_hooks';
import cliProgress from 'cli-progress';
import pg from 'pg';
import { sql } from 'slonik';
import { z } from 'zod';
import { createDb } from '../../app/db/pool';
import { createPostgresEventStore } from '../../app/eventstore/postgres';
import { hashPassword } from '../../app/identity/passwords';
import { projectors } from '../../projections/registry';
import { createProjectionRunner } from '../../projections/runner';
import { migrateDatabase } from '../../projections/schema';
import { argNumber, argValue, hasFlag } from './args';
import { adminQuery, startBenchServer, type BenchServer } from './database';
import { generateHistory } from './history';
import { writeHistory } from './write-history';

/** Every seeded user signs in with this password (the benchmark logs in as tenant 0's admin). */
export const BENCH_PASSWORD = 'Bench-Senha-2026';

export type SeedInfo = { tenants: number; events: number; streams: number; writeSeconds: number; projectSeconds: number; at: string };

const bar = (label: string) =>
  new cliProgress.SingleBar({
    format: `${label} [{bar}] {percentage}% | {value}/{total} eventos | {rate} ev/s | ETA {eta_formatted}`,
    hideCursor: true,
    noTTYOutput: true,
    notTTYSchedule: 5000,
  }, cliProgress.Presets.shades_classic);

async function grantLogins(db: Awaited<ReturnType<typeof createDb>>): Promise<void> {
  const hash = await hashPassword(BENCH_PASSWORD);
  await db.query(sql.unsafe`
    INSERT INTO credentials (user_id, password_hash)
    SELECT (data->>'userId')::uuid, ${hash} FROM events WHERE type = 'UserRegistered'`);
  await db.query(sql.unsafe`
    INSERT INTO unique_keys (scope, value, owner_id)
    SELECT 'email', data->>'email', (data->>'userId')::uuid FROM events WHERE type = 'UserRegistered'
    UNION ALL SELECT 'organization_slug', data->>'slug', (data->>'organizationId')::uuid FROM events WHERE type = 'OrganizationRegistered'
    UNION ALL SELECT 'expense_category_slug', (data->>'organizationId') || ':' || (data->>'slug'), (data->>'categoryId')::uuid FROM events WHERE type = 'CategoryCreated'`);
}

async function project(databaseUrl: string, db: Awaited<ReturnType<typeof createDb>>, total: number): Promise<void> {
  const eventStore = createPostgresEventStore(db, databaseUrl);
  const runner = createProjectionRunner({ db, connectionString: databaseUrl, eventStore, projectors });
  const progress = bar('Projeções');
  const started = performance.now();
  progress.start(total, 0, { rate: 0 });
  const poll = setInterval(() => {
    void db.maybeOneFirst(sql.type(z.object({ p: z.bigint().nullable() }))`SELECT min(position) AS p FROM projection_checkpoints`).then((p) => {
      const done = Number(p ?? 0n);
      progress.update(done, { rate: Math.round(done / ((performance.now() - started) / 1000)) });
    }).catch(() => undefined);
  }, 1000);
  try {
    await runner.catchUp();
  } finally {
    clearInterval(poll);
    progress.update(total, { rate: Math.round(total / ((performance.now() - started) / 1000)) });
    progress.stop();
    await eventStore.close();
  }
}

export async function seedHistory(server: BenchServer, options: { database: string; tenants: number; events: number; project?: boolean }): Promise<SeedInfo> {
  // The settled template kept beside the seed (settle.ts) was made from the history replaced here.
  await adminQuery(server, `DROP DATABASE IF EXISTS ${options.database}_settled WITH (FORCE)`);
  await adminQuery(server, `DROP DATABASE IF EXISTS ${options.database} WITH (FORCE)`);
  await adminQuery(server, `CREATE DATABASE ${options.database}`);
  const url = server.urlOf(options.database);
  const db = await createDb(url);
  try {
    await migrateDatabase(db);
    const writing = bar('Histórico');
    writing.start(options.events, 0, { rate: 0 });
    const started = performance.now();
    const written = await writeHistory(url, generateHistory({ tenants: options.tenants, events: options.events }), (n) =>
      writing.update(n, { rate: Math.round(n / ((performance.now() - started) / 1000)) }));
    writing.stop();
    await grantLogins(db);
    await db.query(sql.unsafe`ANALYZE`);
    const writeSeconds = (performance.now() - started) / 1000;
    const projecting = performance.now();
    // --events-only: leave the read models empty (checkpoints at 0) for `npm run projections:rebuild`.
    if (options.project !== false) await project(url, db, written.events);
    const projectSeconds = (performance.now() - projecting) / 1000;
    const info: SeedInfo = { tenants: options.tenants, events: written.events, streams: written.streams, writeSeconds, projectSeconds, at: new Date().toISOString() };
    await db.query(sql.unsafe`CREATE TABLE bench_seed_info (info jsonb NOT NULL)`);
    await db.query(sql.unsafe`INSERT INTO bench_seed_info (info) VALUES (${sql.jsonb(info)})`);
    await db.query(sql.unsafe`VACUUM ANALYZE`);
    return info;
  } finally {
    await db.end();
  }
}

export async function seedInfoOf(server: BenchServer, database: string): Promise<SeedInfo | null> {
  const client = new pg.Client({ connectionString: server.urlOf(database) });
  try {
    await client.connect();
    const { rows } = await client.query<{ info: SeedInfo }>('SELECT info FROM bench_seed_info LIMIT 1');
    return rows[0]?.info ?? null;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Projectors whose read models in the seed were built by another version of their code. */
export async function outdatedIn(server: BenchServer, database: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: server.urlOf(database) });
  try {
    await client.connect();
    const { rows } = await client.query<{ name: string; version: number }>('SELECT name, version FROM projection_checkpoints');
    const stored = new Map(rows.map((row) => [row.name, row.version]));
    return projectors.filter((p) => stored.get(p.name) !== p.version).map((p) => p.name);
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function main(): Promise<void> {
  const server = await startBenchServer();
  try {
    const info = await seedHistory(server, {
      database: argValue('database', 'fluxo_bench'),
      tenants: argNumber('tenants', 100),
      events: argNumber('events', 200_000),
      project: !hasFlag('events-only'),
    });
    console.log(`${info.events} eventos em ${info.streams} streams de ${info.tenants} organizações: gravados em ${info.writeSeconds.toFixed(1)} s, projetados em ${info.projectSeconds.toFixed(1)} s.`);
  } finally {
    await server.stop();
  }
}

if (process.argv[1]?.endsWith('seed.ts')) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
