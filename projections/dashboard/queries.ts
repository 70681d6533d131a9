// Reads of the dashboard ledger: metrics with growth, the monthly cash-flow series, the expense
// breakdown and the forecast. Every function filters the organization itself; call it inside
// withTenant(...) so row-level security stands behind the filter.
import { sql, type CommonQueryMethods, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import {
  expenseCountedStatuses, growthOf, metricsOf, revenueCountedStatuses, revenueSettledStatuses,
  type Growth, type Metrics, type PeriodTotals,
} from '../../domain/finance/cash-metrics';
import { defaultCategories, DEFAULT_CATEGORY_COLOR } from '../../domain/finance/category';
import { cashFlowForecast, HISTORY_MONTHS, FORECAST_MONTHS, type CashFlowForecast, type ForecastExpense, type ForecastRevenue } from '../../domain/finance/forecast';
import { comparableRanges, monthLabel, monthsOf, previousRange, type DateRange } from '../../domain/finance/period-range';
import { addDays, addMonths } from '../../domain/shared/dates';
import { withinRange } from '../finance/occurrences';
import { entryColumns, entryRow, toEntry } from './ledger';

const list = (values: readonly string[]) => sql.array([...values], 'text');

const totalsRow = z.object({ total_revenue: z.bigint(), received_revenue: z.bigint(), total_expenses: z.bigint() });

/** The three sums of cash-metrics.ts over the rows `where` selects, named `<prefix>total_revenue`… */
const totalsColumns = (where: FragmentSqlToken = sql.fragment`TRUE`, prefix = '') => sql.fragment`
  COALESCE(SUM(amount) FILTER (WHERE ${where} AND kind = 'revenue' AND status = ANY(${list(revenueCountedStatuses)})), 0)::bigint AS ${sql.identifier([`${prefix}total_revenue`])},
  COALESCE(SUM(amount) FILTER (WHERE ${where} AND kind = 'revenue' AND status = ANY(${list(revenueSettledStatuses)})), 0)::bigint AS ${sql.identifier([`${prefix}received_revenue`])},
  COALESCE(SUM(amount) FILTER (WHERE ${where} AND kind = 'expense' AND status = ANY(${list(expenseCountedStatuses)})), 0)::bigint AS ${sql.identifier([`${prefix}total_expenses`])}`;

/**
 * Everything the ledger counts within the range, as rows (day, kind, category, status, amount,
 * entries): the daily totals of one-off entries, and each occurrence of a recurring expense,
 * expanded from its rule for this range only.
 */
export function ledgerWithin(organizationId: string, range: DateRange): FragmentSqlToken {
  const recurring = withinRange('r', range);
  return sql.fragment`(
    SELECT day, kind, category, status, amount, entries FROM dashboard_days
    WHERE organization_id = ${organizationId} AND day BETWEEN ${range.startDate}::date AND ${range.endDate}::date
    UNION ALL
    SELECT occurrence.day, r.kind, r.category, r.status, r.amount, 1 FROM dashboard_entries r ${recurring.join}
    WHERE r.organization_id = ${organizationId} AND r.is_recurring AND r.recurring_period IS NOT NULL AND ${recurring.where}
  )`;
}

const totalsOf = (row: z.infer<typeof totalsRow>): PeriodTotals =>
  ({ totalRevenue: row.total_revenue, receivedRevenue: row.received_revenue, totalExpenses: row.total_expenses });

/** Totals of one period (see domain/finance/cash-metrics.ts for what counts). */
export async function periodTotals(tx: CommonQueryMethods, organizationId: string, range: DateRange): Promise<PeriodTotals> {
  return totalsOf(await tx.one(sql.type(totalsRow)`SELECT ${totalsColumns()} FROM ${ledgerWithin(organizationId, range)} l`));
}

const between = (range: DateRange) => sql.fragment`day BETWEEN ${range.startDate}::date AND ${range.endDate}::date`;
const span = (...ranges: DateRange[]): DateRange => ({
  startDate: ranges.map((r) => r.startDate).sort()[0],
  endDate: ranges.map((r) => r.endDate).sort().at(-1)!,
});

/** Totals of several periods in one query over the ledger rows that cover them all. */
async function totalsOfRanges(tx: CommonQueryMethods, organizationId: string, ranges: DateRange[]): Promise<PeriodTotals[]> {
  const row = await tx.one(sql.type(z.record(z.bigint()))`
    SELECT ${sql.join(ranges.map((r, i) => totalsColumns(between(r), `p${i}_`)), sql.fragment`,`)}
    FROM ${ledgerWithin(organizationId, span(...ranges))} l`);
  return ranges.map((_, i) => totalsOf({
    total_revenue: row[`p${i}_total_revenue`], received_revenue: row[`p${i}_received_revenue`], total_expenses: row[`p${i}_total_expenses`],
  }));
}

export type FinancialMetrics = {
  range: DateRange;
  previousRange: DateRange;
  current: Metrics;
  previous: Metrics;
  /** The ranges growth compares (see comparableRanges): the whole ranges unless the period is under way. */
  compared: { current: DateRange; previous: DateRange };
  growth: Growth;
};

/**
 * The dashboard metrics of a period, and their growth: against the previous period of the same
 * length, or — given `today` inside a period under way — month-to-date against the same days
 * before. One query. Other features (reports, admin) call this so every total agrees.
 */
export async function financialMetrics(tx: CommonQueryMethods, organizationId: string, range: DateRange, today?: string): Promise<FinancialMetrics> {
  const before = previousRange(range);
  const compared = today ? comparableRanges(range, today) : { current: range, previous: before };
  const [currentTotals, previousTotals, comparedCurrent, comparedPrevious] =
    await totalsOfRanges(tx, organizationId, [range, before, compared.current, compared.previous]);
  const current = metricsOf(currentTotals);
  const previous = metricsOf(previousTotals);
  return { range, previousRange: before, current, previous, compared, growth: growthOf(metricsOf(comparedCurrent), metricsOf(comparedPrevious)) };
}

export type CashFlowMonth = { month: string; label: string; income: bigint; expenses: bigint; balance: bigint };

/**
 * One point per month the range touches (the first and last clipped to the range), the Fluxo de
 * Caixa definition (domain/finance/cash-metrics.ts): income is the month's received revenue,
 * expenses its totalExpenses, balance their difference. The balances add up to financialMetrics'
 * cashFlow of the same range.
 */
export async function cashFlowSeries(tx: CommonQueryMethods, organizationId: string, range: DateRange): Promise<CashFlowMonth[]> {
  const rows = await tx.any(sql.type(totalsRow.extend({ month: z.string() }))`
    SELECT to_char(day, 'YYYY-MM') AS month, ${totalsColumns()} FROM ${ledgerWithin(organizationId, range)} l
    GROUP BY 1`);
  const byMonth = new Map(rows.map((row) => [row.month, row]));
  return monthsOf(range).map((month) => {
    const row = byMonth.get(month);
    const income = row?.received_revenue ?? 0n;
    const expenses = row?.total_expenses ?? 0n;
    return { month, label: monthLabel(month), income, expenses, balance: income - expenses };
  });
}

export type BreakdownItem = { category: string; name: string; color: string; amount: bigint };

const fallbackNames = new Map<string, { name: string; color: string }>(defaultCategories.map((c) => [c.slug, { name: c.name, color: c.color }]));
const humanize = (slug: string) => {
  const text = slug.replace(/[-_]+/g, ' ').trim();
  return text ? text[0].toUpperCase() + text.slice(1) : 'Outras Despesas';
};

/** Counted expenses of the period by category, largest first, with the organization's names and colours. */
export async function expenseBreakdown(tx: CommonQueryMethods, organizationId: string, range: DateRange): Promise<BreakdownItem[]> {
  const rows = await tx.any(sql.type(z.object({ category: z.string(), amount: z.bigint(), name: z.string().nullable(), color: z.string().nullable() }))`
    SELECT d.category, SUM(d.amount)::bigint AS amount, c.name, c.color
    FROM ${ledgerWithin(organizationId, range)} d
    LEFT JOIN dashboard_categories c ON c.organization_id = ${organizationId} AND c.slug = d.category
    WHERE d.kind = 'expense' AND d.status = ANY(${list(expenseCountedStatuses)})
    GROUP BY d.category, c.name, c.color
    HAVING SUM(d.amount) <> 0
    ORDER BY amount DESC, d.category`);
  return rows.map((row) => ({
    category: row.category,
    name: row.name ?? fallbackNames.get(row.category)?.name ?? humanize(row.category),
    color: row.color ?? fallbackNames.get(row.category)?.color ?? DEFAULT_CATEGORY_COLOR,
    amount: row.amount,
  }));
}

/** The projection for the months after `today`'s and the alerts, from the ledger around today. */
export async function cashFlowForecastFor(tx: CommonQueryMethods, organizationId: string, today: string): Promise<CashFlowForecast> {
  const windowStart = addMonths(`${today.slice(0, 7)}-01`, -HISTORY_MONTHS);
  const horizonEnd = addDays(addMonths(`${today.slice(0, 7)}-01`, FORECAST_MONTHS + 1), -1);
  const rows = await tx.any(sql.type(entryRow)`
    SELECT ${entryColumns} FROM dashboard_entries
    WHERE organization_id = ${organizationId}
      AND ((date BETWEEN ${windowStart}::date AND ${horizonEnd}::date) OR (kind = 'expense' AND is_recurring))`);
  const entries = rows.map(toEntry);
  const revenues: ForecastRevenue[] = entries
    .filter((e) => e.kind === 'revenue')
    .map((e) => ({ description: e.description, category: e.category, amount: e.amount, date: e.date, status: e.status as ForecastRevenue['status'] }));
  const expenses: ForecastExpense[] = entries
    .filter((e) => e.kind === 'expense')
    .map((e) => ({
      description: e.description, amount: e.amount, date: e.date, status: e.status as ForecastExpense['status'],
      isRecurring: e.isRecurring, recurringPeriod: e.recurringPeriod, recurringDuration: e.recurringDuration, recurringEndDate: e.recurringEndDate,
    }));
  return cashFlowForecast({ today, revenues, expenses });
}
