// Reads OFX amounts into signed centavos, accepting the decimal and grouping styles banks really emit.
//
// The OFX spec allows "." or "," as the decimal mark and no grouping, so "-30.000" (Bank of
// America) is thirty. Santander writes amounts of R$ 1 million or more as "6000.000,00": with both
// marks present, the last one is the decimal mark. A single mark followed by exactly three digits
// ("30.000", "1,500") is the only ambiguous shape; it is read as grouping only when the file's
// other amounts show that the *other* mark is the decimal one (a file of "-2,48" and "46888,75"
// amounts means "30.000" is thirty thousand). Otherwise the spec's reading (decimal) wins.
// Digits past the second decimal are rounded half away from zero ("-3.77000" → -3.77).

import { isWithinAmountLimit } from '../../domain/shared/money';

export type DecimalMark = '.' | ',' | null;

/** Fluxo's own bound (R$ 999.999.999,99 either way): a file with a larger amount is refused, whatever OFX allows. */
export const isImportableAmount = (centavos: bigint): boolean => isWithinAmountLimit(centavos);

export type ParsedAmount = {
  centavos: bigint;
  /** Non-zero digits past the second decimal were rounded away. */
  rounded: boolean;
  /** An ambiguous "N.NNN" was read as digit grouping because of the file's decimal style. */
  groupedByStyle: boolean;
};

const SHAPE = /^([+-]?)[ \t]*([0-9.,]{1,40})$/;
const MAX_INTEGER_DIGITS = 16;

/** The decimal mark this amount proves, if any (an ambiguous amount proves nothing). */
export function decimalEvidence(raw: string): DecimalMark {
  const body = SHAPE.exec(raw.trim())?.[2];
  if (!body || !/\d/.test(body)) return null;
  const dots = count(body, '.');
  const commas = count(body, ',');
  if (dots > 0 && commas > 0) return body.lastIndexOf('.') > body.lastIndexOf(',') ? '.' : ',';
  const mark = dots > 0 ? '.' : commas > 0 ? ',' : null;
  if (mark === null) return null;
  if (dots + commas > 1) return mark === '.' ? ',' : '.'; // "1.234.567": dots group, so commas are decimal
  const decimals = body.length - body.indexOf(mark) - 1;
  return decimals > 0 && decimals !== 3 ? mark : null;
}

/** The file's decimal mark when its amounts agree on one; null when none proves it or they disagree. */
export function inferDecimalMark(raws: Iterable<string>): DecimalMark {
  let dot = 0;
  let comma = 0;
  for (const raw of raws) {
    const mark = decimalEvidence(raw);
    if (mark === '.') dot++;
    else if (mark === ',') comma++;
  }
  if (dot > 0 && comma === 0) return '.';
  if (comma > 0 && dot === 0) return ',';
  return null;
}

/** What nearly every row carries ("-123.45", "10,00"): one mark, two decimals; read the same as below, in one step. */
const COMMON = /^\s*([+-]?)(\d{1,16})[.,](\d\d)\s*$/;

export function parseOfxAmount(raw: string, fileDecimalMark: DecimalMark = null): ParsedAmount | null {
  const common = COMMON.exec(raw);
  if (common) {
    const centavos = BigInt(common[2] + common[3]);
    return { centavos: common[1] === '-' ? -centavos : centavos, rounded: false, groupedByStyle: false };
  }
  const match = SHAPE.exec(raw.replace(/\u00a0/g, ' ').trim());
  if (!match) return null;
  const [, sign, body] = match;
  if (!/\d/.test(body)) return null;
  const dots = count(body, '.');
  const commas = count(body, ',');
  let integer: string | null;
  let fraction = '';
  let groupedByStyle = false;
  if (dots > 0 && commas > 0) {
    const decimal = body.lastIndexOf('.') > body.lastIndexOf(',') ? '.' : ',';
    if (count(body, decimal) !== 1) return null;
    const [left, right] = body.split(decimal);
    integer = ungroup(left, decimal === '.' ? ',' : '.');
    fraction = right;
  } else if (dots + commas === 0) {
    integer = body;
  } else {
    const mark = dots > 0 ? '.' : ',';
    if (dots + commas > 1) {
      integer = ungroup(body, mark);
    } else {
      const [left, right] = body.split(mark);
      const groupingByStyle = right.length === 3 && /^[1-9]\d*$/.test(left) && fileDecimalMark !== null && fileDecimalMark !== mark;
      if (groupingByStyle) {
        integer = left + right;
        groupedByStyle = true;
      } else {
        integer = left === '' ? '0' : left;
        fraction = right;
      }
    }
  }
  if (integer === null || !/^\d+$/.test(integer) || !/^\d*$/.test(fraction)) return null;
  const significant = integer.replace(/^0+(?=\d)/, '');
  if (significant.length > MAX_INTEGER_DIGITS) return null;
  let centavos = BigInt(significant) * 100n + BigInt((fraction + '00').slice(0, 2));
  const dropped = fraction.slice(2);
  if (dropped !== '' && dropped.charCodeAt(0) >= 53) centavos += 1n; // '5'..'9': half away from zero
  return { centavos: sign === '-' ? -centavos : centavos, rounded: /[1-9]/.test(dropped), groupedByStyle };
}

/** "6000.000" → "6000000": every group after the first must have exactly three digits. */
function ungroup(text: string, mark: string): string | null {
  const groups = text.split(mark);
  if (!/^\d+$/.test(groups[0])) return null;
  for (let k = 1; k < groups.length; k++) if (!/^\d{3}$/.test(groups[k])) return null;
  return groups.join('');
}

function count(text: string, char: string): number {
  let n = 0;
  for (const c of text) if (c === char) n++;
  return n;
}
