import { describe, expect, it } from 'vitest';
import { budgetCategories, budgetCategoryOf } from './budget-categories';
import { budgetHealth, currentPeriod, spentPercent } from './budget-health';
import { defaultCategories } from './category';

describe('budget category of an expense category', () => {
  it('maps the default categories (English slugs) to their budget category', () => {
    expect(defaultCategories.map((c) => budgetCategoryOf(c.slug))).toEqual(['operacional', 'administrativo', 'marketing', 'tecnologia', 'rh', 'vendas', 'fornecedores', 'impostos', 'investimento']);
  });

  it('maps each budget category\'s own word (with or without accents, plural) to itself', () => {
    for (const category of budgetCategories) expect(budgetCategoryOf(category)).toBe(category);
    expect(budgetCategoryOf('Impostos')).toBe('impostos');
    expect(budgetCategoryOf('administração')).toBe('administrativo');
    expect(budgetCategoryOf('fornecedor')).toBe('fornecedores');
    expect(budgetCategoryOf('investimentos')).toBe('investimento');
    expect(budgetCategoryOf('recursos-humanos')).toBe('rh');
  });

  it('leaves other categories out of every budget', () => {
    expect(budgetCategoryOf('viagens-a-trabalho')).toBeNull();
    expect(budgetCategoryOf('')).toBeNull();
  });
});

describe('current period', () => {
  it('is the calendar month, quarter or year of today', () => {
    expect(currentPeriod('monthly', '2025-02-14')).toEqual({ start: '2025-02-01', end: '2025-02-28' });
    expect(currentPeriod('monthly', '2024-02-29')).toEqual({ start: '2024-02-01', end: '2024-02-29' });
    expect(currentPeriod('quarterly', '2025-05-31')).toEqual({ start: '2025-04-01', end: '2025-06-30' });
    expect(currentPeriod('quarterly', '2025-12-01')).toEqual({ start: '2025-10-01', end: '2025-12-31' });
    expect(currentPeriod('yearly', '2025-07-01')).toEqual({ start: '2025-01-01', end: '2025-12-31' });
  });
});

describe('budget health', () => {
  it('is good below 80%, warning from 80% to under 100%, exceeded at 100% or more', () => {
    expect(budgetHealth(0n, 1000_00n)).toBe('good');
    expect(budgetHealth(799_99n, 1000_00n)).toBe('good');
    expect(budgetHealth(800_00n, 1000_00n)).toBe('warning');
    expect(budgetHealth(999_99n, 1000_00n)).toBe('warning');
    expect(budgetHealth(1000_00n, 1000_00n)).toBe('exceeded');
    expect(budgetHealth(1500_00n, 1000_00n)).toBe('exceeded');
  });

  it('gives the spent share with one decimal', () => {
    expect(spentPercent(853_00n, 1000_00n)).toBe(85.3);
    expect(spentPercent(1n, 3n)).toBe(33.3);
  });

  it('cuts the second decimal, so the figure never crosses a health line the budget has not crossed', () => {
    expect(spentPercent(854_60n, 1000_00n)).toBe(85.4);
    expect(spentPercent(999_60n, 1000_00n)).toBe(99.9);
    expect(budgetHealth(999_60n, 1000_00n)).toBe('warning');
    expect(spentPercent(799_99n, 1000_00n)).toBe(79.9);
    expect(budgetHealth(799_99n, 1000_00n)).toBe('good');
  });
});
