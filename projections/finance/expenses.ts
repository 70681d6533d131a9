// Read model of expenses: one row per expense; a recurring one is its rule (date, period, duration,
// end date), expanded into occurrences when read (projections/finance/occurrences.ts).
import { sql } from 'slonik';
import { decodeEvent } from '../../app/eventstore/codec';
import type { RecordedEvent } from '../../app/eventstore/port';
import type { Expense, ExpenseEvent } from '../../domain/finance/expense';
import type { Projector, Tx } from '../projector';
import { rowsFor, tableRowsOf, type Resident, type Row } from '../rows';
import { protectTenantTable } from '../tenant-table';

type Change = { expense: Expense | null; at: string; createdAt: string; replaced: boolean };

const handles = (type: string) => type.startsWith('Expense');

/**
 * Folds a page into each expense's final state, then writes it with one delete and one upsert; a
 * rebuild keeps the rows in memory (Resident) instead, so each is written once, when it spills or ends.
 */
async function applyPage(events: readonly RecordedEvent[], tx: Tx, resident?: Resident): Promise<void> {
  const changes = new Map<string, Change>();
  for (const event of events) {
    if (!handles(event.type)) continue;
    const e = decodeEvent<ExpenseEvent>(event);
    const id = e.data.expenseId;
    const before = changes.get(id);
    const at = event.metadata.occurredAt;
    if (e.type === 'ExpenseDeleted') {
      changes.set(id, { expense: null, at, createdAt: at, replaced: true });
      continue;
    }
    // created_at stays the first one seen, unless the row was deleted in between.
    const createdAt = before && before.expense ? before.createdAt : at;
    changes.set(id, { expense: e.data, at, createdAt, replaced: before?.replaced ?? false });
  }
  if (changes.size === 0) return;
  if (resident) return keepInMemory(changes, tx, resident);
  const gone = [...changes].filter(([, c]) => c.replaced).map(([id]) => id);
  if (gone.length > 0) await tx.query(sql.unsafe`DELETE FROM expenses WHERE id = ANY(${sql.array(gone, 'uuid')})`);
  const rows = [...changes.values()].flatMap(({ expense, at, createdAt }) => (expense ? [rowOf(expense, createdAt, at)] : []));
  if (rows.length === 0) return;
  await tx.query(sql.unsafe`
    INSERT INTO expenses (${columns})
    SELECT ${columns} FROM ${await tableRowsOf(tx, 'expenses', columnNames, rows)} AS x(${columns})
    ON CONFLICT (id) DO UPDATE SET
      description = EXCLUDED.description, amount = EXCLUDED.amount, category = EXCLUDED.category, status = EXCLUDED.status,
      date = EXCLUDED.date, expense_type = EXCLUDED.expense_type, is_recurring = EXCLUDED.is_recurring,
      recurring_period = EXCLUDED.recurring_period, recurring_duration = EXCLUDED.recurring_duration,
      recurring_end_date = EXCLUDED.recurring_end_date, attachment_id = EXCLUDED.attachment_id,
      attachment_name = EXCLUDED.attachment_name, attachment_type = EXCLUDED.attachment_type,
      attachment_size = EXCLUDED.attachment_size, attachment_sha256 = EXCLUDED.attachment_sha256,
      source_kind = EXCLUDED.source_kind, source_id = EXCLUDED.source_id, updated_at = EXCLUDED.updated_at`);
}

/** The same result as the upsert above, on the rows a rebuild holds (created_at kept unless the page deleted the row first). */
async function keepInMemory(changes: ReadonlyMap<string, Change>, tx: Tx, resident: Resident): Promise<void> {
  const rows = rowsFor(resident, spec);
  await rows.load(tx, changes.keys());
  for (const [id, { expense, at, createdAt, replaced }] of changes) {
    if (!expense) {
      rows.remove(id);
      continue;
    }
    const existing = replaced ? null : rows.get(id);
    rows.put(rowOf(expense, existing ? String(existing.created_at) : createdAt, at));
  }
  await rows.flush(tx);
}

const rowOf = (e: Expense, createdAt: string, at: string): Row => ({
  id: e.expenseId, organization_id: e.organizationId, description: e.description, amount: e.amount.toString(), category: e.category,
  status: e.status, date: e.date, expense_type: e.expenseType, is_recurring: e.isRecurring, recurring_period: e.recurringPeriod,
  recurring_duration: e.recurringDuration, recurring_end_date: e.recurringEndDate,
  attachment_id: e.attachment?.id ?? null, attachment_name: e.attachment?.name ?? null, attachment_type: e.attachment?.type ?? null,
  attachment_size: e.attachment?.size ?? null, attachment_sha256: e.attachment?.sha256 ?? null,
  source_kind: e.source?.kind ?? null, source_id: e.source?.importedTransactionId ?? null, created_at: createdAt, updated_at: at,
});

/** The columns written (their types are the table's: the rows travel as one array per column). */
const columnNames = [
  'id', 'organization_id', 'description', 'amount', 'category', 'status', 'date', 'expense_type', 'is_recurring', 'recurring_period',
  'recurring_duration', 'recurring_end_date', 'attachment_id', 'attachment_name', 'attachment_type', 'attachment_size', 'attachment_sha256',
  'source_kind', 'source_id', 'created_at', 'updated_at',
] as const;
const columns = sql.join(columnNames.map((name) => sql.identifier([name])), sql.fragment`, `);
const spec = { table: 'expenses', key: ['id'], columns: columnNames } as const;

export const expensesProjector: Projector = {
  name: 'expenses',
  answers: ['expense'],
  handles,
  version: 2,
  tables: ['expenses'],
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
    // Version 1 kept every occurrence (24 months of an indefinite expense); they are expanded when read now.
    await tx.query(sql.unsafe`DROP TABLE IF EXISTS expense_occurrences`);
    await protectTenantTable(tx, 'expenses');
  },
  handle: (event: RecordedEvent, tx: Tx) => applyPage([event], tx),
  handleBatch: applyPage,
};
