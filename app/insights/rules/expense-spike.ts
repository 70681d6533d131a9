// Expense spike: a category's spending this month (so far) or last month far above its own history,
// measured in robust standard deviations (median and MAD), so each category has its own normal.
import { formatMoney } from '../../../domain/shared/money';
import { monthOf, shiftMonth, sumOf, totalsByMonth, type Analysis, type Occurrence } from '../history';
import { cents, num, type InsightDraft, type InsightRule } from '../rule';
import { median as medianOf, robustZ } from '../stats';
import { brl, date, listing, month, percent } from '../text';

/** Iglewicz & Hoaglin's cut-off for outliers in robust z-scores. */
export const SPIKE_Z = 3.5;
/** Up to a year of the category's own history, and at least a quarter of it. */
const BASELINE_MONTHS = 12;
const MIN_BASELINE_MONTHS = 3;
/** Floors of the scale: a steady history (MAD 0) still tolerates 5% of its median, or R$ 50. */
const SCALE_SHARE = 0.05;
const SCALE_FLOOR = 50_00;
/** Below R$ 100 above normal, no one needs to be told. */
const MIN_EXCESS = 100_00;

function spikeIn(a: Analysis, category: string, examined: string, items: Occurrence[]): InsightDraft | null {
  const baseline = a.completeMonths(BASELINE_MONTHS, examined);
  if (baseline.length < MIN_BASELINE_MONTHS) return null;
  const partial = examined === a.currentMonth;
  const inMonth = items.filter((o) => monthOf(o.date) === examined && (!partial || o.date <= a.today));
  const value = sumOf(inMonth);
  const history = totalsByMonth(items, baseline).map(num);
  const { z, median, scale } = robustZ(num(value), history, Math.max(SCALE_SHARE * medianOf(history), SCALE_FLOOR));
  const excess = num(value) - median;
  if (z < SPIKE_Z || excess < MIN_EXCESS) return null;

  const label = a.expenseLabel(category);
  const when = partial ? `em ${month(examined)} (até ${date(a.today)})` : `em ${month(examined)}`;
  const normal = median === 0
    ? `quando a mediana dos ${baseline.length} meses anteriores é ${brl(0n)}`
    : `${percent((excess / median) * 100)} acima da mediana de ${brl(cents(median))} dos ${baseline.length} meses anteriores (variação típica de ${brl(cents(scale))})`;
  const top = [...inMonth].sort((x, y) => (y.amount > x.amount ? 1 : y.amount < x.amount ? -1 : x.description.localeCompare(y.description))).slice(0, 2);
  return {
    rule: 'expense-spike',
    subject: category,
    type: 'warning',
    priority: median === 0 || num(value) >= 2 * median ? 'high' : 'medium',
    title: `Gasto atípico em ${label}`,
    content: `Os gastos com ${label} ${when} somam ${brl(value)}, ${normal}. Maiores lançamentos: ${listing(top.map((o) => `${o.description} (${brl(o.amount)})`))}. Confira se o aumento era esperado.`,
    facts: {
      category, month: examined, amount: formatMoney(value), median: formatMoney(cents(median)), scale: formatMoney(cents(scale)),
      robustZ: Math.round(z * 10) / 10, baselineMonths: baseline.length,
    },
  };
}

export const expenseSpike: InsightRule = {
  key: 'expense-spike',
  risk: true,
  run: (a) => {
    const byCategory = new Map<string, Occurrence[]>();
    for (const o of a.expenses) byCategory.set(o.category, [...(byCategory.get(o.category) ?? []), o]);
    const drafts: InsightDraft[] = [];
    for (const [category, items] of [...byCategory].sort(([x], [y]) => x.localeCompare(y))) {
      // This month so far first; else last month, which may have closed above normal.
      const spike = spikeIn(a, category, a.currentMonth, items) ?? spikeIn(a, category, shiftMonth(a.currentMonth, -1), items);
      if (spike) drafts.push(spike);
    }
    return drafts;
  },
};
