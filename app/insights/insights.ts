// Insight use cases: a full analysis that replaces the organization's insights, and the automatic
// one that only adds risk alerts not yet present. Both analyse the read models as of today (São
// Paulo) and record events on the organization's insights stream.
import { v5 } from 'uuid';
import { insights, type Insight } from '../../domain/insights/insight';
import { saoPauloDate } from '../../domain/shared/dates';
import { handleCommand, loadState } from '../commands/handle-command';
import type { ActorContext } from '../context';
import type { AppDeps } from '../deps';
import { withTenant } from '../db/tenant';
import { streamName } from '../eventstore/port';
import { tenantOf } from '../finance/tenant';
import { analyze } from './engine';
import { loadFinancialHistory } from './loader';
import type { Rephraser } from './rephrase';
import type { InsightDraft } from './rule';

/** Namespace of insight ids: uuid v5 of (organization, rule, subject, analysis day). */
export const INSIGHT_NAMESPACE = '3b8f0d52-7c1e-4a69-9d2b-5e4f6a1c8e07';

export const insightsStream = (organizationId: string) => streamName('insights', organizationId);

/** The same finding on the same day has the same id, so running the analysis again duplicates nothing. */
export const insightIdOf = (organizationId: string, draft: Pick<InsightDraft, 'rule' | 'subject'>, day: string) =>
  v5(`${organizationId}:${draft.rule}:${draft.subject ?? ''}:${day}`, INSIGHT_NAMESPACE);

export type InsightOptions = { rephrase?: Rephraser | null };

async function draftsFor(deps: AppDeps, organizationId: string, today: string, riskOnly: boolean): Promise<InsightDraft[]> {
  const history = await withTenant(deps.db, organizationId, (tx) => loadFinancialHistory(tx, organizationId, today));
  return analyze(history, today, { riskOnly });
}

async function rephrased(deps: AppDeps, drafts: InsightDraft[], options: InsightOptions): Promise<InsightDraft[]> {
  if (!options.rephrase || drafts.length === 0) return drafts;
  try {
    return await options.rephrase(drafts);
  } catch (error) {
    deps.logger.warn({ err: error }, 'reescrita dos insights indisponível; usando os textos da análise');
    return drafts;
  }
}

function toInsight(organizationId: string, draft: InsightDraft, context: ActorContext, today: string, origin: Insight['origin']): Insight {
  return {
    insightId: insightIdOf(organizationId, draft, today),
    organizationId,
    type: draft.type,
    title: draft.title,
    content: draft.content,
    priority: draft.priority,
    createdAt: context.now.toISOString(),
    origin,
    rule: draft.rule,
    subject: draft.subject,
  };
}

/** POST /api/ai-insights/generate: replaces the current insights with a fresh analysis. */
export async function generateInsights(deps: AppDeps, context: ActorContext, options: InsightOptions = {}): Promise<Insight[]> {
  const organizationId = tenantOf(context);
  const today = saoPauloDate(context.now);
  const drafts = await rephrased(deps, await draftsFor(deps, organizationId, today, false), options);
  const fresh = drafts.map((d) => toInsight(organizationId, d, context, today, 'analysis'));
  const result = await handleCommand(deps.eventStore, insightsStream(organizationId), insights, {
    type: 'ReplaceInsights', data: { organizationId, insights: fresh },
  }, context);
  await deps.waitForProjections(result.position);
  return fresh;
}

/**
 * POST /api/ai-insights/auto-generate: only the risk patterns, recorded when the current set does
 * not already hold the same finding. Returns the new alerts (empty when none). High-priority ones
 * become notifications through the notifications process, which reacts to InsightRecorded.
 */
export async function autoGenerateInsights(deps: AppDeps, context: ActorContext, options: InsightOptions = {}): Promise<Insight[]> {
  const organizationId = tenantOf(context);
  const today = saoPauloDate(context.now);
  const drafts = await draftsFor(deps, organizationId, today, true);
  if (drafts.length === 0) return [];
  // Rephrase only what the decider will keep (it filters again, so a concurrent run stays safe).
  const candidates = drafts.map((d) => toInsight(organizationId, d, context, today, 'auto'));
  const current = await loadState(deps.eventStore, insightsStream(organizationId), insights);
  const probe = insights.decide({ type: 'RecordAutoInsights', data: { organizationId, insights: candidates } }, current);
  const newIds = new Set(probe.map((e) => (e.type === 'InsightRecorded' ? e.data.insightId : '')));
  const fresh = await rephrased(deps, drafts.filter((_, i) => newIds.has(candidates[i].insightId)), options);
  const result = await handleCommand(deps.eventStore, insightsStream(organizationId), insights, {
    type: 'RecordAutoInsights', data: { organizationId, insights: fresh.map((d) => toInsight(organizationId, d, context, today, 'auto')) },
  }, context);
  await deps.waitForProjections(result.position);
  return result.events.flatMap((e) => (e.type === 'InsightRecorded' ? [e.data] : []));
}
