import { describe, expect, it } from 'vitest';
import { expense, monthsBefore, steadyCompany } from '../../../test-support/insight-history';
import { prepare } from '../history';
import { expenseSpike } from './expense-spike';

const TODAY = '2025-06-20';
const run = (history: ReturnType<typeof steadyCompany>, today = TODAY) => expenseSpike.run(prepare(history, today));
const withExpenses = (...extra: ReturnType<typeof expense>[]) => {
  const h = steadyCompany(TODAY);
  return { ...h, expenses: [...h.expenses, ...extra] };
};

describe('expense spike', () => {
  it('flags this month’s spending far above the category’s own median, with the numbers and the items behind it', () => {
    const [draft, ...rest] = run(withExpenses(expense('2025-06-15', 5_500, 'marketing', { description: 'Campanha de inverno' })));
    expect(rest).toEqual([]);
    expect(draft).toMatchObject({ rule: 'expense-spike', subject: 'marketing', type: 'warning', priority: 'high', title: 'Gasto atípico em Marketing' });
    expect(draft.content).toContain('em junho de 2025 (até 20/06/2025) somam R$ 7.440,00');
    expect(draft.content).toContain('mediana de R$ 2.015,00 dos 8 meses anteriores');
    expect(draft.content).toContain('Campanha de inverno (R$ 5.500,00)');
    expect(draft.facts).toMatchObject({ category: 'marketing', month: '2025-06', amount: '7440.00', median: '2015.00', baselineMonths: 8 });
  });

  it('flags last month when it closed above normal and this month is back to normal', () => {
    const [draft] = run(withExpenses(expense('2025-05-12', 1_200, 'technology', { description: 'Notebook novo' })));
    expect(draft).toMatchObject({ subject: 'technology', title: 'Gasto atípico em Tecnologia', priority: 'high' });
    expect(draft.content).toContain('em maio de 2025 somam R$ 2.025,00');
  });

  it('gives medium priority to a spike below twice the median', () => {
    const [draft] = run(withExpenses(expense('2025-06-16', 600, 'marketing', { description: 'Panfletos' })));
    expect(draft.priority).toBe('medium');
  });

  it('stays silent for a steady history', () => {
    expect(run(steadyCompany(TODAY))).toEqual([]);
  });

  it('judges each category against its own variability, not a fixed threshold', () => {
    // Events swing between R$ 1.000 and R$ 9.000 a month: R$ 9.500 is within its normal, while the
    // same 20% above the top of a steady category's history would not be.
    const h = steadyCompany(TODAY);
    const swings = [1_000, 9_000, 2_000, 8_000, 1_500, 9_000, 3_000, 7_000];
    const events = monthsBefore(TODAY, 8).map((start, i) => expense(`${start.slice(0, 8)}14`, swings[i], 'eventos'));
    expect(run({ ...h, expenses: [...h.expenses, ...events, expense('2025-06-14', 9_500, 'eventos')] })).toEqual([]);
  });

  it('needs three months of history and an excess worth mentioning', () => {
    const young = steadyCompany(TODAY, 2);
    expect(run({ ...young, expenses: [...young.expenses, expense('2025-06-15', 5_500, 'marketing')] })).toEqual([]);
    const h = steadyCompany(TODAY);
    const coffee = monthsBefore(TODAY, 8).map((start) => expense(`${start.slice(0, 8)}03`, 20, 'copa'));
    expect(run({ ...h, expenses: [...h.expenses, ...coffee, expense('2025-06-03', 90, 'copa')] })).toEqual([]);
  });

  it('does not count expenses that are pending or rejected', () => {
    expect(run(withExpenses(expense('2025-06-15', 5_500, 'marketing', { status: 'pending' }), expense('2025-06-16', 5_500, 'marketing', { status: 'rejected' })))).toEqual([]);
  });
});
