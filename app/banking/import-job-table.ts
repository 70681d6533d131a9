// The table of OFX import jobs (import-jobs.ts): operational state, tenant-scoped under row-level security.
import { sql, type CommonQueryMethods } from 'slonik';
import { protectTenantRows } from '../db/rls';

export async function migrateImportJobTable(db: CommonQueryMethods): Promise<void> {
  await db.query(sql.unsafe`
    CREATE TABLE IF NOT EXISTS ofx_import_jobs (
      id uuid PRIMARY KEY,
      organization_id uuid NOT NULL,
      requested_by uuid,
      status text NOT NULL CHECK (status IN ('running', 'done', 'failed')),
      processed integer NOT NULL DEFAULT 0,
      total integer NOT NULL,
      result jsonb,
      error text,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      finished_at timestamptz
    )`);
  await db.query(sql.unsafe`CREATE INDEX IF NOT EXISTS ofx_import_jobs_organization ON ofx_import_jobs (organization_id, created_at DESC)`);
  await protectTenantRows(db, 'ofx_import_jobs', ['SELECT', 'INSERT', 'UPDATE']);
}
