import { describe, expect, it } from 'vitest';
import { occurrenceDates, type Recurrence } from './recurrence';

const once: Recurrence = { date: '2025-01-31', isRecurring: false, recurringPeriod: null, recurringDuration: null, recurringEndDate: null };

describe('occurrenceDates', () => {
  it('is the date itself for a one-off expense', () => {
    expect(occurrenceDates(once)).toEqual(['2025-01-31']);
  });

  it('counts every month from the original date, so short months do not shift the later ones', () => {
    expect(occurrenceDates({ ...once, isRecurring: true, recurringPeriod: 'monthly', recurringDuration: 4 }))
      .toEqual(['2025-01-31', '2025-02-28', '2025-03-31', '2025-04-30']);
  });

  it('a duration of N gives N occurrences, the first included', () => {
    expect(occurrenceDates({ ...once, date: '2025-02-10', isRecurring: true, recurringPeriod: 'quarterly', recurringDuration: 3 }))
      .toEqual(['2025-02-10', '2025-05-10', '2025-08-10']);
    expect(occurrenceDates({ ...once, isRecurring: true, recurringPeriod: 'yearly', recurringDuration: 1 })).toEqual(['2025-01-31']);
  });

  it('the end date (inclusive) overrides the duration', () => {
    expect(occurrenceDates({ ...once, date: '2025-01-10', isRecurring: true, recurringPeriod: 'monthly', recurringDuration: 2, recurringEndDate: '2025-04-10' }))
      .toEqual(['2025-01-10', '2025-02-10', '2025-03-10', '2025-04-10']);
  });

  it('an indefinite recurrence is projected 24 months ahead of its date', () => {
    const monthly = occurrenceDates({ ...once, date: '2025-01-10', isRecurring: true, recurringPeriod: 'monthly' });
    expect(monthly).toHaveLength(24);
    expect(monthly.at(-1)).toBe('2026-12-10');
    expect(occurrenceDates({ ...once, date: '2025-01-10', isRecurring: true, recurringPeriod: 'quarterly' })).toHaveLength(8);
    expect(occurrenceDates({ ...once, date: '2025-01-10', isRecurring: true, recurringPeriod: 'yearly' })).toEqual(['2025-01-10', '2026-01-10']);
  });
});
