// The notification process manager's memory: it watches expenses, budgets, insights, imports and
// syncs, and files each notification they call for in an outbox, under an id derived from its
// cause. It never appends events itself (a projector must not write to the log): the dispatcher
// (app/notifications/dispatcher.ts) raises what is in the outbox, and the derived ids make a
// replay or a rebuild raise nothing twice.
import { sql } from 'slonik';
import { v5 } from 'uuid';
import { z } from 'zod';
import { decodeEvent } from '../../app/eventstore/codec';
import type { RecordedEvent } from '../../app/eventstore/port';
import type { BankConnectionEvent } from '../../domain/banking/bank-connection';
import type { ImportedTransactionEvent } from '../../domain/banking/imported-transaction';
import { budgetCategoryLabels, budgetCategoryOf, type BudgetCategory } from '../../domain/finance/budget-categories';
import type { BudgetEvent } from '../../domain/finance/budget';
import { currentPeriod, type BudgetPeriod } from '../../domain/finance/budget-health';
import { spentStatuses, type Expense, type ExpenseEvent } from '../../domain/finance/expense';
import type { OrganizationEvent } from '../../domain/identity/organization';
import type { InsightEvent } from '../../domain/insights/insight';
import { NOTIFICATION_NAMESPACE } from '../../domain/notifications/notification';
import {
  bankSyncFailedNotification, budgetNotification, importedTransactionNotification, insightNotification, welcomeNotification,
  type NotificationIntent,
} from '../../domain/notifications/triggers';
import { saoPauloDate } from '../../domain/shared/dates';
import type { Projector, Tx } from '../projector';
import { dateBound, mayOccurWithin, occurrencesWithin } from '../finance/occurrences';
import { protectTenantTable } from '../tenant-table';

export const notificationIdOf = (key: string) => v5(key, NOTIFICATION_NAMESPACE);

async function file(tx: Tx, event: RecordedEvent, intent: NotificationIntent | null): Promise<void> {
  if (!intent) return;
  const { key: _key, ...draft } = intent;
  const notificationId = notificationIdOf(intent.key);
  await tx.query(sql.unsafe`
    INSERT INTO notification_outbox (notification_id, organization_id, cause_event_id, correlation_id, draft, created_at)
    VALUES (${notificationId}, ${intent.organizationId}, ${event.id}, ${event.metadata.correlationId ?? null},
      ${sql.jsonb({ ...draft, notificationId })}, ${intent.createdAt})
    ON CONFLICT (notification_id) DO NOTHING`);
}

const budgetRow = z.object({ budget_id: z.string(), category: z.string(), budget_amount: z.bigint(), period: z.enum(['monthly', 'quarterly', 'yearly']) });
type BudgetRow = z.infer<typeof budgetRow>;

async function budgetsOf(tx: Tx, organizationId: string, categories: readonly string[]): Promise<BudgetRow[]> {
  if (categories.length === 0) return [];
  return [...await tx.any(sql.type(budgetRow)`
    SELECT budget_id, category, budget_amount, period FROM notification_budgets
    WHERE organization_id = ${organizationId} AND category = ANY(${sql.array([...categories], 'text')})`)];
}

async function spentIn(tx: Tx, organizationId: string, category: string, period: BudgetPeriod, today: string): Promise<bigint> {
  const { start, end } = currentPeriod(period, today);
  return tx.oneFirst(sql.type(z.object({ spent: z.bigint() }))`
    SELECT COALESCE(SUM(s.amount), 0)::bigint AS spent FROM notification_spending_rules s ${occurrencesWithin('s', dateBound(start), dateBound(end))}
    WHERE s.organization_id = ${organizationId} AND s.budget_category = ${category} AND ${mayOccurWithin('s', dateBound(start), dateBound(end))}`);
}

async function budgetIntent(tx: Tx, event: RecordedEvent, organizationId: string, budget: BudgetRow, before: { spent: bigint; budget: bigint } | null, today: string) {
  const spent = await spentIn(tx, organizationId, budget.category, budget.period, today);
  return budgetNotification({
    organizationId, budgetId: budget.budget_id, categoryLabel: budgetCategoryLabels[budget.category as BudgetCategory] ?? budget.category,
    period: budget.period, today, before, after: { spent, budget: budget.budget_amount }, at: event.metadata.occurredAt,
  });
}

/** Spending as the budgets screen counts it: approved or completed occurrences, by budget category. */
async function onExpense(tx: Tx, event: RecordedEvent, organizationId: string, expenseId: string, next: Expense | null): Promise<void> {
  const today = saoPauloDate(new Date(event.metadata.occurredAt));
  const previous = await tx.anyFirst(sql.type(z.object({ budget_category: z.string() }))`
    SELECT DISTINCT budget_category FROM notification_spending_rules WHERE expense_id = ${expenseId}`);
  const nextCategory = next && spentStatuses.includes(next.status) ? budgetCategoryOf(next.category) : null;
  const affected = [...new Set([...previous, ...(nextCategory ? [nextCategory] : [])])];
  const budgets = await budgetsOf(tx, organizationId, affected);
  const before = new Map<string, bigint>();
  for (const b of budgets) before.set(b.budget_id, await spentIn(tx, organizationId, b.category, b.period, today));

  await tx.query(sql.unsafe`DELETE FROM notification_spending_rules WHERE expense_id = ${expenseId}`);
  if (next && nextCategory) {
    await tx.query(sql.unsafe`
      INSERT INTO notification_spending_rules (organization_id, expense_id, budget_category, amount, date, is_recurring,
        recurring_period, recurring_duration, recurring_end_date)
      VALUES (${organizationId}, ${expenseId}, ${nextCategory}, ${next.amount.toString()}::bigint, ${next.date}::date, ${next.isRecurring},
        ${next.recurringPeriod}, ${next.recurringDuration}, ${next.recurringEndDate}::date)`);
  }
  for (const b of budgets) {
    await file(tx, event, await budgetIntent(tx, event, organizationId, b, { spent: before.get(b.budget_id) ?? 0n, budget: b.budget_amount }, today));
  }
}

async function onBudget(tx: Tx, event: RecordedEvent): Promise<void> {
  const e = decodeEvent<BudgetEvent>(event);
  if (e.type === 'BudgetDeleted') {
    await tx.query(sql.unsafe`DELETE FROM notification_budgets WHERE budget_id = ${e.data.budgetId}`);
    return;
  }
  const b = e.data;
  const today = saoPauloDate(new Date(event.metadata.occurredAt));
  const old = await tx.maybeOne(sql.type(budgetRow)`
    SELECT budget_id, category, budget_amount, period FROM notification_budgets WHERE budget_id = ${b.budgetId}`);
  await tx.query(sql.unsafe`
    INSERT INTO notification_budgets (budget_id, organization_id, category, budget_amount, period)
    VALUES (${b.budgetId}, ${b.organizationId}, ${b.category}, ${b.budgetAmount.toString()}::bigint, ${b.period})
    ON CONFLICT (budget_id) DO UPDATE SET category = EXCLUDED.category, budget_amount = EXCLUDED.budget_amount, period = EXCLUDED.period`);
  // Same category and period: compare with the old amount; anything else is a budget seen for the first time.
  const before = old && old.category === b.category && old.period === b.period
    ? { spent: await spentIn(tx, b.organizationId, b.category, b.period, today), budget: old.budget_amount }
    : null;
  const row: BudgetRow = { budget_id: b.budgetId, category: b.category, budget_amount: b.budgetAmount, period: b.period };
  await file(tx, event, await budgetIntent(tx, event, b.organizationId, row, before, today));
}

export const notificationTriggersProjector: Projector = {
  name: 'notification-triggers',
  version: 2,
  tables: ['notification_outbox', 'notification_budgets', 'notification_spending_rules', 'notification_connections'],
  async migrate(tx: Tx) {
    await tx.query(sql.unsafe`
      CREATE TABLE IF NOT EXISTS notification_outbox (
        notification_id uuid PRIMARY KEY,
        organization_id uuid NOT NULL,
        cause_event_id uuid NOT NULL,
        correlation_id text,
        draft jsonb NOT NULL,
        created_at timestamptz NOT NULL
      )`);
    await tx.query(sql.unsafe`CREATE INDEX IF NOT EXISTS notification_outbox_order ON notification_outbox (created_at, notification_id)`);
    await tx.query(sql.unsafe`
      CREATE TABLE IF NOT EXISTS notification_budgets (
        budget_id uuid PRIMARY KEY,
        organization_id uuid NOT NULL,
        category text NOT NULL,
        budget_amount bigint NOT NULL,
        period text NOT NULL
      )`);
    await tx.query(sql.unsafe`CREATE INDEX IF NOT EXISTS notification_budgets_category ON notification_budgets (organization_id, category)`);
    // One row per counted expense: a recurring one is its rule, expanded for the period when read.
    await tx.query(sql.unsafe`
      CREATE TABLE IF NOT EXISTS notification_spending_rules (
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
    await tx.query(sql.unsafe`CREATE INDEX IF NOT EXISTS notification_spending_rules_lookup ON notification_spending_rules (organization_id, budget_category, date)`);
    // Version 1 kept each occurrence (24 months of an indefinite expense).
    await tx.query(sql.unsafe`DROP TABLE IF EXISTS notification_spending`);
    await tx.query(sql.unsafe`
      CREATE TABLE IF NOT EXISTS notification_connections (
        connection_id uuid PRIMARY KEY,
        organization_id uuid NOT NULL,
        bank_name text NOT NULL
      )`);
    for (const table of ['notification_outbox', 'notification_budgets', 'notification_spending_rules', 'notification_connections']) await protectTenantTable(tx, table);
  },
  async handle(event: RecordedEvent, tx: Tx) {
    const at = event.metadata.occurredAt;
    switch (event.type) {
      case 'ExpenseRecorded':
      case 'ExpenseUpdated':
      case 'ExpenseDeleted': {
        const e = decodeEvent<ExpenseEvent>(event);
        return onExpense(tx, event, e.data.organizationId, e.data.expenseId, e.type === 'ExpenseDeleted' ? null : e.data);
      }
      case 'BudgetCreated':
      case 'BudgetUpdated':
      case 'BudgetDeleted':
        return onBudget(tx, event);
      case 'InsightRecorded': {
        const e = decodeEvent<InsightEvent>(event);
        if (e.type === 'InsightRecorded') await file(tx, event, insightNotification(e.data));
        return;
      }
      case 'TransactionImported': {
        const e = decodeEvent<ImportedTransactionEvent>(event);
        if (e.type !== 'TransactionImported') return;
        const d = e.data;
        return file(tx, event, importedTransactionNotification({ organizationId: d.organizationId, source: d.source, bankName: d.bankName, accountId: d.accountId, status: d.status, at }));
      }
      case 'OrganizationRegistered': {
        const e = decodeEvent<OrganizationEvent>(event);
        if (e.type === 'OrganizationRegistered') await file(tx, event, welcomeNotification({ organizationId: e.data.organizationId, name: e.data.name, at }));
        return;
      }
      case 'BankConnectionCreated':
      case 'BankSyncFailed': {
        const e = decodeEvent<BankConnectionEvent>(event);
        if (e.type === 'BankConnectionCreated') {
          await tx.query(sql.unsafe`
            INSERT INTO notification_connections (connection_id, organization_id, bank_name)
            VALUES (${e.data.connectionId}, ${e.data.organizationId}, ${e.data.bankName})
            ON CONFLICT (connection_id) DO UPDATE SET bank_name = EXCLUDED.bank_name`);
        } else if (e.type === 'BankSyncFailed') {
          const bankName = await tx.maybeOneFirst(sql.type(z.object({ bank_name: z.string() }))`
            SELECT bank_name FROM notification_connections WHERE connection_id = ${e.data.connectionId}`);
          await file(tx, event, bankSyncFailedNotification({ organizationId: e.data.organizationId, syncId: e.data.syncId, bankName, error: e.data.error, at }));
        }
        return;
      }
    }
  },
};
