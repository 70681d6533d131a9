// Reads behind the organization users screen, the admin panel and the impersonation audit.
import { sql, type CommonQueryMethods, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import { asPlatform } from '../../app/db/platform';
import { roles } from '../../domain/identity/roles';

export type Page = { orderBy: FragmentSqlToken; limit: number; offset: number };

const likeOf = (q: unknown) => `%${String(q).trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const and = (parts: FragmentSqlToken[]) => (parts.length ? sql.join(parts, sql.fragment` AND `) : sql.fragment`TRUE`);
const total = z.object({ n: z.number() });

// ---- organization users (always inside withTenant, and filtered by organization_id as well) ----

export const organizationUserRow = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.enum(roles),
  created_at: z.string(),
  last_login: z.string().nullable(),
  audit_valid_from: z.string().nullable(),
  audit_valid_until: z.string().nullable(),
});

export const organizationUserSort: Record<string, FragmentSqlToken> = {
  id: sql.fragment`id`, username: sql.fragment`lower(username)`, email: sql.fragment`email`, role: sql.fragment`role`,
  createdAt: sql.fragment`created_at`, lastLogin: sql.fragment`last_login`,
};

export async function listOrganizationUsers(tx: CommonQueryMethods, organizationId: string, page: Page, filter: Record<string, unknown>) {
  const where = [sql.fragment`organization_id = ${organizationId}`, sql.fragment`deleted_at IS NULL`];
  if (filter.q) where.push(sql.fragment`(username ILIKE ${likeOf(filter.q)} OR email ILIKE ${likeOf(filter.q)})`);
  if (typeof filter.role === 'string') where.push(sql.fragment`role = ${filter.role}`);
  if (Array.isArray(filter.id)) where.push(sql.fragment`id::text = ANY(${sql.array(filter.id.map(String), 'text')})`);
  const rows = await tx.any(sql.type(organizationUserRow)`
    SELECT id, username, email, role, created_at, last_login, audit_valid_from, audit_valid_until FROM users
    WHERE ${and(where)} ${page.orderBy} LIMIT ${page.limit} OFFSET ${page.offset}`);
  const count = await tx.oneFirst(sql.type(total)`SELECT count(*)::int AS n FROM users WHERE ${and(where)}`);
  return { rows, total: count };
}

// ---- admin: organizations and users across tenants (super admin only) ----

export const adminOrganizationRow = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  status: z.enum(['active', 'inactive', 'suspended']),
  created_at: z.string(),
  user_count: z.number(),
  revenue: z.bigint(),
});

export const adminOrganizationSort: Record<string, FragmentSqlToken> = {
  id: sql.fragment`o.id`, name: sql.fragment`lower(o.name)`, slug: sql.fragment`o.slug`, status: sql.fragment`o.status`,
  createdAt: sql.fragment`o.created_at`, userCount: sql.fragment`user_count`, revenue: sql.fragment`revenue`,
};

const organizationColumns = sql.fragment`
  o.id, o.name, o.slug, o.status, o.created_at,
  (SELECT count(*)::int FROM users u WHERE u.organization_id = o.id AND u.deleted_at IS NULL) AS user_count,
  (SELECT COALESCE(sum(r.amount), 0)::bigint FROM organization_revenues r WHERE r.organization_id = o.id AND r.status <> 'cancelled') AS revenue`;

export async function listAdminOrganizations(outer: CommonQueryMethods, page: Page, filter: Record<string, unknown>) {
  return asPlatform(outer, async (db) => {
    const where = [sql.fragment`o.deleted_at IS NULL`];
    if (filter.q) where.push(sql.fragment`(o.name ILIKE ${likeOf(filter.q)} OR o.slug ILIKE ${likeOf(filter.q)})`);
    if (typeof filter.status === 'string') where.push(sql.fragment`o.status = ${filter.status}`);
    const rows = await db.any(sql.type(adminOrganizationRow)`
      SELECT ${organizationColumns} FROM organizations o WHERE ${and(where)} ${page.orderBy} LIMIT ${page.limit} OFFSET ${page.offset}`);
    const count = await db.oneFirst(sql.type(total)`SELECT count(*)::int AS n FROM organizations o WHERE ${and(where)}`);
    return { rows, total: count };
  });
}

export function findAdminOrganization(outer: CommonQueryMethods, id: string) {
  return asPlatform(outer, async (db) => {
    return db.maybeOne(sql.type(adminOrganizationRow)`SELECT ${organizationColumns} FROM organizations o WHERE o.id = ${id} AND o.deleted_at IS NULL`);
  });
}

export const adminUserRow = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.enum(roles),
  organization_id: z.string().nullable(),
  organization_name: z.string().nullable(),
  last_login: z.string().nullable(),
  created_at: z.string(),
  avatar_ref: z.string().nullable(),
});

export const adminUserSort: Record<string, FragmentSqlToken> = {
  id: sql.fragment`u.id`, username: sql.fragment`lower(u.username)`, email: sql.fragment`u.email`, role: sql.fragment`u.role`,
  organizationName: sql.fragment`lower(o.name)`, createdAt: sql.fragment`u.created_at`, lastLogin: sql.fragment`u.last_login`,
};

// Users of a deleted organization were removed with it; they are never listed.
const liveUser = sql.fragment`u.deleted_at IS NULL AND (u.organization_id IS NULL OR o.deleted_at IS NULL)`;
const userColumns = sql.fragment`u.id, u.username, u.email, u.role, u.organization_id, o.name AS organization_name, u.last_login, u.created_at, u.avatar_ref`;

export async function listAdminUsers(outer: CommonQueryMethods, page: Page, filter: Record<string, unknown>) {
  return asPlatform(outer, async (db) => {
    const where = [liveUser];
    if (filter.q) where.push(sql.fragment`(u.username ILIKE ${likeOf(filter.q)} OR u.email ILIKE ${likeOf(filter.q)} OR o.name ILIKE ${likeOf(filter.q)})`);
    if (typeof filter.role === 'string') where.push(sql.fragment`u.role = ${filter.role}`);
    if (typeof filter.organizationId === 'string') where.push(sql.fragment`u.organization_id::text = ${filter.organizationId}`);
    const rows = await db.any(sql.type(adminUserRow)`
      SELECT ${userColumns} FROM users u LEFT JOIN organizations o ON o.id = u.organization_id
      WHERE ${and(where)} ${page.orderBy} LIMIT ${page.limit} OFFSET ${page.offset}`);
    const count = await db.oneFirst(sql.type(total)`
      SELECT count(*)::int AS n FROM users u LEFT JOIN organizations o ON o.id = u.organization_id WHERE ${and(where)}`);
    return { rows, total: count };
  });
}

export function findAdminUser(outer: CommonQueryMethods, id: string) {
  return asPlatform(outer, async (db) => {
    return db.maybeOne(sql.type(adminUserRow)`
      SELECT ${userColumns} FROM users u LEFT JOIN organizations o ON o.id = u.organization_id WHERE u.id = ${id} AND ${liveUser}`);
  });
}

// ---- impersonation audit (platform-wide for the super admin, per tenant under RLS for its admins) ----

export const impersonationSessionRow = z.object({
  id: z.string(),
  organization_id: z.string(),
  organization_name: z.string().nullable(),
  super_admin_id: z.string(),
  super_admin_name: z.string().nullable(),
  reason: z.string(),
  started_at: z.string(),
  expires_at: z.string(),
  ended_at: z.string().nullable(),
  end_reason: z.string().nullable(),
  request_count: z.number(),
  event_count: z.number(),
});

export const impersonationSessionSort: Record<string, FragmentSqlToken> = {
  id: sql.fragment`s.id`, startedAt: sql.fragment`s.started_at`, endedAt: sql.fragment`s.ended_at`,
  organizationName: sql.fragment`lower(o.name)`, superAdminName: sql.fragment`lower(s.super_admin_name)`,
};

const sessionColumns = sql.fragment`
  s.id, s.organization_id, o.name AS organization_name, s.super_admin_id, s.super_admin_name, s.reason,
  s.started_at, s.expires_at, s.ended_at, s.end_reason,
  ((SELECT count(*)::int FROM impersonation_requests r WHERE r.impersonation_session_id = s.id)
    + (SELECT count(*)::int FROM impersonation_trail_requests t WHERE t.impersonation_session_id = s.id)) AS request_count,
  (SELECT count(*)::int FROM impersonation_session_events e
    WHERE e.impersonation_session_id = s.id AND e.type NOT IN ('ImpersonationStarted', 'ImpersonationEnded')) AS event_count`;

export async function listImpersonationSessions(outer: CommonQueryMethods, page: Page, filter: { organizationId?: string | null }) {
  return asPlatform(outer, async (db) => {
    const where = filter.organizationId ? [sql.fragment`s.organization_id = ${filter.organizationId}`] : [];
    const rows = await db.any(sql.type(impersonationSessionRow)`
      SELECT ${sessionColumns} FROM impersonation_sessions s LEFT JOIN organizations o ON o.id = s.organization_id
      WHERE ${and(where)} ${page.orderBy} LIMIT ${page.limit} OFFSET ${page.offset}`);
    const count = await db.oneFirst(sql.type(total)`SELECT count(*)::int AS n FROM impersonation_sessions s WHERE ${and(where)}`);
    return { rows, total: count };
  });
}

export function findImpersonationSession(outer: CommonQueryMethods, id: string, organizationId: string | null) {
  return asPlatform(outer, async (db) => {
    const scope = organizationId ? sql.fragment`AND s.organization_id = ${organizationId}` : sql.fragment``;
    return db.maybeOne(sql.type(impersonationSessionRow)`
      SELECT ${sessionColumns} FROM impersonation_sessions s LEFT JOIN organizations o ON o.id = s.organization_id
      WHERE s.id = ${id} ${scope}`);
  });
}

export const impersonationRequestRow = z.object({
  id: z.string(),
  method: z.string(),
  path: z.string(),
  status: z.number(),
  duration_ms: z.number(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  at: z.string(),
  query: z.record(z.unknown()).nullable(),
  body: z.unknown().nullable(),
});

/**
 * A session's requests in the order they were made: the trail events' read model, after the lines
 * of the table that held the trail before it moved into the event log (no query, no body there).
 */
export function listImpersonationRequests(outer: CommonQueryMethods, sessionId: string, organizationId: string) {
  return asPlatform(outer, async (db) => {
    return db.any(sql.type(impersonationRequestRow)`
      SELECT id, method, path, status, duration_ms, ip, user_agent, at, query, body FROM (
        SELECT 'legacy-' || id AS id, method, path, status, duration_ms, ip, user_agent, at, NULL::jsonb AS query, NULL::jsonb AS body, 0 AS part, id AS seq
        FROM impersonation_requests WHERE impersonation_session_id = ${sessionId} AND organization_id = ${organizationId}
        UNION ALL
        SELECT event_id::text, method, path, status, duration_ms, ip, user_agent, at, query, body, 1, position
        FROM impersonation_trail_requests WHERE impersonation_session_id = ${sessionId} AND organization_id = ${organizationId}
      ) r ORDER BY part, seq`);
  });
}
