// Read model of the organizations' expense categories.
import { sql } from 'slonik';
import { decodeEvent } from '../../app/eventstore/codec';
import type { RecordedEvent } from '../../app/eventstore/port';
import type { CategoryEvent } from '../../domain/finance/category';
import type { Projector, Tx } from '../projector';
import { rowsFor, type Resident } from '../rows';
import { protectTenantTable } from '../tenant-table';

const table = new Set(['CategoryCreated', 'CategoryUpdated', 'CategoryDeleted']);
const spec = {
  table: 'categories', key: ['id'],
  columns: ['id', 'organization_id', 'name', 'slug', 'type', 'description', 'color', 'is_active', 'is_default', 'created_at', 'updated_at'],
} as const;

async function applyPage(events: readonly RecordedEvent[], tx: Tx, resident?: Resident): Promise<void> {
  const decoded = events.filter((event) => table.has(event.type)).map((event) => ({ event, e: decodeEvent<CategoryEvent>(event) }));
  if (decoded.length === 0) return;
  const rows = rowsFor(resident, spec);
  await rows.load(tx, decoded.map(({ e }) => e.data.categoryId));
  for (const { event, e } of decoded) {
    const at = event.metadata.occurredAt;
    if (e.type === 'CategoryDeleted') {
      rows.remove(e.data.categoryId);
      continue;
    }
    const c = e.data;
    const existing = rows.get(c.categoryId);
    rows.put({
      id: c.categoryId, organization_id: existing?.organization_id ?? c.organizationId, name: c.name, slug: c.slug,
      type: existing?.type ?? c.type, description: c.description, color: c.color, is_active: c.isActive, is_default: c.isDefault,
      created_at: existing?.created_at ?? at, updated_at: at,
    });
  }
  await rows.flush(tx);
}

/** The projector of the categories table (app/finance/categories.ts reuses its reads until it changes). */
export const CATEGORIES_PROJECTOR = 'categories';

export const categoriesProjector: Projector = {
  name: CATEGORIES_PROJECTOR,
  answers: ['category'],
  handles: (type) => table.has(type),
  version: 1,
  tables: ['categories'],
  async migrate(tx: Tx) {
    await tx.query(sql.unsafe`
      CREATE TABLE IF NOT EXISTS categories (
        id uuid PRIMARY KEY,
        organization_id uuid NOT NULL,
        name text NOT NULL,
        slug text NOT NULL,
        type text NOT NULL,
        description text,
        color text NOT NULL,
        is_active boolean NOT NULL,
        is_default boolean NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await tx.query(sql.unsafe`CREATE INDEX IF NOT EXISTS categories_organization_slug ON categories (organization_id, slug)`);
    await protectTenantTable(tx, 'categories');
  },
  handle: (event: RecordedEvent, tx: Tx) => applyPage([event], tx),
  handleBatch: applyPage,
};
