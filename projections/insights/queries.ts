// Reads of the insights read model; run inside withTenant(...).
import { sql, type CommonQueryMethods, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import { insightPriorities, insightTypes } from '../../domain/insights/insight';
import { validationError } from '../../domain/shared/errors';

export const insightRow = z.object({
  id: z.string(),
  type: z.enum(insightTypes),
  title: z.string(),
  content: z.string(),
  priority: z.enum(insightPriorities),
  origin: z.enum(['analysis', 'auto']),
  rule: z.string(),
  created_at: z.string(),
});
export type InsightRow = z.infer<typeof insightRow>;

export const insightSortable: Record<string, FragmentSqlToken> = {
  priority: sql.fragment`priority_rank`,
  createdAt: sql.fragment`created_at`,
  type: sql.fragment`type`,
  title: sql.fragment`lower(title)`,
};

const oneOrMany = (value: unknown): string[] => (Array.isArray(value) ? value : [value]).map(String);

/** react-admin filter: type, priority (one or many). */
export function insightFilter(filter: Record<string, unknown>): FragmentSqlToken {
  const conditions: FragmentSqlToken[] = [sql.fragment`TRUE`];
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === null || value === '') continue;
    if (key !== 'type' && key !== 'priority') throw validationError(`Filtro não suportado: ${key}`);
    conditions.push(sql.fragment`${sql.identifier([key])} = ANY(${sql.array(oneOrMany(value), 'text')})`);
  }
  return sql.fragment`${sql.join(conditions, sql.fragment` AND `)}`;
}

/** Critical (high) first, then medium and low; newest first within a priority, unless `orderBy` says otherwise. */
export async function listInsights(
  tx: CommonQueryMethods,
  organizationId: string,
  page: { orderBy?: FragmentSqlToken; filter?: FragmentSqlToken; limit: number; offset: number } = { limit: 1000, offset: 0 },
): Promise<{ rows: InsightRow[]; total: number }> {
  const where = sql.fragment`organization_id = ${organizationId} AND ${page.filter ?? sql.fragment`TRUE`}`;
  const orderBy = page.orderBy ?? sql.fragment`ORDER BY priority_rank ASC, created_at DESC, recorded_at_position ASC`;
  const rows = await tx.any(sql.type(insightRow)`
    SELECT id, type, title, content, priority, origin, rule, created_at FROM insights WHERE ${where} ${orderBy}
    LIMIT ${page.limit} OFFSET ${page.offset}`);
  const total = await tx.oneFirst(sql.type(z.object({ count: z.number() }))`SELECT count(*)::int AS count FROM insights WHERE ${where}`);
  return { rows: [...rows], total };
}
