// Read model of each record's revision: the revision of the last event of its stream
// (`<aggregate>-<uuid>` → the uuid). The API adds it to every record it answers (`version`, and the
// ETag of GET one) so a client can send it back on PUT/DELETE; a stale one gets 409.
import { sql } from 'slonik';
import { z } from 'zod';
import type { RecordedEvent } from '../app/eventstore/port';
import type { Projector, Tx } from './projector';
import { protectTenantTable } from './tenant-table';

const UUID_AT_END = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

async function applyPage(events: readonly RecordedEvent[], tx: Tx): Promise<void> {
  const latest = new Map<string, { id: string; organization_id: string; version: number }>();
  for (const event of events) {
    const organizationId = event.metadata.organizationId;
    const id = UUID_AT_END.exec(event.streamId)?.[1].toLowerCase();
    if (!organizationId || !id) continue;
    latest.set(id, { id, organization_id: organizationId, version: event.revision });
  }
  if (latest.size === 0) return;
  await tx.query(sql.unsafe`
    INSERT INTO record_versions (id, organization_id, version)
    SELECT id, organization_id, version FROM jsonb_to_recordset(${sql.jsonb([...latest.values()])}) AS x(id uuid, organization_id uuid, version integer)
    ON CONFLICT (id) DO UPDATE SET version = GREATEST(record_versions.version, EXCLUDED.version)`);
}

export const recordVersionsProjector: Projector = {
  name: 'record-versions',
  version: 1,
  tables: ['record_versions'],
  async migrate(tx: Tx) {
    await tx.query(sql.unsafe`
      CREATE TABLE IF NOT EXISTS record_versions (
        id uuid PRIMARY KEY,
        organization_id uuid NOT NULL,
        version integer NOT NULL
      )`);
    await protectTenantTable(tx, 'record_versions');
  },
  handle: (event, tx) => applyPage([event], tx),
  handleBatch: applyPage,
};

/** The revision of each of `ids` (of the organization) that has one. */
export async function recordVersions(tx: Tx, organizationId: string, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.any(sql.type(z.object({ id: z.string(), version: z.number() }))`
    SELECT id::text AS id, version FROM record_versions
    WHERE organization_id = ${organizationId} AND id = ANY(${sql.array([...ids], 'uuid')})`);
  return new Map(rows.map((row) => [row.id, row.version]));
}
