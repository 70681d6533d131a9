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
import { ensureRoles, grantRuntimePrivileges } from '../app/db/roles';
import { migrateSessionFunction } from '../app/identity/sessions';

/**
 * Run on the owner's connection. `runtimePassword` (see app/db/roles.ts) sets the runtime role's
 * login; without it the role is created or kept as it is.
 */
export async function migrateDatabase(db: Db, options: { runtimePassword?: string } = {}): Promise<void> {
  await db.connect(async (connection) => {
    await connection.query(sql.unsafe`SELECT pg_advisory_lock(7263002)`);
    try {
      await ensureRoles(connection, options.runtimePassword);
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
      // One transaction: a running instance never sees the runtime role between REVOKE and GRANT.
      await connection.transaction(async (tx) => {
        await grantRuntimePrivileges(tx);
        await migrateSessionFunction(tx);
      });
    } finally {
      await connection.query(sql.unsafe`SELECT pg_advisory_unlock(7263002)`);
    }
  });
}
