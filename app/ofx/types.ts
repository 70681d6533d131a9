// The shapes the OFX reader hands to the importer: statements and transactions, money in centavos.

export type OfxTransaction = {
  /** Trimmed; null when missing or blank. Not unique: banks repeat FITIDs (see the fixtures' SOURCES.md). */
  fitId: string | null;
  /** TRNTYPE as given, upper-cased (DEBIT, CREDIT, C, D, PAYMENT, ...). */
  type: string;
  /** 'YYYY-MM-DD': the local date written in the file; the time-zone suffix does not shift it. */
  postedAt: string;
  /** Signed centavos (negative = money out). */
  amount: bigint;
  name: string | null;
  memo: string | null;
  checkNum: string | null;
  refNum: string | null;
  /** 1-based line of the <STMTTRN> in the decoded text. */
  line: number;
};

export type OfxStatement = {
  kind: 'bank' | 'creditcard';
  bankId: string | null;
  branchId: string | null;
  accountId: string;
  /** CHECKING / SAVINGS / MONEYMRKT / CREDITLINE as written; CREDITCARD for card statements; INVESTMENT for INVSTMTRS. */
  accountType: string | null;
  currency: string | null;
  /** LEDGERBAL; null when absent, empty or unreadable (a warning says which). */
  balance: { amount: bigint; asOf: string | null } | null;
  /** From DTSTART/DTEND when valid, else min/max postedAt; swapped when start > end. */
  dateRange: { start: string | null; end: string | null };
  transactions: OfxTransaction[];
};

export type OfxDocument = {
  version: 1 | 2;
  /** The charset the bytes were decoded with; for string input, the one the header declares. */
  charset: string;
  statements: OfxStatement[];
  /** pt-BR notes about what was tolerated (bad header dates, skipped balance rows, guessed charset...). */
  warnings: string[];
};
