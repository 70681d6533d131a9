// Tenant-scoped reads: every query runs as the restricted role with the tenant set, so
// PostgreSQL's row-level security enforces isolation even if a WHERE clause is forgotten.
import { sql, type CommonQueryMethods } from 'slonik';
import type { Db } from './pool';

export async function withTenant<T>(db: Db, organizationId: string, fn: (tx: CommonQueryMethods) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query(sql.unsafe`SET LOCAL ROLE fluxo_app`);
    await tx.query(sql.unsafe`SELECT set_config('app.organization_id', ${organizationId}, true)`);
    return fn(tx);
  });
}
