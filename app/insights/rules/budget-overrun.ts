// Budget overrun risk: what a budget's category has spent in the current period, plus what is
// already scheduled, plus the one-off spending the rest of the period should bring at the current
// pace (or, in the first days, at the category's historical pace), against the budget.
import { budgetCategoryLabels, budgetCategoryOf, type BudgetCategory } from '../../../domain/finance/budget-categories';
import { currentPeriod, spentPercent } from '../../../domain/finance/budget-health';
import { budgetPeriodOf } from '../../../domain/notifications/triggers';
import { daysBetween } from '../../../domain/shared/dates';
import { formatMoney } from '../../../domain/shared/money';
import { sumOf, totalsByMonth, type Analysis, type HistoryBudget } from '../history';
import { cents, num, type InsightDraft, type InsightRule } from '../rule';
import { median } from '../stats';
import { brl, percent, plural } from '../text';

/** Before a week has passed the period's own pace says little; the history speaks instead. */
const MIN_DAYS_FOR_PACE = 7;
const HISTORY_MONTHS = 6;
const DAYS_PER_MONTH = 30;

function assess(a: Analysis, budget: HistoryBudget): InsightDraft | null {
  const { start, end } = currentPeriod(budget.period, a.today);
  const items = a.expenses.filter((o) => budgetCategoryOf(o.category) === budget.category);
  const spent = sumOf(items.filter((o) => o.date >= start && o.date <= a.today));
  const scheduled = sumOf(items.filter((o) => o.date > a.today && o.date <= end));
  const oneOffSoFar = sumOf(items.filter((o) => !o.isRecurring && o.date >= start && o.date <= a.today));
  const elapsed = daysBetween(start, a.today) + 1;
  const remaining = daysBetween(a.today, end);
  const usePace = elapsed >= MIN_DAYS_FOR_PACE;
  const dailyRate = usePace
    ? num(oneOffSoFar) / elapsed
    : median(totalsByMonth(items.filter((o) => !o.isRecurring), a.completeMonths(HISTORY_MONTHS)).map(num)) / DAYS_PER_MONTH;
  const projected = spent + scheduled + cents(dailyRate * remaining);
  const exceeded = spent >= budget.amount;
  if (!exceeded && projected <= budget.amount) return null;

  const label = budgetCategoryLabels[budget.category as BudgetCategory] ?? budget.category;
  const period = budgetPeriodOf(budget.period, a.today).label;
  const spentText = `Já foram gastos ${brl(spent)} do orçamento de ${brl(budget.amount)} para ${label} em ${period} (${percent(spentPercent(spent, budget.amount))})`;
  const daysLeft = remaining === 0 ? 'e o período termina hoje' : `e faltam ${plural(remaining, 'dia', 'dias')} para o fim do período`;
  const basis = `${usePace ? 'No ritmo atual' : 'Pelo histórico da categoria'} (${brl(cents(dailyRate))} por dia em gastos avulsos)${scheduled > 0n ? ` e com ${brl(scheduled)} já agendados` : ''}`;
  const forecast = `${basis}, a previsão é fechar o período em ${brl(projected)}, ${brl(projected - budget.amount)} acima do orçamento (${percent(spentPercent(projected, budget.amount))}).`;
  return {
    rule: 'budget-overrun',
    subject: budget.id,
    type: 'warning',
    priority: exceeded || projected * 10n >= budget.amount * 11n ? 'high' : 'medium',
    title: exceeded ? `Orçamento de ${label} estourado` : `Orçamento de ${label} em risco`,
    content: exceeded
      ? `${spentText}, ${brl(spent - budget.amount)} acima do limite, ${daysLeft}.${remaining > 0 ? ` ${forecast}` : ''}`
      : `${spentText}, ${daysLeft}. ${forecast}`,
    facts: {
      category: budget.category, periodStart: start, periodEnd: end, budget: formatMoney(budget.amount), spent: formatMoney(spent),
      scheduled: formatMoney(scheduled), dailyRate: formatMoney(cents(dailyRate)), projected: formatMoney(projected), remainingDays: remaining,
    },
  };
}

export const budgetOverrun: InsightRule = {
  key: 'budget-overrun',
  risk: true,
  run: (a) => a.history.budgets.map((b) => assess(a, b)).filter((d): d is InsightDraft => d !== null),
};
