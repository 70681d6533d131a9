// Business dates are 'YYYY-MM-DD' strings; "today" is always America/Sao_Paulo.
import { z } from 'zod';

export const TIME_ZONE = 'America/Sao_Paulo';

/** Business dates Fluxo accepts: far enough for any real record, near enough for every date and interval arithmetic. */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2100;
export const DATE_RANGE_MESSAGE = `Data fora do intervalo permitido (anos de ${MIN_YEAR} a ${MAX_YEAR})`;

const DATE_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Request and decider field: a real calendar date between MIN_YEAR and MAX_YEAR. Event schemas use
 * `recordedDate` instead, so an event stored before these bounds still reads.
 */
export const businessDate = z
  .string({ required_error: 'Data é obrigatória', invalid_type_error: 'Data inválida' })
  .regex(DATE_SHAPE, 'Data inválida: use AAAA-MM-DD')
  .refine((value) => isValidDate(value), 'Data inválida')
  .refine((value) => isDateInRange(value), DATE_RANGE_MESSAGE);

/** Event field: a real 'YYYY-MM-DD' calendar date, as recorded (no range: history is never refused on read). */
export const recordedDate = z.string().regex(DATE_SHAPE).refine((value) => isValidDate(value), 'Data inválida');

const digits = (value: string, from: number, to: number) => {
  let n = 0;
  for (let i = from; i < to; i++) n = n * 10 + value.charCodeAt(i) - 48;
  return n;
};

/**
 * What `new Date(Date.UTC(y, m - 1, d))` round-tripping says (years below 100 never do: Date.UTC
 * reads them as 19xx), without the allocations: it runs for every date of every event decoded.
 */
export function isValidDate(value: string): boolean {
  if (!DATE_SHAPE.test(value)) return false;
  const y = digits(value, 0, 4);
  const m = digits(value, 5, 7);
  const d = digits(value, 8, 10);
  if (y < 100 || m < 1 || m > 12 || d < 1) return false;
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  return d <= (m === 2 ? (leap ? 29 : 28) : m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31);
}

export function isDateInRange(value: string): boolean {
  const year = Number(value.slice(0, 4));
  return isValidDate(value) && year >= MIN_YEAR && year <= MAX_YEAR;
}

// One formatter for the process: building an Intl.DateTimeFormat costs ~0.3 ms, formatting with one ~1 µs.
const saoPauloDay = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

// São Paulo's offsets are whole hours, so its date never changes within a UTC hour: the dates of
// the hours asked about are kept (a rebuild asks for tens of thousands of events' days, ~1 µs each
// through Intl), a few thousand at most.
const dayOfHour = new Map<number, string>();
const REMEMBERED_HOURS = 4096;

/** The calendar date in São Paulo at the given instant. */
export function saoPauloDate(instant: Date): string {
  const hour = Math.floor(instant.getTime() / 3_600_000);
  let date = dayOfHour.get(hour);
  if (date === undefined) {
    date = saoPauloDay.format(instant);
    if (Number.isNaN(hour)) return date;
    if (dayOfHour.size >= REMEMBERED_HOURS) dayOfHour.clear();
    dayOfHour.set(hour, date);
  }
  return date;
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));
/** Days in a month of the Gregorian calendar (month 1–12). */
export const daysInMonth = (year: number, month: number): number =>
  month === 2 ? (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;

/** The same day `months` later, or the month's last day when it is shorter (31 Jan + 1 → 28 Feb). */
export function addMonths(date: string, months: number): string {
  // Arithmetic on the digits for an ordinary date (the budget and recurrence sums call this for
  // every occurrence they count); anything else goes through Date, as it always did.
  if (Number.isInteger(months) && DATE_SHAPE.test(date)) {
    const y = digits(date, 0, 4);
    const m = digits(date, 5, 7);
    const d = digits(date, 8, 10);
    const index = y * 12 + m - 1 + months;
    const year = Math.floor(index / 12);
    const month = index - year * 12 + 1;
    if (y >= 1000 && m >= 1 && m <= 12 && d >= 1 && d <= 31 && year >= 1000 && year <= 9999) {
      return `${year}-${pad2(month)}-${pad2(Math.min(d, daysInMonth(year, month)))}`;
    }
  }
  const [y, m, d] = date.split('-').map(Number);
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return target.toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** pt-BR display of a business date: 21/11/2026. */
export function formatDateBR(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
}
