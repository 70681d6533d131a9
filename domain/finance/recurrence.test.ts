import { describe, expect, it } from 'vitest';
import { lastOccurrence, occurrencesBetween, type Recurrence } from './recurrence';

const once: Recurrence = { date: '2025-01-31', isRecurring: false, recurringPeriod: null, recurringDuration: null, recurringEndDate: null };
const rent: Recurrence = { ...once, date: '2025-01-10', isRecurring: true, recurringPeriod: 'monthly' };

describe('occurrencesBetween', () => {
  it('is the date itself for a one-off expense, when it falls in the window', () => {
    expect(occurrencesBetween(once, '2025-01-01', '2025-01-31')).toEqual(['2025-01-31']);
    expect(occurrencesBetween(once, '2025-02-01', '2025-02-28')).toEqual([]);
  });

  it('counts every month from the original date, so short months do not shift the later ones', () => {
    expect(occurrencesBetween({ ...once, isRecurring: true, recurringPeriod: 'monthly', recurringDuration: 4 }, '2025-01-01', '2030-12-31'))
      .toEqual(['2025-01-31', '2025-02-28', '2025-03-31', '2025-04-30']);
  });

  it('a duration of N gives N occurrences, the first included', () => {
    expect(occurrencesBetween({ ...once, date: '2025-02-10', isRecurring: true, recurringPeriod: 'quarterly', recurringDuration: 3 }, '2025-01-01', '2030-12-31'))
      .toEqual(['2025-02-10', '2025-05-10', '2025-08-10']);
    expect(occurrencesBetween({ ...once, isRecurring: true, recurringPeriod: 'yearly', recurringDuration: 1 }, '2025-01-01', '2030-12-31')).toEqual(['2025-01-31']);
  });

  it('the end date (inclusive) overrides the duration', () => {
    expect(occurrencesBetween({ ...rent, recurringDuration: 2, recurringEndDate: '2025-04-10' }, '2025-01-01', '2030-12-31'))
      .toEqual(['2025-01-10', '2025-02-10', '2025-03-10', '2025-04-10']);
  });

  it('an indefinite monthly expense still falls due 24 months, 10 years and 50 years after its start', () => {
    expect(occurrencesBetween(rent, '2026-12-01', '2027-02-28')).toEqual(['2026-12-10', '2027-01-10', '2027-02-10']);
    expect(occurrencesBetween(rent, '2035-01-01', '2035-12-31')).toHaveLength(12);
    expect(occurrencesBetween(rent, '2075-03-01', '2075-03-31')).toEqual(['2075-03-10']);
  });

  it('an indefinite quarterly or yearly expense keeps its months past 24 months', () => {
    const quarterly = { ...rent, recurringPeriod: 'quarterly' as const };
    expect(occurrencesBetween(quarterly, '2027-01-01', '2027-12-31')).toEqual(['2027-01-10', '2027-04-10', '2027-07-10', '2027-10-10']);
    expect(occurrencesBetween(quarterly, '2027-02-01', '2027-03-31')).toEqual([]);
    const yearly = { ...rent, recurringPeriod: 'yearly' as const };
    expect(occurrencesBetween(yearly, '2025-01-01', '2030-12-31')).toEqual(['2025-01-10', '2026-01-10', '2027-01-10', '2028-01-10', '2029-01-10', '2030-01-10']);
  });

  it('a month-end day stays at the month end years later, 29 February included', () => {
    const payroll = { ...rent, date: '2024-01-31' };
    expect(occurrencesBetween(payroll, '2028-02-01', '2028-04-30')).toEqual(['2028-02-29', '2028-03-31', '2028-04-30']);
    const leap = { ...rent, date: '2024-02-29', recurringPeriod: 'yearly' as const };
    expect(occurrencesBetween(leap, '2025-01-01', '2028-12-31')).toEqual(['2025-02-28', '2026-02-28', '2027-02-28', '2028-02-29']);
  });

  it('a long duration or a far end date also counts beyond 24 months, and stops there', () => {
    expect(occurrencesBetween({ ...rent, recurringDuration: 36 }, '2027-12-01', '2028-02-28')).toEqual(['2027-12-10']);
    expect(occurrencesBetween({ ...rent, recurringEndDate: '2029-06-09' }, '2029-05-01', '2029-07-31')).toEqual(['2029-05-10']);
  });

  it('nothing before the start', () => {
    expect(occurrencesBetween(rent, '2024-01-01', '2025-01-09')).toEqual([]);
  });
});

describe('lastOccurrence', () => {
  it('is null for an indefinite expense, the last date for a bounded one', () => {
    expect(lastOccurrence(rent)).toBeNull();
    expect(lastOccurrence(once)).toBe('2025-01-31');
    expect(lastOccurrence({ ...rent, recurringDuration: 36 })).toBe('2027-12-10');
    expect(lastOccurrence({ ...rent, recurringEndDate: '2029-06-09' })).toBe('2029-05-10');
    expect(lastOccurrence({ ...rent, date: '2025-01-31', recurringPeriod: 'quarterly', recurringEndDate: '2025-05-30' })).toBe('2025-04-30');
  });
});
