// The Relatórios screen's periods (spec §9): current or last month, quarter or year, or a custom
// range that needs both dates (otherwise the current month is used). Quarters are 3-month blocks;
// the last quarter of January–March is the previous year's fourth.

export type ReportPeriod = 'current-month' | 'last-month' | 'current-quarter' | 'last-quarter' | 'current-year' | 'custom';
export type DateRange = { startDate: string; endDate: string };

export const periodLabels: Record<ReportPeriod, string> = {
  'current-month': 'Mês Atual',
  'last-month': 'Mês Anterior',
  'current-quarter': 'Trimestre Atual',
  'last-quarter': 'Trimestre Anterior',
  'current-year': 'Ano Atual',
  custom: 'Período Personalizado',
};

const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
/** `count` months starting at (year, month), month 1-based and allowed to run below 1. */
function months(year: number, month: number, count: number): DateRange {
  const start = new Date(Date.UTC(year, month - 1, 1));
  const end = new Date(Date.UTC(year, month - 1 + count, 0));
  return {
    startDate: `${start.getUTCFullYear()}-${pad(start.getUTCMonth() + 1)}-01`,
    endDate: `${end.getUTCFullYear()}-${pad(end.getUTCMonth() + 1)}-${pad(lastDay(end.getUTCFullYear(), end.getUTCMonth() + 1))}`,
  };
}

export const isCompleteCustom = (custom: DateRange) => custom.startDate !== '' && custom.endDate !== '' && custom.startDate <= custom.endDate;

/** The dates of a period; a custom period without both dates (or inverted) falls back to the current month. */
export function reportRange(period: ReportPeriod, custom: DateRange, today: string): DateRange & { period: ReportPeriod } {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const quarterStart = month - ((month - 1) % 3);
  switch (period) {
    case 'custom':
      if (isCompleteCustom(custom)) return { ...custom, period };
      return { ...months(year, month, 1), period: 'current-month' };
    case 'last-month': return { ...months(year, month - 1, 1), period };
    case 'current-quarter': return { ...months(year, quarterStart, 3), period };
    case 'last-quarter': return { ...months(year, quarterStart - 3, 3), period };
    case 'current-year': return { ...months(year, 1, 12), period };
    case 'current-month': return { ...months(year, month, 1), period };
  }
}
