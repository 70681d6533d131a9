// Row-level security for read-model tables: the second wall behind every query's own tenant filter.
import { protectTenantRows } from '../app/db/rls';
import { TENANT_ROLE } from '../app/db/roles';
import type { Tx } from './projector';

export const APP_ROLE = TENANT_ROLE;

/** Enables RLS on a table whose rows carry organization_id, and lets the API role read it. */
export async function protectTenantTable(tx: Tx, table: string): Promise<void> {
  await protectTenantRows(tx, table);
}
