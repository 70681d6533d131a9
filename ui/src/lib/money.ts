// How a person in Brazil types an amount ('1.234,56', '1234,56', '1234.56', '1234', 'R$ 1.234,56') read into
// centavos, and centavos written back the way they read it: the one parser behind every money input.

/** Whole reais with optional thousands dots, then an optional decimal part of one or two digits. */
const WITH_COMMA = /^(\d{1,3}(?:\.\d{3})+|\d+),(\d{1,2})?$/;
const THOUSANDS_ONLY = /^\d{1,3}(?:\.\d{3})+$/;
const WITH_DOT = /^(\d+)(?:\.(\d{1,2}))?$/;
const MAX_CENTAVOS = 99_999_999_999;

const centavosOf = (whole: string, fraction = ''): number | null => {
  const value = Number(whole.replace(/\./g, '')) * 100 + Number((fraction + '00').slice(0, 2));
  return Number.isSafeInteger(value) && value <= MAX_CENTAVOS ? value : null;
};

/**
 * Typed text → integer centavos, or null when it is not an amount. A comma is always the decimal
 * separator; dots before it group thousands. Without a comma, '1.234' and '1.234.567' group thousands
 * (Brazilian typing) while a dot followed by one or two digits ('1234.56', the API's format) is decimal.
 */
export const parseBrazilianAmount = (typed: string): number | null => {
  const text = typed.replace(/R\$/i, '').replace(/[\s\u00a0]/g, '');
  if (text === '') return null;
  const withComma = WITH_COMMA.exec(text);
  if (withComma) return centavosOf(withComma[1], withComma[2]);
  if (THOUSANDS_ONLY.test(text)) return centavosOf(text);
  const withDot = WITH_DOT.exec(text);
  return withDot ? centavosOf(withDot[1], withDot[2]) : null;
};

/** Centavos → the API's decimal string, `123456` → `'1234.56'`. */
export const centavosToDecimal = (centavos: number): string =>
  `${Math.trunc(centavos / 100)}.${String(centavos % 100).padStart(2, '0')}`;

const grouped = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** An API amount (`'1234.5'`, `1234.5`) as a person reads it without the symbol: `'1.234,50'`; '' when none. */
export const formatAmountInput = (value: string | number | null | undefined): string => {
  if (value === null || value === undefined || value === '') return '';
  const centavos = parseBrazilianAmount(typeof value === 'number' ? value.toFixed(2) : value);
  return centavos === null ? String(value) : grouped.format(centavos / 100);
};
