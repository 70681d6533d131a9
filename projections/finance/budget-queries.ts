// Reads of budgets with what each has spent in its current period (summed at read time from the
// budgets projector's own copy of approved/completed expenses, recurring ones expanded for the period). Run inside withTenant.
import { sql, type CommonQueryMethods, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import { currentPeriod } from '../../domain/finance/budget-health';
import { validationError } from '../../domain/shared/errors';
import { idIn, isUuid, listPage, type Page } from './filters';
import { mayOccurWithin, occurrencesWithin } from './occurrences';

export const budgetRow = z.object({
  id: z.string(),
  category: z.string(),
  budget_amount: z.bigint(),
  period: z.enum(['monthly', 'quarterly', 'yearly']),
  period_start: z.string(),
  period_end: z.string(),
  spent_amount: z.bigint(),
  created_at: z.string(),
});
export type BudgetRow = z.infer<typeof budgetRow>;

export const budgetSortable: Record<string, FragmentSqlToken> = {
  id: sql.fragment`id`,
  category: sql.fragment`category`,
  budgetAmount: sql.fragment`budget_amount`,
  spentAmount: sql.fragment`spent_amount`,
  percentage: sql.fragment`percentage`,
  period: sql.fragment`period`,
  createdAt: sql.fragment`created_at`,
};

const oneOrMany = (value: unknown): string[] => (Array.isArray(value) ? value : [value]).map(String);

const healthCondition: Record<string, FragmentSqlToken> = {
  good: sql.fragment`percentage < 80`,
  warning: sql.fragment`percentage >= 80 AND percentage < 100`,
  exceeded: sql.fragment`percentage >= 100`,
};

/** react-admin filter: category, period, health (good, warning, exceeded), id. */
export function budgetFilter(filter: Record<string, unknown>): FragmentSqlToken {
  const conditions: FragmentSqlToken[] = [sql.fragment`TRUE`];
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === null || value === '') continue;
    switch (key) {
      case 'category':
      case 'period':
        conditions.push(sql.fragment`${sql.identifier([key])} = ANY(${sql.array(oneOrMany(value), 'text')})`);
        break;
      case 'health': {
        const parts = oneOrMany(value).map((h) => healthCondition[h]);
        if (parts.some((p) => !p)) throw validationError('Filtro health inválido: use good, warning ou exceeded');
        conditions.push(sql.fragment`(${sql.join(parts.map((p) => sql.fragment`(${p})`), sql.fragment` OR `)})`);
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

/** Budgets of the organization with their current period and spent amount, as a subquery. */
function budgetsWithSpending(organizationId: string, today: string): FragmentSqlToken {
  const bounds = (edge: 'start' | 'end') => sql.fragment`CASE b.period
    WHEN 'monthly' THEN ${currentPeriod('monthly', today)[edge]}::date
    WHEN 'quarterly' THEN ${currentPeriod('quarterly', today)[edge]}::date
    ELSE ${currentPeriod('yearly', today)[edge]}::date END`;
  const periodStart = sql.fragment`w.period_start`;
  const periodEnd = sql.fragment`w.period_end`;
  return sql.fragment`
    SELECT p.*, CASE WHEN p.budget_amount > 0 THEN p.spent_amount::numeric * 100 / p.budget_amount ELSE 0 END AS percentage
    FROM (
      SELECT b.id, b.category, b.budget_amount, b.period, b.created_at, w.period_start, w.period_end,
        COALESCE((SELECT sum(s.amount) FROM budget_spending_rules s ${occurrencesWithin('s', periodStart, periodEnd)}
          WHERE s.organization_id = b.organization_id AND s.budget_category = b.category
            AND ${mayOccurWithin('s', periodStart, periodEnd)}), 0)::bigint AS spent_amount
      FROM budgets b
      CROSS JOIN LATERAL (SELECT ${bounds('start')} AS period_start, ${bounds('end')} AS period_end) w
      WHERE b.organization_id = ${organizationId}
    ) p`;
}

const columns = sql.fragment`id, category, budget_amount, period, period_start::text AS period_start, period_end::text AS period_end, spent_amount, created_at`;

export async function listBudgets(
  tx: CommonQueryMethods,
  organizationId: string,
  today: string,
  where: FragmentSqlToken,
  page: Omit<Page, 'filter'>,
): Promise<{ rows: readonly BudgetRow[]; total: number }> {
  return listPage(tx, { row: budgetRow, columns, from: sql.fragment`(${budgetsWithSpending(organizationId, today)}) x` }, where, page);
}

export function findBudget(tx: Pick<CommonQueryMethods, 'maybeOne'>, organizationId: string, today: string, id: string): Promise<BudgetRow | null> {
  if (!isUuid(id)) return Promise.resolve(null);
  return tx.maybeOne(sql.type(budgetRow)`SELECT ${columns} FROM (${budgetsWithSpending(organizationId, today)}) x WHERE id = ${id}`);
}

export const budgetSummaryRow = z.object({
  count: z.number(),
  total_budget: z.bigint(),
  total_spent: z.bigint(),
  good_count: z.number(),
  warning_count: z.number(),
  exceeded_count: z.number(),
});

/** Totals over every budget the filter matches, for the screen's three cards. */
export function summarizeBudgets(tx: CommonQueryMethods, organizationId: string, today: string, where: FragmentSqlToken) {
  return tx.one(sql.type(budgetSummaryRow)`
    SELECT count(*)::int AS count,
      COALESCE(sum(budget_amount), 0)::bigint AS total_budget,
      COALESCE(sum(spent_amount), 0)::bigint AS total_spent,
      count(*) FILTER (WHERE percentage < 80)::int AS good_count,
      count(*) FILTER (WHERE percentage >= 80 AND percentage < 100)::int AS warning_count,
      count(*) FILTER (WHERE percentage >= 100)::int AS exceeded_count
    FROM (${budgetsWithSpending(organizationId, today)}) x WHERE ${where}`);
}
