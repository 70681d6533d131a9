// Reads of the expenses read model for the API (callers run them inside withTenant).
import { sql, type CommonQueryMethods, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import type { DateRange } from '../../domain/finance/period-range';
import { validationError } from '../../domain/shared/errors';
import { dateBound, idIn, isUuid, likePattern, listPage, type Page } from './filters';
import { withinRange } from './occurrences';

export const expenseRow = z.object({
  id: z.string(),
  organization_id: z.string(),
  description: z.string(),
  amount: z.bigint(),
  category: z.string(),
  status: z.enum(['pending', 'approved', 'completed', 'rejected']),
  date: z.string(),
  expense_type: z.enum(['fixed', 'variable']),
  is_recurring: z.boolean(),
  recurring_period: z.enum(['monthly', 'quarterly', 'yearly']).nullable(),
  recurring_duration: z.number().nullable(),
  recurring_end_date: z.string().nullable(),
  attachment_id: z.string().nullable(),
  attachment_name: z.string().nullable(),
  attachment_type: z.string().nullable(),
  attachment_size: z.number().nullable(),
  source_kind: z.enum(['ofx', 'bank_sync']).nullable(),
  source_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ExpenseRow = z.infer<typeof expenseRow>;

const columns = sql.fragment`
  id, organization_id, description, amount, category, status, date, expense_type, is_recurring, recurring_period,
  recurring_duration, recurring_end_date, attachment_id, attachment_name, attachment_type, attachment_size,
  source_kind, source_id, created_at, updated_at`;

export const expenseSortable: Record<string, FragmentSqlToken> = {
  id: sql.fragment`id`,
  date: sql.fragment`date`,
  amount: sql.fragment`amount`,
  description: sql.fragment`lower(description)`,
  category: sql.fragment`category`,
  status: sql.fragment`status`,
  expenseType: sql.fragment`expense_type`,
  isRecurring: sql.fragment`is_recurring`,
  createdAt: sql.fragment`created_at`,
};

const oneOrMany = (value: unknown): string[] => (Array.isArray(value) ? value : [value]).filter((v) => v !== null && v !== undefined && v !== '').map(String);

/** react-admin filter → SQL conditions: q, category, status, expenseType, isRecurring, date_gte, date_lte, id. */
export function expenseFilter(organizationId: string, filter: Record<string, unknown>): FragmentSqlToken {
  const conditions: FragmentSqlToken[] = [sql.fragment`organization_id = ${organizationId}`];
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === null || value === '') continue;
    switch (key) {
      case 'q':
        conditions.push(sql.fragment`description ILIKE ${likePattern(String(value))}`);
        break;
      case 'category':
      case 'status':
      case 'expenseType': {
        const column = key === 'expenseType' ? sql.fragment`expense_type` : sql.identifier([key]);
        conditions.push(sql.fragment`${column} = ANY(${sql.array(oneOrMany(value), 'text')})`);
        break;
      }
      case 'isRecurring':
        conditions.push(sql.fragment`is_recurring = ${value === true || value === 'true'}`);
        break;
      case 'date_gte':
      case 'date_lte': {
        const bound = dateBound(value, key);
        if (bound) conditions.push(key === 'date_gte' ? sql.fragment`date >= ${bound}::date` : sql.fragment`date <= ${bound}::date`);
        break;
      }
      case 'id':
        conditions.push(idIn(value));
        break;
      default:
        throw validationError(`Filtro não suportado: ${key}`);
    }
  }
  return sql.fragment`${sql.join(conditions, sql.fragment` AND `)}`;
}

export function listExpenses(tx: CommonQueryMethods, where: FragmentSqlToken, page: Omit<Page, 'filter'>): Promise<{ rows: readonly ExpenseRow[]; total: number }> {
  return listPage(tx, { row: expenseRow, columns, from: sql.fragment`expenses` }, where, page);
}

export function findExpense(tx: Pick<CommonQueryMethods, 'maybeOne'>, organizationId: string, id: string): Promise<ExpenseRow | null> {
  if (!isUuid(id)) return Promise.resolve(null);
  return tx.maybeOne(sql.type(expenseRow)`SELECT ${columns} FROM expenses WHERE organization_id = ${organizationId} AND id = ${id}`);
}

export const expenseSummaryRow = z.object({
  count: z.number(),
  total_amount: z.bigint(),
  pending_count: z.number(),
  pending_amount: z.bigint(),
  approved_count: z.number(),
  approved_amount: z.bigint(),
  completed_count: z.number(),
  rejected_count: z.number(),
  recurring_count: z.number(),
});

/** Totals over every expense the filter matches (not just one page), for the screen's cards. */
export function summarizeExpenses(tx: CommonQueryMethods, where: FragmentSqlToken) {
  return tx.one(sql.type(expenseSummaryRow)`
    SELECT count(*)::int AS count,
      COALESCE(sum(amount), 0)::bigint AS total_amount,
      count(*) FILTER (WHERE status = 'pending')::int AS pending_count,
      COALESCE(sum(amount) FILTER (WHERE status = 'pending'), 0)::bigint AS pending_amount,
      count(*) FILTER (WHERE status = 'approved')::int AS approved_count,
      COALESCE(sum(amount) FILTER (WHERE status = 'approved'), 0)::bigint AS approved_amount,
      count(*) FILTER (WHERE status = 'completed')::int AS completed_count,
      count(*) FILTER (WHERE status = 'rejected')::int AS rejected_count,
      count(*) FILTER (WHERE is_recurring)::int AS recurring_count
    FROM expenses WHERE ${where}`);
}

/** How many expenses of the organization carry a category slug (a category in use cannot be deleted). */
export function countExpensesInCategory(tx: CommonQueryMethods, organizationId: string, slug: string): Promise<number> {
  return tx.oneFirst(sql.type(z.object({ n: z.number() }))`
    SELECT count(*)::int AS n FROM expenses WHERE organization_id = ${organizationId} AND category = ${slug}`);
}

/**
 * Each dated occurrence of the organization's expenses within the range, as rows (occurrence_date,
 * description, category, amount, status, expense_type): a recurring expense expanded from its rule.
 */
export function expenseOccurrencesWithin(organizationId: string, range: DateRange): FragmentSqlToken {
  const within = withinRange('e', range);
  return sql.fragment`(
    SELECT occurrence.day AS occurrence_date, e.id AS expense_id, e.description, e.category, e.amount, e.status, e.expense_type
    FROM expenses e ${within.join}
    WHERE e.organization_id = ${organizationId} AND ${within.where}
  )`;
}
