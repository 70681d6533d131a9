// When a recurring expense happens: the original date, then every period, until its end (or forever).
import { addMonths } from '../shared/dates';

export const recurringPeriods = ['monthly', 'quarterly', 'yearly'] as const;
export type RecurringPeriod = (typeof recurringPeriods)[number];

export const monthsPerPeriod: Record<RecurringPeriod, number> = { monthly: 1, quarterly: 3, yearly: 12 };

export type Recurrence = {
  date: string;
  isRecurring: boolean;
  recurringPeriod: RecurringPeriod | null;
  /** Number of occurrences, the first included; null (with no end date) means indefinite. */
  recurringDuration: number | null;
  /** Last possible day (inclusive); overrides the duration. */
  recurringEndDate: string | null;
};

/** Months between occurrences, or 0 for an expense that happens once. */
export const stepMonths = (r: Recurrence): number => (r.isRecurring && r.recurringPeriod ? monthsPerPeriod[r.recurringPeriod] : 0);

/** How many occurrences at most (null: no limit but the end date, or none at all). */
export const occurrenceLimit = (r: Recurrence): number | null =>
  stepMonths(r) === 0 ? 1 : r.recurringEndDate !== null ? null : r.recurringDuration;

const monthIndex = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;

/**
 * Every date the expense falls on within [from, to], ascending. Each date is counted from the
 * original one (31 Jan → 28 Feb → 31 Mar), so short months never shift the later occurrences.
 * Only the periods inside the window are visited, however far from the start it lies.
 */
export function occurrencesBetween(recurrence: Recurrence, from: string, to: string): string[] {
  const dates: string[] = [];
  eachOccurrenceBetween(recurrence, from, to, (date) => dates.push(date));
  return dates;
}

/** How many dates occurrencesBetween gives, without gathering them (the budget sums only count). */
export function occurrenceCountBetween(recurrence: Recurrence, from: string, to: string): number {
  let count = 0;
  eachOccurrenceBetween(recurrence, from, to, () => count++);
  return count;
}

function eachOccurrenceBetween(recurrence: Recurrence, from: string, to: string, visit: (date: string) => void): void {
  const step = stepMonths(recurrence);
  if (step === 0) {
    if (recurrence.date >= from && recurrence.date <= to) visit(recurrence.date);
    return;
  }
  const limit = occurrenceLimit(recurrence) ?? Number.POSITIVE_INFINITY;
  const endDate = recurrence.recurringEndDate;
  for (let i = Math.max(0, Math.floor((monthIndex(from) - monthIndex(recurrence.date)) / step)); i < limit; i++) {
    const date = addMonths(recurrence.date, i * step);
    if (date > to || (endDate !== null && date > endDate)) break;
    if (date >= from) visit(date);
  }
}

/** The last date the expense falls on, or null when it recurs indefinitely. */
export function lastOccurrence(recurrence: Recurrence): string | null {
  const step = stepMonths(recurrence);
  if (step === 0) return recurrence.date;
  if (recurrence.recurringEndDate !== null) return occurrencesBetween(recurrence, addMonths(recurrence.recurringEndDate, -step), recurrence.recurringEndDate).at(-1) ?? recurrence.date;
  const limit = occurrenceLimit(recurrence);
  return limit === null ? null : addMonths(recurrence.date, (limit - 1) * step);
}
