// Read model of the organization's current insights (GET /api/ai-insights, the dashboard card).
import { sql } from 'slonik';
import { decodeEvent } from '../../app/eventstore/codec';
import type { RecordedEvent } from '../../app/eventstore/port';
import type { InsightEvent } from '../../domain/insights/insight';
import type { Projector, Tx } from '../projector';
import { protectTenantTable } from '../tenant-table';

export const insightsProjector: Projector = {
  name: 'insights',
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
  async handle(event: RecordedEvent, tx: Tx) {
    if (event.type !== 'InsightRecorded' && event.type !== 'InsightsCleared') return;
    const e = decodeEvent<InsightEvent>(event);
    if (e.type === 'InsightsCleared') {
      await tx.query(sql.unsafe`
        DELETE FROM insights WHERE organization_id = ${e.data.organizationId} AND id = ANY(${sql.array(e.data.insightIds, 'uuid')})`);
      return;
    }
    const i = e.data;
    const rank = i.priority === 'high' ? 0 : i.priority === 'medium' ? 1 : 2;
    await tx.query(sql.unsafe`
      INSERT INTO insights (id, organization_id, type, title, content, priority, priority_rank, origin, rule, subject, created_at, recorded_at_position)
      VALUES (${i.insightId}, ${i.organizationId}, ${i.type}, ${i.title}, ${i.content}, ${i.priority}, ${rank}, ${i.origin}, ${i.rule}, ${i.subject ?? null}, ${i.createdAt}, ${event.position.toString()}::bigint)
      ON CONFLICT (id) DO UPDATE SET type = EXCLUDED.type, title = EXCLUDED.title, content = EXCLUDED.content, priority = EXCLUDED.priority,
        priority_rank = EXCLUDED.priority_rank, origin = EXCLUDED.origin, rule = EXCLUDED.rule, subject = EXCLUDED.subject, created_at = EXCLUDED.created_at,
        recorded_at_position = EXCLUDED.recorded_at_position`);
  },
};
