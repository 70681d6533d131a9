// Recurring expenses are stored once, as a rule (date, period, duration, end date), and expanded
// into dated occurrences at query time for the window asked, so an indefinite one counts in any
// period without an unbounded table. Same dates as domain/finance/recurrence.ts: PostgreSQL's
// date + n months clamps to the month's last day, counted from the original date each time.
import { sql, type FragmentSqlToken, type IdentifierSqlToken } from 'slonik';
import type { DateRange } from '../../domain/finance/period-range';

/** The columns a rule row carries (same names in every table that stores one). */
export const ruleColumns = ['date', 'is_recurring', 'recurring_period', 'recurring_duration', 'recurring_end_date'] as const;

type Bound = FragmentSqlToken;

export const dateBound = (date: string): Bound => sql.fragment`${date}::date`;

const monthIndex = (date: FragmentSqlToken | IdentifierSqlToken) => sql.fragment`(extract(year FROM ${date})::int * 12 + extract(month FROM ${date})::int)`;

/**
 * `CROSS JOIN LATERAL` giving `<as>.day`, each date the rule of `alias` falls on within [from, to];
 * only the periods inside the window are generated, however far the start lies.
 */
export function occurrencesWithin(alias: string, from: Bound, to: Bound, as = 'occurrence'): FragmentSqlToken {
  const c = (column: (typeof ruleColumns)[number]) => sql.identifier([alias, column]);
  const step = sql.fragment`CASE WHEN ${c('is_recurring')} THEN CASE ${c('recurring_period')} WHEN 'monthly' THEN 1 WHEN 'quarterly' THEN 3 WHEN 'yearly' THEN 12 END END`;
  const day = sql.fragment`(${c('date')} + make_interval(months => i * rule.step))::date`;
  return sql.fragment`CROSS JOIN LATERAL (
    SELECT ${day} AS day
    FROM (SELECT COALESCE(${step}, 1) AS step,
        CASE WHEN ${step} IS NULL THEN 1 WHEN ${c('recurring_end_date')} IS NOT NULL THEN NULL ELSE ${c('recurring_duration')} END AS occurrences) rule
    CROSS JOIN generate_series(
      GREATEST(0, (${monthIndex(from)} - ${monthIndex(c('date'))}) / rule.step),
      LEAST(COALESCE(rule.occurrences - 1, 2147483647), (${monthIndex(to)} - ${monthIndex(c('date'))}) / rule.step)) AS i
    WHERE ${day} BETWEEN ${from} AND ${to}
      AND (${c('recurring_end_date')} IS NULL OR ${day} <= ${c('recurring_end_date')})
  ) AS ${sql.identifier([as])}`;
}

/** A cheap pre-filter (index-friendly) for rules that may fall within [from, to]. */
export function mayOccurWithin(alias: string, from: Bound, to: Bound): FragmentSqlToken {
  const c = (column: (typeof ruleColumns)[number]) => sql.identifier([alias, column]);
  return sql.fragment`${c('date')} <= ${to} AND (${c('recurring_end_date')} IS NULL OR ${c('recurring_end_date')} >= ${from})
    AND (${c('is_recurring')} OR ${c('date')} >= ${from})`;
}

/** Both of the above for a fixed business period. */
export const withinRange = (alias: string, range: DateRange) => ({
  join: occurrencesWithin(alias, dateBound(range.startDate), dateBound(range.endDate)),
  where: mayOccurWithin(alias, dateBound(range.startDate), dateBound(range.endDate)),
});
