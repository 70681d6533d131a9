// Reads OFX dates (YYYYMMDD[HHMM[SS[.XXX]]][ [offset:TZ]]) as the business date written in the file.
//
// The time-zone suffix is deliberately not applied: "20240419000000[-3:BRT]" is 19 April for the
// bank and for the person reading the statement, whatever the instant is in UTC.
import { daysInMonth } from '../../domain/shared/dates';

export type OfxDate = { kind: 'date'; date: string } | { kind: 'empty' } | { kind: 'zero' } | { kind: 'invalid' };

const FORMAT =
  /^(\d{4})(\d{2})(\d{2})(?:(\d{2})(\d{2})(?:(\d{2})(?:[.,]\d{1,6})?)?)?(?:\s*\[\s*[+-]?\d{1,2}(?:[.:]\d{1,2})?\s*(?::\s*[A-Za-z][A-Za-z0-9+-]{0,15})?\s*\])?$/;

export function parseOfxDate(raw: string | null): OfxDate {
  const text = (raw ?? '').trim();
  if (text === '') return { kind: 'empty' };
  if (/^0{8}/.test(text)) return { kind: 'zero' };
  if (text.length > 64) return { kind: 'invalid' };
  const match = FORMAT.exec(text);
  if (!match) return { kind: 'invalid' };
  const [, y, m, d, hh, mm, ss] = match;
  const year = Number(y);
  const month = Number(m);
  const day = Number(d);
  if (year < 1900 || year > 2100 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return { kind: 'invalid' };
  if (hh !== undefined && (Number(hh) > 23 || Number(mm) > 59 || (ss !== undefined && Number(ss) > 60))) return { kind: 'invalid' };
  return { kind: 'date', date: `${y}-${m}-${d}` };
}
