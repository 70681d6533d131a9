// Application tables that are not read models: secrets and uniqueness guards, never in events.
import { sql, type CommonQueryMethods } from 'slonik';
import { migrateImportJobTable } from './banking/import-job-table';
import { migrateAttachmentTable } from './finance/attachments';
import { migrateEmailChangeTable } from './identity/email-change';
import { migratePasswordResetTable } from './identity/password-reset';
import { protectTenantRows } from './db/rls';

export async function migrateAppTables(db: CommonQueryMethods): Promise<void> {
  await db.query(sql.unsafe`
    CREATE TABLE IF NOT EXISTS credentials (
      user_id uuid PRIMARY KEY,
      password_hash text NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
  await db.query(sql.unsafe`
    CREATE TABLE IF NOT EXISTS sessions (
      token_hash text PRIMARY KEY,
      user_id uuid NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz,
      impersonation_session_id uuid,
      impersonated_organization_id uuid,
      impersonation_expires_at timestamptz
    )`);
  await db.query(sql.unsafe`CREATE INDEX IF NOT EXISTS sessions_user ON sessions (user_id) WHERE revoked_at IS NULL`);
  // 'Esqueci minha senha' links: only each token's SHA-256, its expiry and when it was used.
  await migratePasswordResetTable(db);
  // Email change links (the new address confirms before it becomes the login): hash, address, expiry.
  await migrateEmailChangeTable(db);
  // Unique business keys (login email, organization slug) reserved before the event is appended.
  await db.query(sql.unsafe`
    CREATE TABLE IF NOT EXISTS unique_keys (
      scope text NOT NULL,
      value text NOT NULL,
      owner_id uuid NOT NULL,
      PRIMARY KEY (scope, value)
    )`);
  // Idempotency-Key of POST requests (api/plugins/idempotency.ts): per organization and user, the
  // request's hash and its first answer, replayed to a retry.
  await db.query(sql.unsafe`
    CREATE TABLE IF NOT EXISTS idempotency_keys (
      owner text NOT NULL,
      key text NOT NULL,
      request_hash text NOT NULL,
      request_id text,
      created_at timestamptz NOT NULL DEFAULT now(),
      status_code integer,
      content_type text,
      response_body bytea,
      PRIMARY KEY (owner, key)
    )`);
  await db.query(sql.unsafe`CREATE INDEX IF NOT EXISTS idempotency_keys_created ON idempotency_keys (created_at)`);
  // Expense attachments (bytes apart from events, which carry only id and hash).
  await migrateAttachmentTable(db);
  // Avatar images (their bytes never enter events; UserProfileUpdated carries `avatar:<sha256>`).
  await db.query(sql.unsafe`
    CREATE TABLE IF NOT EXISTS avatars (
      ref text NOT NULL,
      user_id uuid NOT NULL,
      organization_id uuid,
      mime text NOT NULL,
      bytes bytea NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (ref, user_id)
    )`);
  // The request trail of impersonation sessions: method, path, status, time, IP, user agent —
  // never bodies, query strings or cookies. Append-only, readable per tenant under RLS.
  await db.query(sql.unsafe`
    CREATE TABLE IF NOT EXISTS impersonation_requests (
      id bigserial PRIMARY KEY,
      impersonation_session_id uuid NOT NULL,
      organization_id uuid NOT NULL,
      super_admin_id uuid NOT NULL,
      request_id text,
      method text NOT NULL,
      path text NOT NULL,
      status integer NOT NULL,
      duration_ms integer NOT NULL,
      ip text,
      user_agent text,
      at timestamptz NOT NULL
    )`);
  await db.query(sql.unsafe`
    CREATE INDEX IF NOT EXISTS impersonation_requests_session ON impersonation_requests (impersonation_session_id, id)`);
  await db.query(sql.unsafe`
    CREATE OR REPLACE FUNCTION impersonation_requests_are_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'impersonation_requests is append-only'; END $$`);
  await db.query(sql.unsafe`DROP TRIGGER IF EXISTS impersonation_requests_immutable ON impersonation_requests`);
  await db.query(sql.unsafe`
    CREATE TRIGGER impersonation_requests_immutable BEFORE UPDATE OR DELETE ON impersonation_requests
      FOR EACH ROW EXECUTE FUNCTION impersonation_requests_are_immutable()`);
  // OFX imports running in the background: their progress for the import screen.
  await migrateImportJobTable(db);
  for (const table of ['avatars', 'impersonation_requests']) await protectTenantRows(db, table);
}
