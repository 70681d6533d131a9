// pt-BR text of report cells and headings, shared by the PDF, the preview and the Excel header.
import { formatBRL } from '../../domain/shared/money';
import { formatDateBR, TIME_ZONE } from '../../domain/shared/dates';
import type { DateRange } from '../../domain/finance/period-range';
import type { Cell, ColumnKind } from './report';

const dateTime = new Intl.DateTimeFormat('pt-BR', { timeZone: TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });

export const periodText = (range: DateRange) => `${formatDateBR(range.startDate)} a ${formatDateBR(range.endDate)}`;
/** '20/06/2025 às 12:00' in São Paulo time. */
export const generatedText = (instant: string) => dateTime.format(new Date(instant)).replace(', ', ' às ');
/** The line of a report read as of a past instant. */
export const asOfText = (instant: string) => `Dados como estavam em ${generatedText(instant)} (eventos registrados até esse momento)`;

export function percentText(value: number): string {
  return `${value.toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })}%`;
}

export function cellText(value: Cell, kind: ColumnKind): string {
  if (value === null) return '';
  switch (kind) {
    case 'money': return typeof value === 'bigint' ? formatBRL(value) : String(value);
    case 'percent': return typeof value === 'number' ? percentText(value) : String(value);
    case 'integer': return typeof value === 'number' ? value.toLocaleString('pt-BR') : String(value);
    case 'date': return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDateBR(value) : String(value);
    case 'text': return String(value);
  }
}

/**
 * The spec's growth string ('5%', '-12.5%') in pt-BR: '+5%', '-12,5%'; '0%' and 'n/d' (no base to
 * compare with) as they are, as the dashboard's cards write them.
 */
export const growthText = (growth: string) => `${Number.parseFloat(growth) > 0 ? '+' : ''}${growth.replace('.', ',')}`;
