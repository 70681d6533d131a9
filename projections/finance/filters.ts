// Building blocks for the WHERE clauses of finance lists (react-admin's `filter` object).
import { sql, type CommonQueryMethods, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import { DATE_RANGE_MESSAGE, isDateInRange, isValidDate } from '../../domain/shared/dates';
import { validationError } from '../../domain/shared/errors';

/** A page of a list as the API parsed it from react-admin's sort, range and filter. */
export type Page = { orderBy: FragmentSqlToken; limit: number; offset: number; filter: Record<string, unknown> };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A malformed id names no record: look-ups answer null instead of letting PostgreSQL refuse the cast. */
export const isUuid = (id: string): boolean => UUID.test(id);

/** `id = ANY(ids)` for react-admin's getMany (`filter: { id: [...] }`); malformed ids match nothing. */
export const idIn = (value: unknown): FragmentSqlToken =>
  sql.fragment`id = ANY(${sql.array((Array.isArray(value) ? value : [value]).map(String).filter(isUuid), 'uuid')})`;

/** `text` as an ILIKE substring pattern, its `\`, `%` and `_` taken literally. */
export const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One page of a table (or subquery) and how many rows `condition` matches in all, for Content-Range. */
export async function listPage<Row extends z.AnyZodObject>(
  tx: CommonQueryMethods,
  source: { row: Row; columns: FragmentSqlToken; from: FragmentSqlToken },
  condition: FragmentSqlToken,
  page: Pick<Page, 'orderBy' | 'limit' | 'offset'>,
): Promise<{ rows: readonly z.infer<Row>[]; total: number }> {
  const { row, columns, from } = source;
  // The total rides along with the page: one statement instead of two. A scalar subquery, not
  // count(*) OVER (): the window made PostgreSQL read and sort every row of the organization to
  // give ten (EXPLAIN, 9,897 expenses: 1,675 buffers → 28), where the page can follow an index.
  const counted = (await tx.any(sql.type(row.extend({ __total: z.number() }))`
    SELECT ${columns}, (SELECT count(*) FROM ${from} WHERE ${condition})::int AS __total
    FROM ${from} WHERE ${condition} ${page.orderBy} LIMIT ${page.limit} OFFSET ${page.offset}`)) as readonly (z.infer<Row> & { __total: number })[];
  // A page past the end has no row to carry the total: only then count apart.
  const total = counted.length > 0 || page.offset === 0
    ? (counted[0]?.__total ?? 0)
    : await tx.oneFirst(sql.type(z.object({ n: z.number() }))`SELECT count(*)::int AS n FROM ${from} WHERE ${condition}`);
  const rows = counted.map(({ __total: _total, ...rest }) => rest as z.infer<Row>);
  return { rows, total };
}

export const where = (conditions: FragmentSqlToken[]): FragmentSqlToken =>
  conditions.length === 0 ? sql.fragment`TRUE` : sql.fragment`${sql.join(conditions, sql.fragment` AND `)}`;

/** A filter value given once or as a list (react-admin sends both), as non-empty strings. */
export function filterValues(value: unknown): string[] | null {
  if (value === undefined || value === null || value === '') return null;
  const list = (Array.isArray(value) ? value : [value]).filter((v) => v !== null && v !== '').map(String);
  return list.length === 0 ? null : list;
}

/** `column = ANY(values)` when the filter is set. */
export function oneOf(column: FragmentSqlToken, value: unknown): FragmentSqlToken[] {
  const values = filterValues(value);
  return values ? [sql.fragment`${column}::text = ANY(${sql.array(values, 'text')})`] : [];
}

/** Accent- and case-insensitive substring search (react-admin's `q`). */
export function textSearch(columns: FragmentSqlToken[], q: unknown): FragmentSqlToken[] {
  if (typeof q !== 'string' || q.trim() === '') return [];
  const pattern = likePattern(q.trim());
  return [sql.fragment`(${sql.join(columns.map((c) => sql.fragment`unaccent(${c}) ILIKE unaccent(${pattern})`), sql.fragment` OR `)})`];
}

/** A 'YYYY-MM-DD' bound, refused with a pt-BR message when malformed. */
export function dateBound(value: unknown, field: string): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value) || !isValidDate(value)) {
    throw validationError(`Data inválida em ${field}: use AAAA-MM-DD`, { [field]: 'Data inválida: use AAAA-MM-DD' });
  }
  if (!isDateInRange(value)) throw validationError(`${field}: ${DATE_RANGE_MESSAGE}`, { [field]: DATE_RANGE_MESSAGE });
  return value;
}

/** `column >= from` / `column <= to` for the bounds that are set. */
export function dateRange(column: FragmentSqlToken, from: unknown, to: unknown, fields: [string, string]): FragmentSqlToken[] {
  const start = dateBound(from, fields[0]);
  const end = dateBound(to, fields[1]);
  return [
    ...(start ? [sql.fragment`${column} >= ${start}::date`] : []),
    ...(end ? [sql.fragment`${column} <= ${end}::date`] : []),
  ];
}
