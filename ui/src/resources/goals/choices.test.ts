import { describe, expect, it } from 'vitest';
import { barValue, categoryName, isReached } from './choices';

describe('goal card rules', () => {
  it('caps the progress bar at 100 (spec §9) and never below 0', () => {
    expect(barValue(45)).toBe(45);
    expect(barValue(130)).toBe(100);
    expect(barValue(-5)).toBe(0);
  });

  it("is reached at 100% or more, which shows 'Meta atingida!' instead of Restante", () => {
    expect(isReached({ progress: 99 })).toBe(false);
    expect(isReached({ progress: 100 })).toBe(true);
    expect(isReached({ progress: 140 })).toBe(true);
  });

  it('names the spec categories in pt-BR', () => {
    expect(categoryName('revenue')).toBe('Receita');
    expect(categoryName('emergency_fund')).toBe('Fundo de Emergência');
    expect(categoryName('debt_reduction')).toBe('Redução de Dívidas');
  });
});
