// The revenues read model (Receitas screen and its cards), and the tenant-scoped queries over it.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { decodeEvent } from '../../app/eventstore/codec';
import type { RecordedEvent } from '../../app/eventstore/port';
import { revenueCategories, revenueStatuses, type RevenueEvent } from '../../domain/finance/revenue';
import type { Projector, Tx } from '../projector';
import { big, rowsFor, type Resident } from '../rows';
import { protectTenantTable } from '../tenant-table';
import { dateRange, listPage, oneOf, textSearch, where, type Page } from './filters';

const spec = {
  table: 'revenues', key: ['id'],
  columns: ['id', 'organization_id', 'description', 'amount', 'category', 'status', 'date', 'source_kind', 'imported_transaction_id', 'created_at', 'updated_at'],
} as const;

const handles = (type: string) => type.startsWith('Revenue');

async function applyPage(events: readonly RecordedEvent[], tx: Tx, resident?: Resident): Promise<void> {
  const decoded = events.filter((event) => handles(event.type)).map((event) => ({ event, e: decodeEvent<RevenueEvent>(event) }));
  if (decoded.length === 0) return;
  const rows = rowsFor(resident, spec);
  await rows.load(tx, decoded.map(({ e }) => e.data.revenueId));
  for (const { event, e } of decoded) {
    if (e.type === 'RevenueDeleted') {
      rows.remove(e.data.revenueId);
      continue;
    }
    const r = e.data;
    const at = event.metadata.occurredAt;
    const existing = rows.get(r.revenueId);
    rows.put({
      id: r.revenueId, organization_id: existing?.organization_id ?? r.organizationId, description: r.description, amount: big(r.amount),
      category: r.category, status: r.status, date: r.date, source_kind: r.source?.kind ?? null,
      imported_transaction_id: r.source?.importedTransactionId ?? null, created_at: existing?.created_at ?? at, updated_at: at,
    });
  }
  await rows.flush(tx);
}

export const revenuesProjector: Projector = {
  name: 'revenues',
  answers: ['revenue'],
  handles,
  version: 1,
  tables: ['revenues'],
  async migrate(tx: Tx) {
    await tx.query(sql.unsafe`
      CREATE TABLE IF NOT EXISTS revenues (
        id uuid PRIMARY KEY,
        organization_id uuid NOT NULL,
        description text NOT NULL,
        amount bigint NOT NULL,
        category text NOT NULL,
        status text NOT NULL,
        date date NOT NULL,
        source_kind text,
        imported_transaction_id text,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await tx.query(sql.unsafe`CREATE INDEX IF NOT EXISTS revenues_org_date ON revenues (organization_id, date DESC)`);
    await protectTenantTable(tx, 'revenues');
  },
  handle: (event: RecordedEvent, tx: Tx) => applyPage([event], tx),
  handleBatch: applyPage,
};

export const revenueRow = z.object({
  id: z.string(),
  description: z.string(),
  amount: z.bigint(),
  category: z.enum(revenueCategories),
  status: z.enum(revenueStatuses),
  date: z.string(),
  source_kind: z.enum(['ofx', 'bank_sync']).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type RevenueRow = z.infer<typeof revenueRow>;

const columns = sql.fragment`id, description, amount, category, status, date, source_kind, created_at, updated_at`;

export const revenueSortable = {
  id: sql.fragment`id`,
  description: sql.fragment`lower(description)`,
  amount: sql.fragment`amount`,
  category: sql.fragment`category`,
  status: sql.fragment`status`,
  date: sql.fragment`date`,
  createdAt: sql.fragment`created_at`,
};

/** react-admin filters: q (description), status, category, id (getMany), date_gte / date_lte. */
function revenueFilter(organizationId: string, filter: Record<string, unknown>) {
  return where([
    sql.fragment`organization_id = ${organizationId}`,
    ...textSearch([sql.fragment`description`], filter.q),
    ...oneOf(sql.fragment`status`, filter.status),
    ...oneOf(sql.fragment`category`, filter.category),
    ...oneOf(sql.fragment`id`, filter.id),
    ...dateRange(sql.fragment`date`, filter.date_gte, filter.date_lte, ['date_gte', 'date_lte']),
  ]);
}

export function listRevenues(tx: CommonQueryMethods, organizationId: string, params: Page): Promise<{ rows: readonly RevenueRow[]; total: number }> {
  return listPage(tx, { row: revenueRow, columns, from: sql.fragment`revenues` }, revenueFilter(organizationId, params.filter), params);
}

export function findRevenue(tx: Pick<CommonQueryMethods, 'maybeOne'>, organizationId: string, id: string): Promise<RevenueRow | null> {
  return tx.maybeOne(sql.type(revenueRow)`SELECT ${columns} FROM revenues WHERE organization_id = ${organizationId} AND id = ${id}`);
}

export const revenueSummaryRow = z.object({ total_amount: z.bigint(), count: z.number(), pending_count: z.number(), received_count: z.number() });

/** The Receitas cards: sum of amounts (a cancelled revenue is no revenue), count pending, count received. */
export function revenueSummary(tx: CommonQueryMethods, organizationId: string, filter: Record<string, unknown>) {
  return tx.one(sql.type(revenueSummaryRow)`
    SELECT coalesce(sum(amount) FILTER (WHERE status <> 'cancelled'), 0)::int8 AS total_amount, count(*)::int AS count,
      (count(*) FILTER (WHERE status = 'pending'))::int AS pending_count,
      (count(*) FILTER (WHERE status = 'received'))::int AS received_count
    FROM revenues WHERE ${revenueFilter(organizationId, filter)}`);
}
