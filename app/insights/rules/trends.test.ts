import { describe, expect, it } from 'vitest';
import { emptyHistory, expense, monthsBefore, revenue, steadyCompany } from '../../../test-support/insight-history';
import { prepare, type FinancialHistory } from '../history';
import { expenseTrend, revenueTrend } from './trends';

const TODAY = '2025-06-20';
const monthly = (values: number[], make: (date: string, amount: number) => FinancialHistory['revenues'][number] | FinancialHistory['expenses'][number]) =>
  monthsBefore(TODAY, values.length).map((start, i) => make(`${start.slice(0, 8)}15`, values[i]));
const revenues = (values: number[]): FinancialHistory => ({ ...emptyHistory(), revenues: monthly(values, (d, v) => revenue(d, v, 'services')) as FinancialHistory['revenues'] });
const expenses = (values: number[]): FinancialHistory => ({ ...emptyHistory(), expenses: monthly(values, (d, v) => expense(d, v, 'operational')) as FinancialHistory['expenses'] });

describe('revenue trend', () => {
  it('sees revenue growing month after month, with the slope and the first and last months', () => {
    const [draft] = revenueTrend.run(prepare(revenues([30_000, 31_500, 33_000, 32_800, 35_000, 36_500]), TODAY));
    expect(draft).toMatchObject({ rule: 'revenue-trend', subject: 'up', type: 'trend', priority: 'low', title: 'Receitas em crescimento' });
    expect(draft.content).toContain('de R$ 30.000,00 em dezembro de 2024 para R$ 36.500,00 em maio de 2025');
    expect(draft.content).toContain('alta de R$ 1.250,00 por mês');
  });

  it('sees a fall, and a steep one is high priority', () => {
    const [draft] = revenueTrend.run(prepare(revenues([40_000, 37_000, 35_500, 33_000, 31_000, 28_000]), TODAY));
    expect(draft).toMatchObject({ subject: 'down', title: 'Receitas em queda', priority: 'high' });
  });

  it('is not fooled by one exceptional month or by noise around a flat level', () => {
    expect(revenueTrend.run(prepare(revenues([30_000, 30_400, 29_700, 30_200, 52_000, 30_100]), TODAY))).toEqual([]);
    expect(revenueTrend.run(prepare(revenues([30_000, 31_000, 29_500, 30_800, 29_900, 30_500]), TODAY))).toEqual([]);
    expect(revenueTrend.run(prepare(steadyCompany(TODAY), TODAY))).toEqual([]);
  });

  it('needs four complete months', () => {
    expect(revenueTrend.run(prepare(revenues([30_000, 33_000, 36_000]), TODAY))).toEqual([]);
  });
});

describe('expense trend', () => {
  it('sees expenses rising, high priority when they rose by 30% or more', () => {
    const [draft] = expenseTrend.run(prepare(expenses([10_000, 11_000, 12_500, 13_000, 14_500, 15_500]), TODAY));
    expect(draft).toMatchObject({ rule: 'expense-trend', subject: 'up', title: 'Despesas em alta', priority: 'high' });
    expect(draft.content).toContain('As despesas subiram de forma consistente nos últimos 6 meses');
  });

  it('sees expenses falling as good news', () => {
    const [draft] = expenseTrend.run(prepare(expenses([15_000, 14_200, 13_900, 13_000, 12_400, 12_000]), TODAY));
    expect(draft).toMatchObject({ subject: 'down', title: 'Despesas em queda', priority: 'low' });
  });
});
