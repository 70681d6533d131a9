// When a recurring expense happens: the original date, then every period, until its end.
import { addMonths } from '../shared/dates';

export const recurringPeriods = ['monthly', 'quarterly', 'yearly'] as const;
export type RecurringPeriod = (typeof recurringPeriods)[number];

/** An indefinite recurrence is projected this far ahead of the expense's own date. */
export const INDEFINITE_HORIZON_MONTHS = 24;

const monthsPerPeriod: Record<RecurringPeriod, number> = { monthly: 1, quarterly: 3, yearly: 12 };

export type Recurrence = {
  date: string;
  isRecurring: boolean;
  recurringPeriod: RecurringPeriod | null;
  /** Number of occurrences, the first included; null means indefinite. */
  recurringDuration: number | null;
  /** Last possible day (inclusive); overrides the duration. */
  recurringEndDate: string | null;
};

/**
 * Every date the expense falls on, ascending. Each date is counted from the original one
 * (31 Jan → 28 Feb → 31 Mar), so short months never shift the later occurrences.
 */
export function occurrenceDates(recurrence: Recurrence): string[] {
  const { date, recurringPeriod: period } = recurrence;
  if (!recurrence.isRecurring || !period) return [date];
  const step = monthsPerPeriod[period];
  const endDate = recurrence.recurringEndDate;
  const count = endDate ? Number.POSITIVE_INFINITY : (recurrence.recurringDuration ?? Number.POSITIVE_INFINITY);
  const horizon = endDate === null && recurrence.recurringDuration === null ? addMonths(date, INDEFINITE_HORIZON_MONTHS) : null;
  const dates: string[] = [];
  for (let i = 0; i < count; i++) {
    const next = addMonths(date, i * step);
    if (endDate !== null && next > endDate) break;
    if (horizon !== null && next >= horizon) break;
    dates.push(next);
  }
  return dates;
}
