// The application's database roles. The owner (superuser) connection only migrates at start-up;
// every request runs on a pool logged in as fluxo_runtime: no SUPERUSER, no BYPASSRLS, owner of
// nothing, DML only where the app writes, the event log and audit tables readable and
// append-only, and row-level security applied to it on every tenant table. The projection worker
// logs in as fluxo_projector: owner of the read models only, the log read-only.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

export const RUNTIME_ROLE = 'fluxo_runtime';
/** The role withTenant switches to (SET LOCAL ROLE): SELECT on read models, under tenant RLS. */
export const TENANT_ROLE = 'fluxo_app';
/**
 * The projection worker's role: owns the read-model tables (it drops and swaps them on a rebuild),
 * moves checkpoints, reads the event log; never writes the log, the streams or the audit rows.
 */
export const PROJECTOR_ROLE = 'fluxo_projector';

type LoginRole = typeof RUNTIME_ROLE | typeof PROJECTOR_ROLE;

const PASSWORD_ENV: Record<LoginRole, string> = { fluxo_runtime: 'FLUXO_DB_APP_PASSWORD', fluxo_projector: 'FLUXO_DB_PROJECTOR_PASSWORD' };

/**
 * FLUXO_DB_APP_PASSWORD (FLUXO_DB_PROJECTOR_PASSWORD for the projector), else derived from the owner
 * URL's password (stable across every process sharing that database, and it never reveals the
 * owner's password).
 */
export function rolePassword(ownerUrl: string, role: LoginRole): string {
  const configured = process.env[PASSWORD_ENV[role]];
  if (configured) return configured;
  const ownerPassword = decodeURIComponent(new URL(ownerUrl).password);
  return createHmac('sha256', `fluxo-runtime:${ownerPassword}`).update(role).digest('hex');
}


/** The owner URL with a login role's credentials. */
export function roleUrl(ownerUrl: string, role: LoginRole): string {
  const url = new URL(ownerUrl);
  url.username = role;
  url.password = rolePassword(ownerUrl, role);
  return url.toString();
}

/** The owner URL with the runtime role's credentials. */
export const runtimeUrl = (ownerUrl: string): string => roleUrl(ownerUrl, RUNTIME_ROLE);

/** The owner URL with the projection worker's credentials. */
export const projectorUrl = (ownerUrl: string): string => roleUrl(ownerUrl, PROJECTOR_ROLE);

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

/** Creates a login role if missing and (re)states its attributes and, when given, its password. */
async function ensureLoginRole(db: CommonQueryMethods, role: LoginRole, password?: string): Promise<void> {
  const id = sql.identifier([role]);
  await clusterStatement(db, sql.unsafe`
    DO $$ BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = ${sql.literalValue(role)}) THEN CREATE ROLE ${id} LOGIN; END IF;
    END $$`);
  const attributes = sql.unsafe`NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE NOREPLICATION INHERIT LOGIN`;
  const current = await db.maybeOne(sql.unsafe`
    SELECT rolsuper OR rolbypassrls OR rolcreatedb OR rolcreaterole OR NOT rolcanlogin AS wrong FROM pg_roles WHERE rolname = ${role}`);
  if (current?.wrong) await clusterStatement(db, sql.unsafe`ALTER ROLE ${id} ${attributes}`);
  // Only when it differs (the role's comment keeps a salted hash of it): an ALTER on every start
  // would collide with other processes starting against the same cluster.
  if (password !== undefined) {
    const stated = await db.maybeOneFirst(sql.unsafe`
      SELECT shobj_description(oid, 'pg_authid') FROM pg_roles WHERE rolname = ${role}`);
    const [, salt] = /^fluxo:([0-9a-f]{32}):[0-9a-f]{64}$/.exec(String(stated ?? '')) ?? [];
    if (!salt || stated !== passwordMarker(password, salt)) {
      await clusterStatement(db, sql.unsafe`ALTER ROLE ${id} PASSWORD ${sql.literalValue(password)}`);
      await clusterStatement(db, sql.unsafe`COMMENT ON ROLE ${id} IS ${sql.literalValue(passwordMarker(password, randomBytes(16).toString('hex')))}`);
    }
  }
}

/** Whether `member` (default: the connected role) is a direct member of `group`. */
const isMember = async (db: CommonQueryMethods, group: string, member?: string) =>
  Boolean(await db.maybeOne(sql.unsafe`
    SELECT 1 FROM pg_auth_members m JOIN pg_roles r ON r.oid = m.roleid JOIN pg_roles u ON u.oid = m.member
    WHERE r.rolname = ${group} AND u.rolname = ${member ?? sql.fragment`current_user`}`));

/** Creates the roles if missing and (re)states the login roles' attributes and passwords. */
export async function ensureRoles(db: CommonQueryMethods, passwords: { runtime?: string; projector?: string } = {}): Promise<void> {
  await clusterStatement(db, sql.unsafe`
    DO $$ BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'fluxo_app') THEN CREATE ROLE fluxo_app NOLOGIN; END IF;
    END $$`);
  await ensureLoginRole(db, RUNTIME_ROLE, passwords.runtime);
  await ensureLoginRole(db, PROJECTOR_ROLE, passwords.projector);
  // withTenant's SET LOCAL ROLE fluxo_app needs the runtime role to be a member of it.
  if (!(await isMember(db, TENANT_ROLE, RUNTIME_ROLE))) await clusterStatement(db, sql.unsafe`GRANT fluxo_app TO fluxo_runtime`);
  // The migration creates read-model tables as the projector (SET LOCAL ROLE) and hands it the
  // ones an older version created: an owner that is not superuser must be a member of it.
  const superuser = await db.oneFirst(sql.unsafe`SELECT rolsuper FROM pg_roles WHERE rolname = current_user`);
  if (!superuser && !(await isMember(db, PROJECTOR_ROLE))) {
    await clusterStatement(db, sql.unsafe`GRANT fluxo_projector TO CURRENT_USER`);
  }
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
    ['email_changes', ['SELECT', 'INSERT', 'UPDATE']],
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

/**
 * Within a transaction, acts as the projector role (SET LOCAL ROLE): tables created are its own. A
 * no-op on the projector's own connection; the owner (a superuser or a member) may too.
 */
export async function actAsProjector(tx: CommonQueryMethods): Promise<void> {
  await tx.query(sql.unsafe`SELECT set_config('role', ${PROJECTOR_ROLE}, true)`);
}

/**
 * Lets the projector role create tables in public and shadow schemas in the database, and hands
 * it the read-model tables (and any leftover shadow schema of a rebuild) that an older version
 * created as the owner, so it can drop and swap them on a rebuild.
 */
export async function handReadModelsToProjector(db: CommonQueryMethods, tables: readonly string[], shadowSchemas: readonly string[]): Promise<void> {
  await db.query(sql.unsafe`GRANT USAGE, CREATE ON SCHEMA public TO fluxo_projector`);
  const database = await db.oneFirst(sql.type(z.object({ name: z.string() }))`SELECT current_database() AS name`);
  await db.query(sql.unsafe`GRANT CREATE ON DATABASE ${sql.identifier([database])} TO fluxo_projector`);
  const foreign = await db.anyFirst(sql.type(z.object({ relname: z.string() }))`
    SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relname = ANY(${sql.array([...tables], 'text')})
      AND c.relowner <> (SELECT oid FROM pg_roles WHERE rolname = ${PROJECTOR_ROLE})`);
  for (const table of foreign) await db.query(sql.unsafe`ALTER TABLE ${sql.identifier(['public', table])} OWNER TO fluxo_projector`);
  const schemas = await db.anyFirst(sql.type(z.object({ nspname: z.string() }))`
    SELECT nspname FROM pg_namespace WHERE nspname = ANY(${sql.array([...shadowSchemas], 'text')})
      AND nspowner <> (SELECT oid FROM pg_roles WHERE rolname = ${PROJECTOR_ROLE})`);
  for (const schema of schemas) await db.query(sql.unsafe`ALTER SCHEMA ${sql.identifier([schema])} OWNER TO fluxo_projector`);
}

/**
 * What the projector role may do besides owning the read models (and creating schemas and tables,
 * see handReadModelsToProjector): read the log, move checkpoints, record failures and rebuild
 * progress. Nothing on any other table: no grant on credentials, sessions, audit rows,
 * and the log (events, event_streams) is SELECT only.
 */
export async function grantProjectorPrivileges(db: CommonQueryMethods): Promise<void> {
  const grants: [string, Privilege[]][] = [
    ['events', ['SELECT']],
    ['event_streams', ['SELECT']],
    ['projection_checkpoints', ['SELECT', 'INSERT', 'UPDATE']],
    ['projection_failures', ['SELECT', 'INSERT', 'UPDATE']],
    ['projection_rebuilds', ['SELECT', 'UPDATE']],
  ];
  // Not a blanket REVOKE: on the tables it owns, that would take the projector's own rights away.
  const others = await db.anyFirst(sql.type(z.object({ relname: z.string() }))`
    SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'S')
      AND c.relowner <> (SELECT oid FROM pg_roles WHERE rolname = ${PROJECTOR_ROLE})`);
  for (const table of others) await db.query(sql.unsafe`REVOKE ALL ON ${sql.identifier(['public', table])} FROM fluxo_projector`);
  for (const [table, privileges] of grants) {
    await db.query(sql.unsafe`GRANT ${privilegeList(privileges)} ON ${sql.identifier([table])} TO fluxo_projector`);
  }
  await db.query(sql.unsafe`GRANT SELECT ON SEQUENCE events_position_seq TO fluxo_projector`);
}
