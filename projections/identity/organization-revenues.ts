// Each organization's revenues (amount and status only), for the admin panel's per-organization revenue.
import { sql } from 'slonik';
import { decodeEvent } from '../../app/eventstore/codec';
import type { RecordedEvent } from '../../app/eventstore/port';
import type { RevenueEvent } from '../../domain/finance/revenue';
import type { Projector, Tx } from '../projector';
import { big, rowsFor, type Resident } from '../rows';
import { protectTenantTable } from '../tenant-table';

const spec = { table: 'organization_revenues', key: ['revenue_id'], columns: ['revenue_id', 'organization_id', 'amount', 'status'] } as const;
const handled = new Set(['RevenueRecorded', 'RevenueUpdated', 'RevenueDeleted']);

async function applyPage(events: readonly RecordedEvent[], tx: Tx, resident?: Resident): Promise<void> {
  const decoded = events.filter((event) => handled.has(event.type)).map((event) => decodeEvent<RevenueEvent>(event));
  if (decoded.length === 0) return;
  const rows = rowsFor(resident, spec);
  await rows.load(tx, decoded.map((e) => e.data.revenueId));
  for (const e of decoded) {
    if (e.type === 'RevenueDeleted') rows.remove(e.data.revenueId);
    else {
      const existing = rows.get(e.data.revenueId);
      rows.put({ revenue_id: e.data.revenueId, organization_id: existing?.organization_id ?? e.data.organizationId, amount: big(e.data.amount), status: e.data.status });
    }
  }
  await rows.flush(tx);
}

export const organizationRevenuesProjector: Projector = {
  name: 'organization_revenues',
  handles: (type) => handled.has(type),
  derivable: {
    sources: ['revenues'],
    tables: ['organization_revenues'],
    derive: [async (tx, schemaOf) => {
      await tx.query(sql.unsafe`
        INSERT INTO organization_revenues (revenue_id, organization_id, amount, status)
        SELECT id, organization_id, amount, status FROM ${sql.identifier([schemaOf('revenues'), 'revenues'])}`);
    }],
  },
  version: 1,
  tables: ['organization_revenues'],
  async migrate(tx: Tx) {
    await tx.query(sql.unsafe`
      CREATE TABLE IF NOT EXISTS organization_revenues (
        revenue_id uuid PRIMARY KEY,
        organization_id uuid NOT NULL,
        amount bigint NOT NULL,
        status text NOT NULL
      )`);
    await tx.query(sql.unsafe`CREATE INDEX IF NOT EXISTS organization_revenues_org ON organization_revenues (organization_id)`);
    await protectTenantTable(tx, 'organization_revenues');
  },
  handle: (event: RecordedEvent, tx: Tx) => applyPage([event], tx),
  handleBatch: applyPage,
};
