// GET /api/search?q=: the header search box over transactions, goals and insights.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app/deps';
import { withTenant } from '../../app/db/tenant';
import { validationError } from '../../domain/shared/errors';
import { formatMoney } from '../../domain/shared/money';
import { MIN_QUERY_LENGTH, searchDocuments } from '../../projections/search/queries';
import { requireTenant } from '../plugins/auth';

export const SEARCH_HINT = 'Digite pelo menos 2 caracteres para buscar';

const searchResult = z.object({
  type: z.enum(['transaction', 'goal', 'insight']),
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string().nullable(),
  amount: z.string().nullable(),
  date: z.string().nullable(),
  priority: z.string().nullable(),
  url: z.string(),
});

export const searchRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  app.get('/search', {
    schema: {
      tags: ['busca'],
      summary: 'Buscar transações, metas e insights (mínimo 2 caracteres; sem acentos, por prefixo)',
      querystring: z.object({ q: z.string().optional(), query: z.string().optional() }),
      response: { 200: z.array(searchResult), 400: z.object({ message: z.string() }) },
    },
  }, async (request) => {
    const { organizationId } = requireTenant(request);
    const q = (request.query.q ?? request.query.query ?? '').trim();
    if (q.length < MIN_QUERY_LENGTH || q.length > 200) throw validationError(q.length > 200 ? 'A busca pode ter no máximo 200 caracteres' : SEARCH_HINT, { q: SEARCH_HINT });
    const rows = await withTenant(deps.db, organizationId, (tx) => searchDocuments(tx, organizationId, q));
    return rows.map((row) => ({
      type: row.kind, id: row.ref_id, title: row.title, description: row.description, category: row.category,
      amount: row.amount === null ? null : formatMoney(row.amount), date: row.date, priority: row.priority, url: row.url,
    }));
  });
};
