import { describe, expect, it } from 'vitest';
import { growthOf, growthPercent, isGoodGrowth, metricsOf } from './cash-metrics';

describe('growthPercent', () => {
  it('is the change over the previous value, with at most one decimal', () => {
    expect(growthPercent(105_00n, 100_00n)).toBe('5%');
    expect(growthPercent(87_50n, 100_00n)).toBe('-12.5%');
    expect(growthPercent(100_00n, 300_00n)).toBe('-66.7%');
    expect(growthPercent(200_00n, 300_00n)).toBe('-33.3%');
    expect(growthPercent(100_00n, 100_00n)).toBe('0%');
    expect(growthPercent(1n, 3n)).toBe('-66.7%');
  });

  it("from zero: 0% when still zero, else 'n/d' (no base to compare with, never +100%)", () => {
    expect(growthPercent(0n, 0n)).toBe('0%');
    expect(growthPercent(50_00n, 0n)).toBe('n/d');
    expect(growthPercent(-50_00n, 0n)).toBe('n/d');
  });

  it("'n/d' when the figure changes sign: a profit turned loss is not −1108%", () => {
    expect(growthPercent(-100_82_00n, 10_00_00n)).toBe('n/d');
    expect(growthPercent(100_00n, -100_00n)).toBe('n/d');
    expect(growthPercent(0n, -100_00n)).toBe('100%');
    expect(growthPercent(0n, 100_00n)).toBe('-100%');
  });

  it('divides by the size of a negative previous value, so a smaller loss is growth', () => {
    expect(growthPercent(-50_00n, -100_00n)).toBe('50%');
    expect(growthPercent(-150_00n, -100_00n)).toBe('-50%');
  });

  it('never writes -0%', () => {
    expect(growthPercent(100_000_00n, 100_000_01n)).toBe('0%');
  });
});

describe('metrics', () => {
  it('net profit counts confirmed revenue; cash flow only received revenue', () => {
    const m = metricsOf({ totalRevenue: 1000_00n, receivedRevenue: 600_00n, totalExpenses: 700_00n });
    expect(m).toEqual({ totalRevenue: 1000_00n, receivedRevenue: 600_00n, totalExpenses: 700_00n, netProfit: 300_00n, cashFlow: -100_00n });
    const g = growthOf(m, metricsOf({ totalRevenue: 800_00n, receivedRevenue: 850_00n, totalExpenses: 800_00n }));
    expect(g).toEqual({ revenueGrowth: '25%', receivedRevenueGrowth: '-29.4%', expenseGrowth: '-12.5%', profitGrowth: 'n/d', cashFlowGrowth: 'n/d' });
  });

  it('spec §4 sign rules: revenue/profit/cash flow good at 0 or more, expenses good below 0', () => {
    expect(isGoodGrowth('revenue', '0%')).toBe(true);
    expect(isGoodGrowth('profit', '-0.1%')).toBe(false);
    expect(isGoodGrowth('expenses', '0%')).toBe(false);
    expect(isGoodGrowth('expenses', '-3%')).toBe(true);
    expect(isGoodGrowth('expenses', 'n/d')).toBe(true);
  });
});
