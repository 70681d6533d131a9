// What a rule is: a named, pure reading of the analysis that returns drafts stating their numbers.
import type { InsightPriority, InsightType } from '../../domain/insights/insight';
import type { Analysis } from './history';

export type InsightDraft = {
  /** Stable rule key, e.g. 'expense-spike'. */
  rule: string;
  /** What the finding is about within the rule (category slug, budget id…), null for one per organization. */
  subject: string | null;
  type: InsightType;
  priority: InsightPriority;
  title: string;
  content: string;
  /** The figures behind the text, for tests, the API and any rephrasing (which must keep them). */
  facts: Record<string, string | number>;
};

export type InsightRule = {
  key: string;
  /** A risk pattern: run by the automatic analysis too, not only by a full one. */
  risk: boolean;
  run: (analysis: Analysis) => InsightDraft[];
};

/** Centavos as a number for statistics (exact below 2^53 centavos, i.e. any real company). */
export const num = (value: bigint) => Number(value);
export const cents = (value: number) => BigInt(Math.round(value));
