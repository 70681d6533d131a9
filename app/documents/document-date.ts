// The date of a document in its text: dd/mm/aaaa or dd/mm/aa, taken beside its label (due date
// first on payment slips, emission date on invoices and receipts), else the first plausible one.
import { isDateInRange } from '../../domain/shared/dates';
import type { DocumentKind } from './document-kind';
import { fold } from './text';

const DATE = /(?<![\d/.-])(\d{1,2})([/.-])(\d{1,2})\2(\d{4}|\d{2})(?!\d|[/.-]\d)/g;

/** Day, month and year as printed ('5', '03', '25' or '2025') → YYYY-MM-DD, or null. */
export function brazilianDate(day: string, month: string, year: string): string | null {
  const fullYear = year.length === 4 ? Number(year) : Number(year) + (Number(year) < 80 ? 2000 : 1900);
  if (fullYear < 1990 || fullYear > 2099) return null;
  const date = `${fullYear}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return isDateInRange(date) ? date : null;
}

function datesIn(line: string, from = 0): string[] {
  return [...line.slice(from).matchAll(DATE)].map((m) => brazilianDate(m[1], m[3], m[4])).filter((d) => d !== null);
}

const DUE_LABEL = /vencimento|\bvenc\b\.?|vence em|pagavel ate|pagar ate|data limite/;
const ISSUE_LABEL = /emissao|emitid[ao] em|data da compra|data do documento|competencia/;
const ANY_DATE_LABEL = /\bdata\b(?! de venc| de valid| de nasc| de fabric)|\bdt\b\.?/;
const NOT_THE_DATE = /validade|nascimento|\bval\.|fabricacao/;

function dateNearLabel(lines: string[], label: RegExp): string | null {
  for (const [index, line] of lines.entries()) {
    const match = label.exec(fold(line));
    if (!match) continue;
    const found = datesIn(line, match.index + match[0].length)[0] ?? datesIn(line)[0];
    if (found) return found;
    // A label row over a value row: the first date just below.
    for (const below of lines.slice(index + 1, index + 3)) {
      const date = datesIn(below)[0];
      if (date) return date;
    }
  }
  return null;
}

/** The document's date as YYYY-MM-DD, or null; a slip's due date comes before its other dates. */
export function pickDate(lines: string[], kind: DocumentKind): string | null {
  const labels = kind === 'boleto' || kind === 'arrecadacao' ? [DUE_LABEL, ISSUE_LABEL, ANY_DATE_LABEL] : [ISSUE_LABEL, ANY_DATE_LABEL];
  for (const label of labels) {
    const date = dateNearLabel(lines, label);
    if (date) return date;
  }
  for (const line of lines) {
    if (NOT_THE_DATE.test(fold(line))) continue;
    const date = datesIn(line)[0];
    if (date) return date;
  }
  return null;
}
