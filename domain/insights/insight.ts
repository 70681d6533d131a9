// The Insights aggregate: an organization's current set of insights (one stream per organization).
// A full analysis replaces the set; an automatic analysis only adds findings the set lacks.
import { z } from 'zod';
import { match } from 'ts-pattern';
import type { Decider, EventsOf } from '../shared/decider';

export const insightTypes = ['opportunity', 'trend', 'warning', 'recommendation'] as const;
export type InsightType = (typeof insightTypes)[number];
export const insightPriorities = ['low', 'medium', 'high'] as const;
export type InsightPriority = (typeof insightPriorities)[number];

const insightData = z.object({
  insightId: z.string(),
  organizationId: z.string(),
  type: z.enum(insightTypes),
  title: z.string(),
  content: z.string(),
  priority: z.enum(insightPriorities),
  createdAt: z.string(),
  origin: z.enum(['analysis', 'auto']),
  /** The engine rule that found it (e.g. 'expense-spike'). */
  rule: z.string(),
  /** What it is about within the rule (a category slug, a budget id…); rule + subject name one finding. */
  subject: z.string().nullable().optional(),
});
export type Insight = z.output<typeof insightData>;

export const insightEvents = {
  InsightRecorded: insightData,
  InsightsCleared: z.object({ organizationId: z.string(), insightIds: z.array(z.string()) }),
};
export type InsightEvent = EventsOf<typeof insightEvents>;

export type InsightCommand =
  | { type: 'ReplaceInsights'; data: { organizationId: string; insights: Insight[] } }
  | { type: 'RecordAutoInsights'; data: { organizationId: string; insights: Insight[] } };

export type InsightsState = { current: readonly Insight[] };

/** One finding: the same rule about the same subject, whatever the day it was found. */
export const findingKey = (insight: Pick<Insight, 'rule' | 'subject'>) => `${insight.rule}:${insight.subject ?? ''}`;

const sameText = (a: Insight, b: Insight) =>
  a.type === b.type && a.title === b.title && a.content === b.content && a.priority === b.priority;

function unique(insights: Insight[]): Insight[] {
  const seen = new Set<string>();
  return insights.filter((insight) => !seen.has(insight.insightId) && seen.add(insight.insightId));
}

export const insights: Decider<InsightsState, InsightCommand, InsightEvent> = {
  initialState: () => ({ current: [] }),
  evolve: (state, event) =>
    match(event)
      .with({ type: 'InsightRecorded' }, ({ data }): InsightsState => ({
        current: [...state.current.filter((i) => i.insightId !== data.insightId), data],
      }))
      .with({ type: 'InsightsCleared' }, ({ data }): InsightsState => ({
        current: state.current.filter((i) => !data.insightIds.includes(i.insightId)),
      }))
      .exhaustive(),
  decide: (command, state) =>
    match(command)
      .with({ type: 'ReplaceInsights' }, ({ data }): InsightEvent[] => {
        const fresh = unique(data.insights);
        // The same analysis again (same day, same figures): nothing changes, nothing is recorded.
        const unchanged = fresh.length === state.current.length &&
          fresh.every((f) => state.current.some((c) => c.insightId === f.insightId && sameText(c, f)));
        if (unchanged) return [];
        const cleared: InsightEvent[] = state.current.length === 0 ? [] : [{
          type: 'InsightsCleared', data: { organizationId: data.organizationId, insightIds: state.current.map((i) => i.insightId) },
        }];
        return [...cleared, ...fresh.map((insight): InsightEvent => ({ type: 'InsightRecorded', data: insight }))];
      })
      .with({ type: 'RecordAutoInsights' }, ({ data }): InsightEvent[] => {
        const known = new Set(state.current.map(findingKey));
        return unique(data.insights)
          .filter((insight) => !known.has(findingKey(insight)))
          .map((insight): InsightEvent => ({ type: 'InsightRecorded', data: insight }));
      })
      .exhaustive(),
};
