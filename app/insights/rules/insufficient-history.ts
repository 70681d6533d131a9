// Too little history: said plainly, so an empty analysis is explained rather than silent.
import type { InsightRule } from '../rule';
import { month, plural } from '../text';

const MIN_COMPLETE_MONTHS = 2;

export const insufficientHistory: InsightRule = {
  key: 'insufficient-history',
  risk: false,
  run: (a) => {
    const months = a.completeMonths(MIN_COMPLETE_MONTHS);
    if (months.length >= MIN_COMPLETE_MONTHS) return [];
    const since = a.firstMonth
      ? `Há lançamentos apenas desde ${month(a.firstMonth)} (${plural(months.length, 'mês completo', 'meses completos')}).`
      : 'Ainda não há receitas nem despesas registradas.';
    return [{
      rule: 'insufficient-history',
      subject: null,
      type: 'recommendation',
      priority: 'low',
      title: 'Histórico curto para análise',
      content: `${since} Registre receitas e despesas de pelo menos 3 meses para que a análise compare cada categoria com o próprio histórico, aponte tendências e projete o fluxo de caixa.`,
      facts: { completeMonths: months.length },
    }];
  },
};
