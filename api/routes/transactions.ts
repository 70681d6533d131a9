// /api/transactions: the unified ledger of revenues and expenses (dashboard, cash flow, CSV export).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app/deps';
import { validationError } from '../../domain/shared/errors';
import { formatMoney } from '../../domain/shared/money';
import { dateBound } from '../../projections/finance/filters';
import { listTransactions, transactionsProjector, transactionSortable, transactionStatuses, type TransactionRow } from '../../projections/finance/transactions';
import { asOfQuery, readingFor } from '../plugins/as-of';
import { requireTenant } from '../plugins/auth';
import { listQuerySchema, parseListParams, sendList } from '../plugins/list';

export const transactionResponse = z.object({
  id: z.string(),
  date: z.string(),
  description: z.string(),
  amount: z.string(),
  type: z.enum(['income', 'expense']),
  category: z.string(),
  status: z.enum(transactionStatuses),
  expenseType: z.enum(['fixed', 'variable']).nullable(),
  isRecurring: z.boolean(),
  recurringPeriod: z.enum(['monthly', 'quarterly', 'yearly']).nullable(),
  source: z.enum(['ofx', 'bank_sync']).nullable(),
  createdAt: z.string(),
});

export const toTransaction = (row: TransactionRow): z.infer<typeof transactionResponse> => ({
  id: row.id,
  date: row.date,
  description: row.description,
  amount: formatMoney(row.amount),
  type: row.type,
  category: row.category,
  status: row.status,
  expenseType: row.expense_type,
  isRecurring: row.is_recurring,
  recurringPeriod: row.recurring_period,
  source: row.source_kind,
  createdAt: row.created_at,
});

const transactionsQuery = listQuerySchema.extend({ startDate: z.string().optional(), endDate: z.string().optional() }).merge(asOfQuery);

export const transactionRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  app.get('/transactions', {
    config: { answerCache: true },
    schema: {
      tags: ['transações'],
      summary: 'Extrato unificado de receitas e despesas (startDate, endDate, asOf; sort, range, filter: q, type, status, category, asOf)',
      querystring: transactionsQuery,
      response: { 200: z.array(transactionResponse) },
    },
  }, async (request, reply) => {
    const { organizationId } = requireTenant(request);
    const params = parseListParams(request.query, { sortable: transactionSortable, defaultSort: ['date', 'DESC'] });
    // asOf as a query parameter, or inside react-admin's filter (a list's filter is all it sends).
    const { asOf: filterAsOf, ...listFilter } = params.filter;
    const asOf = request.query.asOf ?? (typeof filterAsOf === 'string' ? filterAsOf : undefined);
    const reading = readingFor(deps, organizationId, { asOf }, [transactionsProjector], reply);
    const startDate = dateBound(request.query.startDate, 'startDate');
    const endDate = dateBound(request.query.endDate, 'endDate');
    if (startDate && endDate && startDate > endDate) {
      throw validationError('A data inicial deve ser anterior ou igual à data final', { startDate: 'A data inicial deve ser anterior ou igual à data final' });
    }
    const filter = { ...listFilter, ...(startDate ? { startDate } : {}), ...(endDate ? { endDate } : {}) };
    const { rows, total } = await reading.read((tx) => listTransactions(tx, organizationId, { ...params, filter }));
    return sendList(reply, 'transactions', rows.map(toTransaction), total, params.offset);
  });
};
