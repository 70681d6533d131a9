// Reads of the banking read models: the three tabs of Integração Bancária, and what the importers
// need to recognise transactions they already have.
import { sql, type CommonQueryMethods, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import type { KnownTransaction } from '../../domain/banking/dedup';
import type { LearnedRule } from '../../domain/banking/categorize';
import { dateRange, oneOf, textSearch, where, type Page } from '../finance/filters';

export const connectionRow = z.object({
  id: z.string(),
  bank_name: z.string(),
  account_number_masked: z.string(),
  account_type: z.enum(['checking', 'savings', 'credit']),
  connection_type: z.enum(['open_banking']),
  sync_frequency: z.enum(['daily']),
  provider: z.enum(['sandbox', 'pluggy']),
  account_key: z.string(),
  provider_item_id: z.string().nullable(),
  is_active: z.boolean(),
  last_sync_at: z.string().nullable(),
  created_at: z.string(),
});
export type ConnectionRow = z.infer<typeof connectionRow>;

const connectionColumns = sql.fragment`id, bank_name, account_number_masked, account_type, connection_type, sync_frequency, provider,
  account_key, provider_item_id, is_active, last_sync_at, created_at`;

export const connectionSortable: Record<string, FragmentSqlToken> = {
  id: sql.fragment`id`,
  bankName: sql.fragment`lower(bank_name)`,
  createdAt: sql.fragment`created_at`,
  lastSyncAt: sql.fragment`last_sync_at`,
};

export async function listConnections(tx: CommonQueryMethods, organizationId: string, page: Page): Promise<{ rows: ConnectionRow[]; total: number }> {
  const condition = where([
    sql.fragment`organization_id = ${organizationId}`,
    ...oneOf(sql.fragment`id`, page.filter.id),
    ...(typeof page.filter.isActive === 'boolean' ? [sql.fragment`is_active = ${page.filter.isActive}`] : []),
  ]);
  const rows = await tx.any(sql.type(connectionRow)`
    SELECT ${connectionColumns} FROM bank_connections WHERE ${condition} ${page.orderBy} LIMIT ${page.limit} OFFSET ${page.offset}`);
  const total = await tx.oneFirst(sql.type(z.object({ n: z.number() }))`SELECT count(*)::int AS n FROM bank_connections WHERE ${condition}`);
  return { rows: [...rows], total };
}

export function findConnection(tx: CommonQueryMethods, organizationId: string, id: string): Promise<ConnectionRow | null> {
  return tx.maybeOne(sql.type(connectionRow)`SELECT ${connectionColumns} FROM bank_connections WHERE organization_id = ${organizationId} AND id = ${id}`);
}

export const importedRow = z.object({
  id: z.string(),
  source: z.enum(['ofx', 'bank_sync']),
  connection_id: z.string().nullable(),
  bank_name: z.string(),
  account_id: z.string(),
  fit_id: z.string().nullable(),
  booking_status: z.enum(['pending', 'booked']),
  transaction_date: z.string(),
  description: z.string(),
  merchant: z.string().nullable(),
  transaction_type: z.enum(['credit', 'debit']),
  amount: z.bigint(),
  category: z.string().nullable(),
  status: z.enum(['pending', 'approved', 'rejected']),
  recorded_kind: z.enum(['expense', 'revenue']).nullable(),
  recorded_id: z.string().nullable(),
  imported_at: z.string(),
});
export type ImportedRow = z.infer<typeof importedRow>;

const importedColumns = sql.fragment`id, source, connection_id, bank_name, account_id, fit_id, booking_status, transaction_date::text,
  description, merchant, transaction_type, amount, category, status, recorded_kind, recorded_id, imported_at`;

export const importedSortable: Record<string, FragmentSqlToken> = {
  id: sql.fragment`id`,
  transactionDate: sql.fragment`transaction_date`,
  description: sql.fragment`lower(description)`,
  amount: sql.fragment`amount`,
  status: sql.fragment`status`,
  bankName: sql.fragment`lower(bank_name)`,
  importedAt: sql.fragment`imported_at`,
};

/** react-admin filters: q (description, merchant), status, source, connectionId, transactionType, id, date_gte / date_lte. */
function importedFilter(organizationId: string, filter: Record<string, unknown>): FragmentSqlToken {
  return where([
    sql.fragment`organization_id = ${organizationId}`,
    ...textSearch([sql.fragment`description`, sql.fragment`coalesce(merchant, '')`], filter.q),
    ...oneOf(sql.fragment`status`, filter.status),
    ...oneOf(sql.fragment`source`, filter.source),
    ...oneOf(sql.fragment`connection_id`, filter.connectionId),
    ...oneOf(sql.fragment`transaction_type`, filter.transactionType),
    ...oneOf(sql.fragment`id`, filter.id),
    ...dateRange(sql.fragment`transaction_date`, filter.date_gte, filter.date_lte, ['date_gte', 'date_lte']),
  ]);
}

export async function listImportedTransactions(tx: CommonQueryMethods, organizationId: string, page: Page): Promise<{ rows: ImportedRow[]; total: number }> {
  const condition = importedFilter(organizationId, page.filter);
  const rows = await tx.any(sql.type(importedRow)`
    SELECT ${importedColumns} FROM imported_transactions WHERE ${condition} ${page.orderBy} LIMIT ${page.limit} OFFSET ${page.offset}`);
  const total = await tx.oneFirst(sql.type(z.object({ n: z.number() }))`SELECT count(*)::int AS n FROM imported_transactions WHERE ${condition}`);
  return { rows: [...rows], total };
}

export function findImportedTransaction(tx: CommonQueryMethods, organizationId: string, id: string): Promise<ImportedRow | null> {
  return tx.maybeOne(sql.type(importedRow)`SELECT ${importedColumns} FROM imported_transactions WHERE organization_id = ${organizationId} AND id = ${id}`);
}

export const syncLogRow = z.object({
  id: z.string(),
  connection_id: z.string(),
  bank_name: z.string(),
  status: z.enum(['running', 'success', 'error']),
  start_time: z.string(),
  end_time: z.string().nullable(),
  transactions_imported: z.number().nullable(),
  error: z.string().nullable(),
});
export type SyncLogRow = z.infer<typeof syncLogRow>;

export const syncLogSortable: Record<string, FragmentSqlToken> = {
  id: sql.fragment`id`,
  startTime: sql.fragment`start_time`,
  bankName: sql.fragment`lower(bank_name)`,
  status: sql.fragment`status`,
};

export async function listSyncLogs(tx: CommonQueryMethods, organizationId: string, page: Page): Promise<{ rows: SyncLogRow[]; total: number }> {
  const condition = where([
    sql.fragment`organization_id = ${organizationId}`,
    ...oneOf(sql.fragment`connection_id`, page.filter.connectionId),
    ...oneOf(sql.fragment`status`, page.filter.status),
    ...oneOf(sql.fragment`id`, page.filter.id),
  ]);
  const rows = await tx.any(sql.type(syncLogRow)`
    SELECT id, connection_id, bank_name, status, start_time, end_time, transactions_imported, error
    FROM bank_sync_logs WHERE ${condition} ${page.orderBy} LIMIT ${page.limit} OFFSET ${page.offset}`);
  const total = await tx.oneFirst(sql.type(z.object({ n: z.number() }))`SELECT count(*)::int AS n FROM bank_sync_logs WHERE ${condition}`);
  return { rows: [...rows], total };
}

const knownRow = z.object({
  id: z.string(),
  booked_identity_id: z.string().nullable(),
  identity_kind: z.enum(['fitid', 'provider', 'none']),
  transaction_date: z.string(),
  signed_amount: z.bigint(),
  description: z.string(),
  booking_status: z.enum(['pending', 'booked']),
});

/**
 * The account's imported transactions (any status: a rejected one must not come back) dated in
 * [from, to], plus any of the account whose identity is among `identityIds` whatever its date.
 */
export async function knownTransactions(
  tx: CommonQueryMethods,
  organizationId: string,
  accountKey: string,
  range: { from: string; to: string },
  identityIds: readonly string[],
): Promise<KnownTransaction[]> {
  const rows = await tx.any(sql.type(knownRow)`
    SELECT id, booked_identity_id, identity_kind, transaction_date::text,
      CASE WHEN transaction_type = 'debit' THEN -amount ELSE amount END AS signed_amount, description, booking_status
    FROM imported_transactions
    WHERE organization_id = ${organizationId} AND account_key = ${accountKey}
      AND (transaction_date BETWEEN ${range.from}::date AND ${range.to}::date
        OR id = ANY(${sql.array([...identityIds], 'uuid')}) OR booked_identity_id = ANY(${sql.array([...identityIds], 'uuid')}))`);
  return rows.map((row) => ({
    importedTransactionId: row.id,
    identityIds: row.booked_identity_id ? [row.id, row.booked_identity_id] : [row.id],
    identityKind: row.identity_kind,
    date: row.transaction_date,
    amount: row.signed_amount,
    description: row.description,
    pending: row.booking_status === 'pending',
  }));
}

export async function learnedRules(tx: CommonQueryMethods, organizationId: string): Promise<LearnedRule[]> {
  const rows = await tx.any(sql.type(z.object({ kind: z.enum(['expense', 'revenue']), signature: z.string(), category: z.string(), uses: z.number() }))`
    SELECT kind, signature, category, count(*)::int AS uses
    FROM banking_category_memory WHERE organization_id = ${organizationId}
    GROUP BY kind, signature, category`);
  return [...rows];
}

/** The organization's imported transactions awaiting approval, oldest first ('Aprovar todas'). */
export async function pendingImportedIds(tx: CommonQueryMethods, organizationId: string, limit: number): Promise<string[]> {
  const rows = await tx.anyFirst(sql.type(z.object({ id: z.string() }))`
    SELECT id FROM imported_transactions WHERE organization_id = ${organizationId} AND status = 'pending'
    ORDER BY transaction_date, id LIMIT ${limit}`);
  return [...rows];
}
