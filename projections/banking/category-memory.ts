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
import { protectTenantTable } from '../tenant-table';

const handled = new Set(['ExpenseRecorded', 'ExpenseUpdated', 'ExpenseDeleted', 'RevenueRecorded', 'RevenueUpdated', 'RevenueDeleted']);

async function remember(tx: Tx, record: { id: string; organizationId: string; kind: 'expense' | 'revenue'; description: string; category: string }, at: string) {
  const signature = descriptionSignature(record.description);
  if (!signature) return;
  await tx.query(sql.unsafe`
    INSERT INTO banking_category_memory (record_id, organization_id, kind, signature, category, updated_at)
    VALUES (${record.id}, ${record.organizationId}, ${record.kind}, ${signature}, ${record.category}, ${at})
    ON CONFLICT (record_id) DO UPDATE SET signature = EXCLUDED.signature, category = EXCLUDED.category, updated_at = EXCLUDED.updated_at`);
}

/** An expense or revenue recorded from an imported transaction teaches nothing (see above). */
const importedRecord = (event: RecordedEvent) =>
  (event.type === 'ExpenseRecorded' || event.type === 'RevenueRecorded') && Boolean((event.data as { source?: unknown }).source);

export const categoryMemoryProjector: Projector = {
  name: 'banking-category-memory',
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
  // A page of an OFX import is thousands of imported records: skipped before decoding.
  async handleBatch(events: readonly RecordedEvent[], tx: Tx) {
    for (const event of events) if (handled.has(event.type) && !importedRecord(event)) await categoryMemoryProjector.handle(event, tx);
  },
  async handle(event: RecordedEvent, tx: Tx) {
    if (!handled.has(event.type)) return;
    const e = decodeEvent<ExpenseEvent | RevenueEvent>(event);
    const at = event.metadata.occurredAt;
    switch (e.type) {
      case 'ExpenseRecorded':
      case 'ExpenseUpdated':
        if (e.type === 'ExpenseRecorded' && e.data.source) return;
        await remember(tx, { id: e.data.expenseId, organizationId: e.data.organizationId, kind: 'expense', description: e.data.description, category: e.data.category }, at);
        return;
      case 'RevenueRecorded':
      case 'RevenueUpdated':
        if (e.type === 'RevenueRecorded' && e.data.source) return;
        await remember(tx, { id: e.data.revenueId, organizationId: e.data.organizationId, kind: 'revenue', description: e.data.description, category: e.data.category }, at);
        return;
      case 'ExpenseDeleted':
        await tx.query(sql.unsafe`DELETE FROM banking_category_memory WHERE record_id = ${e.data.expenseId}`);
        return;
      case 'RevenueDeleted':
        await tx.query(sql.unsafe`DELETE FROM banking_category_memory WHERE record_id = ${e.data.revenueId}`);
        return;
    }
  },
};
