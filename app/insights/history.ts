// What the insight engine analyses: an organization's records as plain data (loaded from the read
// models by loader.ts, or scripted in tests), and the views every rule shares (counted occurrences,
// monthly totals, labels), computed once per analysis.
import { addDays, addMonths } from '../../domain/shared/dates';
import type { Centavos } from '../../domain/shared/money';
import { defaultCategories } from '../../domain/finance/category';
import { expenseCountedStatuses, revenueCountedStatuses, revenueSettledStatuses } from '../../domain/finance/cash-metrics';
import type { ExpenseStatus, ExpenseType } from '../../domain/finance/expense';
import { occurrencesBetween, type RecurringPeriod } from '../../domain/finance/recurrence';
import type { RevenueCategory, RevenueStatus } from '../../domain/finance/revenue';

export type HistoryExpense = {
  id: string;
  description: string;
  amount: Centavos;
  category: string;
  status: ExpenseStatus;
  date: string;
  expenseType: ExpenseType;
  isRecurring: boolean;
  recurringPeriod: RecurringPeriod | null;
  recurringDuration: number | null;
  recurringEndDate: string | null;
};

export type HistoryRevenue = { id: string; description: string; amount: Centavos; category: RevenueCategory; status: RevenueStatus; date: string };
export type HistoryBudget = { id: string; category: string; amount: Centavos; period: 'monthly' | 'quarterly' | 'yearly' };
export type HistoryGoal = { id: string; name: string; targetAmount: Centavos; currentAmount: Centavos; targetDate: string | null; status: 'active' | 'completed' };
export type HistoryInvestment = { id: string; name: string; amount: Centavos; currentValue: Centavos | null; expectedReturn: string };

export type FinancialHistory = {
  expenses: readonly HistoryExpense[];
  revenues: readonly HistoryRevenue[];
  budgets: readonly HistoryBudget[];
  goals: readonly HistoryGoal[];
  investments: readonly HistoryInvestment[];
  /** Expense category slug → the organization's name for it. */
  categoryNames: Readonly<Record<string, string>>;
};

/** One dated amount that the metrics count: a revenue, or one occurrence of an expense. */
export type Occurrence = { id: string; description: string; category: string; amount: Centavos; date: string; isRecurring: boolean };

export const monthOf = (date: string) => date.slice(0, 7);
export const shiftMonth = (month: string, n: number) => addMonths(`${month}-01`, n).slice(0, 7);
export const lastDayOf = (month: string) => addDays(addMonths(`${month}-01`, 1), -1);

const defaultNames = new Map<string, string>(defaultCategories.map((c) => [c.slug, c.name]));

export type Analysis = {
  today: string;
  currentMonth: string;
  history: FinancialHistory;
  /** Counted expense occurrences (approved/completed, each occurrence of a recurring one), up to 24 months after today. */
  expenses: Occurrence[];
  /** Counted revenues (confirmed/received). */
  revenues: Occurrence[];
  /** Received revenues only (cash that came in). */
  receivedRevenues: Occurrence[];
  /** The first month with any counted record up to today, or null for an empty history. */
  firstMonth: string | null;
  /** Complete months (before the current one) from firstMonth on, oldest first, at most `limit`. */
  completeMonths: (limit: number, before?: string) => string[];
  expenseLabel: (slug: string) => string;
};

export function totalsByMonth(items: readonly Occurrence[], months: readonly string[]): Centavos[] {
  const totals = new Map(months.map((m) => [m, 0n]));
  for (const item of items) {
    const month = monthOf(item.date);
    const total = totals.get(month);
    if (total !== undefined) totals.set(month, total + item.amount);
  }
  return months.map((m) => totals.get(m) ?? 0n);
}

export const sumOf = (items: readonly { amount: Centavos }[]) => items.reduce((total, item) => total + item.amount, 0n);

/** Occurrences are looked at up to this far after today (an indefinite expense has no last one). */
const LOOK_AHEAD_MONTHS = 24;

export function prepare(history: FinancialHistory, today: string): Analysis {
  const until = addMonths(today, LOOK_AHEAD_MONTHS);
  const counted = (status: string, statuses: readonly string[]) => statuses.includes(status);
  const expenses = history.expenses
    .filter((e) => counted(e.status, expenseCountedStatuses))
    .flatMap((e) => occurrencesBetween(e, e.date, until).map((date): Occurrence => ({
      id: e.id, description: e.description, category: e.category, amount: e.amount, date, isRecurring: e.isRecurring,
    })));
  const asOccurrence = (r: HistoryRevenue): Occurrence => ({ id: r.id, description: r.description, category: r.category, amount: r.amount, date: r.date, isRecurring: false });
  const revenues = history.revenues.filter((r) => counted(r.status, revenueCountedStatuses)).map(asOccurrence);
  const receivedRevenues = history.revenues.filter((r) => counted(r.status, revenueSettledStatuses)).map(asOccurrence);
  const pastMonths = [...expenses, ...revenues].filter((o) => o.date <= today).map((o) => monthOf(o.date)).sort();
  const firstMonth = pastMonths[0] ?? null;
  const currentMonth = monthOf(today);
  return {
    today,
    currentMonth,
    history,
    expenses,
    revenues,
    receivedRevenues,
    firstMonth,
    completeMonths: (limit, before = currentMonth) => {
      const months: string[] = [];
      for (let m = shiftMonth(before, -1); firstMonth !== null && m >= firstMonth && months.length < limit; m = shiftMonth(m, -1)) months.unshift(m);
      return months;
    },
    expenseLabel: (slug) => history.categoryNames[slug] ?? defaultNames.get(slug) ?? humanize(slug),
  };
}

function humanize(slug: string): string {
  const text = slug.replace(/[-_]+/g, ' ').trim();
  return text ? text[0].toUpperCase() + text.slice(1) : 'Outras Despesas';
}
