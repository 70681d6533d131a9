// Recurring costs worth renegotiating: recurring expenses still running (and monthly bills entered
// by hand month after month), their weight in the monthly spending and what 10% off would save.
import { formatMoney } from '../../../domain/shared/money';
import { budgetCategoryOf } from '../../../domain/finance/budget-categories';
import { lastOccurrence, monthsPerPeriod } from '../../../domain/finance/recurrence';
import { monthOf, totalsByMonth, type Analysis } from '../history';
import { cents, num, type InsightRule } from '../rule';
import { median } from '../stats';
import { brl, listing, percent } from '../text';

/** A bill entered by hand counts as recurring when it appears in 3 of the last 4 complete months. */
const SERIES_WINDOW = 4;
const SERIES_MIN_MONTHS = 3;
const LEVEL_MONTHS = 3;
/** Worth a conversation from 15% of the monthly spending; a priority from 30%. */
const MIN_SHARE = 15;
const HIGH_SHARE = 30;
const RENEGOTIATION = 0.1;
const TOP = 3;

type RecurringCost = { key: string; description: string; monthly: number };

/** Payroll and taxes recur too, but they are not contracts anyone can renegotiate. */
const negotiable = (category: string) => !['rh', 'impostos'].includes(budgetCategoryOf(category) ?? '');

const normalize = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[0-9]+/g, '').replace(/[^a-z]+/g, ' ').trim();

function recurringCosts(a: Analysis): RecurringCost[] {
  const monthStart = `${a.currentMonth}-01`;
  const costs: RecurringCost[] = a.history.expenses
    .filter((e) => e.isRecurring && e.recurringPeriod && (e.status === 'approved' || e.status === 'completed') && negotiable(e.category))
    .filter((e) => (lastOccurrence(e) ?? monthStart) >= monthStart)
    .map((e) => ({ key: `${e.category}|${normalize(e.description)}`, description: e.description, monthly: num(e.amount) / monthsPerPeriod[e.recurringPeriod!] }));
  const known = new Set(costs.map((c) => c.key));
  const window = a.completeMonths(SERIES_WINDOW);
  const series = new Map<string, { description: string; months: Map<string, number> }>();
  for (const o of a.expenses) {
    if (o.isRecurring || !negotiable(o.category) || !window.includes(monthOf(o.date))) continue;
    const key = `${o.category}|${normalize(o.description)}`;
    const entry = series.get(key) ?? { description: o.description, months: new Map<string, number>() };
    entry.months.set(monthOf(o.date), (entry.months.get(monthOf(o.date)) ?? 0) + num(o.amount));
    series.set(key, entry);
  }
  for (const [key, s] of series) {
    if (s.months.size >= SERIES_MIN_MONTHS && !known.has(key)) costs.push({ key, description: s.description, monthly: median([...s.months.values()]) });
  }
  return costs.sort((x, y) => y.monthly - x.monthly || x.key.localeCompare(y.key));
}

export const recurringCostsRule: InsightRule = {
  key: 'recurring-costs',
  risk: false,
  run: (a) => {
    const costs = recurringCosts(a);
    const months = a.completeMonths(LEVEL_MONTHS);
    if (costs.length === 0 || months.length === 0) return [];
    const total = costs.reduce((sum, c) => sum + c.monthly, 0);
    const level = median(totalsByMonth(a.expenses, months).map(num));
    if (level <= 0) return [];
    const weight = (total / level) * 100;
    if (weight < MIN_SHARE) return [];
    const top = costs.slice(0, TOP);
    const savings = top.reduce((sum, c) => sum + c.monthly, 0) * RENEGOTIATION * 12;
    return [{
      rule: 'recurring-costs',
      subject: null,
      type: 'opportunity',
      priority: weight >= HIGH_SHARE ? 'medium' : 'low',
      title: 'Custos recorrentes para renegociar',
      content: `As despesas recorrentes somam ${brl(cents(total))} por mês, ${percent(weight)} das despesas mensais (mediana de ${brl(cents(level))} nos últimos ${months.length} meses). As maiores são ${listing(top.map((c) => `${c.description} (${brl(cents(c.monthly))}/mês)`))}. Renegociar 10% ${top.length === 1 ? 'desse contrato' : 'desses contratos'} economizaria ${brl(cents(savings))} por ano.`,
      facts: { recurringMonthly: formatMoney(cents(total)), monthlyExpenses: formatMoney(cents(level)), share: Math.round(weight * 10) / 10, yearlySavings: formatMoney(cents(savings)) },
    }];
  },
};
