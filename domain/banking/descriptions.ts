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

/**
 * 0…1: the share of the shorter description's words found in the other, or the character-bigram
 * overlap (Dice) when that is higher — which tolerates abbreviations ("TRANSF" / "TRANSFERENCIA").
 */
export function descriptionSimilarity(a: string | null | undefined, b: string | null | undefined): number {
  const wordsA = new Set(descriptionWords(a));
  const wordsB = new Set(descriptionWords(b));
  if (wordsA.size === 0 || wordsB.size === 0) return wordsA.size === wordsB.size ? 1 : 0;
  let shared = 0;
  for (const word of wordsA) if (wordsB.has(word)) shared += 1;
  const containment = shared / Math.min(wordsA.size, wordsB.size);
  return Math.max(containment, dice([...wordsA].join(' '), [...wordsB].join(' ')));
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

function dice(a: string, b: string): number {
  const gramsA = bigrams(a);
  const gramsB = bigrams(b);
  let total = 0;
  let shared = 0;
  for (const count of gramsA.values()) total += count;
  for (const [gram, count] of gramsB) {
    total += count;
    shared += Math.min(count, gramsA.get(gram) ?? 0);
  }
  return total === 0 ? 0 : (2 * shared) / total;
}
