// Reads of the identity read models used by authentication (cross-tenant by nature: login by email).
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { asPlatform } from '../../app/db/platform';
import { roles } from '../../domain/identity/roles';

export const userRow = z.object({
  id: z.string(),
  organization_id: z.string().nullable(),
  username: z.string(),
  email: z.string(),
  role: z.enum(roles),
  avatar_ref: z.string().nullable(),
  created_at: z.string(),
  last_login: z.string().nullable(),
  audit_valid_from: z.string().nullable(),
  audit_valid_until: z.string().nullable(),
});
export type UserRow = z.infer<typeof userRow>;

export const organizationRow = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  status: z.enum(['active', 'inactive', 'suspended']),
  created_at: z.string(),
  deleted_at: z.string().nullable(),
});
export type OrganizationRow = z.infer<typeof organizationRow>;

export function findActiveUserByEmail(outer: CommonQueryMethods, email: string): Promise<UserRow | null> {
  return asPlatform(outer, async (db) => {
    return db.maybeOne(sql.type(userRow)`
      SELECT id, organization_id, username, email, role, avatar_ref, created_at, last_login, audit_valid_from, audit_valid_until
      FROM users WHERE lower(email) = ${email.trim().toLowerCase()} AND deleted_at IS NULL
      ORDER BY created_at LIMIT 1`);
  });
}

export function findActiveUser(outer: CommonQueryMethods, id: string): Promise<UserRow | null> {
  return asPlatform(outer, async (db) => {
    return db.maybeOne(sql.type(userRow)`
      SELECT id, organization_id, username, email, role, avatar_ref, created_at, last_login, audit_valid_from, audit_valid_until
      FROM users WHERE id = ${id} AND deleted_at IS NULL`);
  });
}

export function findOrganization(outer: CommonQueryMethods, id: string): Promise<OrganizationRow | null> {
  return asPlatform(outer, async (db) => {
    return db.maybeOne(sql.type(organizationRow)`
      SELECT id, name, slug, status, created_at, deleted_at FROM organizations WHERE id = ${id}`);
  });
}

/** A user of the given organization, or null (another tenant's user is indistinguishable from none). */
export function findOrganizationUser(db: CommonQueryMethods, organizationId: string, id: string): Promise<UserRow | null> {
  return db.maybeOne(sql.type(userRow)`
    SELECT id, organization_id, username, email, role, avatar_ref, created_at, last_login, audit_valid_from, audit_valid_until
    FROM users WHERE id = ${id} AND organization_id = ${organizationId} AND deleted_at IS NULL`);
}

export async function countOrganizationAdmins(outer: CommonQueryMethods, organizationId: string): Promise<number> {
  return asPlatform(outer, async (db) => {
    return db.oneFirst(sql.type(z.object({ n: z.number() }))`
      SELECT count(*)::int AS n FROM users
      WHERE organization_id = ${organizationId} AND role = 'org_admin' AND deleted_at IS NULL`);
  });
}

export function listOrganizationUserIds(outer: CommonQueryMethods, organizationId: string): Promise<readonly string[]> {
  return asPlatform(outer, async (db) => {
    return db.anyFirst(sql.type(z.object({ id: z.string() }))`
      SELECT id FROM users WHERE organization_id = ${organizationId} AND deleted_at IS NULL ORDER BY created_at`);
  });
}

const deletedUserRow = z.object({ id: z.string(), deleted_reason: z.string().nullable() });

/** Any user row (deleted or not), for the "removed with the organization" answers. */
export function findUserEvenDeleted(outer: CommonQueryMethods, id: string): Promise<z.infer<typeof deletedUserRow> | null> {
  return asPlatform(outer, async (db) => {
    return db.maybeOne(sql.type(deletedUserRow)`SELECT id, deleted_reason FROM users WHERE id = ${id}`);
  });
}

/** The most recent user removed with their organization under this email, for a clear login message. */
export function findUserRemovedWithOrganization(outer: CommonQueryMethods, email: string): Promise<string | null> {
  return asPlatform(outer, async (db) => {
    return db.maybeOneFirst(sql.type(z.object({ id: z.string() }))`
      SELECT id FROM users
      WHERE lower(email) = ${email.trim().toLowerCase()} AND deleted_reason = 'organization_deleted'
      ORDER BY deleted_at DESC LIMIT 1`);
  });
}
