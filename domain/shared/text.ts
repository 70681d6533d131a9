// Text Fluxo can store: PostgreSQL refuses NUL in text, and a lone UTF-16 surrogate cannot be encoded as UTF-8.
import { z } from 'zod';

export const INVALID_TEXT_MESSAGE = 'O texto contém caracteres inválidos (caractere nulo ou Unicode incompleto)';

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** No NUL and well-formed Unicode (every surrogate in a pair). */
export const isStorableText = (value: string): boolean => !value.includes('\u0000') && !LONE_SURROGATE.test(value);

/** The first path (e.g. "items.2.name") inside `value` — keys included — whose text is not storable; null when all is. */
export function findUnstorableText(value: unknown, path: string[] = [], depth = 0): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path.join('.') || '_';
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value) || depth > 64) return null;
  for (const [key, inner] of Object.entries(value)) {
    if (!isStorableText(key)) return [...path, '?'].join('.');
    const found = findUnstorableText(inner, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/** A zod string that refuses NUL and lone surrogates with the pt-BR message. */
export const storableString = () => z.string().refine(isStorableText, INVALID_TEXT_MESSAGE);
