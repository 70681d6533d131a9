// What the organization's people chose as category for each kind of description: the "learned
// rules" of auto-categorisation. Fed by expenses and revenues recorded or edited by hand; an
// imported record counts only once someone edits it, so guesses never teach themselves.
import { sql } from 'slonik';
import { decodeEvent } from '../../app/eventstore/codec';
import type { RecordedEvent } from '../../app/eventstore/port';
import { descriptionSignature } from '../../domain/banking/descriptions';
import type { ExpenseEvent } from '../../domain/finance/expense';
import type { RevenueEvent } from '../../domain/finance/revenue';
import type { Projector, Tx } from '../projector';
import { rowsFor, type Resident } from '../rows';
import { protectTenantTable } from '../tenant-table';

const handled = new Set(['ExpenseRecorded', 'ExpenseUpdated', 'ExpenseDeleted', 'RevenueRecorded', 'RevenueUpdated', 'RevenueDeleted']);

/** An expense or revenue recorded from an imported transaction teaches nothing (see above). */
const importedRecord = (event: RecordedEvent) =>
  (event.type === 'ExpenseRecorded' || event.type === 'RevenueRecorded') && Boolean((event.data as { source?: unknown }).source);

const spec = { table: 'banking_category_memory', key: ['record_id'], columns: ['record_id', 'organization_id', 'kind', 'signature', 'category', 'updated_at'] } as const;

async function applyPage(events: readonly RecordedEvent[], tx: Tx, resident?: Resident): Promise<void> {
  // A page of an OFX import is thousands of imported records: skipped before decoding.
  const decoded = events.filter((event) => handled.has(event.type) && !importedRecord(event)).map((event) => ({ event, e: decodeEvent<ExpenseEvent | RevenueEvent>(event) }));
  if (decoded.length === 0) return;
  const rows = rowsFor(resident, spec);
  await rows.load(tx, decoded.map(({ e }) => ('revenueId' in e.data ? e.data.revenueId : e.data.expenseId)));
  const remember = (record: { id: string; organizationId: string; kind: 'expense' | 'revenue'; description: string; category: string }, at: string) => {
    const signature = descriptionSignature(record.description);
    if (!signature) return;
    const existing = rows.get(record.id);
    rows.put({
      record_id: record.id, organization_id: existing?.organization_id ?? record.organizationId, kind: existing?.kind ?? record.kind,
      signature, category: record.category, updated_at: at,
    });
  };
  for (const { event, e } of decoded) {
    const at = event.metadata.occurredAt;
    switch (e.type) {
      case 'ExpenseRecorded':
      case 'ExpenseUpdated':
        if (e.type === 'ExpenseRecorded' && e.data.source) break;
        remember({ id: e.data.expenseId, organizationId: e.data.organizationId, kind: 'expense', description: e.data.description, category: e.data.category }, at);
        break;
      case 'RevenueRecorded':
      case 'RevenueUpdated':
        if (e.type === 'RevenueRecorded' && e.data.source) break;
        remember({ id: e.data.revenueId, organizationId: e.data.organizationId, kind: 'revenue', description: e.data.description, category: e.data.category }, at);
        break;
      case 'ExpenseDeleted':
        rows.remove(e.data.expenseId);
        break;
      case 'RevenueDeleted':
        rows.remove(e.data.revenueId);
        break;
    }
  }
  await rows.flush(tx);
}

export const categoryMemoryProjector: Projector = {
  name: 'banking-category-memory',
  handles: (type) => handled.has(type),
  version: 1,
  tables: ['banking_category_memory'],
  async migrate(tx: Tx) {
    await tx.query(sql.unsafe`
      CREATE TABLE IF NOT EXISTS banking_category_memory (
        record_id uuid PRIMARY KEY,
        organization_id uuid NOT NULL,
        kind text NOT NULL,
        signature text NOT NULL,
        category text NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await tx.query(sql.unsafe`CREATE INDEX IF NOT EXISTS banking_category_memory_organization ON banking_category_memory (organization_id, kind)`);
    await protectTenantTable(tx, 'banking_category_memory');
  },
  handle: (event: RecordedEvent, tx: Tx) => applyPage([event], tx),
  handleBatch: applyPage,
};
