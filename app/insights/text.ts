// pt-BR wording shared by the rules: money, percentages, months and counts as a person reads them.
import { formatBRL, type Centavos } from '../../domain/shared/money';
import { monthName } from '../../domain/finance/period-range';
import { formatDateBR } from '../../domain/shared/dates';

export const brl = (value: Centavos | number) => formatBRL(typeof value === 'bigint' ? value : BigInt(Math.round(value)));

/** 12.345 → '12,3%' (one decimal, dropped when zero: '40%'). */
export function percent(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return `${Number.isInteger(rounded) ? rounded.toFixed(0) : rounded.toFixed(1).replace('.', ',')}%`;
}

/** Share of `part` in `whole`, in percent. */
export const share = (part: Centavos, whole: Centavos) => (whole === 0n ? 0 : (Number(part) / Number(whole)) * 100);

export const month = (m: string) => monthName(m);
export const date = (d: string) => formatDateBR(d);

/** '1 dia', '3 dias'. */
export const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** 'A, B e C'. */
export function listing(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} e ${items[items.length - 1]}`;
}
