import { describe, expect, it } from 'vitest';
import { asOfFromWallClock, asOfLabel, parseAsOf, saoPauloWallClock } from './asOf';

describe("'Ver como em' instants in São Paulo time", () => {
  it('turns the picked wall clock into an instant with its offset, and back', () => {
    expect(asOfFromWallClock('2025-03-12T14:30')).toBe('2025-03-12T14:30-03:00');
    expect(new Date(asOfFromWallClock('2025-03-12T14:30')!).toISOString()).toBe('2025-03-12T17:30:00.000Z');
    expect(saoPauloWallClock(new Date('2025-03-12T17:30:00Z'))).toBe('2025-03-12T14:30');
    // Brazil kept summer time until 2019: January 2018 was UTC−2.
    expect(asOfFromWallClock('2018-01-15T10:00')).toBe('2018-01-15T10:00-02:00');
  });

  it('refuses what is not a date and time', () => {
    expect(asOfFromWallClock('')).toBeNull();
    expect(asOfFromWallClock('2025-02-30T10:00')).toBeNull();
    expect(parseAsOf('ontem')).toBeNull();
    expect(parseAsOf('2025-03-12')).toBeNull();
    expect(parseAsOf('2025-03-12T14:30-03:00')?.toISOString()).toBe('2025-03-12T17:30:00.000Z');
  });

  it("labels the instant as the banner shows it: '12/03/2025 14:30'", () => {
    expect(asOfLabel(new Date('2025-03-12T17:30:00Z'))).toBe('12/03/2025 14:30');
  });
});
