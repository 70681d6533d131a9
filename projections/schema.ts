// Brings a database to the current schema: event store, application tables, read models.
import { sql } from 'slonik';
import { z } from 'zod';
import type { Db } from '../app/db/pool';
import { migrateEventStore } from '../app/eventstore/postgres-schema';
import { migrateAuditTables } from '../app/audit/schema';
import { migrateAppTables } from '../app/schema';
import { projectors } from './registry';
import { migrateRunnerTables } from './runner';
import { APP_ROLE } from './tenant-table';

export async function migrateDatabase(db: Db): Promise<void> {
  await db.connect(async (connection) => {
    await connection.query(sql.unsafe`SELECT pg_advisory_lock(7263002)`);
    try {
      await connection.query(sql.unsafe`
        DO $$ BEGIN
          IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'fluxo_app') THEN CREATE ROLE fluxo_app NOLOGIN; END IF;
        END $$`);
      await connection.query(sql.unsafe`CREATE EXTENSION IF NOT EXISTS unaccent`);
      await connection.query(sql.unsafe`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
      await connection.query(sql.unsafe`GRANT USAGE ON SCHEMA public TO ${sql.identifier([APP_ROLE])}`);
      await migrateEventStore(connection);
      await migrateAppTables(connection);
      await migrateRunnerTables(connection);
      await migrateAuditTables(connection);
      const versions = new Map(
        (await connection.any(sql.type(z.object({ name: z.string(), version: z.number() }))`
          SELECT name, version FROM projection_checkpoints`)).map((row) => [row.name, row.version]),
      );
      for (const projector of projectors) {
        // An outdated projector's tables are rebuilt by the runner (shadow tables, then swap).
        const stored = versions.get(projector.name);
        if (stored !== undefined && stored !== projector.version) continue;
        await connection.transaction(async (tx) => projector.migrate(tx));
      }
    } finally {
      await connection.query(sql.unsafe`SELECT pg_advisory_unlock(7263002)`);
    }
  });
}
