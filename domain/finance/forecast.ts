// The cash-flow projection for the next months and the alerts derived from it and from what is due.
//
// Method ('Média móvel de 3 meses + recorrentes'), for each of the next `monthsAhead` months m:
// - income(m)   = Σ recurring revenue series (described below) + max(trendIncome(m), other revenues already scheduled in m)
// - expenses(m) = Σ occurrences of recurring expenses in m     + max(trendExpenses(m), one-off expenses already scheduled in m)
// - trend(m) is a 3-month moving average rolled forward: the mean of the three months before m, using
//   the projected value for months not yet lived; the history is the last complete months before the
//   current one that the organization has data for (up to 3, so a new company is not averaged with zeros).
// - a recurring revenue series is the same description (case, accents and digits ignored) and category
//   counted in at least 2 of the 3 history months; it is expected at its latest monthly amount, or at
//   what is already scheduled for it in m. Its history is left out of the trend so it is not counted twice.
// - History counts what the metrics count (cash-metrics.ts); scheduled items are any not cancelled/rejected.
import { addDays, addMonths, daysBetween } from '../shared/dates';
import { formatBRL, type Centavos } from '../shared/money';
import { monthLabel, monthName } from './period-range';
import { expenseCountedStatuses, revenueCountedStatuses } from './cash-metrics';
import { occurrencesBetween as datesBetween } from './recurrence';

export const FORECAST_METHOD = 'Média móvel de 3 meses + recorrentes';
export const FORECAST_MONTHS = 3;
export const HISTORY_MONTHS = 3;
/** Payments and receipts due within this many days (today included) become alerts. */
export const DUE_SOON_DAYS = 7;
const MAX_DUE_ALERTS = 5;

export type ForecastRevenue = { description: string; category: string; amount: Centavos; date: string; status: 'pending' | 'confirmed' | 'received' | 'cancelled' };
export type ForecastExpense = {
  description: string;
  amount: Centavos;
  date: string;
  status: 'pending' | 'approved' | 'completed' | 'rejected';
  isRecurring: boolean;
  recurringPeriod: 'monthly' | 'quarterly' | 'yearly' | null;
  recurringDuration: number | null;
  recurringEndDate: string | null;
};

export type ForecastMonth = { month: string; label: string; income: Centavos; expenses: Centavos; balance: Centavos; recurringIncome: Centavos; recurringExpenses: Centavos };

export type CashFlowAlert = {
  kind: 'negative_balance' | 'payment_due' | 'receipt_expected';
  severity: 'critical' | 'warning' | 'info';
  title: string;
  message: string;
  amount: Centavos;
  date: string | null;
};

export type CashFlowForecast = {
  method: string;
  monthsAhead: number;
  historyMonths: string[];
  months: ForecastMonth[];
  predictedIncome: Centavos;
  predictedExpenses: Centavos;
  projectedBalance: Centavos;
  alerts: CashFlowAlert[];
};

const monthOf = (date: string) => date.slice(0, 7);
const firstOf = (month: string) => `${month}-01`;
const nextMonth = (month: string, n = 1) => addMonths(firstOf(month), n).slice(0, 7);
const sum = (values: Centavos[]) => values.reduce((a, b) => a + b, 0n);
const max = (a: Centavos, b: Centavos) => (a > b ? a : b);
/** Mean rounded half up (amounts are never negative here). */
const mean = (values: Centavos[]) => (values.length === 0 ? 0n : (2n * sum(values) + BigInt(values.length)) / (2n * BigInt(values.length)));

/**
 * Dates of a recurring expense within [from, to], counted from its own date like the expense
 * screens do; an indefinite one keeps going (the projection must not stop at a storage horizon).
 */
export const occurrencesBetween = (expense: ForecastExpense, from: string, to: string): string[] => datesBetween(expense, from, to);

const seriesKey = (revenue: Pick<ForecastRevenue, 'description' | 'category'>) =>
  `${revenue.category}|${revenue.description.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[0-9]+/g, '').replace(/\s+/g, ' ').trim()}`;

function dueWhen(today: string, date: string): string {
  const days = daysBetween(today, date);
  return days === 0 ? 'hoje' : days === 1 ? 'amanhã' : `em ${days} dias`;
}

export function cashFlowForecast(input: {
  today: string;
  /** Revenues dated from the first history month to the end of the horizon. */
  revenues: readonly ForecastRevenue[];
  /** One-off expenses in that window, and every recurring expense (any date). */
  expenses: readonly ForecastExpense[];
  monthsAhead?: number;
}): CashFlowForecast {
  const { today } = input;
  const monthsAhead = input.monthsAhead ?? FORECAST_MONTHS;
  const currentMonth = monthOf(today);
  const windowMonths = Array.from({ length: HISTORY_MONTHS }, (_, i) => nextMonth(currentMonth, i - HISTORY_MONTHS));
  const horizon = Array.from({ length: monthsAhead }, (_, i) => nextMonth(currentMonth, i + 1));
  const horizonStart = firstOf(horizon[0]);
  const horizonEnd = addDays(firstOf(nextMonth(horizon[horizon.length - 1])), -1);

  const inWindow = (date: string) => windowMonths.includes(monthOf(date));
  const countedRevenues = input.revenues.filter((r) => inWindow(r.date) && (revenueCountedStatuses as readonly string[]).includes(r.status));
  const countedOneOffExpenses = input.expenses.filter((e) => !e.isRecurring && inWindow(e.date) && (expenseCountedStatuses as readonly string[]).includes(e.status));
  const recurringExpenses = input.expenses.filter((e) => e.isRecurring && e.status !== 'rejected');

  // The history starts at the first month with any record (recurring occurrences included).
  const hasData = (month: string) =>
    countedRevenues.some((r) => monthOf(r.date) === month) ||
    countedOneOffExpenses.some((e) => monthOf(e.date) === month) ||
    recurringExpenses.some((e) => occurrencesBetween(e, firstOf(month), addDays(firstOf(nextMonth(month)), -1)).length > 0);
  const firstWithData = windowMonths.findIndex(hasData);
  const historyMonths = firstWithData < 0 ? [] : windowMonths.slice(firstWithData);

  // Recurring revenue series: present in at least 2 of the 3 window months.
  const series = new Map<string, { months: Map<string, Centavos>; latestMonth: string }>();
  for (const revenue of countedRevenues) {
    const key = seriesKey(revenue);
    const entry = series.get(key) ?? { months: new Map<string, Centavos>(), latestMonth: '' };
    const month = monthOf(revenue.date);
    entry.months.set(month, (entry.months.get(month) ?? 0n) + revenue.amount);
    if (month > entry.latestMonth) entry.latestMonth = month;
    series.set(key, entry);
  }
  const recurringSeries = new Map([...series].filter(([, s]) => s.months.size >= 2).map(([key, s]) => [key, s.months.get(s.latestMonth) ?? 0n]));

  const incomeHistory = historyMonths.map((month) => sum(countedRevenues.filter((r) => monthOf(r.date) === month && !recurringSeries.has(seriesKey(r))).map((r) => r.amount)));
  const expenseHistory = historyMonths.map((month) => sum(countedOneOffExpenses.filter((e) => monthOf(e.date) === month).map((e) => e.amount)));

  const rolled = (history: Centavos[]) => {
    const values = [...history];
    return horizon.map(() => {
      const next = mean(values.slice(-HISTORY_MONTHS));
      values.push(next);
      return history.length === 0 ? 0n : next;
    });
  };
  const incomeTrend = rolled(incomeHistory);
  const expenseTrend = rolled(expenseHistory);

  const scheduledRevenues = input.revenues.filter((r) => r.status !== 'cancelled' && r.date >= horizonStart && r.date <= horizonEnd);
  const scheduledOneOff = input.expenses.filter((e) => !e.isRecurring && e.status !== 'rejected' && e.date >= horizonStart && e.date <= horizonEnd);

  const months: ForecastMonth[] = horizon.map((month, i) => {
    const inMonth = <T extends { date: string }>(items: readonly T[]) => items.filter((item) => monthOf(item.date) === month);
    const revenuesOfMonth = inMonth(scheduledRevenues);
    let recurringIncome = 0n;
    for (const [key, expected] of recurringSeries) {
      const scheduled = sum(revenuesOfMonth.filter((r) => seriesKey(r) === key).map((r) => r.amount));
      recurringIncome += scheduled > 0n ? scheduled : expected;
    }
    const otherScheduledIncome = sum(revenuesOfMonth.filter((r) => !recurringSeries.has(seriesKey(r))).map((r) => r.amount));
    const end = addDays(firstOf(nextMonth(month)), -1);
    const recurringExpensesOfMonth = sum(recurringExpenses.map((e) => e.amount * BigInt(occurrencesBetween(e, firstOf(month), end).length)));
    const oneOffScheduled = sum(inMonth(scheduledOneOff).map((e) => e.amount));
    const income = recurringIncome + max(incomeTrend[i], otherScheduledIncome);
    const expenses = recurringExpensesOfMonth + max(expenseTrend[i], oneOffScheduled);
    return { month, label: monthLabel(month), income, expenses, balance: income - expenses, recurringIncome, recurringExpenses: recurringExpensesOfMonth };
  });

  const predictedIncome = sum(months.map((m) => m.income));
  const predictedExpenses = sum(months.map((m) => m.expenses));
  const projectedBalance = predictedIncome - predictedExpenses;
  return {
    method: FORECAST_METHOD,
    monthsAhead,
    historyMonths,
    months,
    predictedIncome,
    predictedExpenses,
    projectedBalance,
    alerts: [...negativeBalanceAlerts(months, projectedBalance), ...dueAlerts(today, input.revenues, input.expenses)],
  };
}

function negativeBalanceAlerts(months: ForecastMonth[], total: Centavos): CashFlowAlert[] {
  const firstNegative = months.find((m) => m.balance < 0n);
  if (!firstNegative && total >= 0n) return [];
  const month = firstNegative ?? months[months.length - 1];
  const message = total < 0n
    ? `A projeção dos próximos ${months.length} meses indica saldo de ${formatBRL(total)}${firstNegative ? `, negativo a partir de ${monthName(month.month)}` : ''}.`
    : `Saldo projetado de ${formatBRL(month.balance)} em ${monthName(month.month)}.`;
  return [{ kind: 'negative_balance', severity: 'critical', title: 'Fluxo de caixa negativo previsto', message, amount: total < 0n ? total : month.balance, date: firstOf(month.month) }];
}

function dueAlerts(today: string, revenues: readonly ForecastRevenue[], expenses: readonly ForecastExpense[]): CashFlowAlert[] {
  const until = addDays(today, DUE_SOON_DAYS - 1);
  const payments: { description: string; amount: Centavos; date: string }[] = [];
  for (const expense of expenses) {
    if (expense.status === 'rejected') continue;
    for (const date of occurrencesBetween(expense, today, until)) {
      // The recorded occurrence itself is already paid when completed; later ones are still due.
      if (date === expense.date && expense.status === 'completed') continue;
      payments.push({ description: expense.description, amount: expense.amount, date });
    }
  }
  const receipts = revenues.filter((r) => (r.status === 'pending' || r.status === 'confirmed') && r.date >= today && r.date <= until);
  const byDate = <T extends { date: string; amount: Centavos }>(a: T, b: T) => a.date.localeCompare(b.date) || (b.amount > a.amount ? 1 : b.amount < a.amount ? -1 : 0);
  return [
    ...payments.sort(byDate).slice(0, MAX_DUE_ALERTS).map((p): CashFlowAlert => ({
      kind: 'payment_due', severity: 'warning', title: 'Pagamento próximo',
      message: `${p.description}: pagamento de ${formatBRL(p.amount)} vence ${dueWhen(today, p.date)}.`, amount: p.amount, date: p.date,
    })),
    ...receipts.sort(byDate).slice(0, MAX_DUE_ALERTS).map((r): CashFlowAlert => ({
      kind: 'receipt_expected', severity: 'info', title: r.status === 'confirmed' ? 'Recebimento confirmado' : 'Recebimento previsto',
      message: `${r.description}: recebimento de ${formatBRL(r.amount)} ${dueWhen(today, r.date)}.`, amount: r.amount, date: r.date,
    })),
  ];
}
