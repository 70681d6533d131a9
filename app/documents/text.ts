// Text helpers shared by the document readers: accent-free lowercase for keyword matching, and lines.

/** "Emissão: 15/03" → "emissao: 15/03"; same length as the input, so indexes stay valid. */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().normalize('NFC');
}

/** Trimmed lines with blanks collapsed; empty lines dropped. */
export function textLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .filter(Boolean);
}
