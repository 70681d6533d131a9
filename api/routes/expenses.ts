// /api/expenses: the Despesas screen's list, cards, create/edit/delete dialog and attachment viewer.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readAttachment } from '../../app/finance/attachments';
import { attachmentUrlOf, deleteExpense, recordExpense, updateExpense } from '../../app/finance/expenses';
import { withTenant } from '../../app/db/tenant';
import type { AppDeps } from '../../app/deps';
import { EXPENSE_NOT_FOUND, expenseStatuses, expenseTypes } from '../../domain/finance/expense';
import { recurringPeriods } from '../../domain/finance/recurrence';
import { notFound } from '../../domain/shared/errors';
import { formatMoney } from '../../domain/shared/money';
import {
  expenseFilter, expenseSortable, findExpense, listExpenses, summarizeExpenses, type ExpenseRow,
} from '../../projections/finance/expense-queries';
import { actorContext, requireEditor, requireTenant } from '../plugins/auth';
import { listQuerySchema, parseListParams, sendList } from '../plugins/list';
import { tenantRecordLoader } from '../plugins/tenant-record';
import { dateField, filterQuery, idParams, messageResponse, moneyField, optionalDateField, recordId, requiredText } from './finance-fields';

/** Inline attachments up to 10 MB arrive base64-encoded (4/3 larger) inside JSON. */
export const EXPENSE_BODY_LIMIT = 15 * 1024 * 1024;

const blankToNull = (value: unknown) => (typeof value === 'string' && (value.trim() === '' || value === 'none') ? null : value);

const status = z.enum(expenseStatuses, { errorMap: () => ({ message: `Status inválido; use um destes: ${expenseStatuses.join(', ')}` }) });
const expenseType = z.enum(expenseTypes, { errorMap: () => ({ message: 'Tipo inválido; use fixed (fixa) ou variable (variável)' }) });
const period = z.enum(recurringPeriods, { errorMap: () => ({ message: 'Período inválido; use monthly, quarterly ou yearly' }) });

export const expenseBody = z.object({
  description: requiredText('Descrição é obrigatória'),
  amount: moneyField('Valor é obrigatório'),
  category: requiredText('Categoria é obrigatória', 80),
  status: status.optional(),
  date: dateField('Data é obrigatória'),
  expenseType: expenseType.optional(),
  isRecurring: z.boolean({ invalid_type_error: 'isRecurring deve ser verdadeiro ou falso' }).optional(),
  recurringPeriod: z.preprocess(blankToNull, period.nullable().optional()),
  recurringDuration: z.preprocess(blankToNull, z.coerce
    .number({ invalid_type_error: 'A duração deve ser um número inteiro de períodos' })
    .int('A duração deve ser um número inteiro de períodos')
    .min(1, 'A duração deve ser de pelo menos 1 período')
    .nullable()
    .optional()),
  recurringEndDate: optionalDateField(),
  attachmentUrl: z.string().nullable().optional(),
  attachmentName: z.string().max(255).nullable().optional(),
  attachmentType: z.string().max(100).nullable().optional(),
});

/** PUT takes the whole record (react-admin sends it back) or only the fields to change. */
export const expenseChangesBody = expenseBody.partial();

export const expenseResponse = z.object({
  id: z.string(),
  description: z.string(),
  amount: z.string(),
  category: z.string(),
  status,
  date: z.string(),
  expenseType,
  isRecurring: z.boolean(),
  recurringPeriod: period.nullable(),
  recurringDuration: z.number().nullable(),
  recurringEndDate: z.string().nullable(),
  attachmentUrl: z.string().nullable(),
  attachmentName: z.string().nullable(),
  attachmentType: z.string().nullable(),
  attachmentSize: z.number().nullable(),
  source: z.enum(['ofx', 'bank_sync']).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const summaryResponse = z.object({
  count: z.number(),
  totalAmount: z.string(),
  pendingCount: z.number(),
  pendingAmount: z.string(),
  approvedCount: z.number(),
  approvedAmount: z.string(),
  completedCount: z.number(),
  rejectedCount: z.number(),
  recurringCount: z.number(),
});

export const toExpense = (row: ExpenseRow): z.infer<typeof expenseResponse> => ({
  id: row.id,
  description: row.description,
  amount: formatMoney(row.amount),
  category: row.category,
  status: row.status,
  date: row.date,
  expenseType: row.expense_type,
  isRecurring: row.is_recurring,
  recurringPeriod: row.recurring_period,
  recurringDuration: row.recurring_duration,
  recurringEndDate: row.recurring_end_date,
  attachmentUrl: row.attachment_id ? attachmentUrlOf(row.id) : null,
  attachmentName: row.attachment_name,
  attachmentType: row.attachment_type,
  attachmentSize: row.attachment_size,
  source: row.source_kind,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export const expenseRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  const tags = ['despesas'];
  const find = tenantRecordLoader(deps.db, findExpense, EXPENSE_NOT_FOUND, (row) => row);

  app.get('/expenses', {
    config: { answerCache: true },
    schema: {
      tags,
      summary: 'Listar despesas (sort, range, filter: q, category, status, expenseType, isRecurring, date_gte, date_lte, id)',
      querystring: listQuerySchema,
      response: { 200: z.array(expenseResponse), 400: messageResponse },
    },
  }, async (request, reply) => {
    const { organizationId } = requireTenant(request);
    const params = parseListParams(request.query, { sortable: expenseSortable, defaultSort: ['date', 'DESC'] });
    const where = expenseFilter(organizationId, params.filter);
    const { rows, total } = await withTenant(deps.db, organizationId, (tx) => listExpenses(tx, where, params));
    return sendList(reply, 'expenses', rows.map(toExpense), total, params.offset);
  });

  app.get('/expenses/summary', {
    config: { answerCache: true },
    schema: { tags, summary: 'Cartões da tela Despesas (mesmo filter da lista)', querystring: filterQuery, response: { 200: summaryResponse, 400: messageResponse } },
  }, async (request) => {
    const { organizationId } = requireTenant(request);
    const { filter } = parseListParams(request.query, { sortable: expenseSortable, defaultSort: ['date', 'DESC'] });
    const s = await withTenant(deps.db, organizationId, (tx) => summarizeExpenses(tx, expenseFilter(organizationId, filter)));
    return {
      count: s.count,
      totalAmount: formatMoney(s.total_amount),
      pendingCount: s.pending_count,
      pendingAmount: formatMoney(s.pending_amount),
      approvedCount: s.approved_count,
      approvedAmount: formatMoney(s.approved_amount),
      completedCount: s.completed_count,
      rejectedCount: s.rejected_count,
      recurringCount: s.recurring_count,
    };
  });

  app.get('/expenses/:id', {
    schema: { tags, summary: 'Uma despesa', params: idParams, response: { 200: expenseResponse, 404: messageResponse } },
  }, async (request) => {
    const { organizationId } = requireTenant(request);
    return toExpense(await find(organizationId, recordId(request.params.id, EXPENSE_NOT_FOUND)));
  });

  app.get('/expenses/:id/attachment', {
    schema: { tags, summary: 'O anexo da despesa (JPG, PNG ou PDF), para visualização', params: idParams },
  }, async (request, reply) => {
    const { organizationId } = requireTenant(request);
    const row = await find(organizationId, recordId(request.params.id, EXPENSE_NOT_FOUND));
    const file = row.attachment_id ? await readAttachment(deps, organizationId, row.attachment_id) : null;
    if (!file) throw notFound('Esta despesa não tem anexo');
    return reply
      .header('Content-Type', file.type)
      .header('Content-Disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.name)}`)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-cache')
      .send(file.bytes);
  });

  app.post('/expenses', {
    bodyLimit: EXPENSE_BODY_LIMIT,
    schema: {
      tags,
      summary: 'Criar despesa (status padrão approved, tipo padrão variable; anexo opcional como data URL)',
      body: expenseBody,
      response: { 201: expenseResponse, 400: messageResponse, 403: messageResponse, 413: messageResponse },
    },
  }, async (request, reply) => {
    const { organizationId } = requireEditor(request);
    const { expense } = await recordExpense(deps, request.body, actorContext(request, deps));
    reply.status(201);
    return toExpense(await find(organizationId, expense.expenseId));
  });

  app.put('/expenses/:id', {
    bodyLimit: EXPENSE_BODY_LIMIT,
    schema: {
      tags,
      summary: 'Atualizar despesa (attachmentUrl: data URL substitui, null remove, a URL atual mantém)',
      params: idParams,
      body: expenseChangesBody,
      response: { 200: expenseResponse, 400: messageResponse, 403: messageResponse, 404: messageResponse, 413: messageResponse },
    },
  }, async (request) => {
    const { organizationId } = requireEditor(request);
    const id = recordId(request.params.id, EXPENSE_NOT_FOUND);
    await updateExpense(deps, id, request.body, actorContext(request, deps));
    return toExpense(await find(organizationId, id));
  });

  app.delete('/expenses/:id', {
    schema: { tags, summary: 'Excluir despesa', params: idParams, response: { 200: expenseResponse, 403: messageResponse, 404: messageResponse } },
  }, async (request) => {
    const { organizationId } = requireEditor(request);
    const id = recordId(request.params.id, EXPENSE_NOT_FOUND);
    const existing = toExpense(await find(organizationId, id));
    await deleteExpense(deps, id, actorContext(request, deps));
    return existing;
  });
};
