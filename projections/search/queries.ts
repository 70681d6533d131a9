// The header search: PostgreSQL full-text search in Portuguese over the search documents, accent
// and case insensitive, every word a prefix ('alug' finds 'Aluguel'), ranked by ts_rank (title
// words weigh most). When no document matches every word, a trigram similarity fallback catches
// typos ('alugeul').
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

export const MIN_QUERY_LENGTH = 2;
const MAX_TERMS = 8;
const FALLBACK_SIMILARITY = 0.45;

/** 'Café  do-Escritório!' → ['cafe', 'do', 'escritorio']: the words as the index stores them. */
export function searchTerms(query: string): string[] {
  return query
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((term) => term.length > 0)
    .slice(0, MAX_TERMS)
    .map((term) => term.slice(0, 60));
}

export const searchRow = z.object({
  kind: z.enum(['transaction', 'goal', 'insight']),
  ref_id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string().nullable(),
  amount: z.bigint().nullable(),
  date: z.string().nullable(),
  priority: z.string().nullable(),
  url: z.string(),
  rank: z.number(),
});
export type SearchRow = z.infer<typeof searchRow>;

const columns = sql.fragment`kind, ref_id, title, description, category, amount, date, priority, url`;

export async function searchDocuments(tx: CommonQueryMethods, organizationId: string, query: string, limit = 20): Promise<readonly SearchRow[]> {
  const terms = searchTerms(query);
  if (terms.length === 0) return [];
  // Terms are [a-z0-9]+ only, so the tsquery text cannot carry operators; it is still a bound parameter.
  const tsquery = terms.map((term) => `${term}:*`).join(' & ');
  const matches = await tx.any(sql.type(searchRow)`
    WITH q AS (SELECT to_tsquery('simple'::regconfig, ${tsquery}) || to_tsquery('portuguese'::regconfig, ${tsquery}) AS query)
    SELECT ${columns}, ts_rank(document, q.query)::float8 AS rank
    FROM search_documents, q
    WHERE organization_id = ${organizationId} AND document @@ q.query
    ORDER BY rank DESC, date DESC NULLS LAST, title
    LIMIT ${limit}`);
  if (matches.length > 0) return matches;
  const text = terms.join(' ');
  return tx.any(sql.type(searchRow)`
    SELECT ${columns}, word_similarity(${text}, search_text)::float8 AS rank
    FROM search_documents
    WHERE organization_id = ${organizationId} AND word_similarity(${text}, search_text) >= ${FALLBACK_SIMILARITY}
    ORDER BY rank DESC, date DESC NULLS LAST, title
    LIMIT ${limit}`);
}
