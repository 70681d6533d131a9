import { describe, expect, it } from 'vitest';
import { expense, monthsBefore, steadyCompany } from '../../../test-support/insight-history';
import { prepare } from '../history';
import { idleCash } from './idle-cash';

const TODAY = '2025-06-20';

describe('idle cash against goals and investments', () => {
  it('sets the recent surplus against what the goals still need and what the investments yield', () => {
    const h = {
      ...steadyCompany(TODAY),
      goals: [
        { id: 'g1', name: 'Reserva de emergência', targetAmount: 60_000_00n, currentAmount: 20_000_00n, targetDate: '2025-12-20', status: 'active' as const },
        { id: 'g2', name: 'Forno novo', targetAmount: 45_000_00n, currentAmount: 45_000_00n, targetDate: null, status: 'completed' as const },
      ],
      investments: [
        { id: 'i1', name: 'CDB', amount: 50_000_00n, currentValue: 54_000_00n, expectedReturn: '12.00' },
        { id: 'i2', name: 'Tesouro', amount: 50_000_00n, currentValue: null, expectedReturn: '10.00' },
      ],
    };
    const [draft] = idleCash.run(prepare(h, TODAY));
    expect(draft).toMatchObject({ rule: 'idle-cash', type: 'opportunity', priority: 'medium', title: 'Sobra de caixa sem destino' });
    expect(draft.content).toContain('Nos últimos 6 meses sobraram R$ 139.100,00 em caixa');
    expect(draft.content).toContain('As metas ativas ainda precisam de R$ 40.000,00 e a sobra cobre 100% disso: "Reserva de emergência" (faltam R$ 40.000,00 até 20/12/2025, R$ 6.666,67 por mês)');
    expect(draft.content).toContain('Os investimentos somam R$ 104.000,00, com rentabilidade esperada média de 11% ao ano.');
  });

  it('stays silent when the months left nothing over', () => {
    const h = steadyCompany(TODAY);
    const heavy = monthsBefore(TODAY, 8).map((start) => expense(`${start.slice(0, 8)}22`, 24_000, 'operational'));
    expect(idleCash.run(prepare({ ...h, expenses: [...h.expenses, ...heavy] }, TODAY))).toEqual([]);
  });
});
