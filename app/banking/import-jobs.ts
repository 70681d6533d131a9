// OFX imports as background jobs: the request reads and checks the file (a broken one is refused
// there, nothing written), records a job and answers at once; the import runs in this process and
// writes its progress into `ofx_import_jobs`, which any API process can read for the screen's
// progress bar. A job is done only once the read models show the whole file.
// The table is operational state, like sessions: no business fact lives only here (the imported
// transactions, expenses and revenues are events); it is tenant-scoped under row-level security.
import { sql } from 'slonik';
import { z } from 'zod';
import { DomainError } from '../../domain/shared/errors';
import type { ActorContext } from '../context';
import { withTenant } from '../db/tenant';
import type { AppDeps } from '../deps';
import { newId } from '../ids';
import { tenantOf } from '../finance/tenant';
import { runOfxImport, untilProjected, type OfxImportResult, type PreparedOfxImport } from './import-ofx';

/** A running job whose progress has not moved for this long was cut short (its process stopped). */
export const JOB_STALE_AFTER_MS = 10 * 60 * 1000;
export const INTERRUPTED = 'Importação interrompida antes do fim; importe o arquivo de novo: as transações já importadas serão ignoradas.';
const FAILED = 'Erro ao processar arquivo OFX';

export type ImportJobStatus = 'running' | 'done' | 'failed';

export type ImportJob = {
  jobId: string;
  status: ImportJobStatus;
  /** Transactions of the file settled so far (imported or skipped) out of `total`. */
  processed: number;
  total: number;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
  /** The import's result (the synchronous answer's fields), once done. */
  result: OfxImportResult | null;
};

const jobRow = z.object({
  id: z.string(),
  status: z.enum(['running', 'done', 'failed']),
  processed: z.number(),
  total: z.number(),
  result: z.unknown().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  finished_at: z.string().nullable(),
});

const iso = (value: string) => new Date(value).toISOString();

function toJob(row: z.infer<typeof jobRow>, now: Date): ImportJob {
  const stale = row.status === 'running' && now.getTime() - Date.parse(row.updated_at) > JOB_STALE_AFTER_MS;
  return {
    jobId: row.id,
    status: stale ? 'failed' : row.status,
    processed: row.processed,
    total: row.total,
    error: stale ? INTERRUPTED : row.error,
    createdAt: iso(row.created_at),
    finishedAt: row.finished_at ? iso(row.finished_at) : null,
    result: (row.result as OfxImportResult | null) ?? null,
  };
}

const running = new Set<Promise<void>>();

/** Resolves once every job started by this process has finished (tests, shutdown). */
export async function settleImportJobs(): Promise<void> {
  while (running.size > 0) await Promise.allSettled([...running]);
}

/** Records the job of a file already read and checked (prepareOfxImport) and starts it; returns the job as it stands. */
export async function startOfxImportJob(deps: AppDeps, prepared: PreparedOfxImport, context: ActorContext): Promise<ImportJob> {
  const organizationId = tenantOf(context);
  const jobId = newId();
  const now = deps.clock().toISOString();
  const row = await withTenant(deps.db, organizationId, (tx) => tx.one(sql.type(jobRow)`
    INSERT INTO ofx_import_jobs (id, organization_id, requested_by, status, processed, total, created_at, updated_at)
    VALUES (${jobId}, ${organizationId}, ${context.actorUserId}, 'running', 0, ${prepared.totalTransactions}, ${now}, ${now})
    RETURNING id, status, processed, total, result, error, created_at::text, updated_at::text, finished_at::text`));

  const update = (fragment: ReturnType<typeof sql.fragment>) =>
    withTenant(deps.db, organizationId, (tx) => tx.query(sql.unsafe`UPDATE ofx_import_jobs SET ${fragment}, updated_at = ${deps.clock().toISOString()} WHERE id = ${jobId}`));
  const work = (async () => {
    try {
      const result = await runOfxImport(deps, prepared, context, {
        onProgress: async (processed) => {
          await update(sql.fragment`processed = ${processed}`);
        },
        settle: async (position) => {
          if (position !== null) await untilProjected(deps, position, () => update(sql.fragment`processed = processed`));
        },
      });
      await update(sql.fragment`status = 'done', processed = total, result = ${sql.jsonb(result)}, finished_at = ${deps.clock().toISOString()}`);
    } catch (error) {
      const message = error instanceof DomainError ? error.message : FAILED;
      if (!(error instanceof DomainError)) deps.logger.error({ err: error, jobId }, 'OFX import job failed');
      await update(sql.fragment`status = 'failed', error = ${message}, finished_at = ${deps.clock().toISOString()}`).catch(() => undefined);
    }
  })();
  running.add(work);
  void work.finally(() => running.delete(work));
  return toJob(row, deps.clock());
}

export async function findImportJob(deps: AppDeps, organizationId: string, jobId: string): Promise<ImportJob | null> {
  const row = await withTenant(deps.db, organizationId, (tx) => tx.maybeOne(sql.type(jobRow)`
    SELECT id, status, processed, total, result, error, created_at::text, updated_at::text, finished_at::text
    FROM ofx_import_jobs WHERE organization_id = ${organizationId} AND id = ${jobId}`));
  return row ? toJob(row, deps.clock()) : null;
}
