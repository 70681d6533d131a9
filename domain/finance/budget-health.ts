// How a budget is doing in its current period: the period's bounds and the health thresholds.
import type { Centavos } from '../shared/money';

export const budgetPeriods = ['monthly', 'quarterly', 'yearly'] as const;
export type BudgetPeriod = (typeof budgetPeriods)[number];
export type BudgetHealth = 'good' | 'warning' | 'exceeded';

/** Spent share of the budget at which it turns to warning, and to exceeded (spec §9). */
export const WARNING_PERCENT = 80n;
export const EXCEEDED_PERCENT = 100n;

/** The calendar month, quarter or year (inclusive bounds) that contains `today`. */
const periods = new Map<string, Readonly<{ start: string; end: string }>>();

/**
 * Remembered by period and day (a few dozen in use): the notification triggers ask once or twice
 * per expense of an import that touches a budget, and the date arithmetic was ~4x the lookup.
 */
export function currentPeriod(period: BudgetPeriod, today: string): Readonly<{ start: string; end: string }> {
  const key = period + today;
  let known = periods.get(key);
  if (known === undefined) {
    if (periods.size >= 1_000) periods.clear();
    known = Object.freeze(periodOf(period, today));
    periods.set(key, known);
  }
  return known;
}

function periodOf(period: BudgetPeriod, today: string): { start: string; end: string } {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const firstMonth = period === 'monthly' ? month : period === 'quarterly' ? month - ((month - 1) % 3) : 1;
  const months = period === 'monthly' ? 1 : period === 'quarterly' ? 3 : 12;
  const start = `${year}-${String(firstMonth).padStart(2, '0')}-01`;
  const end = new Date(Date.UTC(year, firstMonth - 1 + months, 0)).toISOString().slice(0, 10);
  return { start, end };
}

/** Below 80% good; from 80% to under 100% warning; 100% or more exceeded. */
export function budgetHealth(spent: Centavos, budget: Centavos): BudgetHealth {
  if (budget <= 0n) return spent > 0n ? 'exceeded' : 'good';
  if (spent * 100n >= budget * EXCEEDED_PERCENT) return 'exceeded';
  if (spent * 100n >= budget * WARNING_PERCENT) return 'warning';
  return 'good';
}

/**
 * Spent share in percent with one decimal, cut (not rounded: 85.46 → 85.4), the one figure the
 * budget screen, its insight and its notification all show. Cutting keeps the figure on the same
 * side of the 80% and 100% lines as `budgetHealth` (99.96% never reads '100%' while not exceeded).
 */
export function spentPercent(spent: Centavos, budget: Centavos): number {
  if (budget <= 0n) return 0;
  return Number((spent * 1000n) / budget) / 10;
}
