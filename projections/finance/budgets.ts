// Read models of budgets and of the spending they measure: this projector keeps its own copy of
// every approved or completed expense (a recurring one as its rule), filed under its budget category.
// What a budget has spent depends on today's period, so it is summed when read.
import { sql } from 'slonik';
import { decodeEvent } from '../../app/eventstore/codec';
import type { RecordedEvent } from '../../app/eventstore/port';
import type { BudgetEvent } from '../../domain/finance/budget';
import { budgetCategoryOf } from '../../domain/finance/budget-categories';
import { spentStatuses, type Expense, type ExpenseEvent } from '../../domain/finance/expense';
import type { Projector, Tx } from '../projector';
import { protectTenantTable } from '../tenant-table';

async function replaceSpending(tx: Tx, e: Expense): Promise<void> {
  await tx.query(sql.unsafe`DELETE FROM budget_spending_rules WHERE expense_id = ${e.expenseId}`);
  const budgetCategory = budgetCategoryOf(e.category);
  if (!budgetCategory || !spentStatuses.includes(e.status)) return;
  await tx.query(sql.unsafe`
    INSERT INTO budget_spending_rules (organization_id, expense_id, budget_category, amount, date, is_recurring,
      recurring_period, recurring_duration, recurring_end_date)
    VALUES (${e.organizationId}, ${e.expenseId}, ${budgetCategory}, ${e.amount.toString()}::bigint, ${e.date}::date, ${e.isRecurring},
      ${e.recurringPeriod}, ${e.recurringDuration}, ${e.recurringEndDate}::date)`);
}

export const budgetsProjector: Projector = {
  name: 'budgets',
  version: 2,
  tables: ['budgets', 'budget_spending_rules'],
  async migrate(tx: Tx) {
    await tx.query(sql.unsafe`
      CREATE TABLE IF NOT EXISTS budgets (
        id uuid PRIMARY KEY,
        organization_id uuid NOT NULL,
        category text NOT NULL,
        budget_amount bigint NOT NULL,
        period text NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await tx.query(sql.unsafe`CREATE INDEX IF NOT EXISTS budgets_organization ON budgets (organization_id)`);
    // One row per counted expense: a recurring one is its rule, expanded for the period when read.
    await tx.query(sql.unsafe`
      CREATE TABLE IF NOT EXISTS budget_spending_rules (
        organization_id uuid NOT NULL,
        expense_id uuid PRIMARY KEY,
        budget_category text NOT NULL,
        amount bigint NOT NULL,
        date date NOT NULL,
        is_recurring boolean NOT NULL,
        recurring_period text,
        recurring_duration integer,
        recurring_end_date date
      )`);
    await tx.query(sql.unsafe`
      CREATE INDEX IF NOT EXISTS budget_spending_rules_lookup ON budget_spending_rules (organization_id, budget_category, date)`);
    // Version 1 kept each occurrence (24 months of an indefinite expense).
    await tx.query(sql.unsafe`DROP TABLE IF EXISTS budget_spending`);
    await protectTenantTable(tx, 'budgets');
    await protectTenantTable(tx, 'budget_spending_rules');
  },
  async handle(event: RecordedEvent, tx: Tx) {
    if (event.type.startsWith('Expense')) {
      const e = decodeEvent<ExpenseEvent>(event);
      if (e.type === 'ExpenseDeleted') await tx.query(sql.unsafe`DELETE FROM budget_spending_rules WHERE expense_id = ${e.data.expenseId}`);
      else await replaceSpending(tx, e.data);
      return;
    }
    if (!event.type.startsWith('Budget')) return;
    const e = decodeEvent<BudgetEvent>(event);
    const at = event.metadata.occurredAt;
    switch (e.type) {
      case 'BudgetCreated':
      case 'BudgetUpdated': {
        const b = e.data;
        await tx.query(sql.unsafe`
          INSERT INTO budgets (id, organization_id, category, budget_amount, period, created_at, updated_at)
          VALUES (${b.budgetId}, ${b.organizationId}, ${b.category}, ${b.budgetAmount.toString()}::bigint, ${b.period}, ${at}, ${at})
          ON CONFLICT (id) DO UPDATE SET
            category = EXCLUDED.category, budget_amount = EXCLUDED.budget_amount, period = EXCLUDED.period, updated_at = EXCLUDED.updated_at`);
        return;
      }
      case 'BudgetDeleted':
        await tx.query(sql.unsafe`DELETE FROM budgets WHERE id = ${e.data.budgetId}`);
        return;
    }
  },
};
