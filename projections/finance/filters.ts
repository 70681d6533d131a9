// Building blocks for the WHERE clauses of finance lists (react-admin's `filter` object).
import { sql, type FragmentSqlToken } from 'slonik';
import { isValidDate } from '../../domain/shared/dates';
import { validationError } from '../../domain/shared/errors';

/** A page of a list as the API parsed it from react-admin's sort, range and filter. */
export type Page = { orderBy: FragmentSqlToken; limit: number; offset: number; filter: Record<string, unknown> };

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
  const pattern = `%${q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return [sql.fragment`(${sql.join(columns.map((c) => sql.fragment`unaccent(${c}) ILIKE unaccent(${pattern})`), sql.fragment` OR `)})`];
}

/** A 'YYYY-MM-DD' bound, refused with a pt-BR message when malformed. */
export function dateBound(value: unknown, field: string): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value) || !isValidDate(value)) {
    throw validationError(`Data inválida em ${field}: use AAAA-MM-DD`, { [field]: 'Data inválida: use AAAA-MM-DD' });
  }
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
