// Bank descriptions compared by their words: the same payment reads "PIX ENVIADO 12/03 Fulano" in a
// statement and "Pix enviado - FULANO" in an API, so accents, case, digits and punctuation are dropped.

const STOPWORDS = new Set(['de', 'da', 'do', 'das', 'dos', 'e', 'a', 'o', 'em', 'no', 'na', 'para', 'p', 'com', 'por', 'ltda', 'me', 'sa']);

/** Lower case, no accents, letters and digits only, single spaces. */
export function normalizeText(text: string | null | undefined): string {
  return (text ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The words that identify a description: no numbers (dates, ids, amounts), no stopwords. */
export function descriptionWords(text: string | null | undefined): string[] {
  return normalizeText(text)
    .split(' ')
    .filter((word) => word.length > 1 && !/\d/.test(word) && !STOPWORDS.has(word));
}

/** A stable key for "the same kind of description": its first six identifying words. */
export function descriptionSignature(text: string | null | undefined): string {
  return descriptionWords(text).slice(0, 6).join(' ');
}

/** A description's identifying words and their character bigrams, computed once to compare it with many others. */
export type PreparedDescription = { readonly words: ReadonlySet<string>; readonly grams: ReadonlyMap<string, number>; readonly gramCount: number };

export function prepareDescription(text: string | null | undefined): PreparedDescription {
  const words = new Set(descriptionWords(text));
  const grams = bigrams([...words].join(' '));
  let gramCount = 0;
  for (const count of grams.values()) gramCount += count;
  return { words, grams, gramCount };
}

/**
 * 0…1: the share of the shorter description's words found in the other, or the character-bigram
 * overlap (Dice) when that is higher — which tolerates abbreviations ("TRANSF" / "TRANSFERENCIA").
 */
export function descriptionSimilarity(a: string | null | undefined, b: string | null | undefined): number {
  return preparedSimilarity(prepareDescription(a), prepareDescription(b));
}

/** descriptionSimilarity of two prepared descriptions. */
export function preparedSimilarity(a: PreparedDescription, b: PreparedDescription): number {
  if (a.words.size === 0 || b.words.size === 0) return a.words.size === b.words.size ? 1 : 0;
  let shared = 0;
  for (const word of a.words) if (b.words.has(word)) shared += 1;
  const containment = shared / Math.min(a.words.size, b.words.size);
  return Math.max(containment, dice(a, b));
}

function bigrams(text: string): Map<string, number> {
  const grams = new Map<string, number>();
  for (let i = 0; i < text.length - 1; i++) {
    const gram = text.slice(i, i + 2);
    if (gram.includes(' ')) continue;
    grams.set(gram, (grams.get(gram) ?? 0) + 1);
  }
  return grams;
}

function dice(a: PreparedDescription, b: PreparedDescription): number {
  const total = a.gramCount + b.gramCount;
  let shared = 0;
  for (const [gram, count] of b.grams) shared += Math.min(count, a.grams.get(gram) ?? 0);
  return total === 0 ? 0 : (2 * shared) / total;
}
