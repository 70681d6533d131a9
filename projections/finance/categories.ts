// Read model of the organizations' expense categories.
import { sql } from 'slonik';
import { decodeEvent } from '../../app/eventstore/codec';
import type { RecordedEvent } from '../../app/eventstore/port';
import type { CategoryEvent } from '../../domain/finance/category';
import type { Projector, Tx } from '../projector';
import { protectTenantTable } from '../tenant-table';

export const categoriesProjector: Projector = {
  name: 'categories',
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
  async handle(event: RecordedEvent, tx: Tx) {
    if (!event.type.startsWith('Category')) return;
    const e = decodeEvent<CategoryEvent>(event);
    const at = event.metadata.occurredAt;
    switch (e.type) {
      case 'CategoryCreated':
      case 'CategoryUpdated': {
        const c = e.data;
        await tx.query(sql.unsafe`
          INSERT INTO categories (id, organization_id, name, slug, type, description, color, is_active, is_default, created_at, updated_at)
          VALUES (${c.categoryId}, ${c.organizationId}, ${c.name}, ${c.slug}, ${c.type}, ${c.description}, ${c.color}, ${c.isActive}, ${c.isDefault}, ${at}, ${at})
          ON CONFLICT (id) DO UPDATE SET
            name = EXCLUDED.name, slug = EXCLUDED.slug, description = EXCLUDED.description, color = EXCLUDED.color,
            is_active = EXCLUDED.is_active, is_default = EXCLUDED.is_default, updated_at = EXCLUDED.updated_at`);
        return;
      }
      case 'CategoryDeleted':
        await tx.query(sql.unsafe`DELETE FROM categories WHERE id = ${e.data.categoryId}`);
        return;
    }
  },
};
