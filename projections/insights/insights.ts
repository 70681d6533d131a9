// Read model of the organization's current insights (GET /api/ai-insights, the dashboard card).
import { sql } from 'slonik';
import { decodeEvent } from '../../app/eventstore/codec';
import type { RecordedEvent } from '../../app/eventstore/port';
import type { InsightEvent } from '../../domain/insights/insight';
import type { Projector, Tx } from '../projector';
import { big, rowsFor, type Resident } from '../rows';
import { protectTenantTable } from '../tenant-table';

const spec = {
  table: 'insights', key: ['id'],
  columns: ['id', 'organization_id', 'type', 'title', 'content', 'priority', 'priority_rank', 'origin', 'rule', 'subject', 'created_at', 'recorded_at_position'],
} as const;

const handles = (type: string) => type === 'InsightRecorded' || type === 'InsightsCleared';

async function applyPage(events: readonly RecordedEvent[], tx: Tx, resident?: Resident): Promise<void> {
  const decoded = events.filter((event) => handles(event.type))
    .map((event) => ({ event, e: decodeEvent<InsightEvent>(event) }));
  if (decoded.length === 0) return;
  const rows = rowsFor(resident, spec);
  await rows.load(tx, decoded.flatMap(({ e }) => (e.type === 'InsightsCleared' ? e.data.insightIds : e.type === 'InsightRecorded' ? [e.data.insightId] : [])));
  for (const { event, e } of decoded) {
    if (e.type === 'InsightsCleared') {
      for (const id of e.data.insightIds) {
        if (String(rows.get(id)?.organization_id).toLowerCase() === e.data.organizationId.toLowerCase()) rows.remove(id);
      }
      continue;
    }
    if (e.type !== 'InsightRecorded') continue;
    const i = e.data;
    const existing = rows.get(i.insightId);
    rows.put({
      id: i.insightId, organization_id: existing?.organization_id ?? i.organizationId, type: i.type, title: i.title, content: i.content,
      priority: i.priority, priority_rank: i.priority === 'high' ? 0 : i.priority === 'medium' ? 1 : 2, origin: i.origin, rule: i.rule,
      subject: i.subject ?? null, created_at: i.createdAt, recorded_at_position: big(event.position),
    });
  }
  await rows.flush(tx);
}

export const insightsProjector: Projector = {
  name: 'insights',
  answers: ['insights'],
  handles,
  version: 1,
  tables: ['insights'],
  async migrate(tx: Tx) {
    await tx.query(sql.unsafe`
      CREATE TABLE IF NOT EXISTS insights (
        id uuid PRIMARY KEY,
        organization_id uuid NOT NULL,
        type text NOT NULL,
        title text NOT NULL,
        content text NOT NULL,
        priority text NOT NULL,
        priority_rank smallint NOT NULL,
        origin text NOT NULL,
        rule text NOT NULL,
        subject text,
        created_at timestamptz NOT NULL,
        -- Within one analysis (same priority and instant), the engine's order: the order of the events.
        recorded_at_position bigint NOT NULL
      )`);
    await tx.query(sql.unsafe`CREATE INDEX IF NOT EXISTS insights_org_order ON insights (organization_id, priority_rank, created_at DESC)`);
    await protectTenantTable(tx, 'insights');
  },
  handle: (event: RecordedEvent, tx: Tx) => applyPage([event], tx),
  handleBatch: applyPage,
};
