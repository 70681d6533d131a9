// Reads of the identity read models used by authentication (cross-tenant by nature: login by email).
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

export const userRow = z.object({
  id: z.string(),
  organization_id: z.string().nullable(),
  username: z.string(),
  email: z.string(),
  role: z.enum(['super_admin', 'org_admin', 'user']),
  avatar_ref: z.string().nullable(),
  created_at: z.string(),
  last_login: z.string().nullable(),
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

export function findActiveUserByEmail(db: CommonQueryMethods, email: string): Promise<UserRow | null> {
  return db.maybeOne(sql.type(userRow)`
    SELECT id, organization_id, username, email, role, avatar_ref, created_at, last_login
    FROM users WHERE lower(email) = ${email.trim().toLowerCase()} AND deleted_at IS NULL
    ORDER BY created_at LIMIT 1`);
}

export function findActiveUser(db: CommonQueryMethods, id: string): Promise<UserRow | null> {
  return db.maybeOne(sql.type(userRow)`
    SELECT id, organization_id, username, email, role, avatar_ref, created_at, last_login
    FROM users WHERE id = ${id} AND deleted_at IS NULL`);
}

export function findOrganization(db: CommonQueryMethods, id: string): Promise<OrganizationRow | null> {
  return db.maybeOne(sql.type(organizationRow)`
    SELECT id, name, slug, status, created_at, deleted_at FROM organizations WHERE id = ${id}`);
}
