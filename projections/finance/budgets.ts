// Read models of budgets and of the spending they measure: this projector keeps its own copy of
// every approved or completed expense (a recurring one as its rule), filed under its budget category.
// What a budget has spent depends on today's period, so it is summed when read.
import { sql } from 'slonik';
import { z } from 'zod';
import { decodeEvent } from '../../app/eventstore/codec';
import type { RecordedEvent } from '../../app/eventstore/port';
import type { BudgetEvent } from '../../domain/finance/budget';
import { budgetCategoryOf } from '../../domain/finance/budget-categories';
import { spentStatuses, type Expense, type ExpenseEvent } from '../../domain/finance/expense';
import type { Derivable, Projector, Tx } from '../projector';
import { big, rowsFor, type Resident } from '../rows';
import { protectTenantTable } from '../tenant-table';


const budgetSpec = { table: 'budgets', key: ['id'], columns: ['id', 'organization_id', 'category', 'budget_amount', 'period', 'created_at', 'updated_at'] } as const;
const spendingSpec = {
  table: 'budget_spending_rules', key: ['expense_id'],
  columns: ['organization_id', 'expense_id', 'budget_category', 'amount', 'date', 'is_recurring', 'recurring_period', 'recurring_duration', 'recurring_end_date'],
} as const;

/** The rule an expense counts with (approved or completed, in a budget category), or null. */
export function spendingRuleOf(e: Expense): { budgetCategory: string; row: Record<string, string | number | boolean | null> } | null {
  const budgetCategory = budgetCategoryOf(e.category);
  if (!budgetCategory || !spentStatuses.includes(e.status)) return null;
  return {
    budgetCategory,
    row: {
      organization_id: e.organizationId, expense_id: e.expenseId, budget_category: budgetCategory, amount: big(e.amount), date: e.date,
      is_recurring: e.isRecurring, recurring_period: e.recurringPeriod, recurring_duration: e.recurringDuration, recurring_end_date: e.recurringEndDate,
    },
  };
}

const handles = (type: string) => type.startsWith('Expense') || type.startsWith('Budget');

async function applyPage(events: readonly RecordedEvent[], tx: Tx, resident?: Resident): Promise<void> {
  const budgets = rowsFor(resident, budgetSpec);
  const spending = rowsFor(resident, spendingSpec);
  const decoded = events.filter((event) => handles(event.type))
    .map((event) => ({ event, e: decodeEvent<ExpenseEvent | BudgetEvent>(event) }));
  if (decoded.length === 0) return;
  await budgets.load(tx, decoded.flatMap(({ e }) => ('budgetId' in e.data ? [e.data.budgetId] : [])));
  for (const { event, e } of decoded) {
    const at = event.metadata.occurredAt;
    switch (e.type) {
      case 'ExpenseRecorded':
      case 'ExpenseUpdated': {
        const rule = spendingRuleOf(e.data);
        if (rule) spending.put(rule.row);
        else spending.remove(e.data.expenseId);
        break;
      }
      case 'ExpenseDeleted':
        spending.remove(e.data.expenseId);
        break;
      case 'BudgetCreated':
      case 'BudgetUpdated': {
        const b = e.data;
        const existing = budgets.get(b.budgetId);
        budgets.put({
          id: b.budgetId, organization_id: existing?.organization_id ?? b.organizationId, category: b.category, budget_amount: big(b.budgetAmount),
          period: b.period, created_at: existing?.created_at ?? at, updated_at: at,
        });
        break;
      }
      case 'BudgetDeleted':
        budgets.remove(e.data.budgetId);
        break;
    }
  }
  await budgets.flush(tx);
  await spending.flush(tx);
}

/**
 * The spending rules are the rebuilt expenses that spendingRuleOf counts: their few distinct
 * categories are mapped here, with the same function, and joined in. The budgets are still folded.
 */
const derivable: Derivable = {
  sources: ['expenses'],
  tables: ['budget_spending_rules'],
  folds: (type) => type.startsWith('Budget'),
  derive: [async (tx, schemaOf) => {
    const expenses = sql.identifier([schemaOf('expenses'), 'expenses']);
    const categories = await tx.anyFirst(sql.type(z.object({ category: z.string() }))`SELECT DISTINCT category FROM ${expenses}`);
    const counted = categories.flatMap((category) => {
      const budgetCategory = budgetCategoryOf(category);
      return budgetCategory ? [{ category, budgetCategory }] : [];
    });
    if (counted.length === 0) return;
    await tx.query(sql.unsafe`
      INSERT INTO budget_spending_rules (${sql.join(spendingSpec.columns.map((column) => sql.identifier([column])), sql.fragment`, `)})
      SELECT e.organization_id, e.id, m.budget_category, e.amount, e.date, e.is_recurring, e.recurring_period, e.recurring_duration, e.recurring_end_date
      FROM ${expenses} e
      JOIN unnest(${sql.array(counted.map((c) => c.category), 'text')}, ${sql.array(counted.map((c) => c.budgetCategory), 'text')}) AS m(category, budget_category)
        ON m.category = e.category
      WHERE e.status = ANY(${sql.array([...spentStatuses], 'text')})`);
  }],
};

export const budgetsProjector: Projector = {
  name: 'budgets',
  answers: ['budget'],
  handles,
  derivable,
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
  handle: (event: RecordedEvent, tx: Tx) => applyPage([event], tx),
  handleBatch: applyPage,
};
