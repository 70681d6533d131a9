// How a route reads one record of the caller's organization for its answer: inside withTenant, 404 when it is not there.
import type { CommonQueryMethods } from 'slonik';
import { withTenant } from '../../app/db/tenant';
import type { Db } from '../../app/db/pool';
import { notFound } from '../../domain/shared/errors';

/** `find` filters by organization itself (RLS is the second wall); another tenant's id reads as missing: 404, never 403. */
export const tenantRecordLoader = <Row, Answer>(
  db: Db,
  find: (tx: CommonQueryMethods, organizationId: string, id: string) => Promise<Row | null>,
  notFoundMessage: string,
  toAnswer: (row: Row) => Answer,
) => async (organizationId: string, id: string): Promise<Answer> => {
  const row = await withTenant(db, organizationId, (tx) => find(tx, organizationId, id));
  if (!row) throw notFound(notFoundMessage);
  return toAnswer(row);
};
