// The audit tables: one seal per event of the global log (and per unused range of positions), and
// the signed checkpoints over each organization's chain of seals. Both are append-only.
import { sql, type CommonQueryMethods } from 'slonik';
import { protectTenantRows } from '../db/rls';

export async function migrateAuditTables(db: CommonQueryMethods): Promise<void> {
  await db.query(sql.unsafe`
    CREATE TABLE IF NOT EXISTS audit_seals (
      position bigint PRIMARY KEY,
      position_to bigint NOT NULL,
      organization_id uuid,
      kind text NOT NULL CHECK (kind IN ('event', 'gap')),
      stream_id text,
      revision integer,
      event_hash text,
      prev_position bigint,
      mac text NOT NULL,
      sealed_at timestamptz NOT NULL DEFAULT now()
    )`);
  await db.query(sql.unsafe`CREATE INDEX IF NOT EXISTS audit_seals_organization ON audit_seals (organization_id, position)`);
  await db.query(sql.unsafe`
    CREATE TABLE IF NOT EXISTS audit_checkpoints (
      id bigserial PRIMARY KEY,
      organization_id uuid,
      position bigint NOT NULL,
      event_count bigint NOT NULL,
      head_mac text NOT NULL,
      log_position bigint NOT NULL,
      prev_signature text,
      created_at timestamptz NOT NULL,
      key_id text NOT NULL,
      signature text NOT NULL
    )`);
  await db.query(sql.unsafe`CREATE INDEX IF NOT EXISTS audit_checkpoints_organization ON audit_checkpoints (organization_id, id)`);
  await db.query(sql.unsafe`
    CREATE OR REPLACE FUNCTION audit_rows_are_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION '% is append-only', TG_TABLE_NAME; END $$`);
  for (const table of ['audit_seals', 'audit_checkpoints']) {
    const id = sql.identifier([table]);
    const trigger = sql.identifier([`${table}_immutable`]);
    await db.query(sql.unsafe`DROP TRIGGER IF EXISTS ${trigger} ON ${id}`);
    await db.query(sql.unsafe`
      CREATE TRIGGER ${trigger} BEFORE UPDATE OR DELETE ON ${id} FOR EACH ROW EXECUTE FUNCTION audit_rows_are_immutable()`);
    await protectTenantRows(db, table);
  }
}
