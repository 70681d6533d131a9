import { describe, expect, it } from 'vitest';
import { expense, revenue, steadyCompany } from '../../test-support/insight-history';
import { analyze, rules } from './engine';
import type { FinancialHistory } from './history';

const TODAY = '2025-06-20';
const spiked = (): FinancialHistory => {
  const h = steadyCompany(TODAY);
  return { ...h, expenses: [...h.expenses, expense('2025-06-15', 5_500, 'marketing', { description: 'Campanha de inverno' })] };
};

describe('insight engine', () => {
  it('finds no warning in a steady company, only its opportunities', () => {
    const drafts = analyze(steadyCompany(TODAY), TODAY);
    expect(drafts.filter((d) => d.type === 'warning')).toEqual([]);
    expect(drafts.map((d) => d.rule)).toEqual(['recurring-costs', 'idle-cash']);
  });

  it('turns an expense spike in one category into exactly one warning naming the category and the numbers', () => {
    const warnings = analyze(spiked(), TODAY).filter((d) => d.type === 'warning');
    expect(warnings).toHaveLength(1);
    expect(warnings[0].title).toBe('Gasto atípico em Marketing');
    expect(warnings[0].content).toContain('R$ 7.440,00');
    expect(warnings[0].content).toContain('R$ 2.015,00');
  });

  it('is deterministic: the same history in any order gives the same insights', () => {
    const h = spiked();
    const shuffled: FinancialHistory = { ...h, expenses: [...h.expenses].reverse(), revenues: [...h.revenues].reverse() };
    expect(analyze(shuffled, TODAY)).toEqual(analyze(h, TODAY));
    expect(JSON.stringify(analyze(h, TODAY))).toBe(JSON.stringify(analyze(spiked(), TODAY)));
  });

  it('puts high priority first, then follows the rule order', () => {
    const h = spiked();
    const late = revenue('2025-06-12', 500, 'services', { status: 'pending', description: 'Coffee break' });
    const drafts = analyze({ ...h, revenues: [...h.revenues, late] }, TODAY);
    expect(drafts.map((d) => [d.priority, d.rule])).toEqual([
      ['high', 'expense-spike'], ['medium', 'overdue-revenues'], ['medium', 'recurring-costs'], ['medium', 'idle-cash'],
    ]);
  });

  it('runs only the risk patterns for the automatic analysis', () => {
    expect(rules.filter((r) => r.risk).map((r) => r.key)).toEqual(['negative-cash-flow', 'budget-overrun', 'expense-spike', 'overdue-revenues']);
    expect(analyze(spiked(), TODAY, { riskOnly: true }).map((d) => d.rule)).toEqual(['expense-spike']);
    expect(analyze(steadyCompany(TODAY), TODAY, { riskOnly: true })).toEqual([]);
  });
});
