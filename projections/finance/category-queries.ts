// Reads of the categories read model for the API and the expense use cases (inside withTenant).
import { sql, type CommonQueryMethods, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import { validationError } from '../../domain/shared/errors';
import { idIn, isUuid, likePattern, listPage, type Page } from './filters';

export const categoryRow = z.object({
  id: z.string(),
  organization_id: z.string(),
  name: z.string(),
  slug: z.string(),
  type: z.literal('expense'),
  description: z.string().nullable(),
  color: z.string(),
  is_active: z.boolean(),
  is_default: z.boolean(),
  created_at: z.string(),
});
export type CategoryRow = z.infer<typeof categoryRow>;

const columns = sql.fragment`id, organization_id, name, slug, type, description, color, is_active, is_default, created_at`;

export const categorySortable: Record<string, FragmentSqlToken> = {
  id: sql.fragment`id`,
  name: sql.fragment`lower(name)`,
  slug: sql.fragment`slug`,
  color: sql.fragment`color`,
  isActive: sql.fragment`is_active`,
  isDefault: sql.fragment`is_default`,
  createdAt: sql.fragment`created_at`,
};

const oneOrMany = (value: unknown): string[] => (Array.isArray(value) ? value : [value]).map(String);

/** react-admin filter: q (name), slug, isActive, isDefault, id. */
export function categoryFilter(organizationId: string, filter: Record<string, unknown>): FragmentSqlToken {
  const conditions: FragmentSqlToken[] = [sql.fragment`organization_id = ${organizationId}`];
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === null || value === '') continue;
    switch (key) {
      case 'q':
        conditions.push(sql.fragment`name ILIKE ${likePattern(String(value))}`);
        break;
      case 'slug':
        conditions.push(sql.fragment`slug = ANY(${sql.array(oneOrMany(value), 'text')})`);
        break;
      case 'isActive':
        conditions.push(sql.fragment`is_active = ${value === true || value === 'true'}`);
        break;
      case 'isDefault':
        conditions.push(sql.fragment`is_default = ${value === true || value === 'true'}`);
        break;
      case 'id':
        conditions.push(idIn(value));
        break;
      default:
        throw validationError(`Filtro não suportado: ${key}`);
    }
  }
  return sql.fragment`${sql.join(conditions, sql.fragment` AND `)}`;
}

export function listCategories(tx: CommonQueryMethods, where: FragmentSqlToken, page: Omit<Page, 'filter'>): Promise<{ rows: readonly CategoryRow[]; total: number }> {
  return listPage(tx, { row: categoryRow, columns, from: sql.fragment`categories` }, where, page);
}

export function findCategory(tx: Pick<CommonQueryMethods, 'maybeOne'>, organizationId: string, id: string): Promise<CategoryRow | null> {
  if (!isUuid(id)) return Promise.resolve(null);
  return tx.maybeOne(sql.type(categoryRow)`SELECT ${columns} FROM categories WHERE organization_id = ${organizationId} AND id = ${id}`);
}

export function findCategoryBySlug(tx: CommonQueryMethods, organizationId: string, slug: string): Promise<CategoryRow | null> {
  return tx.maybeOne(sql.type(categoryRow)`
    SELECT ${columns} FROM categories WHERE organization_id = ${organizationId} AND slug = ${slug} ORDER BY created_at LIMIT 1`);
}

export function allCategories(tx: CommonQueryMethods, organizationId: string): Promise<readonly CategoryRow[]> {
  return tx.any(sql.type(categoryRow)`SELECT ${columns} FROM categories WHERE organization_id = ${organizationId} ORDER BY is_default DESC, lower(name)`);
}
