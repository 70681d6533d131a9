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
import { actAsProjector, ensureRoles, grantProjectorPrivileges, grantRuntimePrivileges, handReadModelsToProjector } from '../app/db/roles';
import { shadowSchemaOf } from './rebuild';
import { migrateSessionFunction } from '../app/identity/sessions';

/**
 * Run on the owner's connection. `runtimePassword`/`projectorPassword` (see app/db/roles.ts) set
 * the login roles' passwords; without them the roles are created or kept as they are.
 */
export async function migrateDatabase(db: Db, options: { runtimePassword?: string; projectorPassword?: string } = {}): Promise<void> {
  await db.connect(async (connection) => {
    await connection.query(sql.unsafe`SELECT pg_advisory_lock(7263002)`);
    try {
      await ensureRoles(connection, { runtime: options.runtimePassword, projector: options.projectorPassword });
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
      // The read models belong to the projection worker's role (it drops and swaps them on a
      // rebuild): created as it, and those an older version created as the owner handed over.
      await handReadModelsToProjector(connection, projectors.flatMap((p) => p.tables), projectors.map(shadowSchemaOf));
      for (const projector of projectors) {
        // An outdated projector's tables are rebuilt by the runner (shadow tables, then swap).
        const stored = versions.get(projector.name);
        if (stored !== undefined && stored !== projector.version) continue;
        await connection.transaction(async (tx) => {
          await actAsProjector(tx);
          await projector.migrate(tx);
        });
      }
      // One transaction: a running instance never sees a role between REVOKE and GRANT.
      await connection.transaction(async (tx) => {
        await grantRuntimePrivileges(tx);
        await grantProjectorPrivileges(tx);
        await migrateSessionFunction(tx);
      });
    } finally {
      await connection.query(sql.unsafe`SELECT pg_advisory_unlock(7263002)`);
    }
  });
}
