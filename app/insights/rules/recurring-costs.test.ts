import { describe, expect, it } from 'vitest';
import { emptyHistory, expense, monthsBefore, steadyCompany } from '../../../test-support/insight-history';
import { prepare } from '../history';
import { recurringCostsRule } from './recurring-costs';

const TODAY = '2025-06-20';

describe('recurring costs worth renegotiating', () => {
  it('lists the largest recurring costs, their weight and what 10% off would save a year', () => {
    const [draft] = recurringCostsRule.run(prepare(steadyCompany(TODAY), TODAY));
    expect(draft).toMatchObject({ rule: 'recurring-costs', type: 'opportunity', priority: 'medium', title: 'Custos recorrentes para renegociar' });
    // Rent (recurring), ads and software (the same bill every month); payroll is not renegotiable.
    expect(draft.content).toContain('As maiores são Aluguel da loja (R$ 5.000,00/mês), Anúncios online (R$ 2.005,00/mês) e Licenças de software (R$ 802,50/mês)');
    expect(draft.content).toContain('economizaria R$ 9.369,00 por ano');
    expect(draft.content).not.toContain('Salários');
  });

  it('ignores recurring expenses that ended and stays silent when recurring costs weigh little', () => {
    const ended = expense('2024-01-05', 9_000, 'administrative', { description: 'Aluguel antigo', isRecurring: true, recurringPeriod: 'monthly', recurringEndDate: '2024-12-31' });
    const purchases = ['Farinha de trigo', 'Embalagens', 'Manutenção do forno', 'Uniformes'];
    const others = monthsBefore(TODAY, 4).map((start, i) => expense(`${start.slice(0, 8)}1${i}`, 10_000 + i * 1_000, 'operational', { description: purchases[i] }));
    expect(recurringCostsRule.run(prepare({ ...emptyHistory(), expenses: [ended, ...others] }, TODAY))).toEqual([]);
  });
});
