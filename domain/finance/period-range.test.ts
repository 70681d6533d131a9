import { describe, expect, it } from 'vitest';
import { monthLabel, monthsOf, presetRange, previousRange, resolvePeriod, wholeMonths } from './period-range';

describe('period presets', () => {
  it('current month is the whole calendar month of today; its previous period is the previous month', () => {
    expect(presetRange('current-month', '2025-03-15')).toEqual({ startDate: '2025-03-01', endDate: '2025-03-31' });
    expect(previousRange({ startDate: '2025-03-01', endDate: '2025-03-31' })).toEqual({ startDate: '2025-02-01', endDate: '2025-02-28' });
  });

  it('crosses the year boundary backwards', () => {
    expect(presetRange('last-month', '2025-01-10')).toEqual({ startDate: '2024-12-01', endDate: '2024-12-31' });
    expect(previousRange(presetRange('current-month', '2025-01-10'))).toEqual({ startDate: '2024-12-01', endDate: '2024-12-31' });
    expect(presetRange('last-quarter', '2025-02-10')).toEqual({ startDate: '2024-10-01', endDate: '2024-12-31' });
  });

  it('N months are the last N calendar months including the current one', () => {
    expect(presetRange('3months', '2025-01-20')).toEqual({ startDate: '2024-11-01', endDate: '2025-01-31' });
    expect(presetRange('6months', '2025-06-30')).toEqual({ startDate: '2025-01-01', endDate: '2025-06-30' });
    expect(presetRange('1year', '2025-06-30')).toEqual({ startDate: '2024-07-01', endDate: '2025-06-30' });
    expect(presetRange('2years', '2025-06-30')).toEqual({ startDate: '2023-07-01', endDate: '2025-06-30' });
    expect(previousRange(presetRange('6months', '2025-06-30'))).toEqual({ startDate: '2024-07-01', endDate: '2024-12-31' });
  });

  it('quarters and years', () => {
    expect(presetRange('current-quarter', '2025-05-02')).toEqual({ startDate: '2025-04-01', endDate: '2025-06-30' });
    expect(presetRange('current-year', '2025-05-02')).toEqual({ startDate: '2025-01-01', endDate: '2025-12-31' });
    expect(presetRange('last-year', '2025-05-02')).toEqual({ startDate: '2024-01-01', endDate: '2024-12-31' });
  });

  it('a range that is not whole months is compared with the same number of days before it', () => {
    expect(presetRange('30days', '2025-03-05')).toEqual({ startDate: '2025-02-04', endDate: '2025-03-05' });
    expect(previousRange({ startDate: '2025-03-10', endDate: '2025-03-19' })).toEqual({ startDate: '2025-02-28', endDate: '2025-03-09' });
    expect(wholeMonths({ startDate: '2024-02-01', endDate: '2024-02-29' })).toBe(1);
    expect(wholeMonths({ startDate: '2024-02-01', endDate: '2024-02-28' })).toBeNull();
  });

  it('lists the months of a range with pt-BR labels', () => {
    const months = monthsOf({ startDate: '2024-11-15', endDate: '2025-02-01' });
    expect(months).toEqual(['2024-11', '2024-12', '2025-01', '2025-02']);
    expect(months.map(monthLabel)).toEqual(['Nov/24', 'Dez/24', 'Jan/25', 'Fev/25']);
  });
});

describe('resolvePeriod', () => {
  it('uses the dates when given, else the preset, else the fallback', () => {
    expect(resolvePeriod({ startDate: '2025-01-01', endDate: '2025-01-10' }, '2025-06-01', 'current-month')).toEqual({ startDate: '2025-01-01', endDate: '2025-01-10' });
    expect(resolvePeriod({ period: 'last-month' }, '2025-06-01', 'current-month')).toEqual({ startDate: '2025-05-01', endDate: '2025-05-31' });
    expect(resolvePeriod({}, '2025-06-01', '6months').startDate).toBe('2025-01-01');
  });

  it('refuses half a range, impossible dates and an inverted range with pt-BR messages', () => {
    expect(() => resolvePeriod({ startDate: '2025-01-01' }, '2025-06-01', 'current-month')).toThrow('Informe a data inicial e a data final do período');
    expect(() => resolvePeriod({ startDate: '2025-02-30', endDate: '2025-03-01' }, '2025-06-01', 'current-month')).toThrow('Data inválida');
    expect(() => resolvePeriod({ startDate: '2025-03-02', endDate: '2025-03-01' }, '2025-06-01', 'current-month')).toThrow('A data inicial deve ser anterior à data final');
  });
});
