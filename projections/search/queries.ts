// The header search: PostgreSQL full-text search in Portuguese over the search documents, accent
// and case insensitive, every word a prefix ('alug' finds 'Aluguel'), ranked by ts_rank (title
// words weigh most). When no document matches every word, a typo fallback ('alugeul') looks each
// word up among the words the organization's documents use, by trigram similarity, and searches
// again with the close ones.
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
  // The organization's words come from its documents' vectors (ts_stat reads each once, no index
  // upkeep on writes), a few thousand: each term is compared with those, not with every document's
  // text (word_similarity per document took ~300 ms on a 16,000-document organization, this ~60 ms).
  // Every term needs a close word; the documents holding one close word per term are then found
  // through the full-text index. Words outside [a-z0-9] (none of the terms') stay out of the tsquery.
  return tx.any(sql.type(searchRow)`
    WITH terms AS (SELECT term, n FROM unnest(${sql.array(terms, 'text')}) WITH ORDINALITY t(term, n)),
    words AS MATERIALIZED (
      SELECT word FROM ts_stat(format('SELECT document FROM search_documents WHERE organization_id = %L', ${organizationId}::uuid))
      WHERE word ~ '^[a-z0-9]+$'
    ),
    close AS (
      SELECT n, '(' || string_agg(word, ' | ') || ')' AS alternatives
      FROM terms JOIN words ON word_similarity(term, word) >= ${FALLBACK_SIMILARITY}
      GROUP BY n
    ),
    q AS (
      SELECT string_agg(alternatives, ' & ')::tsquery AS query FROM close
      HAVING count(*) = (SELECT count(*) FROM terms)
    )
    SELECT ${columns}, ts_rank(document, q.query)::float8 AS rank
    FROM search_documents, q
    WHERE organization_id = ${organizationId} AND document @@ q.query
    ORDER BY rank DESC, date DESC NULLS LAST, title
    LIMIT ${limit}`);
}
