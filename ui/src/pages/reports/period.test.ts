import { describe, expect, it } from 'vitest';
import { reportRange } from './period';

const none = { startDate: '', endDate: '' };

describe('report periods (spec §9)', () => {
  it('covers the current and the last month', () => {
    expect(reportRange('current-month', none, '2025-02-14')).toMatchObject({ startDate: '2025-02-01', endDate: '2025-02-28' });
    expect(reportRange('last-month', none, '2025-01-10')).toMatchObject({ startDate: '2024-12-01', endDate: '2024-12-31' });
  });

  it('takes quarters as 3-month blocks, the last one wrapping to the previous year', () => {
    expect(reportRange('current-quarter', none, '2025-05-20')).toMatchObject({ startDate: '2025-04-01', endDate: '2025-06-30' });
    expect(reportRange('last-quarter', none, '2025-05-20')).toMatchObject({ startDate: '2025-01-01', endDate: '2025-03-31' });
    expect(reportRange('last-quarter', none, '2025-02-03')).toMatchObject({ startDate: '2024-10-01', endDate: '2024-12-31' });
    expect(reportRange('current-quarter', none, '2025-12-31')).toMatchObject({ startDate: '2025-10-01', endDate: '2025-12-31' });
  });

  it('covers the current year', () => {
    expect(reportRange('current-year', none, '2025-07-01')).toMatchObject({ startDate: '2025-01-01', endDate: '2025-12-31' });
  });

  it('uses a custom range only with both dates, else the current month', () => {
    expect(reportRange('custom', { startDate: '2025-01-15', endDate: '2025-03-10' }, '2025-05-20')).toEqual({ startDate: '2025-01-15', endDate: '2025-03-10', period: 'custom' });
    expect(reportRange('custom', { startDate: '2025-01-15', endDate: '' }, '2025-05-20')).toEqual({ startDate: '2025-05-01', endDate: '2025-05-31', period: 'current-month' });
  });
});
