// The transactions read model: one ledger of revenues (income) and expenses, imported ones included
// (an approved import becomes a revenue or an expense through the same events).
//
// Revenue statuses are put on the ledger's expense-style scale (spec §4 "transaction status"):
// pending → pending, confirmed → approved, received → completed, cancelled → rejected.
// Cancelled revenues and rejected expenses stay in the ledger with that status; readers decide what counts.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { decodeEvent } from '../../app/eventstore/codec';
import type { RecordedEvent } from '../../app/eventstore/port';
import type { ExpenseEvent } from '../../domain/finance/expense';
import type { RevenueEvent, RevenueStatus } from '../../domain/finance/revenue';
import type { Derivable, Projector, Tx } from '../projector';
import { big, rowsFor, type Resident } from '../rows';
import { protectTenantTable } from '../tenant-table';
import { dateRange, listPage, oneOf, textSearch, where, type Page } from './filters';

export const transactionStatuses = ['pending', 'approved', 'completed', 'rejected'] as const;
export type TransactionStatus = (typeof transactionStatuses)[number];

export const transactionStatusOfRevenue: Record<RevenueStatus, TransactionStatus> = {
  pending: 'pending',
  confirmed: 'approved',
  received: 'completed',
  cancelled: 'rejected',
};

/** Spec §3: a transaction without a category shows these. */
export const FALLBACK_CATEGORY = { income: 'Outras Receitas', expense: 'Outras Despesas' } as const;

const LEDGER_EVENTS = new Set(['RevenueRecorded', 'RevenueUpdated', 'RevenueDeleted', 'ExpenseRecorded', 'ExpenseUpdated', 'ExpenseDeleted']);

const spec = {
  table: 'transactions', key: ['id'],
  columns: ['id', 'organization_id', 'date', 'description', 'amount', 'type', 'category', 'status', 'expense_type', 'is_recurring', 'recurring_period',
    'source_kind', 'created_at', 'updated_at'],
} as const;

async function applyPage(events: readonly RecordedEvent[], tx: Tx, resident?: Resident): Promise<void> {
  const decoded = events.filter((event) => LEDGER_EVENTS.has(event.type)).map((event) => ({ event, e: decodeEvent<RevenueEvent | ExpenseEvent>(event) }));
  if (decoded.length === 0) return;
  const rows = rowsFor(resident, spec);
  await rows.load(tx, decoded.map(({ e }) => ('revenueId' in e.data ? e.data.revenueId : e.data.expenseId)));
  const upsert = (t: LedgerEntry) => {
    const existing = rows.get(t.id);
    rows.put({
      id: t.id, organization_id: existing?.organization_id ?? t.organizationId, date: t.date, description: t.description, amount: big(t.amount),
      type: existing?.type ?? t.type, category: t.category.trim(), status: t.status, expense_type: t.expenseType, is_recurring: t.isRecurring,
      recurring_period: t.recurringPeriod, source_kind: t.sourceKind, created_at: existing?.created_at ?? t.at, updated_at: t.at,
    });
  };
  for (const { event, e } of decoded) {
    const at = event.metadata.occurredAt;
    switch (e.type) {
      case 'RevenueRecorded':
      case 'RevenueUpdated': {
        const r = e.data;
        upsert({
          id: r.revenueId, organizationId: r.organizationId, date: r.date, description: r.description, amount: r.amount, type: 'income',
          category: r.category, status: transactionStatusOfRevenue[r.status], expenseType: null, isRecurring: false, recurringPeriod: null,
          sourceKind: r.source?.kind ?? null, at,
        });
        break;
      }
      case 'ExpenseRecorded':
      case 'ExpenseUpdated': {
        const x = e.data;
        upsert({
          id: x.expenseId, organizationId: x.organizationId, date: x.date, description: x.description, amount: x.amount, type: 'expense',
          category: x.category, status: x.status, expenseType: x.expenseType, isRecurring: x.isRecurring, recurringPeriod: x.recurringPeriod,
          sourceKind: x.source?.kind ?? null, at,
        });
        break;
      }
      case 'RevenueDeleted':
        rows.remove(e.data.revenueId);
        break;
      case 'ExpenseDeleted':
        rows.remove(e.data.expenseId);
        break;
    }
  }
  await rows.flush(tx);
}

/**
 * JavaScript's String.prototype.trim, which the fold trims categories with, in SQL: its whitespace
 * is tab, line feed, vertical tab, form feed, carriage return, Unicode's space separators, the line
 * and paragraph separators and U+FEFF.
 */
const JS_WHITESPACE = '\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';
const trimmedAsJs = (column: string) => sql.fragment`btrim(${sql.identifier([column])}, ${JS_WHITESPACE})`;

const revenueStatusAsTransaction = sql.fragment`CASE status ${sql.join(
  Object.entries(transactionStatusOfRevenue).map(([revenue, transaction]) => sql.fragment`WHEN ${revenue} THEN ${transaction}`), sql.fragment` `)} END`;

/** The fold's rows, from the rebuilt expenses and revenues (both keep created_at as the fold does: reset by a delete). */
const derivable: Derivable = {
  sources: ['expenses', 'revenues'],
  tables: ['transactions'],
  derive: [async (tx, schemaOf) => {
    const expenses = sql.identifier([schemaOf('expenses'), 'expenses']);
    const revenues = sql.identifier([schemaOf('revenues'), 'revenues']);
    await tx.query(sql.unsafe`
      INSERT INTO transactions (id, organization_id, date, description, amount, type, category, status, expense_type, is_recurring, recurring_period, source_kind, created_at, updated_at)
      SELECT id, organization_id, date, description, amount, 'income', ${trimmedAsJs('category')}, ${revenueStatusAsTransaction}, NULL, false, NULL, source_kind, created_at, updated_at
      FROM ${revenues}
      UNION ALL
      SELECT id, organization_id, date, description, amount, 'expense', ${trimmedAsJs('category')}, status, expense_type, is_recurring, recurring_period, source_kind, created_at, updated_at
      FROM ${expenses}`);
  }],
};

export const transactionsProjector: Projector = {
  name: 'transactions',
  handles: (type) => LEDGER_EVENTS.has(type),
  derivable,
  version: 1,
  tables: ['transactions'],
  async migrate(tx: Tx) {
    await tx.query(sql.unsafe`
      CREATE TABLE IF NOT EXISTS transactions (
        id uuid PRIMARY KEY,
        organization_id uuid NOT NULL,
        date date NOT NULL,
        description text NOT NULL,
        amount bigint NOT NULL,
        type text NOT NULL,
        category text NOT NULL,
        status text NOT NULL,
        expense_type text,
        is_recurring boolean NOT NULL DEFAULT false,
        recurring_period text,
        source_kind text,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await tx.query(sql.unsafe`CREATE INDEX IF NOT EXISTS transactions_org_date ON transactions (organization_id, date DESC)`);
    await protectTenantTable(tx, 'transactions');
  },
  handle: (event: RecordedEvent, tx: Tx) => applyPage([event], tx),
  handleBatch: applyPage,
};

type LedgerEntry = {
  id: string; organizationId: string; date: string; description: string; amount: bigint; type: 'income' | 'expense'; category: string;
  status: TransactionStatus; expenseType: string | null; isRecurring: boolean; recurringPeriod: string | null; sourceKind: string | null; at: string;
};


export const transactionRow = z.object({
  id: z.string(),
  date: z.string(),
  description: z.string(),
  amount: z.bigint(),
  type: z.enum(['income', 'expense']),
  category: z.string(),
  status: z.enum(transactionStatuses),
  expense_type: z.enum(['fixed', 'variable']).nullable(),
  is_recurring: z.boolean(),
  recurring_period: z.enum(['monthly', 'quarterly', 'yearly']).nullable(),
  source_kind: z.enum(['ofx', 'bank_sync']).nullable(),
  created_at: z.string(),
});
export type TransactionRow = z.infer<typeof transactionRow>;

const category = sql.fragment`coalesce(nullif(category, ''), CASE type WHEN 'income' THEN ${FALLBACK_CATEGORY.income} ELSE ${FALLBACK_CATEGORY.expense} END)`;

const columns = sql.fragment`
  id, date, description, amount, type, ${category} AS category, status, expense_type, is_recurring, recurring_period, source_kind, created_at`;

export const transactionSortable = {
  id: sql.fragment`id`,
  date: sql.fragment`date`,
  description: sql.fragment`lower(description)`,
  amount: sql.fragment`amount`,
  type: sql.fragment`type`,
  category,
  status: sql.fragment`status`,
  createdAt: sql.fragment`created_at`,
};

/**
 * Filters: startDate / endDate (the spec's query parameters, also accepted inside `filter`, and as
 * date_gte / date_lte), q (description), type, status, category, id.
 */
function transactionFilter(organizationId: string, filter: Record<string, unknown>) {
  return where([
    sql.fragment`organization_id = ${organizationId}`,
    ...dateRange(sql.fragment`date`, filter.startDate ?? filter.date_gte, filter.endDate ?? filter.date_lte, ['startDate', 'endDate']),
    ...textSearch([sql.fragment`description`], filter.q),
    ...oneOf(sql.fragment`type`, filter.type),
    ...oneOf(sql.fragment`status`, filter.status),
    ...oneOf(category, filter.category),
    ...oneOf(sql.fragment`id`, filter.id),
  ]);
}

export async function listTransactions(tx: CommonQueryMethods, organizationId: string, params: Page): Promise<{ rows: TransactionRow[]; total: number }> {
  const condition = transactionFilter(organizationId, params.filter);
  const { rows, total } = await listPage(tx, { row: transactionRow, columns, from: sql.fragment`transactions` }, condition, params);
  return { rows: [...rows], total };
}
