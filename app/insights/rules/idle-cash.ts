// Idle cash: the money left over in recent months (received revenue minus expenses) set against
// what the active goals still need and what the investments yield, so the surplus gets a purpose.
import { formatMoney } from '../../../domain/shared/money';
import { totalsByMonth } from '../history';
import { cents, num, type InsightRule } from '../rule';
import { median } from '../stats';
import { brl, date, listing, percent } from '../text';

const WINDOW_MONTHS = 6;
const MIN_MONTHS = 3;
/** Less than a month of expenses left over is a cushion, not idle money; three months or more is a lot. */
const MIN_MONTHS_OF_EXPENSES = 1;
const MANY_MONTHS_OF_EXPENSES = 3;

/** Whole calendar months from `from` to `to` (20 Jun → 20 Dec is 6, → 19 Dec is 5). */
function monthsUntil(from: string, to: string): number {
  const [fy, fm, fd] = from.split('-').map(Number);
  const [ty, tm, td] = to.split('-').map(Number);
  return (ty - fy) * 12 + (tm - fm) - (td < fd ? 1 : 0);
}

function goalDeadline(goal: { targetDate: string | null; perMonth: bigint | null }, today: string): string {
  if (!goal.targetDate) return '';
  if (goal.targetDate < today) return `; o prazo venceu em ${date(goal.targetDate)}`;
  return ` até ${date(goal.targetDate)}, ${brl(goal.perMonth ?? 0n)} por mês`;
}

export const idleCash: InsightRule = {
  key: 'idle-cash',
  risk: false,
  run: (a) => {
    const months = a.completeMonths(WINDOW_MONTHS);
    if (months.length < MIN_MONTHS) return [];
    const received = totalsByMonth(a.receivedRevenues, months);
    const spent = totalsByMonth(a.expenses, months);
    const surplus = received.reduce((s, v) => s + v, 0n) - spent.reduce((s, v) => s + v, 0n);
    const monthlyExpenses = median(spent.map(num));
    if (surplus <= 0n || num(surplus) < MIN_MONTHS_OF_EXPENSES * monthlyExpenses) return [];

    const goals = a.history.goals
      .filter((g) => g.status === 'active' && g.targetAmount > g.currentAmount)
      .map((g) => {
        const gap = g.targetAmount - g.currentAmount;
        const monthsLeft = g.targetDate && g.targetDate >= a.today ? Math.max(1, monthsUntil(a.today, g.targetDate)) : null;
        return { ...g, gap, perMonth: monthsLeft ? cents(num(gap) / monthsLeft) : null };
      })
      .sort((x, y) => (x.targetDate ?? '9999').localeCompare(y.targetDate ?? '9999') || x.name.localeCompare(y.name));
    const gapTotal = goals.reduce((s, g) => s + g.gap, 0n);
    const invested = a.history.investments.reduce((s, i) => s + (i.currentValue ?? i.amount), 0n);
    const principal = a.history.investments.reduce((s, i) => s + i.amount, 0n);
    const expectedReturn = principal > 0n
      ? a.history.investments.reduce((s, i) => s + num(i.amount) * Number(i.expectedReturn), 0) / num(principal)
      : 0;

    const monthsOfExpenses = monthlyExpenses > 0 ? num(surplus) / monthlyExpenses : 0;
    const goalText = goals.length > 0
      ? ` As metas ativas ainda precisam de ${brl(gapTotal)} e a sobra cobre ${percent(Math.min(100, (num(surplus) / num(gapTotal)) * 100))} disso: ${listing(goals.slice(0, 2).map((g) =>
        `"${g.name}" (faltam ${brl(g.gap)}${goalDeadline(g, a.today)})`))}.`
      : ' Não há metas financeiras ativas para receber essa sobra.';
    const investmentText = a.history.investments.length > 0
      ? ` Os investimentos somam ${brl(invested)}, com rentabilidade esperada média de ${percent(expectedReturn)} ao ano.`
      : ' Não há investimentos cadastrados.';
    return [{
      rule: 'idle-cash',
      subject: null,
      type: 'opportunity',
      priority: monthsOfExpenses >= MANY_MONTHS_OF_EXPENSES ? 'medium' : 'low',
      title: 'Sobra de caixa sem destino',
      content: `Nos últimos ${months.length} meses sobraram ${brl(surplus)} em caixa (receitas recebidas menos despesas), ${monthlyExpenses > 0 ? `o equivalente a ${String(Math.round(monthsOfExpenses * 10) / 10).replace('.', ',')} meses de despesas` : 'sem despesas no período'}.${goalText}${investmentText} Direcionar a sobra para as metas ou para aplicações evita dinheiro parado.`,
      facts: {
        surplus: formatMoney(surplus), months: months.length, monthlyExpenses: formatMoney(cents(monthlyExpenses)),
        goalsGap: formatMoney(gapTotal), invested: formatMoney(invested), expectedReturn: Math.round(expectedReturn * 100) / 100,
      },
    }];
  },
};
