// /api/documents/analyze: reads a receipt, invoice or payment slip (offline) and proposes the
// expense fields the dialog can apply.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withTenant } from '../../app/db/tenant';
import type { AppDeps } from '../../app/deps';
import { saoPauloDate } from '../../domain/shared/dates';
import { allCategories } from '../../projections/finance/category-queries';
import { requireEditor } from '../plugins/auth';
import { messageResponse } from './finance-fields';

/** A 10 MB document arrives base64-encoded (4/3 larger) inside JSON. */
export const DOCUMENT_BODY_LIMIT = 15 * 1024 * 1024;

export const analyzeBody = z.object({
  base64Data: z.string({ required_error: 'Envie o conteúdo do arquivo (base64Data)' }).min(1, 'O arquivo está vazio. Selecione o documento novamente.'),
  mimeType: z.string({ required_error: 'Informe o tipo do arquivo (mimeType)' }).max(100),
  fileName: z.string().max(255).optional().default('documento'),
});

const analyzeResponse = z.object({
  extractedData: z.object({
    description: z.string().nullable(),
    amount: z.string().nullable(),
    date: z.string().nullable(),
    category: z.string().nullable(),
    vendor: z.string().nullable(),
  }),
  method: z.enum(['pdf-text', 'ocr']),
  notice: z.string().optional(),
});

/** tesseract.js and pdfjs load with the first document analysed, not at start (they weigh tens of MB). */
let analysis: Promise<typeof import('../../app/documents/analyze')> | null = null;
const documentAnalysis = () => (analysis ??= import('../../app/documents/analyze'));

export const documentRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  // The OCR worker lives as long as the server (and exists only once a document was analysed).
  app.addHook('onClose', async () => {
    if (analysis) await (await analysis).shutdownDocumentAnalysis();
  });
  app.post('/documents/analyze', {
    bodyLimit: DOCUMENT_BODY_LIMIT,
    config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    schema: {
      tags: ['despesas'],
      summary: 'Analisar comprovante (PDF, JPG ou PNG) e extrair descrição, valor, data, categoria e fornecedor',
      body: analyzeBody,
      response: { 200: analyzeResponse, 400: messageResponse, 403: messageResponse, 413: messageResponse, 422: messageResponse },
    },
  }, async (request) => {
    const { organizationId } = requireEditor(request);
    const categories = (await withTenant(deps.db, organizationId, (tx) => allCategories(tx, organizationId)))
      .filter((c) => c.is_active)
      .map((c) => ({ slug: c.slug, name: c.name }));
    const { analyzeDocument } = await documentAnalysis();
    const { extractedData, method, notice } = await analyzeDocument(request.body, { categories, today: saoPauloDate(deps.clock()) });
    return { extractedData, method, ...(notice ? { notice } : {}) };
  });
};
