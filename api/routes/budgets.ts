// /api/budgets: the Orçamento screen's totals, progress per category and 'Criar Novo Orçamento' dialog.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createBudget, deleteBudget, updateBudget } from '../../app/finance/budgets';
import { withTenant } from '../../app/db/tenant';
import type { AppDeps } from '../../app/deps';
import { BUDGET_NOT_FOUND } from '../../domain/finance/budget';
import { budgetCategorySchema } from '../../domain/finance/budget-categories';
import { budgetHealth, budgetPeriods, spentPercent } from '../../domain/finance/budget-health';
import { saoPauloDate } from '../../domain/shared/dates';
import { formatMoney } from '../../domain/shared/money';
import { budgetFilter, budgetSortable, findBudget, listBudgets, summarizeBudgets, type BudgetRow } from '../../projections/finance/budget-queries';
import { actorContext, requireEditor, requireTenant } from '../plugins/auth';
import { listQuerySchema, parseListParams, sendList } from '../plugins/list';
import { tenantRecordLoader } from '../plugins/tenant-record';
import { filterQuery, idParams, messageResponse, moneyField, recordId } from './finance-fields';

const category = z.preprocess((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v), budgetCategorySchema);
const period = z.enum(budgetPeriods, { errorMap: () => ({ message: 'Período inválido; use monthly, quarterly ou yearly' }) });

export const budgetBody = z.object({
  category,
  budgetAmount: moneyField('Valor do orçamento é obrigatório'),
  period: z.preprocess((v) => (v === '' || v === null ? undefined : v), period.optional()),
});

export const budgetChangesBody = budgetBody.partial();

export const budgetResponse = z.object({
  id: z.string(),
  category: z.string(),
  budgetAmount: z.string(),
  spentAmount: z.string(),
  remainingAmount: z.string(),
  percentage: z.number(),
  health: z.enum(['good', 'warning', 'exceeded']),
  period,
  periodStart: z.string(),
  periodEnd: z.string(),
  createdAt: z.string(),
});

const summaryResponse = z.object({
  count: z.number(),
  totalBudget: z.string(),
  totalSpent: z.string(),
  totalRemaining: z.string(),
  goodCount: z.number(),
  warningCount: z.number(),
  exceededCount: z.number(),
});

export const toBudget = (row: BudgetRow): z.infer<typeof budgetResponse> => ({
  id: row.id,
  category: row.category,
  budgetAmount: formatMoney(row.budget_amount),
  spentAmount: formatMoney(row.spent_amount),
  remainingAmount: formatMoney(row.budget_amount - row.spent_amount),
  percentage: spentPercent(row.spent_amount, row.budget_amount),
  health: budgetHealth(row.spent_amount, row.budget_amount),
  period: row.period,
  periodStart: row.period_start,
  periodEnd: row.period_end,
  createdAt: row.created_at,
});

export const budgetRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  const tags = ['orçamentos'];
  const today = () => saoPauloDate(deps.clock());
  const load = tenantRecordLoader(deps.db, (tx, organizationId, id) => findBudget(tx, organizationId, today(), id), BUDGET_NOT_FOUND, toBudget);

  app.get('/budgets', {
    schema: {
      tags,
      summary: 'Listar orçamentos com o gasto do período atual (sort, range, filter: category, period, health, id)',
      querystring: listQuerySchema,
      response: { 200: z.array(budgetResponse), 400: messageResponse },
    },
  }, async (request, reply) => {
    const { organizationId } = requireTenant(request);
    const params = parseListParams(request.query, { sortable: budgetSortable, defaultSort: ['category', 'ASC'] });
    const { rows, total } = await withTenant(deps.db, organizationId, (tx) => listBudgets(tx, organizationId, today(), budgetFilter(params.filter), params));
    return sendList(reply, 'budgets', rows.map(toBudget), total, params.offset);
  });

  app.get('/budgets/summary', {
    schema: { tags, summary: 'Cartões da tela Orçamento: total orçado, gasto e restante', querystring: filterQuery, response: { 200: summaryResponse, 400: messageResponse } },
  }, async (request) => {
    const { organizationId } = requireTenant(request);
    const { filter } = parseListParams(request.query, { sortable: budgetSortable, defaultSort: ['category', 'ASC'] });
    const s = await withTenant(deps.db, organizationId, (tx) => summarizeBudgets(tx, organizationId, today(), budgetFilter(filter)));
    return {
      count: s.count,
      totalBudget: formatMoney(s.total_budget),
      totalSpent: formatMoney(s.total_spent),
      totalRemaining: formatMoney(s.total_budget - s.total_spent),
      goodCount: s.good_count,
      warningCount: s.warning_count,
      exceededCount: s.exceeded_count,
    };
  });

  app.get('/budgets/:id', {
    schema: { tags, summary: 'Um orçamento', params: idParams, response: { 200: budgetResponse, 404: messageResponse } },
  }, async (request) => {
    const { organizationId } = requireTenant(request);
    return load(organizationId, recordId(request.params.id, BUDGET_NOT_FOUND));
  });

  app.post('/budgets', {
    schema: { tags, summary: 'Criar orçamento (período padrão: monthly)', body: budgetBody, response: { 201: budgetResponse, 400: messageResponse, 403: messageResponse } },
  }, async (request, reply) => {
    const { organizationId } = requireEditor(request);
    const created = await createBudget(deps, request.body, actorContext(request, deps));
    reply.status(201);
    return load(organizationId, created.budgetId);
  });

  app.put('/budgets/:id', {
    schema: { tags, summary: 'Atualizar orçamento', params: idParams, body: budgetChangesBody, response: { 200: budgetResponse, 400: messageResponse, 403: messageResponse, 404: messageResponse } },
  }, async (request) => {
    const { organizationId } = requireEditor(request);
    const id = recordId(request.params.id, BUDGET_NOT_FOUND);
    await updateBudget(deps, id, request.body, actorContext(request, deps));
    return load(organizationId, id);
  });

  app.delete('/budgets/:id', {
    schema: { tags, summary: 'Excluir orçamento', params: idParams, response: { 200: budgetResponse, 403: messageResponse, 404: messageResponse } },
  }, async (request) => {
    const { organizationId } = requireEditor(request);
    const id = recordId(request.params.id, BUDGET_NOT_FOUND);
    const existing = await load(organizationId, id);
    await deleteBudget(deps, id, actorContext(request, deps));
    return existing;
  });
};
