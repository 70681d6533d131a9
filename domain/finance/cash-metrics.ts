// What the dashboard's money figures count, and how growth against the previous period is worded.
//
// For a period [startDate, endDate] (business dates, inclusive), by each record's own date:
// - totalRevenue  = revenues with status confirmed or received (pending is not yet revenue; cancelled never);
// - totalExpenses = expenses with status approved or completed (pending awaits approval; rejected never);
//                   a recurring expense counts once per occurrence that falls in the period;
// - netProfit     = totalRevenue − totalExpenses (the competence view);
// - cashFlow      = received revenues − totalExpenses: money that actually came in, less what was
//                   committed to go out (approved is the default status of a new expense and the
//                   product has no separate "paid" flag, so approved counts as settled).
// The cash-flow chart beside the Fluxo de Caixa card draws the same definition per month: income is
// the month's received revenue, expenses its totalExpenses, balance their difference (cashFlow), so
// the chart's balance points add up to the card of the same range.
import type { Centavos } from '../shared/money';

export const revenueCountedStatuses = ['confirmed', 'received'] as const;
export const revenueSettledStatuses = ['received'] as const;
export const expenseCountedStatuses = ['approved', 'completed'] as const;

export type PeriodTotals = { totalRevenue: Centavos; totalExpenses: Centavos; receivedRevenue: Centavos };

export type Metrics = { totalRevenue: Centavos; receivedRevenue: Centavos; totalExpenses: Centavos; netProfit: Centavos; cashFlow: Centavos };

export function metricsOf(totals: PeriodTotals): Metrics {
  return {
    totalRevenue: totals.totalRevenue,
    receivedRevenue: totals.receivedRevenue,
    totalExpenses: totals.totalExpenses,
    netProfit: totals.totalRevenue - totals.totalExpenses,
    cashFlow: totals.receivedRevenue - totals.totalExpenses,
  };
}

/** Growth that would mislead: no base to compare with, or the figure changed sign. */
export const GROWTH_NOT_AVAILABLE = 'n/d';

/**
 * Change from `previous` to `current` in percent, one decimal at most, as the spec's strings:
 * '5%', '-12.5%'. Divided by |previous|, so a negative profit that shrinks reads as growth.
 * 'n/d' where a percentage would mean nothing: nothing before to compare with (0%, if there is
 * still nothing), or a change of sign (a profit turned loss is not '−1108%').
 */
export function growthPercent(current: Centavos, previous: Centavos): string {
  if (previous === 0n) return current === 0n ? '0%' : GROWTH_NOT_AVAILABLE;
  if (current !== 0n && (current < 0n) !== (previous < 0n)) return GROWTH_NOT_AVAILABLE;
  const base = previous < 0n ? -previous : previous;
  const delta = (current - previous) * 1000n;
  // Tenths of a percent, rounded half away from zero.
  const tenths = (delta + (delta >= 0n ? base / 2n : -base / 2n)) / base;
  const negative = tenths < 0n;
  const abs = negative ? -tenths : tenths;
  const text = abs % 10n === 0n ? `${abs / 10n}` : `${abs / 10n}.${abs % 10n}`;
  return `${negative && abs !== 0n ? '-' : ''}${text}%`;
}

export type Growth = { revenueGrowth: string; receivedRevenueGrowth: string; expenseGrowth: string; profitGrowth: string; cashFlowGrowth: string };

export function growthOf(current: Metrics, previous: Metrics): Growth {
  return {
    revenueGrowth: growthPercent(current.totalRevenue, previous.totalRevenue),
    receivedRevenueGrowth: growthPercent(current.receivedRevenue, previous.receivedRevenue),
    expenseGrowth: growthPercent(current.totalExpenses, previous.totalExpenses),
    profitGrowth: growthPercent(current.netProfit, previous.netProfit),
    cashFlowGrowth: growthPercent(current.cashFlow, previous.cashFlow),
  };
}

/**
 * Spec §4: for revenue, profit and cash flow a growth of 0 or more is good; for expenses, only a
 * fall (below 0) is good.
 */
export function isGoodGrowth(metric: 'revenue' | 'expenses' | 'profit' | 'cashFlow', growth: string): boolean {
  const value = Number.parseFloat(growth);
  if (Number.isNaN(value)) return true;
  return metric === 'expenses' ? value < 0 : value >= 0;
}
