import { describe, expect, it } from 'vitest';
import { emptyHistory, expense, steadyCompany } from '../../../test-support/insight-history';
import { prepare } from '../history';
import { negativeCashFlow } from './negative-cash-flow';

const TODAY = '2025-06-20';

describe('negative cash-flow projection', () => {
  it('warns when the forecast of the next months ends below zero, naming the worst month', () => {
    const h = steadyCompany(TODAY);
    // A new monthly lease from July that the revenue cannot carry.
    const lease = expense('2025-07-01', 30_000, 'operational', { description: 'Arrendamento do galpão', isRecurring: true, recurringPeriod: 'monthly', expenseType: 'fixed' });
    const [draft] = negativeCashFlow.run(prepare({ ...h, expenses: [...h.expenses, lease] }, TODAY));
    expect(draft).toMatchObject({ rule: 'negative-cash-flow', type: 'warning', priority: 'high', title: 'Fluxo de caixa negativo previsto' });
    expect(draft.content).toMatch(/^A projeção dos próximos 3 meses \(média móvel de 3 meses \+ recorrentes\) prevê entradas de R\$ [\d.]+,\d\d e saídas de R\$ [\d.]+,\d\d, um saldo de -R\$ [\d.]+,\d\d\./);
    expect(draft.content).toContain('Saldo negativo em julho de 2025');
    expect(Number(draft.facts.projectedBalance)).toBeLessThan(0);
  });

  it('stays silent for a company that earns more than it spends, and without history', () => {
    expect(negativeCashFlow.run(prepare(steadyCompany(TODAY), TODAY))).toEqual([]);
    expect(negativeCashFlow.run(prepare(emptyHistory(), TODAY))).toEqual([]);
  });
});
