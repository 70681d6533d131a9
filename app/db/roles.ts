// The application's runtime database role. The owner (superuser) connection only migrates at
// start-up; every request runs on a pool logged in as fluxo_runtime: no SUPERUSER, no BYPASSRLS,
// owner of nothing, DML only where the app writes, the event log and audit tables readable and
// append-only, and row-level security applied to it on every tenant table.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { sql, type CommonQueryMethods } from 'slonik';

export const RUNTIME_ROLE = 'fluxo_runtime';
/** The role withTenant switches to (SET LOCAL ROLE): SELECT on read models, under tenant RLS. */
export const TENANT_ROLE = 'fluxo_app';

/**
 * FLUXO_DB_APP_PASSWORD, else derived from the owner URL's password (stable across every process
 * sharing that database, and it never reveals the owner's password).
 */
export function runtimePassword(ownerUrl: string): string {
  if (process.env.FLUXO_DB_APP_PASSWORD) return process.env.FLUXO_DB_APP_PASSWORD;
  const ownerPassword = decodeURIComponent(new URL(ownerUrl).password);
  return createHmac('sha256', `fluxo-runtime:${ownerPassword}`).update(RUNTIME_ROLE).digest('hex');
}

/** The owner URL with the runtime role's credentials. */
export function runtimeUrl(ownerUrl: string): string {
  const url = new URL(ownerUrl);
  url.username = RUNTIME_ROLE;
  url.password = runtimePassword(ownerUrl);
  return url.toString();
}

const RACE_CODES = new Set(['42710', '23505', 'XX000', '40001', '40P01']);

function errorCode(error: unknown): string | undefined {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/**
 * Roles are cluster-wide: parallel test files and processes may create or alter them at the same
 * time ("already exists", "tuple concurrently updated"), so each statement is retried.
 */
async function clusterStatement(db: CommonQueryMethods, statement: ReturnType<typeof sql.unsafe>): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await db.query(statement);
      return;
    } catch (error) {
      if (attempt >= 20 || !RACE_CODES.has(errorCode(error) ?? '')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 80));
    }
  }
}

const passwordMarker = (password: string, salt: string) => `fluxo:${salt}:${createHash('sha256').update(`${salt}:${password}`).digest('hex')}`;

/** Creates both roles if missing and (re)states the runtime role's attributes and password. */
export async function ensureRoles(db: CommonQueryMethods, password?: string): Promise<void> {
  await clusterStatement(db, sql.unsafe`
    DO $$ BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'fluxo_app') THEN CREATE ROLE fluxo_app NOLOGIN; END IF;
    END $$`);
  await clusterStatement(db, sql.unsafe`
    DO $$ BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'fluxo_runtime') THEN CREATE ROLE fluxo_runtime LOGIN; END IF;
    END $$`);
  const attributes = sql.unsafe`NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE NOREPLICATION INHERIT LOGIN`;
  const current = await db.maybeOne(sql.unsafe`
    SELECT rolsuper OR rolbypassrls OR rolcreatedb OR rolcreaterole OR NOT rolcanlogin AS wrong FROM pg_roles WHERE rolname = 'fluxo_runtime'`);
  if (current?.wrong) await clusterStatement(db, sql.unsafe`ALTER ROLE fluxo_runtime ${attributes}`);
  // Only when it differs (the role's comment keeps a salted hash of it): an ALTER on every start
  // would collide with other processes starting against the same cluster.
  if (password !== undefined) {
    const stated = await db.maybeOneFirst(sql.unsafe`
      SELECT shobj_description(oid, 'pg_authid') FROM pg_roles WHERE rolname = 'fluxo_runtime'`);
    const [, salt] = /^fluxo:([0-9a-f]{32}):[0-9a-f]{64}$/.exec(String(stated ?? '')) ?? [];
    if (!salt || stated !== passwordMarker(password, salt)) {
      await clusterStatement(db, sql.unsafe`ALTER ROLE fluxo_runtime PASSWORD ${sql.literalValue(password)}`);
      await clusterStatement(db, sql.unsafe`COMMENT ON ROLE fluxo_runtime IS ${sql.literalValue(passwordMarker(password, randomBytes(16).toString('hex')))}`);
    }
  }
  // withTenant's SET LOCAL ROLE fluxo_app needs the runtime role to be a member of it.
  const member = await db.maybeOne(sql.unsafe`
    SELECT 1 FROM pg_auth_members m JOIN pg_roles r ON r.oid = m.roleid JOIN pg_roles u ON u.oid = m.member
    WHERE r.rolname = 'fluxo_app' AND u.rolname = 'fluxo_runtime'`);
  if (!member) await clusterStatement(db, sql.unsafe`GRANT fluxo_app TO fluxo_runtime`);
}

export type Privilege = 'SELECT' | 'INSERT' | 'UPDATE' | 'DELETE';

const PRIVILEGES: Record<Privilege, ReturnType<typeof sql.fragment>> = {
  SELECT: sql.fragment`SELECT`,
  INSERT: sql.fragment`INSERT`,
  UPDATE: sql.fragment`UPDATE`,
  DELETE: sql.fragment`DELETE`,
};

export const privilegeList = (privileges: readonly Privilege[]) => sql.join(privileges.map((p) => PRIVILEGES[p]), sql.fragment`, `);

/**
 * What the runtime role may do in this database (run by the migration, after every table exists).
 * Read models come through fluxo_app (SELECT, granted as each is created). The event log is written
 * only by fluxo_append (SECURITY DEFINER); events, streams and audit rows are never UPDATE/DELETE.
 */
export async function grantRuntimePrivileges(db: CommonQueryMethods): Promise<void> {
  const grants: [string, Privilege[]][] = [
    ['events', ['SELECT']],
    ['event_streams', ['SELECT']],
    ['audit_seals', ['SELECT', 'INSERT']],
    ['audit_checkpoints', ['SELECT', 'INSERT']],
    ['impersonation_requests', ['SELECT', 'INSERT']],
    ['credentials', ['SELECT', 'INSERT', 'UPDATE', 'DELETE']],
    ['sessions', ['SELECT', 'INSERT', 'UPDATE', 'DELETE']],
    ['unique_keys', ['SELECT', 'INSERT', 'UPDATE', 'DELETE']],
    ['idempotency_keys', ['SELECT', 'INSERT', 'UPDATE', 'DELETE']],
    ['password_resets', ['SELECT', 'INSERT', 'UPDATE']],
    ['avatars', ['SELECT', 'INSERT', 'DELETE']],
    ['attachments', ['SELECT', 'INSERT']],
    ['ofx_import_jobs', ['SELECT', 'INSERT', 'UPDATE']],
    ['projection_checkpoints', ['SELECT']],
    ['projection_failures', ['SELECT']],
    ['projection_rebuilds', ['SELECT', 'INSERT']],
  ];
  await db.query(sql.unsafe`REVOKE ALL ON ALL TABLES IN SCHEMA public FROM fluxo_runtime`);
  for (const [table, privileges] of grants) {
    await db.query(sql.unsafe`GRANT ${privilegeList(privileges)} ON ${sql.identifier([table])} TO fluxo_runtime`);
  }
  await db.query(sql.unsafe`GRANT USAGE ON SCHEMA public TO fluxo_runtime`);
  await db.query(sql.unsafe`REVOKE EXECUTE ON FUNCTION fluxo_append(jsonb) FROM PUBLIC`);
  await db.query(sql.unsafe`GRANT EXECUTE ON FUNCTION fluxo_append(jsonb) TO fluxo_runtime`);
  // Positions are drawn only by fluxo_append; the readers' horizon reads the sequence's last value.
  await db.query(sql.unsafe`GRANT SELECT ON SEQUENCE events_position_seq TO fluxo_runtime`);
  for (const sequence of ['impersonation_requests_id_seq', 'audit_checkpoints_id_seq']) {
    await db.query(sql.unsafe`GRANT USAGE ON SEQUENCE ${sql.identifier([sequence])} TO fluxo_runtime`);
  }
}
