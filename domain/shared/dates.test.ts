import { describe, expect, it } from 'vitest';
import { addMonths, saoPauloDate, TIME_ZONE } from './dates';

/** What addMonths always answered: through Date. */
function addMonthsByDate(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return target.toISOString().slice(0, 10);
}

describe('addMonths', () => {
  it('gives what Date arithmetic gives, month ends and leap years included', () => {
    const days = ['01', '15', '28', '29', '30', '31'];
    for (const year of [1900, 1999, 2000, 2024, 2026, 2100]) {
      for (let month = 1; month <= 12; month++) {
        for (const day of days) {
          const date = `${year}-${String(month).padStart(2, '0')}-${day}`;
          for (const months of [-25, -12, -1, 0, 1, 2, 3, 11, 12, 13, 24, 121]) {
            expect(addMonths(date, months), `${date} + ${months}`).toBe(addMonthsByDate(date, months));
          }
        }
      }
    }
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
  });
});

describe('saoPauloDate', () => {
  it('is the São Paulo calendar date, across midnights and the old daylight-saving changes', () => {
    const format = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
    // Every 7 minutes over days around the 2018 and 2019 daylight-saving changes and a recent midnight,
    // asked out of order (a rebuild's pages interleave organizations).
    const instants: number[] = [];
    for (const start of ['2018-11-03T00:00:00Z', '2019-02-16T00:00:00Z', '2026-01-31T00:00:00Z']) {
      for (let minute = 0; minute < 3 * 24 * 60; minute += 7) instants.push(Date.parse(start) + minute * 60_000);
    }
    for (const at of [...instants.filter((_, i) => i % 2 === 0), ...instants.filter((_, i) => i % 2 === 1).reverse()]) {
      expect(saoPauloDate(new Date(at)), new Date(at).toISOString()).toBe(format.format(new Date(at)));
    }
    expect(saoPauloDate(new Date('2026-02-01T02:00:00Z'))).toBe('2026-01-31');
    expect(saoPauloDate(new Date('2026-02-01T03:00:00Z'))).toBe('2026-02-01');
  });
});
