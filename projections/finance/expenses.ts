// Read models of expenses: one row per expense, and one per occurrence (recurring expenses
// projected ahead until their end date, duration or the 24-month horizon) for cash flow and budgets.
import { sql } from 'slonik';
import { decodeEvent } from '../../app/eventstore/codec';
import type { RecordedEvent } from '../../app/eventstore/port';
import type { Expense, ExpenseEvent } from '../../domain/finance/expense';
import { occurrenceDates } from '../../domain/finance/recurrence';
import type { Projector, Tx } from '../projector';
import { protectTenantTable } from '../tenant-table';

async function upsertExpense(tx: Tx, e: Expense, at: string): Promise<void> {
  const a = e.attachment;
  await tx.query(sql.unsafe`
    INSERT INTO expenses (
      id, organization_id, description, amount, category, status, date, expense_type, is_recurring,
      recurring_period, recurring_duration, recurring_end_date,
      attachment_id, attachment_name, attachment_type, attachment_size, attachment_sha256,
      source_kind, source_id, created_at, updated_at)
    VALUES (
      ${e.expenseId}, ${e.organizationId}, ${e.description}, ${e.amount.toString()}::bigint, ${e.category}, ${e.status}, ${e.date}::date,
      ${e.expenseType}, ${e.isRecurring}, ${e.recurringPeriod}, ${e.recurringDuration}, ${e.recurringEndDate}::date,
      ${a?.id ?? null}, ${a?.name ?? null}, ${a?.type ?? null}, ${a?.size ?? null}, ${a?.sha256 ?? null},
      ${e.source?.kind ?? null}, ${e.source?.importedTransactionId ?? null}, ${at}, ${at})
    ON CONFLICT (id) DO UPDATE SET
      description = EXCLUDED.description, amount = EXCLUDED.amount, category = EXCLUDED.category, status = EXCLUDED.status,
      date = EXCLUDED.date, expense_type = EXCLUDED.expense_type, is_recurring = EXCLUDED.is_recurring,
      recurring_period = EXCLUDED.recurring_period, recurring_duration = EXCLUDED.recurring_duration,
      recurring_end_date = EXCLUDED.recurring_end_date, attachment_id = EXCLUDED.attachment_id,
      attachment_name = EXCLUDED.attachment_name, attachment_type = EXCLUDED.attachment_type,
      attachment_size = EXCLUDED.attachment_size, attachment_sha256 = EXCLUDED.attachment_sha256,
      source_kind = EXCLUDED.source_kind, source_id = EXCLUDED.source_id, updated_at = EXCLUDED.updated_at`);
}

async function replaceOccurrences(tx: Tx, e: Expense): Promise<void> {
  await tx.query(sql.unsafe`DELETE FROM expense_occurrences WHERE expense_id = ${e.expenseId}`);
  const dates = occurrenceDates(e);
  await tx.query(sql.unsafe`
    INSERT INTO expense_occurrences (organization_id, expense_id, sequence, occurrence_date, description, amount, category, status, expense_type, is_recurring)
    SELECT ${e.organizationId}, ${e.expenseId}, o.sequence - 1, o.occurrence_date, ${e.description}, ${e.amount.toString()}::bigint,
      ${e.category}, ${e.status}, ${e.expenseType}, ${e.isRecurring}
    FROM unnest(${sql.array(dates, 'date')}) WITH ORDINALITY AS o(occurrence_date, sequence)`);
}

export const expensesProjector: Projector = {
  name: 'expenses',
  version: 1,
  tables: ['expenses', 'expense_occurrences'],
  async migrate(tx: Tx) {
    await tx.query(sql.unsafe`
      CREATE TABLE IF NOT EXISTS expenses (
        id uuid PRIMARY KEY,
        organization_id uuid NOT NULL,
        description text NOT NULL,
        amount bigint NOT NULL,
        category text NOT NULL,
        status text NOT NULL,
        date date NOT NULL,
        expense_type text NOT NULL,
        is_recurring boolean NOT NULL,
        recurring_period text,
        recurring_duration integer,
        recurring_end_date date,
        attachment_id text,
        attachment_name text,
        attachment_type text,
        attachment_size integer,
        attachment_sha256 text,
        source_kind text,
        source_id text,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await tx.query(sql.unsafe`CREATE INDEX IF NOT EXISTS expenses_organization_date ON expenses (organization_id, date DESC)`);
    await tx.query(sql.unsafe`CREATE INDEX IF NOT EXISTS expenses_organization_category ON expenses (organization_id, category)`);
    await tx.query(sql.unsafe`CREATE INDEX IF NOT EXISTS expenses_description_trgm ON expenses USING gin (description gin_trgm_ops)`);
    await tx.query(sql.unsafe`
      CREATE TABLE IF NOT EXISTS expense_occurrences (
        organization_id uuid NOT NULL,
        expense_id uuid NOT NULL,
        sequence integer NOT NULL,
        occurrence_date date NOT NULL,
        description text NOT NULL,
        amount bigint NOT NULL,
        category text NOT NULL,
        status text NOT NULL,
        expense_type text NOT NULL,
        is_recurring boolean NOT NULL,
        PRIMARY KEY (expense_id, sequence)
      )`);
    await tx.query(sql.unsafe`
      CREATE INDEX IF NOT EXISTS expense_occurrences_organization_date ON expense_occurrences (organization_id, occurrence_date)`);
    await protectTenantTable(tx, 'expenses');
    await protectTenantTable(tx, 'expense_occurrences');
  },
  async handle(event: RecordedEvent, tx: Tx) {
    if (!event.type.startsWith('Expense')) return;
    const e = decodeEvent<ExpenseEvent>(event);
    switch (e.type) {
      case 'ExpenseRecorded':
      case 'ExpenseUpdated':
        await upsertExpense(tx, e.data, event.metadata.occurredAt);
        await replaceOccurrences(tx, e.data);
        return;
      case 'ExpenseDeleted':
        await tx.query(sql.unsafe`DELETE FROM expense_occurrences WHERE expense_id = ${e.data.expenseId}`);
        await tx.query(sql.unsafe`DELETE FROM expenses WHERE id = ${e.data.expenseId}`);
        return;
    }
  },
};
