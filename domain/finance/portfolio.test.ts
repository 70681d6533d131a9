import { describe, expect, it } from 'vitest';
import { maturityLabel, percentOf, portfolioSummary, returnPercent, type Holding } from './portfolio';

const TODAY = '2025-06-10';

describe('maturity wording (spec §9)', () => {
  it.each([
    ['2025-06-09', 'Vencido'],
    ['2024-01-01', 'Vencido'],
    ['2025-06-10', 'Vence hoje'],
    ['2025-06-11', 'Vence amanhã'],
    ['2025-06-12', 'Vence em 2 dias'],
    ['2025-07-10', 'Vence em 30 dias'],
    ['2025-07-11', 'Vence em 1 mês'],
    ['2025-08-08', 'Vence em 1 mês'], // 59 days
    ['2025-08-09', 'Vence em 2 meses'], // 60 days
    ['2026-06-10', 'Vence em 12 meses'], // 365 days
  ])('%s → %s', (maturity, label) => {
    expect(maturityLabel(maturity, TODAY)).toBe(label);
  });
});

describe('return and percentages', () => {
  it('computes (current − invested) / invested with one decimal', () => {
    expect(returnPercent(10_000_00n, 11_234_00n)).toBe(12.3);
    expect(returnPercent(10_000_00n, 10_005_00n)).toBe(0.1); // 0.05 rounds away from zero
    expect(returnPercent(10_000_00n, 9_500_00n)).toBe(-5);
    expect(returnPercent(3_00n, 2_00n)).toBe(-33.3);
    expect(returnPercent(0n, 0n)).toBe(0);
  });

  it('percentOf is exact with large amounts', () => {
    expect(percentOf(1n, 3n)).toBe(33.3);
    expect(percentOf(2n, 3n)).toBe(66.7);
    expect(percentOf(123_456_789_012_34n, 123_456_789_012_34n)).toBe(100);
  });
});

describe('portfolio summary', () => {
  const holdings: Holding[] = [
    { id: 'a', name: 'CDB Inter', type: 'Renda Fixa', amount: 20_000_00n, currentValue: 21_500_00n, maturityDate: '2025-12-01' },
    { id: 'b', name: 'Tesouro Selic 2027', type: 'Tesouro Direto', amount: 15_000_00n, currentValue: null, maturityDate: '2027-03-01' },
    { id: 'c', name: 'Fundo Multimercado', type: 'Fundos', amount: 10_000_00n, currentValue: 9_200_00n, maturityDate: null },
    { id: 'd', name: 'LCI Itaú', type: 'Renda Fixa', amount: 5_000_00n, currentValue: 5_100_00n, maturityDate: '2025-06-11' },
    { id: 'e', name: 'CDB antigo', type: 'Renda Fixa', amount: 50n, currentValue: 50n, maturityDate: '2025-05-01' },
  ];

  it('totals invested and current value (falling back to the amount), gain and return', () => {
    const summary = portfolioSummary(holdings, TODAY);
    expect(summary.totalInvested).toBe(50_000_50n);
    expect(summary.currentValue).toBe(50_800_50n);
    expect(summary.totalGain).toBe(800_00n);
    expect(summary.returnPercent).toBe(1.6);
  });

  it('allocates by type as a percent of the invested amount, largest first', () => {
    expect(portfolioSummary(holdings, TODAY).allocation).toEqual([
      { type: 'Renda Fixa', amount: 25_000_50n, percent: 50 },
      { type: 'Tesouro Direto', amount: 15_000_00n, percent: 30 },
      { type: 'Fundos', amount: 10_000_00n, percent: 20 },
    ]);
  });

  it('lists up to 3 maturities in ascending date order with their wording', () => {
    expect(portfolioSummary(holdings, TODAY).nextMaturities).toEqual([
      { id: 'e', name: 'CDB antigo', type: 'Renda Fixa', maturityDate: '2025-05-01', daysUntil: -40, label: 'Vencido' },
      { id: 'd', name: 'LCI Itaú', type: 'Renda Fixa', maturityDate: '2025-06-11', daysUntil: 1, label: 'Vence amanhã' },
      { id: 'a', name: 'CDB Inter', type: 'Renda Fixa', maturityDate: '2025-12-01', daysUntil: 174, label: 'Vence em 5 meses' },
    ]);
  });

  it('is all zeros for an empty portfolio', () => {
    expect(portfolioSummary([], TODAY)).toEqual({ totalInvested: 0n, currentValue: 0n, totalGain: 0n, returnPercent: 0, allocation: [], nextMaturities: [] });
  });
});
