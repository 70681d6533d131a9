// Portfolio arithmetic of the Investimentos screen: totals, return, allocation by type, next maturities.
import { daysBetween } from '../shared/dates';
import type { Centavos } from '../shared/money';
import type { InvestmentType } from './investment';

export type Holding = {
  id: string;
  name: string;
  type: InvestmentType;
  amount: Centavos;
  currentValue: Centavos | null;
  maturityDate: string | null;
};

export const NEXT_MATURITIES = 3;

/** Spec §3: the current value falls back to the amount invested. */
export const currentValueOf = (holding: Pick<Holding, 'amount' | 'currentValue'>): Centavos => holding.currentValue ?? holding.amount;

/** `part / whole` as a percent with one decimal (half away from zero), 0 when `whole` is 0. */
export function percentOf(part: Centavos, whole: Centavos): number {
  if (whole === 0n) return 0;
  const scaled = 2000n * part;
  const tenths = (scaled + (scaled < 0n ? -whole : whole)) / (2n * whole);
  return Number(tenths) / 10;
}

/** Spec §9: (current − invested) / invested, shown with 1 decimal. */
export const returnPercent = (invested: Centavos, current: Centavos): number => percentOf(current - invested, invested);

/** Spec §9 maturity wording, counted in calendar days from `today` (São Paulo). */
export function maturityLabel(maturityDate: string, today: string): string {
  const days = daysBetween(today, maturityDate);
  if (days < 0) return 'Vencido';
  if (days === 0) return 'Vence hoje';
  if (days === 1) return 'Vence amanhã';
  if (days <= 30) return `Vence em ${days} dias`;
  const months = Math.floor(days / 30);
  return `Vence em ${months} ${months === 1 ? 'mês' : 'meses'}`;
}

export type PortfolioSummary = {
  totalInvested: Centavos;
  currentValue: Centavos;
  totalGain: Centavos;
  returnPercent: number;
  allocation: { type: InvestmentType; amount: Centavos; percent: number }[];
  nextMaturities: { id: string; name: string; type: InvestmentType; maturityDate: string; daysUntil: number; label: string }[];
};

export function portfolioSummary(holdings: readonly Holding[], today: string): PortfolioSummary {
  const totalInvested = holdings.reduce((sum, h) => sum + h.amount, 0n);
  const currentValue = holdings.reduce((sum, h) => sum + currentValueOf(h), 0n);
  const byType = new Map<InvestmentType, Centavos>();
  for (const h of holdings) byType.set(h.type, (byType.get(h.type) ?? 0n) + h.amount);
  const allocation = [...byType]
    .map(([type, amount]) => ({ type, amount, percent: percentOf(amount, totalInvested) }))
    .sort((a, b) => (a.amount === b.amount ? a.type.localeCompare(b.type) : a.amount > b.amount ? -1 : 1));
  const nextMaturities = holdings
    .filter((h): h is Holding & { maturityDate: string } => h.maturityDate !== null)
    .sort((a, b) => a.maturityDate.localeCompare(b.maturityDate) || a.id.localeCompare(b.id))
    .slice(0, NEXT_MATURITIES)
    .map((h) => ({ id: h.id, name: h.name, type: h.type, maturityDate: h.maturityDate, daysUntil: daysBetween(today, h.maturityDate), label: maturityLabel(h.maturityDate, today) }));
  return { totalInvested, currentValue, totalGain: currentValue - totalInvested, returnPercent: returnPercent(totalInvested, currentValue), allocation, nextMaturities };
}
