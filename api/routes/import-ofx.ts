// POST /api/import/ofx: the Importar Extrato OFX screen sends the file's text (decoded in the
// browser by the file's own charset) and gets the spec's result: success, message, summary.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { importOfx, MAX_OFX_CONTENT_BYTES } from '../../app/banking/import-ofx';
import type { AppDeps } from '../../app/deps';
import { canEditData } from '../../domain/identity/roles';
import { forbidden } from '../../domain/shared/errors';
import { actorContext, requireTenant } from '../plugins/auth';
import { messageResponse } from './finance-fields';

/** JSON escaping (\r\n, quotes) makes the body larger than the file; above this Fastify answers 413 before parsing. */
export const OFX_BODY_LIMIT = Math.ceil(MAX_OFX_CONTENT_BYTES * 1.6);

const NO_PERMISSION = 'Você não tem permissão para importar extratos.';

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
      response: { 200: ofxImportResponse, 400: messageResponse, 403: messageResponse, 413: messageResponse, 422: messageResponse },
    },
  }, async (request) => {
    const options = request.body.importOptions ?? {};
    return importOfx(deps, request.body.ofxContent, {
      skipDuplicates: options.skipDuplicates ?? true,
      autoCategorize: options.autoCategorize ?? options['auto-categorize'] ?? true,
    }, actorContext(request, deps));
  });
};
