import { describe, expect, it } from 'vitest';
import { revenue, steadyCompany } from '../../../test-support/insight-history';
import { prepare } from '../history';
import { overdueRevenues } from './overdue-revenues';

const TODAY = '2025-06-20';

describe('overdue pending revenues', () => {
  it('warns about pending revenues past their date, the largest first, with days late', () => {
    const h = steadyCompany(TODAY);
    const late = [
      revenue('2025-05-09', 6_480, 'services', { status: 'pending', description: 'Buffet — Construtora Horizonte' }),
      revenue('2025-06-12', 2_350, 'services', { status: 'pending', description: 'Coffee break — Hotel Mirante' }),
      revenue('2025-06-25', 9_000, 'services', { status: 'pending', description: 'Ainda não venceu' }),
      revenue('2025-04-01', 1_000, 'services', { status: 'confirmed', description: 'Confirmada' }),
    ];
    const [draft] = overdueRevenues.run(prepare({ ...h, revenues: [...h.revenues, ...late] }, TODAY));
    expect(draft).toMatchObject({ rule: 'overdue-revenues', type: 'warning', priority: 'high', title: 'Receitas pendentes em atraso' });
    expect(draft.content).toBe('2 receitas pendentes estão com a data vencida, somando R$ 8.830,00: Buffet — Construtora Horizonte (R$ 6.480,00, 42 dias de atraso) e Coffee break — Hotel Mirante (R$ 2.350,00, 8 dias de atraso). A mais antiga está em aberto há 42 dias. Cobre os clientes ou atualize o status para Recebida quando o pagamento entrar.');
  });

  it('is medium priority for a small, recent delay and silent with nothing overdue', () => {
    const h = steadyCompany(TODAY);
    const [draft] = overdueRevenues.run(prepare({ ...h, revenues: [...h.revenues, revenue('2025-06-18', 500, 'services', { status: 'pending' })] }, TODAY));
    expect(draft.priority).toBe('medium');
    expect(overdueRevenues.run(prepare(h, TODAY))).toEqual([]);
  });
});
