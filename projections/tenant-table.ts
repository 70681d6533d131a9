// Row-level security for read-model tables: the second wall behind every query's own tenant filter.
import { sql } from 'slonik';
import type { Tx } from './projector';

export const APP_ROLE = 'fluxo_app';

/** Enables RLS on a table whose rows carry organization_id, and lets the API role read it. */
export async function protectTenantTable(tx: Tx, table: string): Promise<void> {
  const id = sql.identifier([table]);
  const policy = sql.identifier([`${table}_tenant_isolation`]);
  await tx.query(sql.unsafe`ALTER TABLE ${id} ENABLE ROW LEVEL SECURITY`);
  await tx.query(sql.unsafe`DROP POLICY IF EXISTS ${policy} ON ${id}`);
  await tx.query(sql.unsafe`
    CREATE POLICY ${policy} ON ${id}
    USING (organization_id = NULLIF(current_setting('app.organization_id', true), '')::uuid)`);
  await tx.query(sql.unsafe`GRANT SELECT ON ${id} TO ${sql.identifier([APP_ROLE])}`);
}
