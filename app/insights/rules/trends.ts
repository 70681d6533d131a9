// Revenue and expense trends over the last complete months: a Theil–Sen slope (robust to one odd
// month) that Kendall's tau confirms as consistent, and that moves the level by a tenth or more.
import { formatMoney } from '../../../domain/shared/money';
import { totalsByMonth, type Analysis, type Occurrence } from '../history';
import { cents, num, type InsightDraft, type InsightRule } from '../rule';
import { kendallTau, median, theilSen } from '../stats';
import { brl, month, percent } from '../text';

const WINDOW_MONTHS = 6;
const MIN_MONTHS = 4;
/** Most pairs of months must agree on the direction… */
const MIN_TAU = 0.6;
/** …and the trend must move the level by at least 10% across the window. */
const MIN_CHANGE = 0.1;

type Wording = { rule: string; up: { title: string; verb: string }; down: { title: string; verb: string }; noun: string };

function trend(a: Analysis, items: Occurrence[], wording: Wording, priorityOf: (rising: boolean, change: number) => InsightDraft['priority']): InsightDraft[] {
  const months = a.completeMonths(WINDOW_MONTHS);
  if (months.length < MIN_MONTHS) return [];
  const values = totalsByMonth(items, months).map(num);
  const level = median(values);
  if (level <= 0) return [];
  const slope = theilSen(values);
  const tau = kendallTau(values);
  const change = (slope * (values.length - 1)) / level;
  if (Math.abs(tau) < MIN_TAU || Math.abs(change) < MIN_CHANGE || Math.sign(tau) !== Math.sign(slope)) return [];
  const rising = slope > 0;
  const words = rising ? wording.up : wording.down;
  const first = months[0];
  const last = months[months.length - 1];
  return [{
    rule: wording.rule,
    subject: rising ? 'up' : 'down',
    type: 'trend',
    priority: priorityOf(rising, change),
    title: words.title,
    content: `${wording.noun} ${words.verb} de forma consistente nos últimos ${months.length} meses: de ${brl(cents(values[0]))} em ${month(first)} para ${brl(cents(values[values.length - 1]))} em ${month(last)}. A tendência é de ${rising ? 'alta' : 'queda'} de ${brl(cents(Math.abs(slope)))} por mês (${percent((Math.abs(slope) / level) * 100)} da mediana mensal de ${brl(cents(level))}).`,
    facts: {
      months: months.length, from: first, to: last, slopePerMonth: formatMoney(cents(slope)), medianMonthly: formatMoney(cents(level)),
      kendallTau: Math.round(tau * 100) / 100,
    },
  }];
}

export const revenueTrend: InsightRule = {
  key: 'revenue-trend',
  risk: false,
  run: (a) => trend(a, a.revenues, {
    rule: 'revenue-trend', noun: 'As receitas',
    up: { title: 'Receitas em crescimento', verb: 'cresceram' },
    down: { title: 'Receitas em queda', verb: 'caíram' },
  }, (rising, change) => (rising ? 'low' : change <= -0.2 ? 'high' : 'medium')),
};

export const expenseTrend: InsightRule = {
  key: 'expense-trend',
  risk: false,
  run: (a) => trend(a, a.expenses, {
    rule: 'expense-trend', noun: 'As despesas',
    up: { title: 'Despesas em alta', verb: 'subiram' },
    down: { title: 'Despesas em queda', verb: 'caíram' },
  }, (rising, change) => (rising ? (change >= 0.3 ? 'high' : 'medium') : 'low')),
};
