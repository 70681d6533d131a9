// The periods the dashboard, cash flow and metrics read: presets, custom ranges, and the period before.
import { z } from 'zod';
import { addDays, addMonths, daysBetween, isDateInRange } from '../shared/dates';
import { validationError } from '../shared/errors';

/** Inclusive business-date bounds, 'YYYY-MM-DD'. */
export type DateRange = { startDate: string; endDate: string };

/**
 * Presets, all counted in whole calendar months ending with the current one, except `30days`:
 * - `current-month` (the default): the month of today in São Paulo, 1st to last day;
 * - `last-month`, `current-quarter`, `last-quarter`, `current-year`, `last-year`: calendar blocks;
 * - `3months`, `6months`, `1year`, `2years`: the last 3, 6, 12, 24 months including the current one;
 * - `30days`: today and the 29 days before.
 */
export const periodPresets = [
  'current-month', 'last-month', 'current-quarter', 'last-quarter', 'current-year', 'last-year',
  '30days', '3months', '6months', '1year', '2years',
] as const;
export type PeriodPreset = (typeof periodPresets)[number];
export const DEFAULT_METRICS_PERIOD: PeriodPreset = 'current-month';
/** Spec §9: the cash-flow screen opens on 6 months. */
export const DEFAULT_CASH_FLOW_PERIOD: PeriodPreset = '6months';

/** A custom range may cover at most ten years (the charts draw one point per month). */
export const MAX_RANGE_DAYS = 3_660;

const monthStart = (date: string) => `${date.slice(0, 7)}-01`;
const monthEnd = (date: string) => addDays(addMonths(monthStart(date), 1), -1);

/** The range of `count` whole months ending with the month of `date`. */
function lastMonths(date: string, count: number): DateRange {
  return { startDate: addMonths(monthStart(date), 1 - count), endDate: monthEnd(date) };
}

export function presetRange(preset: PeriodPreset, today: string): DateRange {
  const quarterStart = `${today.slice(0, 5)}${String(Math.floor((Number(today.slice(5, 7)) - 1) / 3) * 3 + 1).padStart(2, '0')}-01`;
  switch (preset) {
    case 'current-month': return lastMonths(today, 1);
    case 'last-month': return lastMonths(addMonths(monthStart(today), -1), 1);
    case 'current-quarter': return lastMonths(addMonths(quarterStart, 2), 3);
    case 'last-quarter': return lastMonths(addMonths(quarterStart, -1), 3);
    case 'current-year': return { startDate: `${today.slice(0, 4)}-01-01`, endDate: `${today.slice(0, 4)}-12-31` };
    case 'last-year': {
      const year = Number(today.slice(0, 4)) - 1;
      return { startDate: `${year}-01-01`, endDate: `${year}-12-31` };
    }
    case '30days': return { startDate: addDays(today, -29), endDate: today };
    case '3months': return lastMonths(today, 3);
    case '6months': return lastMonths(today, 6);
    case '1year': return lastMonths(today, 12);
    case '2years': return lastMonths(today, 24);
  }
}

/** How many whole calendar months the range covers exactly, or null when it does not start on a 1st and end on a last day. */
export function wholeMonths(range: DateRange): number | null {
  if (range.startDate.slice(8) !== '01' || monthEnd(range.endDate) !== range.endDate) return null;
  const [sy, sm] = range.startDate.split('-').map(Number);
  const [ey, em] = range.endDate.split('-').map(Number);
  return (ey - sy) * 12 + (em - sm) + 1;
}

/**
 * The period of the same length just before `range`: the same number of calendar months when the
 * range is whole months (so 'vs mês anterior' is the previous month, whatever its number of days),
 * else the same number of days ending the day before it starts.
 */
export function previousRange(range: DateRange): DateRange {
  const months = wholeMonths(range);
  if (months !== null) return { startDate: addMonths(range.startDate, -months), endDate: addDays(range.startDate, -1) };
  const days = daysBetween(range.startDate, range.endDate) + 1;
  return { startDate: addDays(range.startDate, -days), endDate: addDays(range.startDate, -1) };
}

/**
 * What growth compares: a period still under way (today inside it, before its last day) is
 * compared up to today with the same days of the period before — 1–15 March against 1–15
 * February — not a partial month against a whole one. A finished period compares whole.
 */
export function comparableRanges(range: DateRange, today: string): { current: DateRange; previous: DateRange } {
  const before = previousRange(range);
  if (today < range.startDate || today >= range.endDate) return { current: range, previous: before };
  const months = wholeMonths(range);
  const sameDayBefore = months !== null ? addMonths(today, -months) : addDays(before.startDate, daysBetween(range.startDate, today));
  return {
    current: { startDate: range.startDate, endDate: today },
    previous: { startDate: before.startDate, endDate: sameDayBefore < before.endDate ? sameDayBefore : before.endDate },
  };
}

/** The months ('YYYY-MM') the range touches, in order. */
export function monthsOf(range: DateRange): string[] {
  const months: string[] = [];
  for (let month = monthStart(range.startDate); month <= range.endDate; month = addMonths(month, 1)) months.push(month.slice(0, 7));
  return months;
}

const MONTH_LABELS = ['Jan', 'Fev', 'Mar', 'Abr', 'Mai', 'Jun', 'Jul', 'Ago', 'Set', 'Out', 'Nov', 'Dez'];

/** '2025-03' → 'Mar/25', the charts' pt-BR month label. */
export function monthLabel(month: string): string {
  return `${MONTH_LABELS[Number(month.slice(5, 7)) - 1]}/${month.slice(2, 4)}`;
}

const MONTH_NAMES = ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'];

/** '2025-03' → 'março de 2025', for sentences. */
export function monthName(month: string): string {
  return `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} de ${month.slice(0, 4)}`;
}

/** The query every period-aware endpoint accepts: a preset, or both dates. */
export const periodQuery = z.object({
  period: z.enum(periodPresets, { errorMap: () => ({ message: `Período inválido; use um destes: ${periodPresets.join(', ')}` }) }).optional(),
  startDate: z.string().optional(),
  endDate: z.string().optional(),
});
export type PeriodQuery = z.infer<typeof periodQuery>;

/** Dates win over a preset; one date without the other, or an inverted range, is refused. */
export function resolvePeriod(query: PeriodQuery, today: string, fallback: PeriodPreset): DateRange {
  const { startDate, endDate } = query;
  if (startDate || endDate) {
    if (!startDate || !endDate) throw validationError('Informe a data inicial e a data final do período', { [startDate ? 'endDate' : 'startDate']: 'Data obrigatória' });
    for (const [field, value] of [['startDate', startDate], ['endDate', endDate]] as const) {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || !isDateInRange(value)) throw validationError('Data inválida: use AAAA-MM-DD', { [field]: 'Data inválida' });
    }
    if (startDate > endDate) throw validationError('A data inicial deve ser anterior à data final', { startDate: 'Data inicial depois da final' });
    if (daysBetween(startDate, endDate) > MAX_RANGE_DAYS) throw validationError('O período pode ter no máximo 10 anos', { endDate: 'Período longo demais' });
    return { startDate, endDate };
  }
  return presetRange(query.period ?? fallback, today);
}
