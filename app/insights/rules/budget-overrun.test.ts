import { describe, expect, it } from 'vitest';
import { expense, steadyCompany } from '../../../test-support/insight-history';
import { prepare, type FinancialHistory } from '../history';
import { budgetOverrun } from './budget-overrun';

const withBudget = (today: string, amount: number, extra: FinancialHistory['expenses'] = []): FinancialHistory => {
  const h = steadyCompany(today);
  return { ...h, expenses: [...h.expenses, ...extra], budgets: [{ id: 'budget-mkt', category: 'marketing', amount: BigInt(amount * 100), period: 'monthly' }] };
};

describe('budget overrun risk', () => {
  it('warns before the month ends when the pace so far leads past the budget', () => {
    // Marketing on 20 June: R$ 1.940 of ads + R$ 1.500 of flyers = R$ 3.440 in 20 days → R$ 172/day.
    const [draft] = budgetOverrun.run(prepare(withBudget('2025-06-20', 4_500, [expense('2025-06-12', 1_500, 'marketing', { description: 'Panfletos' })]), '2025-06-20'));
    expect(draft).toMatchObject({ rule: 'budget-overrun', subject: 'budget-mkt', type: 'warning', priority: 'high', title: 'Orçamento de Marketing em risco' });
    expect(draft.content).toContain('Já foram gastos R$ 3.440,00 do orçamento de R$ 4.500,00 para Marketing em junho de 2025 (76,4%)');
    expect(draft.content).toContain('faltam 10 dias');
    expect(draft.content).toContain('No ritmo atual (R$ 172,00 por dia em gastos avulsos), a previsão é fechar o período em R$ 5.160,00, R$ 660,00 acima do orçamento');
  });

  it('says a budget is already exceeded', () => {
    const [draft] = budgetOverrun.run(prepare(withBudget('2025-06-20', 3_000, [expense('2025-06-12', 1_500, 'marketing')]), '2025-06-20'));
    expect(draft).toMatchObject({ title: 'Orçamento de Marketing estourado', priority: 'high' });
    expect(draft.content).toContain('R$ 440,00 acima do limite');
  });

  it('stays silent when the projection fits the budget', () => {
    expect(budgetOverrun.run(prepare(withBudget('2025-06-20', 6_000), '2025-06-20'))).toEqual([]);
  });

  it('counts what is already scheduled for the rest of the period', () => {
    const scheduled = expense('2025-06-27', 2_500, 'marketing', { description: 'Feira do setor' });
    const [draft] = budgetOverrun.run(prepare(withBudget('2025-06-20', 5_000, [scheduled]), '2025-06-20'));
    expect(draft.content).toContain('e com R$ 2.500,00 já agendados');
  });

  it('uses the category’s history in the first days of the month', () => {
    // 3 June: nothing spent yet, history ~R$ 2.015/month of ads → R$ 67,17/day for 27 days ≈ R$ 1.813,50.
    expect(budgetOverrun.run(prepare(withBudget('2025-06-03', 2_500), '2025-06-03'))).toEqual([]);
    const [draft] = budgetOverrun.run(prepare(withBudget('2025-06-03', 1_500), '2025-06-03'));
    expect(draft.content).toContain('Pelo histórico da categoria');
  });
});
