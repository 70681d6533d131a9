// /api/revenues: the Receitas screen's list, cards and create/edit/delete dialog.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app/deps';
import { withTenant } from '../../app/db/tenant';
import { deleteRevenue, recordRevenue, updateRevenue } from '../../app/finance/revenues';
import { REVENUE_NOT_FOUND, revenueCategories, revenueStatuses } from '../../domain/finance/revenue';
import { formatMoney } from '../../domain/shared/money';
import { findRevenue, listRevenues, revenueSortable, revenueSummary, type RevenueRow } from '../../projections/finance/revenues';
import { actorContext, requireEditor, requireTenant } from '../plugins/auth';
import { listQuerySchema, parseListParams, sendList } from '../plugins/list';
import { tenantRecordLoader } from '../plugins/tenant-record';
import { dateField, editorsOnly, filterQuery, idParams, messageResponse, moneyField, recordId, requiredText } from './finance-fields';

const category = z.enum(revenueCategories, { errorMap: () => ({ message: `Categoria inválida; use uma destas: ${revenueCategories.join(', ')}` }) });
const status = z.enum(revenueStatuses, { errorMap: () => ({ message: `Status inválido; use um destes: ${revenueStatuses.join(', ')}` }) });

export const revenueBody = z.object({
  description: requiredText('Descrição é obrigatória'),
  amount: moneyField('Valor é obrigatório'),
  category: category.optional(),
  status: status.optional(),
  date: dateField('Data é obrigatória'),
});

/** PUT takes the whole record (react-admin sends it back) or only the fields to change. */
export const revenueChangesBody = revenueBody.partial();

export const revenueResponse = z.object({
  id: z.string(),
  description: z.string(),
  amount: z.string(),
  category,
  status,
  date: z.string(),
  source: z.enum(['ofx', 'bank_sync']).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const summaryResponse = z.object({ totalAmount: z.string(), count: z.number(), pendingCount: z.number(), receivedCount: z.number() });

export const toRevenue = (row: RevenueRow): z.infer<typeof revenueResponse> => ({
  id: row.id,
  description: row.description,
  amount: formatMoney(row.amount),
  category: row.category,
  status: row.status,
  date: row.date,
  source: row.source_kind,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export const revenueRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  const tags = ['receitas'];
  const load = tenantRecordLoader(deps.db, findRevenue, REVENUE_NOT_FOUND, toRevenue);

  app.get('/revenues', {
    config: { answerCache: true },
    schema: { tags, summary: 'Listar receitas (sort, range, filter: q, status, category, date_gte, date_lte)', querystring: listQuerySchema, response: { 200: z.array(revenueResponse) } },
  }, async (request, reply) => {
    const { organizationId } = requireTenant(request);
    const params = parseListParams(request.query, { sortable: revenueSortable, defaultSort: ['date', 'DESC'] });
    const { rows, total } = await withTenant(deps.db, organizationId, (tx) => listRevenues(tx, organizationId, params));
    return sendList(reply, 'revenues', rows.map(toRevenue), total, params.offset);
  });

  app.get('/revenues/summary', {
    config: { answerCache: true },
    schema: { tags, summary: 'Cartões da tela Receitas: total, pendentes, recebidas', querystring: filterQuery, response: { 200: summaryResponse } },
  }, async (request) => {
    const { organizationId } = requireTenant(request);
    const { filter } = parseListParams(request.query, { sortable: revenueSortable, defaultSort: ['date', 'DESC'] });
    const s = await withTenant(deps.db, organizationId, (tx) => revenueSummary(tx, organizationId, filter));
    return { totalAmount: formatMoney(s.total_amount), count: s.count, pendingCount: s.pending_count, receivedCount: s.received_count };
  });

  app.get('/revenues/:id', {
    schema: { tags, summary: 'Uma receita', params: idParams, response: { 200: revenueResponse, 404: messageResponse } },
  }, async (request) => {
    const { organizationId } = requireTenant(request);
    return load(organizationId, recordId(request.params.id, REVENUE_NOT_FOUND));
  });

  app.post('/revenues', {
    preValidation: editorsOnly,
    schema: { tags, summary: 'Criar receita (status padrão: pending)', body: revenueBody, response: { 201: revenueResponse, 400: messageResponse, 403: messageResponse } },
  }, async (request, reply) => {
    const { organizationId } = requireEditor(request);
    const { revenue } = await recordRevenue(deps, request.body, actorContext(request, deps));
    reply.status(201);
    return load(organizationId, revenue.revenueId);
  });

  app.put('/revenues/:id', {
    preValidation: editorsOnly,
    schema: { tags, summary: 'Atualizar receita', params: idParams, body: revenueChangesBody, response: { 200: revenueResponse, 400: messageResponse, 403: messageResponse, 404: messageResponse } },
  }, async (request) => {
    const { organizationId } = requireEditor(request);
    const id = recordId(request.params.id, REVENUE_NOT_FOUND);
    await updateRevenue(deps, id, request.body, actorContext(request, deps));
    return load(organizationId, id);
  });

  app.delete('/revenues/:id', {
    preValidation: editorsOnly,
    schema: { tags, summary: 'Excluir receita', params: idParams, response: { 200: revenueResponse, 403: messageResponse, 404: messageResponse } },
  }, async (request) => {
    const { organizationId } = requireEditor(request);
    const id = recordId(request.params.id, REVENUE_NOT_FOUND);
    const existing = await load(organizationId, id);
    await deleteRevenue(deps, id, actorContext(request, deps));
    return existing;
  });
};
