// /api/financial-goals: the Metas Financeiras grid, its cards, the create dialog, edits and contributions.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app/deps';
import { withTenant } from '../../app/db/tenant';
import { contributeToGoal, createGoal, deleteGoal, updateGoal } from '../../app/finance/goals';
import { GOAL_NOT_FOUND, goalCategories, goalProgress, goalStatuses } from '../../domain/finance/goal';
import { formatMoney } from '../../domain/shared/money';
import { findGoal, goalSortable, goalSummary, listGoals, type GoalRow } from '../../projections/finance/goals';
import { actorContext, requireEditor, requireTenant } from '../plugins/auth';
import { listQuerySchema, parseListParams, sendList } from '../plugins/list';
import { tenantRecordLoader } from '../plugins/tenant-record';
import { editorsOnly, filterQuery, idParams, messageResponse, moneyField, optionalDateField, recordId, requiredText } from './finance-fields';

const category = z.enum(goalCategories, { errorMap: () => ({ message: `Categoria inválida; use uma destas: ${goalCategories.join(', ')}` }) });

export const goalBody = z.object({
  name: requiredText('Nome é obrigatório', 120),
  targetAmount: moneyField('Valor da meta é obrigatório'),
  currentAmount: moneyField('Valor atual é obrigatório', { allowZero: true }).optional(),
  targetDate: optionalDateField(),
  category: category.optional(),
});

export const goalChangesBody = goalBody.partial();

export const goalResponse = z.object({
  id: z.string(),
  name: z.string(),
  category,
  targetAmount: z.string(),
  currentAmount: z.string(),
  /** What is still missing (0 once reached). */
  remainingAmount: z.string(),
  /** Spec §4: rounded percent, 0 when the target is 0; may pass 100. */
  progress: z.number(),
  targetDate: z.string().nullable(),
  status: z.enum(goalStatuses),
  completedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const summaryResponse = z.object({ count: z.number(), completedCount: z.number(), activeCount: z.number(), totalTargetAmount: z.string() });

export const toGoal = (row: GoalRow): z.infer<typeof goalResponse> => {
  const remaining = row.target_amount - row.current_amount;
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    targetAmount: formatMoney(row.target_amount),
    currentAmount: formatMoney(row.current_amount),
    remainingAmount: formatMoney(remaining > 0n ? remaining : 0n),
    progress: goalProgress(row.current_amount, row.target_amount),
    targetDate: row.target_date,
    status: row.status,
    completedAt: row.completed_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
};

export const financialGoalRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  const tags = ['metas financeiras'];
  const load = tenantRecordLoader(deps.db, findGoal, GOAL_NOT_FOUND, toGoal);
  const listOptions = { sortable: goalSortable, defaultSort: ['createdAt', 'DESC'] as [string, 'DESC'] };

  app.get('/financial-goals', {
    schema: { tags, summary: 'Listar metas (sort, range, filter: q, status, category)', querystring: listQuerySchema, response: { 200: z.array(goalResponse) } },
  }, async (request, reply) => {
    const { organizationId } = requireTenant(request);
    const params = parseListParams(request.query, listOptions);
    const { rows, total } = await withTenant(deps.db, organizationId, (tx) => listGoals(tx, organizationId, params));
    return sendList(reply, 'financial-goals', rows.map(toGoal), total, params.offset);
  });

  app.get('/financial-goals/summary', {
    schema: { tags, summary: 'Cartões: total, concluídas, em progresso, valor total', querystring: filterQuery, response: { 200: summaryResponse } },
  }, async (request) => {
    const { organizationId } = requireTenant(request);
    const { filter } = parseListParams(request.query, listOptions);
    const s = await withTenant(deps.db, organizationId, (tx) => goalSummary(tx, organizationId, filter));
    return { count: s.count, completedCount: s.completed_count, activeCount: s.active_count, totalTargetAmount: formatMoney(s.total_target) };
  });

  app.get('/financial-goals/:id', {
    schema: { tags, summary: 'Uma meta', params: idParams, response: { 200: goalResponse, 404: messageResponse } },
  }, async (request) => {
    const { organizationId } = requireTenant(request);
    return load(organizationId, recordId(request.params.id, GOAL_NOT_FOUND));
  });

  app.post('/financial-goals', {
    preValidation: editorsOnly,
    schema: { tags, summary: 'Criar meta (categoria padrão: revenue)', body: goalBody, response: { 201: goalResponse, 400: messageResponse, 403: messageResponse } },
  }, async (request, reply) => {
    const { organizationId } = requireEditor(request);
    const goalId = await createGoal(deps, request.body, actorContext(request, deps));
    reply.status(201);
    return load(organizationId, goalId);
  });

  app.put('/financial-goals/:id', {
    preValidation: editorsOnly,
    schema: { tags, summary: 'Atualizar meta', params: idParams, body: goalChangesBody, response: { 200: goalResponse, 400: messageResponse, 403: messageResponse, 404: messageResponse } },
  }, async (request) => {
    const { organizationId } = requireEditor(request);
    const id = recordId(request.params.id, GOAL_NOT_FOUND);
    await updateGoal(deps, id, request.body, actorContext(request, deps));
    return load(organizationId, id);
  });

  app.post('/financial-goals/:id/contributions', {
    preValidation: editorsOnly,
    schema: {
      tags,
      summary: 'Registrar aporte (move o valor atual; ao atingir o alvo a meta é concluída)',
      params: idParams,
      body: z.object({ amount: moneyField('Valor é obrigatório') }),
      response: { 201: goalResponse, 400: messageResponse, 403: messageResponse, 404: messageResponse },
    },
  }, async (request, reply) => {
    const { organizationId } = requireEditor(request);
    const id = recordId(request.params.id, GOAL_NOT_FOUND);
    await contributeToGoal(deps, id, request.body.amount, actorContext(request, deps));
    reply.status(201);
    return load(organizationId, id);
  });

  app.delete('/financial-goals/:id', {
    preValidation: editorsOnly,
    schema: { tags, summary: 'Excluir meta', params: idParams, response: { 200: goalResponse, 403: messageResponse, 404: messageResponse } },
  }, async (request) => {
    const { organizationId } = requireEditor(request);
    const id = recordId(request.params.id, GOAL_NOT_FOUND);
    const existing = await load(organizationId, id);
    await deleteGoal(deps, id, actorContext(request, deps));
    return existing;
  });
};
