// The dashboard's read model: a copy of every expense and revenue, and their daily totals by kind,
// category and status (a recurring expense adds its amount on each occurrence date), so metrics and
// charts of any period are a sum over at most one row per day and category.
import { sql } from 'slonik';
import { decodeEvent } from '../../app/eventstore/codec';
import type { RecordedEvent } from '../../app/eventstore/port';
import type { CategoryEvent } from '../../domain/finance/category';
import type { ExpenseEvent } from '../../domain/finance/expense';
import { occurrenceDates, type RecurringPeriod } from '../../domain/finance/recurrence';
import type { RevenueEvent } from '../../domain/finance/revenue';
import { z } from 'zod';
import type { Projector, Tx } from '../projector';
import { protectTenantTable } from '../tenant-table';

export type LedgerEntry = {
  id: string;
  organizationId: string;
  kind: 'expense' | 'revenue';
  description: string;
  amount: bigint;
  category: string;
  status: string;
  date: string;
  isRecurring: boolean;
  recurringPeriod: RecurringPeriod | null;
  recurringDuration: number | null;
  recurringEndDate: string | null;
};

const entryRow = z.object({
  id: z.string(),
  organization_id: z.string(),
  kind: z.enum(['expense', 'revenue']),
  description: z.string(),
  amount: z.bigint(),
  category: z.string(),
  status: z.string(),
  date: z.string(),
  is_recurring: z.boolean(),
  recurring_period: z.enum(['monthly', 'quarterly', 'yearly']).nullable(),
  recurring_duration: z.number().nullable(),
  recurring_end_date: z.string().nullable(),
});

export const toEntry = (row: z.infer<typeof entryRow>): LedgerEntry => ({
  id: row.id, organizationId: row.organization_id, kind: row.kind, description: row.description, amount: row.amount,
  category: row.category, status: row.status, date: row.date, isRecurring: row.is_recurring,
  recurringPeriod: row.recurring_period, recurringDuration: row.recurring_duration, recurringEndDate: row.recurring_end_date,
});

export const entryColumns = sql.fragment`id, organization_id, kind, description, amount, category, status, date,
  is_recurring, recurring_period, recurring_duration, recurring_end_date`;
export { entryRow };

/** Adds (sign 1) or takes back (sign -1) what an entry puts into the daily totals. */
async function contribute(tx: Tx, entry: LedgerEntry, sign: 1 | -1): Promise<void> {
  const dates = entry.kind === 'expense' ? occurrenceDates(entry) : [entry.date];
  const amount = (entry.amount * BigInt(sign)).toString();
  await tx.query(sql.unsafe`
    INSERT INTO dashboard_daily (organization_id, day, kind, category, status, recurring, amount, entries)
    SELECT ${entry.organizationId}, d.day, ${entry.kind}, ${entry.category}, ${entry.status}, ${entry.isRecurring}, ${amount}::bigint, ${sign}
    FROM unnest(${sql.array(dates, 'date')}) AS d(day)
    ON CONFLICT (organization_id, day, kind, category, status, recurring) DO UPDATE SET
      amount = dashboard_daily.amount + EXCLUDED.amount, entries = dashboard_daily.entries + EXCLUDED.entries`);
  if (sign === -1) {
    await tx.query(sql.unsafe`
      DELETE FROM dashboard_daily WHERE organization_id = ${entry.organizationId} AND kind = ${entry.kind}
        AND category = ${entry.category} AND status = ${entry.status} AND recurring = ${entry.isRecurring}
        AND day = ANY(${sql.array(dates, 'date')}) AND entries = 0`);
  }
}

async function remove(tx: Tx, id: string): Promise<void> {
  const previous = await tx.maybeOne(sql.type(entryRow)`SELECT ${entryColumns} FROM dashboard_entries WHERE id = ${id} FOR UPDATE`);
  if (!previous) return;
  await contribute(tx, toEntry(previous), -1);
  await tx.query(sql.unsafe`DELETE FROM dashboard_entries WHERE id = ${id}`);
}

/** Replaying an event gives the same state: the previous copy is taken back before the new one is added. */
async function put(tx: Tx, entry: LedgerEntry): Promise<void> {
  await remove(tx, entry.id);
  await tx.query(sql.unsafe`
    INSERT INTO dashboard_entries (id, organization_id, kind, description, amount, category, status, date,
      is_recurring, recurring_period, recurring_duration, recurring_end_date)
    VALUES (${entry.id}, ${entry.organizationId}, ${entry.kind}, ${entry.description}, ${entry.amount.toString()}::bigint,
      ${entry.category}, ${entry.status}, ${entry.date}::date, ${entry.isRecurring}, ${entry.recurringPeriod},
      ${entry.recurringDuration}, ${entry.recurringEndDate}::date)`);
  await contribute(tx, entry, 1);
}

export const dashboardLedgerProjector: Projector = {
  name: 'dashboard-ledger',
  version: 1,
  tables: ['dashboard_entries', 'dashboard_daily', 'dashboard_categories'],
  async migrate(tx: Tx) {
    await tx.query(sql.unsafe`
      CREATE TABLE IF NOT EXISTS dashboard_entries (
        id uuid PRIMARY KEY,
        organization_id uuid NOT NULL,
        kind text NOT NULL,
        description text NOT NULL,
        amount bigint NOT NULL,
        category text NOT NULL,
        status text NOT NULL,
        date date NOT NULL,
        is_recurring boolean NOT NULL DEFAULT false,
        recurring_period text,
        recurring_duration integer,
        recurring_end_date date
      )`);
    await tx.query(sql.unsafe`CREATE INDEX IF NOT EXISTS dashboard_entries_by_date ON dashboard_entries (organization_id, kind, date)`);
    await tx.query(sql.unsafe`CREATE INDEX IF NOT EXISTS dashboard_entries_recurring ON dashboard_entries (organization_id) WHERE is_recurring`);
    await tx.query(sql.unsafe`
      CREATE TABLE IF NOT EXISTS dashboard_daily (
        organization_id uuid NOT NULL,
        day date NOT NULL,
        kind text NOT NULL,
        category text NOT NULL,
        status text NOT NULL,
        recurring boolean NOT NULL,
        amount bigint NOT NULL,
        entries integer NOT NULL,
        PRIMARY KEY (organization_id, day, kind, category, status, recurring)
      )`);
    await tx.query(sql.unsafe`
      CREATE TABLE IF NOT EXISTS dashboard_categories (
        organization_id uuid NOT NULL,
        slug text NOT NULL,
        category_id uuid NOT NULL,
        name text NOT NULL,
        color text NOT NULL,
        PRIMARY KEY (organization_id, slug)
      )`);
    for (const table of ['dashboard_entries', 'dashboard_daily', 'dashboard_categories']) await protectTenantTable(tx, table);
  },
  async handle(event: RecordedEvent, tx: Tx) {
    if (event.type.startsWith('Expense')) {
      const e = decodeEvent<ExpenseEvent>(event);
      if (e.type === 'ExpenseDeleted') return remove(tx, e.data.expenseId);
      const x = e.data;
      return put(tx, {
        id: x.expenseId, organizationId: x.organizationId, kind: 'expense', description: x.description, amount: x.amount,
        category: x.category, status: x.status, date: x.date, isRecurring: x.isRecurring,
        recurringPeriod: x.isRecurring ? x.recurringPeriod : null, recurringDuration: x.recurringDuration, recurringEndDate: x.recurringEndDate,
      });
    }
    if (event.type.startsWith('Revenue')) {
      const e = decodeEvent<RevenueEvent>(event);
      if (e.type === 'RevenueDeleted') return remove(tx, e.data.revenueId);
      const r = e.data;
      return put(tx, {
        id: r.revenueId, organizationId: r.organizationId, kind: 'revenue', description: r.description, amount: r.amount,
        category: r.category, status: r.status, date: r.date, isRecurring: false, recurringPeriod: null, recurringDuration: null, recurringEndDate: null,
      });
    }
    if (event.type === 'CategoryCreated' || event.type === 'CategoryUpdated') {
      const e = decodeEvent<CategoryEvent>(event);
      if (e.type === 'CategoryDeleted') return;
      const c = e.data;
      // A renamed slug moves; a deleted category keeps its name, since expenses may still carry its slug.
      await tx.query(sql.unsafe`DELETE FROM dashboard_categories WHERE category_id = ${c.categoryId} AND slug <> ${c.slug}`);
      await tx.query(sql.unsafe`
        INSERT INTO dashboard_categories (organization_id, slug, category_id, name, color)
        VALUES (${c.organizationId}, ${c.slug}, ${c.categoryId}, ${c.name}, ${c.color})
        ON CONFLICT (organization_id, slug) DO UPDATE SET category_id = EXCLUDED.category_id, name = EXCLUDED.name, color = EXCLUDED.color`);
    }
  },
};
