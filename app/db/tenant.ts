// Tenant-scoped reads: every query runs as the restricted role with the tenant set, so
// PostgreSQL's row-level security enforces isolation even if a WHERE clause is forgotten.
import { sql, type CommonQueryMethods } from 'slonik';
import type { Db } from './pool';

/** A read as the tenant: live (withTenant), or over the read models as of a past instant (time travel). */
export type TenantRead = <T>(fn: (tx: CommonQueryMethods) => Promise<T>) => Promise<T>;

export async function withTenant<T>(db: Db, organizationId: string, fn: (tx: CommonQueryMethods) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    // SET LOCAL ROLE and the tenant in one round trip (set_config('role', …, true) is SET LOCAL ROLE).
    // No parallel workers: a tenant's read is small, and starting workers for it costs more than
    // it saves when many requests share two cores.
    await tx.query(sql.unsafe`
      SELECT set_config('role', 'fluxo_app', true), set_config('app.organization_id', ${organizationId}, true),
             set_config('max_parallel_workers_per_gather', '0', true)`);
    return fn(tx);
  });
}
