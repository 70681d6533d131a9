// How a route reads one record of the caller's organization for its answer: one statement as the
// tenant (RLS on, the tenant set), in one round trip; 404 when it is not there.
import { singleTripPoolOf, type Db } from '../../app/db/pool';
import { withTenant } from '../../app/db/tenant';
import { tenantStatement, type TenantStatement } from '../../app/db/tenant-statement';
import { notFound } from '../../domain/shared/errors';

/** `find` filters by organization itself (RLS is the second wall); another tenant's id reads as missing: 404, never 403. */
export const tenantRecordLoader = <Row, Answer>(
  db: Db,
  find: (tx: TenantStatement, organizationId: string, id: string) => Promise<Row | null>,
  notFoundMessage: string,
  toAnswer: (row: Row) => Answer,
) => async (organizationId: string, id: string): Promise<Answer> => {
  const pool = singleTripPoolOf(db);
  const row = pool ? await find(tenantStatement(pool, organizationId), organizationId, id) : await withTenant(db, organizationId, (tx) => find(tx, organizationId, id));
  if (!row) throw notFound(notFoundMessage);
  return toAnswer(row);
};
