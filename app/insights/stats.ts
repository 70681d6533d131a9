// Robust statistics for the insight rules: medians and MAD instead of means and fixed thresholds,
// Theil–Sen slopes and Kendall's tau for trends (a single odd month cannot fake or hide a trend).

export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Median absolute deviation from the median (unscaled). */
export function mad(values: readonly number[]): number {
  const m = median(values);
  return median(values.map((v) => Math.abs(v - m)));
}

/** MAD × 1.4826 estimates the standard deviation of normal data without being moved by outliers. */
export const MAD_TO_SIGMA = 1.4826;

/**
 * How many robust standard deviations `value` lies above the history's median. The scale never
 * falls below `minScale`, so a perfectly steady history (MAD 0) does not turn any cent into a spike.
 */
export function robustZ(value: number, history: readonly number[], minScale: number): { z: number; median: number; scale: number } {
  const m = median(history);
  const scale = Math.max(MAD_TO_SIGMA * mad(history), minScale);
  return { z: (value - m) / scale, median: m, scale };
}

/** Theil–Sen slope: the median of the slopes between every pair of points (x = index). */
export function theilSen(values: readonly number[]): number {
  const slopes: number[] = [];
  for (let i = 0; i < values.length; i++) {
    for (let j = i + 1; j < values.length; j++) slopes.push((values[j] - values[i]) / (j - i));
  }
  return median(slopes);
}

/** Kendall's tau-a of the series against time: 1 always rising, −1 always falling, 0 no order. */
export function kendallTau(values: readonly number[]): number {
  let concordant = 0;
  let pairs = 0;
  for (let i = 0; i < values.length; i++) {
    for (let j = i + 1; j < values.length; j++) {
      pairs++;
      concordant += Math.sign(values[j] - values[i]);
    }
  }
  return pairs === 0 ? 0 : concordant / pairs;
}
