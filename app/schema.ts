// Application tables that are not read models: secrets and uniqueness guards, never in events.
import { sql, type CommonQueryMethods } from 'slonik';

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
  // Unique business keys (login email, organization slug) reserved before the event is appended.
  await db.query(sql.unsafe`
    CREATE TABLE IF NOT EXISTS unique_keys (
      scope text NOT NULL,
      value text NOT NULL,
      owner_id uuid NOT NULL,
      PRIMARY KEY (scope, value)
    )`);
}
