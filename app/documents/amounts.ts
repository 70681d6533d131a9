// Amounts in Brazilian notation ('R$ 1.234,56', '1.234,56', '87,45') and the choice of the one a
// document asks to pay: total lines beat item lines, and 'Valor a Pagar' beats 'Valor Total'.
import type { Centavos } from '../../domain/shared/money';
import { fold } from './text';

export type AmountMatch = { centavos: Centavos; start: number; end: number };

// Thousands with dots, two decimals after a comma; not part of a longer number, a date or a
// quantity with three decimals ('2,500 KG').
const AMOUNT = /(?<![\d.,])(?:R\$ ?)?(\d{1,3}(?:\.\d{3})+|\d+),(\d{2})(?![\d,%]|\.\d| %)/gi;

/** "R$ 1.234,56" → 123456n; null when the text is not exactly one amount. */
export function parseBrazilianAmount(text: string): Centavos | null {
  const found = findAmounts(text.trim());
  return found.length === 1 && found[0].start === 0 && found[0].end === text.trim().length ? found[0].centavos : null;
}

export function findAmounts(line: string): AmountMatch[] {
  return [...line.matchAll(AMOUNT)].map((m) => ({
    centavos: BigInt(m[1].replaceAll('.', '')) * 100n + BigInt(m[2]),
    start: m.index,
    end: m.index + m[0].length,
  }));
}

type TotalLabel = { rank: number; start: number; end: number };

const OCR_DOT_DECIMAL = /(?<![\d.,])(\d{1,3}(?:[.,]\d{3})*)\.(\d{2})(?![\d.,])/;

// Rank 1: what is due after discounts; 2: a document total; 3: a bare 'TOTAL'.
const LABELS: { rank: number; pattern: RegExp }[] = [
  { rank: 1, pattern: /valor (?:a|à) pagar|total a pagar|(?:valor|vlr?\.?|v\.) total da nota|valor da nota|valor do documento|valor cobrado|total da nota/g },
  { rank: 2, pattern: /valor total|total geral|total r\$|total do documento|total da compra/g },
  { rank: 3, pattern: /\btotal\b/g },
];
// A 'total' that is not what is paid: taxes, item counts, partial sums, change.
const NOT_AFTER = /^:?\s*(?:d[oae]s? )?(?:ipi|icms|tributos?|impostos?|itens|pis|cofins|iss|aprox|de itens|st\b|desconto|frete|seguro|pago)/;
const NOT_BEFORE = /(?:sub|sub-|sub |qtd\.? |quantidade |qtde\.? |tributos |impostos |aprox\. )$/;

function totalLabels(line: string): TotalLabel[] {
  const folded = fold(line);
  const labels: TotalLabel[] = [];
  for (const { rank, pattern } of LABELS) {
    for (const m of folded.matchAll(pattern)) {
      const start = m.index;
      const end = start + m[0].length;
      if (labels.some((label) => start < label.end && end > label.start)) continue;
      if (NOT_AFTER.test(folded.slice(end).trimStart()) || NOT_BEFORE.test(folded.slice(0, start))) continue;
      labels.push({ rank, start, end });
    }
  }
  return labels;
}

/** The amount a label refers to: after it on its line, else below it in the nearest column. */
function amountForLabel(lines: string[], index: number, label: TotalLabel): { centavos: Centavos; sameLine: boolean } | null {
  const line = lines[index];
  const after = findAmounts(line).find((amount) => amount.start >= label.end);
  if (after) {
    // Stop at another label: 'TOTAL 10,00 DESCONTO 1,00' must not give the discount to TOTAL.
    const between = fold(line.slice(label.end, after.start)).replace(/\br\$/g, '');
    if (!/[a-z]{3,}/.test(between)) return { centavos: after.centavos, sameLine: true };
  }
  if (findAmounts(line).length > 0) return null;
  // OCR of a photo often reads the decimal comma as a dot: 'TOTAL R$ 87.45'. Trusted on total lines only.
  const misread = OCR_DOT_DECIMAL.exec(line.slice(label.end));
  if (misread && !/[a-z]{3,}/.test(fold(line.slice(label.end, label.end + misread.index)).replace(/\br\$/g, ''))) {
    return { centavos: BigInt(misread[1].replace(/[.,]/g, '')) * 100n + BigInt(misread[2]), sameLine: true };
  }
  // A label row over a value row (DANFE boxes): the value whose column is nearest the label's.
  const column = (label.start + label.end) / 2 / Math.max(line.length, 1);
  const distance = (amount: AmountMatch, row: string) => Math.abs((amount.start + amount.end) / 2 / row.length - column);
  for (const below of lines.slice(index + 1, index + 3)) {
    const amounts = findAmounts(below);
    if (amounts.length === 0) continue;
    const nearest = amounts.reduce((best, amount) => (distance(amount, below) < distance(best, below) ? amount : best));
    return { centavos: nearest.centavos, sameLine: false };
  }
  return null;
}

// Lines whose amounts are never the document's value when no total line is found.
const NOT_A_VALUE = /troco|dinheiro|valor pago|tribut|imposto|desconto|juros|multa|limite|saldo/;

/**
 * The document's amount: the best-ranked total label (a value on the label's own line beats one
 * read from the row below, then the first in reading order), else the largest amount in the text.
 */
export function pickTotal(lines: string[]): Centavos | null {
  let best: { rank: number; sameLine: boolean; centavos: Centavos } | null = null;
  for (const [index, line] of lines.entries()) {
    for (const label of totalLabels(line)) {
      const found = amountForLabel(lines, index, label);
      if (!found || found.centavos <= 0n) continue;
      const better = !best || label.rank < best.rank || (label.rank === best.rank && found.sameLine && !best.sameLine);
      if (better) best = { rank: label.rank, ...found };
    }
  }
  if (best) return best.centavos;
  let largest: Centavos | null = null;
  for (const line of lines) {
    if (NOT_A_VALUE.test(fold(line))) continue;
    for (const { centavos } of findAmounts(line)) if (largest === null || centavos > largest) largest = centavos;
  }
  return largest;
}
