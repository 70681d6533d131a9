// Overdue revenues: revenues still pending after their date, the money the company is owed.
import { daysBetween } from '../../../domain/shared/dates';
import { formatMoney } from '../../../domain/shared/money';
import { totalsByMonth } from '../history';
import { num, type InsightRule } from '../rule';
import { median } from '../stats';
import { brl, listing, plural } from '../text';

const TOP = 3;
/** A month late, or a fifth of a typical month's revenue, is urgent. */
const URGENT_DAYS = 30;
const URGENT_SHARE = 0.2;

export const overdueRevenues: InsightRule = {
  key: 'overdue-revenues',
  risk: true,
  run: (a) => {
    const overdue = a.history.revenues
      .filter((r) => r.status === 'pending' && r.date < a.today)
      .map((r) => ({ ...r, days: daysBetween(r.date, a.today) }))
      .sort((x, y) => (y.amount > x.amount ? 1 : y.amount < x.amount ? -1 : y.days - x.days || x.id.localeCompare(y.id)));
    if (overdue.length === 0) return [];
    const total = overdue.reduce((sum, r) => sum + r.amount, 0n);
    const oldest = Math.max(...overdue.map((r) => r.days));
    const level = median(totalsByMonth(a.revenues, a.completeMonths(3)).map(num));
    const urgent = oldest > URGENT_DAYS || (level > 0 && num(total) >= URGENT_SHARE * level);
    const shown = overdue.slice(0, TOP).map((r) => `${r.description} (${brl(r.amount)}, ${plural(r.days, 'dia', 'dias')} de atraso)`);
    const more = overdue.length > TOP ? ` e mais ${overdue.length - TOP}` : '';
    return [{
      rule: 'overdue-revenues',
      subject: null,
      type: 'warning',
      priority: urgent ? 'high' : 'medium',
      title: 'Receitas pendentes em atraso',
      content: `${overdue.length === 1 ? '1 receita pendente está' : `${overdue.length} receitas pendentes estão`} com a data vencida, somando ${brl(total)}: ${listing(shown)}${more}. A mais antiga está em aberto há ${plural(oldest, 'dia', 'dias')}. Cobre os clientes ou atualize o status para Recebida quando o pagamento entrar.`,
      facts: { count: overdue.length, total: formatMoney(total), oldestDays: oldest },
    }];
  },
};
