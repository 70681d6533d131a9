// Serializes changes to an organization's administrators, so two concurrent demotions or deletions
// cannot both pass the "at least one org_admin remains" check.
import { sql } from 'slonik';
import type { Db } from '../db/pool';

export async function withOrganizationLock<T>(db: Db, organizationId: string, fn: () => Promise<T>): Promise<T> {
  const key = `organization-admins:${organizationId}`;
  return db.connect(async (connection) => {
    await connection.query(sql.unsafe`SELECT pg_advisory_lock(hashtext(${key}))`);
    try {
      return await fn();
    } finally {
      await connection.query(sql.unsafe`SELECT pg_advisory_unlock(hashtext(${key}))`);
    }
  });
}
