import { describe, expect, it } from 'vitest';
import { formatPercent } from './choices';

describe('investment percentages', () => {
  it('shows the return with one decimal in pt-BR (spec §9)', () => {
    expect(formatPercent(12.3)).toBe('12,3%');
    expect(formatPercent(-4)).toBe('-4,0%');
    expect(formatPercent(0)).toBe('0,0%');
  });
});
