// react-admin's ra-data-simple-rest list parameters (sort, range, filter) and Content-Range.
import type { FastifyReply } from 'fastify';
import { sql, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import { validationError } from '../../domain/shared/errors';
import { findUnstorableText, INVALID_TEXT_MESSAGE } from '../../domain/shared/text';

export const listQuerySchema = z
  .object({
    sort: z.string().optional(),
    range: z.string().optional(),
    filter: z.string().optional(),
  })
  .passthrough();

export type ListParams = {
  orderBy: FragmentSqlToken;
  limit: number;
  offset: number;
  filter: Record<string, unknown>;
};

function parseJson(text: string | undefined, field: string): unknown {
  if (text === undefined || text === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw validationError(`Parâmetro ${field} inválido: JSON malformado`);
  }
  // "\u0000" inside the JSON text only becomes NUL here, after the request-wide check.
  if (findUnstorableText(value) !== null) throw validationError(`Parâmetro ${field} inválido: ${INVALID_TEXT_MESSAGE}`);
  return value;
}

export const MAX_PAGE = 1000;

/** `sortable` maps API field names to SQL expressions; anything else is refused. */
export function parseListParams(
  query: { sort?: string; range?: string; filter?: string },
  options: { sortable: Record<string, FragmentSqlToken>; defaultSort: [string, 'ASC' | 'DESC']; tieBreaker?: FragmentSqlToken },
): ListParams {
  const sort = (parseJson(query.sort, 'sort') as [string, string] | undefined) ?? options.defaultSort;
  if (!Array.isArray(sort) || typeof sort[0] !== 'string') throw validationError('Parâmetro sort inválido');
  const column = options.sortable[sort[0]];
  if (!column) throw validationError(`Não é possível ordenar por "${sort[0]}"`);
  const direction = String(sort[1] ?? 'ASC').toUpperCase() === 'DESC' ? sql.fragment`DESC` : sql.fragment`ASC`;
  const range = parseJson(query.range, 'range') as [number, number] | undefined;
  let offset = 0;
  let limit = MAX_PAGE;
  if (range !== undefined) {
    // Safe integers only: 1e30 is an integer to JavaScript but no OFFSET PostgreSQL can take.
    if (!Array.isArray(range) || !Number.isSafeInteger(range[0]) || !Number.isSafeInteger(range[1]) || range[0] < 0 || range[1] < range[0]) {
      throw validationError('Parâmetro range inválido');
    }
    offset = range[0];
    limit = Math.min(range[1] - range[0] + 1, MAX_PAGE);
  }
  const filter = (parseJson(query.filter, 'filter') as Record<string, unknown> | undefined) ?? {};
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) throw validationError('Parâmetro filter inválido');
  const tie = options.tieBreaker ?? sql.fragment`id`;
  return { orderBy: sql.fragment`ORDER BY ${column} ${direction}, ${tie} ${direction}`, limit, offset, filter };
}

export function sendList<T>(reply: FastifyReply, resource: string, rows: T[], total: number, offset: number): T[] {
  const end = rows.length === 0 ? offset : offset + rows.length - 1;
  reply.header('Content-Range', `${resource} ${offset}-${end}/${total}`);
  reply.header('Access-Control-Expose-Headers', 'Content-Range');
  return rows;
}
