// Builds the engine's FinancialHistory of one organization from the read models (expenses,
// revenues, budgets, goals, investments, categories). Run inside withTenant(...): every query also
// filters the organization itself.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { expenseStatuses, expenseTypes } from '../../domain/finance/expense';
import { recurringPeriods } from '../../domain/finance/recurrence';
import { revenueCategories, revenueStatuses } from '../../domain/finance/revenue';
import { addMonths } from '../../domain/shared/dates';
import type { FinancialHistory } from './history';

/** The rules look back at most a year before the current month (plus what is still open or recurring). */
const LOOKBACK_MONTHS = 13;

const expenseRow = z.object({
  id: z.string(), description: z.string(), amount: z.bigint(), category: z.string(), status: z.enum(expenseStatuses), date: z.string(),
  expense_type: z.enum(expenseTypes), is_recurring: z.boolean(), recurring_period: z.enum(recurringPeriods).nullable(),
  recurring_duration: z.number().nullable(), recurring_end_date: z.string().nullable(),
});
const revenueRow = z.object({
  id: z.string(), description: z.string(), amount: z.bigint(), category: z.enum(revenueCategories), status: z.enum(revenueStatuses), date: z.string(),
});
const budgetRow = z.object({ id: z.string(), category: z.string(), budget_amount: z.bigint(), period: z.enum(['monthly', 'quarterly', 'yearly']) });
const goalRow = z.object({
  id: z.string(), name: z.string(), target_amount: z.bigint(), current_amount: z.bigint(), target_date: z.string().nullable(), status: z.enum(['active', 'completed']),
});
const investmentRow = z.object({ id: z.string(), name: z.string(), amount: z.bigint(), current_value: z.bigint().nullable(), expected_return: z.string() });
const categoryRow = z.object({ slug: z.string(), name: z.string() });

export async function loadFinancialHistory(tx: CommonQueryMethods, organizationId: string, today: string): Promise<FinancialHistory> {
  const since = addMonths(`${today.slice(0, 7)}-01`, -LOOKBACK_MONTHS);
  const [expenses, revenues, budgets, goals, investments, categories] = [
    await tx.any(sql.type(expenseRow)`
      SELECT id, description, amount, category, status, date, expense_type, is_recurring, recurring_period, recurring_duration, recurring_end_date
      FROM expenses WHERE organization_id = ${organizationId} AND (date >= ${since}::date OR is_recurring)
      ORDER BY date, id`),
    await tx.any(sql.type(revenueRow)`
      SELECT id, description, amount, category, status, date FROM revenues
      WHERE organization_id = ${organizationId} AND (date >= ${since}::date OR status = 'pending')
      ORDER BY date, id`),
    await tx.any(sql.type(budgetRow)`SELECT id, category, budget_amount, period FROM budgets WHERE organization_id = ${organizationId} ORDER BY id`),
    await tx.any(sql.type(goalRow)`
      SELECT id, name, target_amount, current_amount, target_date, status FROM financial_goals WHERE organization_id = ${organizationId} ORDER BY id`),
    await tx.any(sql.type(investmentRow)`
      SELECT id, name, amount, current_value, expected_return FROM investments WHERE organization_id = ${organizationId} ORDER BY id`),
    await tx.any(sql.type(categoryRow)`SELECT slug, name FROM categories WHERE organization_id = ${organizationId} ORDER BY slug, id`),
  ];
  return {
    expenses: expenses.map((e) => ({
      id: e.id, description: e.description, amount: e.amount, category: e.category, status: e.status, date: e.date, expenseType: e.expense_type,
      isRecurring: e.is_recurring, recurringPeriod: e.is_recurring ? e.recurring_period : null, recurringDuration: e.recurring_duration, recurringEndDate: e.recurring_end_date,
    })),
    revenues: revenues.map((r) => ({ ...r })),
    budgets: budgets.map((b) => ({ id: b.id, category: b.category, amount: b.budget_amount, period: b.period })),
    goals: goals.map((g) => ({ id: g.id, name: g.name, targetAmount: g.target_amount, currentAmount: g.current_amount, targetDate: g.target_date, status: g.status })),
    investments: investments.map((i) => ({ id: i.id, name: i.name, amount: i.amount, currentValue: i.current_value, expectedReturn: i.expected_return })),
    categoryNames: Object.fromEntries(categories.map((c) => [c.slug, c.name])),
  };
}
