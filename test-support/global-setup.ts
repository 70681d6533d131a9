// Starts (or connects to) the test PostgreSQL once per run and builds a migrated template
// database; every test file then clones its own fresh database from it. The server is, in order:
// TEST_DATABASE_URL, a testcontainers PostgreSQL when a Docker engine answers, the embedded one.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../app/db/embedded';
import { createDb } from '../app/db/pool';
import { migrateDatabase } from '../projections/schema';
import { rolePassword } from '../app/db/roles';
import { databaseUrl } from './database';
import { sql } from 'slonik';

declare module 'vitest' {
  export interface ProvidedContext {
    adminUrl: string;
    templateDatabase: string;
  }
}

/** A Docker engine that answers: then tests run against a PostgreSQL container (testcontainers). */
function dockerAvailable(): boolean {
  return Boolean(process.env.DOCKER_HOST) || existsSync('/var/run/docker.sock');
}

async function startContainer(): Promise<{ url: string; stop: () => Promise<void> } | null> {
  try {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    const container = await new PostgreSqlContainer('postgres:16-alpine').start();
    return { url: container.getConnectionUri(), stop: async () => void (await container.stop()) };
  } catch (error) {
    console.warn(`[tests] Docker answered but no PostgreSQL container could be started (${String(error)}); using the embedded PostgreSQL.`);
    return null;
  }
}

export default async function setup(project: TestProject) {
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stop: (() => Promise<void>) | undefined;
  let dataDir: string | undefined;
  if (!adminUrl && dockerAvailable()) {
    const container = await startContainer();
    if (container) {
      adminUrl = container.url;
      stop = container.stop;
    }
  }
  if (!adminUrl) {
    dataDir = mkdtempSync(join(tmpdir(), 'fluxo-test-pg-'));
    const embedded = await startEmbeddedPostgres({ dataDir, database: 'postgres', persistent: false });
    adminUrl = embedded.adminUrl;
    stop = embedded.stop;
  }
  const templateDatabase = `fluxo_template_${process.pid}_${Date.now()}`;
  const admin = await createDb(adminUrl, { maximumPoolSize: 1 });
  await admin.query(sql.unsafe`CREATE DATABASE ${sql.identifier([templateDatabase])}`);
  const template = await createDb(databaseUrl(adminUrl, templateDatabase), { maximumPoolSize: 1 });
  await migrateDatabase(template, { runtimePassword: rolePassword(adminUrl, 'fluxo_runtime'), projectorPassword: rolePassword(adminUrl, 'fluxo_projector') });
  await template.end();

  project.provide('adminUrl', adminUrl);
  project.provide('templateDatabase', templateDatabase);

  return async () => {
    const leftovers = await admin.anyFirst(sql.unsafe`
      SELECT datname FROM pg_database WHERE datname LIKE ${`fluxo_test_${process.pid}_%`} OR datname = ${templateDatabase}`);
    for (const name of leftovers) {
      await admin.query(sql.unsafe`DROP DATABASE IF EXISTS ${sql.identifier([String(name)])} WITH (FORCE)`);
    }
    await admin.end();
    await stop?.();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
}
