// The insight engine: every rule over one prepared analysis of an organization's history.
// Pure and deterministic: the same history and day give the same drafts in the same order.
import type { FinancialHistory } from './history';
import { prepare } from './history';
import type { InsightDraft, InsightRule } from './rule';
import { budgetOverrun } from './rules/budget-overrun';
import { expenseSpike } from './rules/expense-spike';
import { idleCash } from './rules/idle-cash';
import { insufficientHistory } from './rules/insufficient-history';
import { negativeCashFlow } from './rules/negative-cash-flow';
import { overdueRevenues } from './rules/overdue-revenues';
import { recurringCostsRule } from './rules/recurring-costs';
import { revenueConcentration } from './rules/revenue-concentration';
import { expenseTrend, revenueTrend } from './rules/trends';

export const rules: readonly InsightRule[] = [
  negativeCashFlow, budgetOverrun, expenseSpike, overdueRevenues, revenueTrend, expenseTrend,
  revenueConcentration, recurringCostsRule, idleCash, insufficientHistory,
];

const priorityRank = { high: 0, medium: 1, low: 2 } as const;

/**
 * Analyses the history as of `today` (São Paulo business date). `riskOnly` runs only the risk
 * patterns (the automatic analysis). Drafts come high priority first, then in rule order.
 */
export function analyze(history: FinancialHistory, today: string, options: { riskOnly?: boolean } = {}): InsightDraft[] {
  const analysis = prepare(history, today);
  const selected = rules.filter((rule) => !options.riskOnly || rule.risk);
  const drafts = selected.flatMap((rule, order) => rule.run(analysis).map((draft) => ({ draft, order })));
  return drafts
    .sort((x, y) => priorityRank[x.draft.priority] - priorityRank[y.draft.priority] || x.order - y.order ||
      (x.draft.subject ?? '').localeCompare(y.draft.subject ?? ''))
    .map(({ draft }) => draft);
}
