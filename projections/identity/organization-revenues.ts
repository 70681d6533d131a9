// Each organization's revenues (amount and status only), for the admin panel's per-organization revenue.
import { sql } from 'slonik';
import { decodeEvent } from '../../app/eventstore/codec';
import type { RecordedEvent } from '../../app/eventstore/port';
import type { RevenueEvent } from '../../domain/finance/revenue';
import type { Projector, Tx } from '../projector';
import { protectTenantTable } from '../tenant-table';

export const organizationRevenuesProjector: Projector = {
  name: 'organization_revenues',
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
  async handle(event: RecordedEvent, tx: Tx) {
    if (event.type !== 'RevenueRecorded' && event.type !== 'RevenueUpdated' && event.type !== 'RevenueDeleted') return;
    const e = decodeEvent<RevenueEvent>(event);
    switch (e.type) {
      case 'RevenueRecorded':
      case 'RevenueUpdated':
        await tx.query(sql.unsafe`
          INSERT INTO organization_revenues (revenue_id, organization_id, amount, status)
          VALUES (${e.data.revenueId}, ${e.data.organizationId}, ${e.data.amount.toString()}::bigint, ${e.data.status})
          ON CONFLICT (revenue_id) DO UPDATE SET amount = EXCLUDED.amount, status = EXCLUDED.status`);
        return;
      case 'RevenueDeleted':
        await tx.query(sql.unsafe`DELETE FROM organization_revenues WHERE revenue_id = ${e.data.revenueId}`);
        return;
    }
  },
};
