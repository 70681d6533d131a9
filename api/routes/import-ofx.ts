// POST /api/import/ofx: the Importar Extrato OFX screen sends the file's text (decoded in the
// browser by the file's own charset) and gets the spec's result: success, message, summary.
// A large file (or a client that sends `Prefer: respond-async`, as the screen does) gets 202 and
// a job instead, whose progress GET /api/import/ofx/jobs/{jobId} reports until the same result.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { findImportJob, startOfxImportJob, type ImportJob } from '../../app/banking/import-jobs';
import { MAX_OFX_CONTENT_BYTES, prepareOfxImport, runOfxImport } from '../../app/banking/import-ofx';
import type { AppDeps } from '../../app/deps';
import { canEditData } from '../../domain/identity/roles';
import { forbidden, notFound } from '../../domain/shared/errors';
import { actorContext, requireTenant } from '../plugins/auth';
import { detachedFromRequest } from '../plugins/stored-writes';
import { idParams, messageResponse, recordId } from './finance-fields';

/** JSON escaping (\r\n, quotes) makes the body larger than the file; above this Fastify answers 413 before parsing. */
export const OFX_BODY_LIMIT = Math.ceil(MAX_OFX_CONTENT_BYTES * 1.6);

const NO_PERMISSION = 'Você não tem permissão para importar extratos.';
const JOB_NOT_FOUND = 'Importação não encontrada';

/** Files with more transactions than this run as a background job even without `Prefer: respond-async`. */
export const BACKGROUND_ABOVE_TRANSACTIONS = 1_000;

const importBody = z.object({
  ofxContent: z.string({ required_error: 'Conteúdo do arquivo OFX ausente', invalid_type_error: 'Conteúdo do arquivo OFX inválido' }),
  importOptions: z
    .object({
      skipDuplicates: z.boolean().optional(),
      autoCategorize: z.boolean().optional(),
      'auto-categorize': z.boolean().optional(),
    })
    .optional(),
});

export const ofxImportResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  summary: z.object({
    accountInfo: z.object({ bankId: z.string().nullable(), accountId: z.string(), accountType: z.string().nullable(), balance: z.string().nullable() }),
    totalTransactions: z.number(),
    importedCount: z.number(),
    skippedCount: z.number(),
    dateRange: z.object({ start: z.string().nullable(), end: z.string().nullable() }),
  }),
});

export const importJobResponse = z.object({
  jobId: z.string(),
  status: z.enum(['running', 'done', 'failed']),
  processed: z.number(),
  total: z.number(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  // Once done: the same fields as the synchronous answer.
  success: z.boolean().optional(),
  message: z.string().optional(),
  summary: ofxImportResponse.shape.summary.optional(),
});

const toJobResponse = ({ result, ...job }: ImportJob): z.infer<typeof importJobResponse> => ({ ...job, ...(result ?? {}) });

const wantsAsync = (request: FastifyRequest) => /\brespond-async\b/i.test(String(request.headers.prefer ?? ''));

const importersOnly = async (request: FastifyRequest): Promise<void> => {
  if (!canEditData(requireTenant(request).role)) throw forbidden(NO_PERMISSION);
};

export const importOfxRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  app.post('/import/ofx', {
    bodyLimit: OFX_BODY_LIMIT,
    // The access hook would refuse view-only users with its generic message; this screen has its own.
    config: { access: 'signed-in' },
    preValidation: importersOnly,
    schema: {
      tags: ['integração bancária'],
      summary: 'Importar extrato OFX (até 5 MB): ignora duplicadas e categoriza automaticamente por padrão',
      body: importBody,
      response: { 200: ofxImportResponse, 202: importJobResponse, 400: messageResponse, 403: messageResponse, 413: messageResponse, 422: messageResponse },
    },
  }, async (request, reply) => {
    const raw = request.body.importOptions ?? {};
    const options = { skipDuplicates: raw.skipDuplicates ?? true, autoCategorize: raw.autoCategorize ?? raw['auto-categorize'] ?? true };
    const context = actorContext(request, deps);
    const prepared = prepareOfxImport(request.body.ofxContent, options, context);
    if (!wantsAsync(request) && prepared.totalTransactions <= BACKGROUND_ABOVE_TRANSACTIONS) return runOfxImport(deps, prepared, context);
    // The job settles its own writes before it reports done; the session's polls meanwhile read its progress at once.
    const job = await detachedFromRequest(() => startOfxImportJob(deps, prepared, context));
    reply.status(202).header('location', `/api/import/ofx/jobs/${job.jobId}`);
    return toJobResponse(job);
  });

  app.get('/import/ofx/jobs/:id', {
    config: { access: 'signed-in' },
    preValidation: importersOnly,
    schema: {
      tags: ['integração bancária'],
      summary: 'Andamento de uma importação OFX em segundo plano (processadas/total, estado, resultado ou erro)',
      params: idParams,
      response: { 200: importJobResponse, 403: messageResponse, 404: messageResponse },
    },
  }, async (request) => {
    const { organizationId } = requireTenant(request);
    const job = await findImportJob(deps, organizationId, recordId(request.params.id, JOB_NOT_FOUND));
    if (!job) throw notFound(JOB_NOT_FOUND);
    return toJobResponse(job);
  });
};
