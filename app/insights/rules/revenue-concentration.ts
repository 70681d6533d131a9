// Revenue concentration: one revenue category bringing most of the money over the last months,
// so a bad month in that single source hits the whole company.
import { formatMoney } from '../../../domain/shared/money';
import { revenueCategoryLabels, type RevenueCategory } from '../../../domain/finance/revenue';
import { monthOf, sumOf } from '../history';
import type { InsightRule } from '../rule';
import { brl, percent, share } from '../text';

const WINDOW_MONTHS = 6;
const MIN_MONTHS = 2;
/** From 60% of revenue in one category it is a dependency worth naming; from 80% a serious one. */
const CONCENTRATED = 60;
const HIGHLY_CONCENTRATED = 80;

export const revenueConcentration: InsightRule = {
  key: 'revenue-concentration',
  risk: false,
  run: (a) => {
    const months = a.completeMonths(WINDOW_MONTHS);
    if (months.length < MIN_MONTHS) return [];
    const inWindow = a.revenues.filter((r) => months.includes(monthOf(r.date)));
    const total = sumOf(inWindow);
    if (total <= 0n) return [];
    const byCategory = new Map<string, bigint>();
    for (const r of inWindow) byCategory.set(r.category, (byCategory.get(r.category) ?? 0n) + r.amount);
    const ranked = [...byCategory].sort(([ca, x], [cb, y]) => (y > x ? 1 : y < x ? -1 : ca.localeCompare(cb)));
    const [top, amount] = ranked[0];
    const topShare = share(amount, total);
    if (topShare < CONCENTRATED) return [];
    const label = revenueCategoryLabels[top as RevenueCategory] ?? top;
    const next = ranked[1];
    const rest = next
      ? ` A segunda fonte, ${revenueCategoryLabels[next[0] as RevenueCategory] ?? next[0]}, responde por ${percent(share(next[1], total))}.`
      : ' Não há receitas em outras categorias.';
    return [{
      rule: 'revenue-concentration',
      subject: top,
      type: 'recommendation',
      priority: topShare >= HIGHLY_CONCENTRATED ? 'medium' : 'low',
      title: `Receita concentrada em ${label}`,
      content: `${label} respondeu por ${percent(topShare)} das receitas dos últimos ${months.length} meses (${brl(amount)} de ${brl(total)}).${rest} Desenvolver outras fontes de receita reduz o impacto de uma queda nessa categoria.`,
      facts: { category: top, share: Math.round(topShare * 10) / 10, amount: formatMoney(amount), total: formatMoney(total), months: months.length },
    }];
  },
};
