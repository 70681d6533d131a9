// CNPJ (company registry number) found in document text: formatted or 14 bare digits, kept only
// when its check digits hold, so an access key or phone number is never taken for a company.

export type CnpjMatch = { cnpj: string; index: number };

// Since July 2026 the first 12 characters may be letters (IN RFB 2.229/2024); the check digits stay
// numeric and every character counts as its char code minus 48, which leaves digit-only CNPJs unchanged.
const FORMATTED = /(?<![\dA-Z])([\dA-Z]{2})\.([\dA-Z]{3})\.([\dA-Z]{3})\s?\/\s?([\dA-Z]{4})\s?-\s?(\d{2})(?!\d)/g;
const BARE = /(?<![\d./-])(\d{14})(?![\d/-])/g;

function checkDigit(body: string): number {
  let weight = 2;
  let sum = 0;
  for (let i = body.length - 1; i >= 0; i--) {
    sum += (body.charCodeAt(i) - 48) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** Validates a 14-character CNPJ without punctuation (digits, or the alphanumeric form). */
export function isValidCnpj(value: string): boolean {
  if (!/^[\dA-Z]{12}\d{2}$/.test(value) || /^(\d)\1{13}$/.test(value)) return false;
  const first = checkDigit(value.slice(0, 12));
  const second = checkDigit(value.slice(0, 12) + first);
  return value.endsWith(`${first}${second}`);
}

/** "11.222.333/0001-81" */
export function formatCnpj(value: string): string {
  return `${value.slice(0, 2)}.${value.slice(2, 5)}.${value.slice(5, 8)}/${value.slice(8, 12)}-${value.slice(12)}`;
}

/** Every valid CNPJ in the text, in reading order. */
export function findCnpjs(text: string): CnpjMatch[] {
  const upper = text.toUpperCase();
  const found: CnpjMatch[] = [];
  for (const m of upper.matchAll(FORMATTED)) {
    const cnpj = m.slice(1, 6).join('');
    if (isValidCnpj(cnpj)) found.push({ cnpj, index: m.index });
  }
  for (const m of upper.matchAll(BARE)) {
    if (isValidCnpj(m[1])) found.push({ cnpj: m[1], index: m.index });
  }
  return found.sort((a, b) => a.index - b.index);
}
