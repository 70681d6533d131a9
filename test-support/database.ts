// A fresh database per test file, cloned from the migrated template built by global-setup.
import { randomUUID } from 'node:crypto';
import { sql } from 'slonik';
import { inject } from 'vitest';
import { createDb, type Db } from '../app/db/pool';
import { projectorUrl, runtimeUrl } from '../app/db/roles';

/**
 * `db`/`url`: the owner's (migrations, test setup and inspection);
 * `appDb`/`appUrl`: the least-privileged runtime role the API runs as;
 * `projectorDb`/`projectorUrl`: the projection worker's role (owner of the read models).
 */
export type TestDatabase = { url: string; db: Db; appUrl: string; appDb: Db; projectorUrl: string; projectorDb: Db; drop: () => Promise<void> };

/** The same server's URL, pointing at another database. */
export function databaseUrl(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject('adminUrl');
  const template = inject('templateDatabase');
  const name = `fluxo_test_${process.ppid}_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = await createDb(adminUrl, { maximumPoolSize: 1 });
  await admin.query(sql.unsafe`CREATE DATABASE ${sql.identifier([name])} TEMPLATE ${sql.identifier([template])}`);
  // A clone does not copy the template's database ACL: the projector's CREATE (shadow schemas) is
  // granted again, as the migration does at every start.
  await admin.query(sql.unsafe`GRANT CREATE ON DATABASE ${sql.identifier([name])} TO fluxo_projector`);
  const url = databaseUrl(adminUrl, name);
  const db = await createDb(url);
  const appUrl = runtimeUrl(url);
  const appDb = await createDb(appUrl);
  const projectionUrl = projectorUrl(url);
  const projectorDb = await createDb(projectionUrl);
  return {
    url,
    db,
    appUrl,
    appDb,
    projectorUrl: projectionUrl,
    projectorDb,
    drop: async () => {
      await appDb.end();
      await projectorDb.end();
      await db.end();
      await admin.query(sql.unsafe`DROP DATABASE IF EXISTS ${sql.identifier([name])} WITH (FORCE)`);
      await admin.end();
    },
  };
}
