// The table of OFX import jobs (import-jobs.ts): operational state, tenant-scoped under row-level security.
import { sql, type CommonQueryMethods } from 'slonik';

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
  await db.query(sql.unsafe`ALTER TABLE ofx_import_jobs ENABLE ROW LEVEL SECURITY`);
  await db.query(sql.unsafe`DROP POLICY IF EXISTS ofx_import_jobs_tenant_isolation ON ofx_import_jobs`);
  await db.query(sql.unsafe`
    CREATE POLICY ofx_import_jobs_tenant_isolation ON ofx_import_jobs
    USING (organization_id = NULLIF(current_setting('app.organization_id', true), '')::uuid)`);
  await db.query(sql.unsafe`GRANT SELECT, INSERT, UPDATE ON ofx_import_jobs TO fluxo_app`);
}
