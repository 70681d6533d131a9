// Reads what an expense needs (description, amount, date, category, vendor) from the text of a
// Brazilian receipt, invoice (NFC-e, DANFE, NFS-e) or payment slip (boleto, arrecadação). Pure.
import { formatMoney } from '../../domain/shared/money';
import { pickTotal } from './amounts';
import { findPaymentSlip } from './boleto';
import { guessCategory, type CategoryOption } from './category';
import { pickDate } from './document-date';
import { describeDocument, documentKind, documentNumber } from './document-kind';
import { fold, textLines } from './text';
import { pickVendor } from './vendor';

export type ExtractedData = {
  description: string | null;
  /** Decimal string with two places: "1234.50". */
  amount: string | null;
  /** YYYY-MM-DD: the emission date, or the due date of a payment slip. */
  date: string | null;
  /** An expense category slug. */
  category: string | null;
  vendor: string | null;
};

export type ExtractOptions = {
  /** The organization's expense categories; the spec's fallback slugs when absent or empty. */
  categories?: CategoryOption[];
  /** YYYY-MM-DD, the day the document is read: it places a boleto's due-date factor in its cycle. */
  today: string;
};

const MAX_TEXT = 200_000;

/** The expense fields a document's text supports; null where it says nothing reliable. */
export function extractExpenseData(text: string, options: ExtractOptions): ExtractedData {
  // A receipt's text is a few kilobytes; the cap keeps a huge text layer from slowing the regexes.
  const normalized = text.slice(0, MAX_TEXT).normalize('NFC');
  const lines = textLines(normalized);
  const slip = findPaymentSlip(normalized, options.today);
  const kind = documentKind(fold(normalized), slip);
  const vendor = pickVendor(lines, normalized, kind);
  const description = describeDocument(kind, documentNumber(lines, kind), vendor, slip);
  const amount = slip?.amount ?? pickTotal(lines);
  const date = (slip?.kind === 'boleto' ? slip.dueDate : null) ?? pickDate(lines, kind);
  return {
    description,
    amount: amount === null ? null : formatMoney(amount),
    date,
    category: guessCategory(`${description ?? ''}\n${normalized}`, vendor, options.categories),
    vendor,
  };
}
