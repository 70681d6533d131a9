import { describe, expect, it } from 'vitest';
import { kendallTau, mad, median, robustZ, theilSen } from './stats';

describe('robust statistics', () => {
  it('median and MAD ignore one wild value', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(median([])).toBe(0);
    expect(mad([10, 11, 9, 10, 500])).toBe(1);
  });

  it('robust z-score uses the scale floor for a steady history', () => {
    expect(robustZ(150, [100, 100, 100, 100], 10)).toEqual({ z: 5, median: 100, scale: 10 });
    const noisy = robustZ(130, [100, 120, 80, 110, 90], 1);
    expect(noisy.median).toBe(100);
    expect(noisy.scale).toBeCloseTo(14.826, 3);
  });

  it('Theil–Sen slope and Kendall tau see through one outlier', () => {
    expect(theilSen([10, 20, 30, 40, 50])).toBe(10);
    expect(theilSen([10, 20, 300, 40, 50])).toBe(10);
    expect(kendallTau([1, 2, 3, 4])).toBe(1);
    expect(kendallTau([4, 3, 2, 1])).toBe(-1);
    expect(kendallTau([1, 1, 1])).toBe(0);
  });
});
