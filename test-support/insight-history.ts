// Scripted financial histories for the insight engine's tests: a steady small company, month by
// month, that each test bends (a spike, a budget, an overdue invoice…) to see one rule react.
import { addMonths } from '../domain/shared/dates';
import type { FinancialHistory, HistoryExpense, HistoryRevenue } from '../app/insights/history';
import { systemContext } from '../app/context';
import type { AppDeps } from '../app/deps';
import { recordExpense } from '../app/finance/expenses';
import { recordRevenue } from '../app/finance/revenues';

let sequence = 0;
const nextId = (prefix: string) => `${prefix}-${String(++sequence).padStart(4, '0')}`;
const reais = (value: number) => BigInt(Math.round(value * 100));

export const emptyHistory = (): FinancialHistory => ({ expenses: [], revenues: [], budgets: [], goals: [], investments: [], categoryNames: {} });

export function expense(date: string, amount: number, category: string, overrides: Partial<HistoryExpense> = {}): HistoryExpense {
  return {
    id: nextId('exp'), description: `Despesa ${category} ${date}`, amount: reais(amount), category, status: 'approved', date,
    expenseType: 'variable', isRecurring: false, recurringPeriod: null, recurringDuration: null, recurringEndDate: null, ...overrides,
  };
}

export function revenue(date: string, amount: number, category: HistoryRevenue['category'], overrides: Partial<HistoryRevenue> = {}): HistoryRevenue {
  return { id: nextId('rev'), description: `Receita ${category} ${date}`, amount: reais(amount), category, status: 'received', date, ...overrides };
}

/** The first day of each of the `count` months before `today`'s month, oldest first. */
export function monthsBefore(today: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addMonths(`${today.slice(0, 8)}01`, i - count));
}

const day = (monthStart: string, d: number) => `${monthStart.slice(0, 8)}${String(d).padStart(2, '0')}`;
/** Small, fixed wobble so the history is not flat (MAD > 0) and still deterministic. */
const wobble = [0, 60, -40, 90, -70, 30, -20, 50, -60, 10, 80, -30];

/**
 * A steady company over the `months` complete months before `today` and the current month up to
 * today: services and products revenue (received), rent as a recurring expense, payroll, marketing
 * and software spending with a little noise. No budgets, goals or investments.
 */
export function steadyCompany(today: string, months = 8): FinancialHistory {
  const history = emptyHistory();
  const starts = [...monthsBefore(today, months), `${today.slice(0, 8)}01`];
  const expenses: HistoryExpense[] = [
    expense(day(starts[0], 5), 5_000, 'administrative', { description: 'Aluguel da loja', isRecurring: true, recurringPeriod: 'monthly', expenseType: 'fixed' }),
  ];
  const revenues: HistoryRevenue[] = [];
  starts.forEach((start, i) => {
    const current = i === starts.length - 1;
    const w = wobble[i % wobble.length];
    if (!current || day(start, 10) <= today) {
      revenues.push(revenue(day(start, 10), 20_000 + w * 5, 'services', { description: 'Serviços prestados' }));
      expenses.push(expense(day(start, 8), 2_000 + w, 'marketing', { description: 'Anúncios online' }));
      expenses.push(expense(day(start, 9), 800 + w / 2, 'technology', { description: 'Licenças de software' }));
    }
    if (!current || day(start, 20) <= today) {
      revenues.push(revenue(day(start, 20), 15_000 - w * 4, 'products', { description: 'Venda de produtos' }));
      expenses.push(expense(day(start, 20), 4_000 + w * 2, 'hr', { description: 'Salários' }));
    }
  });
  return { ...history, expenses, revenues, categoryNames: { marketing: 'Marketing', technology: 'Tecnologia', hr: 'RH', administrative: 'Administrativo' } };
}

/**
 * Records a scripted history for an organization through the same use cases the API uses, then
 * waits once for the read models. Expense categories must exist (the five defaults do).
 */
export async function recordHistory(deps: AppDeps, organizationId: string, history: FinancialHistory): Promise<void> {
  const context = { ...systemContext(deps.clock(), organizationId) };
  const quiet: AppDeps = { ...deps, waitForProjections: async () => undefined };
  for (const e of history.expenses) {
    await recordExpense(quiet, {
      description: e.description, amount: e.amount, category: e.category, status: e.status, date: e.date, expenseType: e.expenseType,
      isRecurring: e.isRecurring, recurringPeriod: e.recurringPeriod, recurringDuration: e.recurringDuration, recurringEndDate: e.recurringEndDate,
    }, context);
  }
  for (const r of history.revenues) {
    await recordRevenue(quiet, { description: r.description, amount: r.amount, category: r.category, status: r.status, date: r.date }, context);
  }
  await deps.waitForProjections(await deps.eventStore.headPosition());
}
