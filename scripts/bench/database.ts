// The benchmark's own PostgreSQL: BENCH_DATABASE_URL's server, else an embedded one kept under
// .data/bench with pg_stat_statements loaded (the profile beside each figure reads it).
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import { freePort, startEmbeddedPostgres } from '../../app/db/embedded';

export type BenchServer = { adminUrl: string; urlOf: (database: string) => string; stop: () => Promise<void> };

const withDatabase = (url: string, database: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
};

async function preloadStatements(adminUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ setting: string }>(`SELECT setting FROM pg_settings WHERE name = 'shared_preload_libraries'`);
    if (rows[0]?.setting.includes('pg_stat_statements')) return false;
    await client.query(`ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'`);
    return true;
  } finally {
    await client.end();
  }
}

export async function startBenchServer(): Promise<BenchServer> {
  const external = process.env.BENCH_DATABASE_URL;
  if (external) return { adminUrl: external, urlOf: (db) => withDatabase(external, db), stop: async () => undefined };
  const dataDir = resolve(process.env.BENCH_DATA_DIR ?? '.data/bench');
  mkdirSync(dataDir, { recursive: true });
  // 54339 unless another server (another checkout's bench) holds it.
  const port = process.env.BENCH_PG_PORT ? Number(process.env.BENCH_PG_PORT) : await freePort(54339);
  let server = await startEmbeddedPostgres({ dataDir, port, database: 'postgres' });
  if (await preloadStatements(server.adminUrl)) {
    await server.stop();
    server = await startEmbeddedPostgres({ dataDir, port, database: 'postgres' });
  }
  return { adminUrl: server.adminUrl, urlOf: (db) => withDatabase(server.adminUrl, db), stop: server.stop };
}

export async function adminQuery(server: BenchServer, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: server.adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** The first seeded organization's admin (bench-000), whom the bench's tools sign in as. */
export async function benchAdmin(url: string): Promise<{ id: string; email: string; organizationId: string }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string; email: string; organization_id: string }>(`
      SELECT u.id, u.email, u.organization_id FROM users u JOIN organizations o ON o.id = u.organization_id
      WHERE o.slug = 'bench-000' AND u.role = 'org_admin' LIMIT 1`);
    if (!rows[0]) throw new Error(`no bench-000 admin in ${new URL(url).pathname.slice(1)}: seed it with npm run bench:seed`);
    return { id: rows[0].id, email: rows[0].email, organizationId: rows[0].organization_id };
  } finally {
    await client.end();
  }
}
