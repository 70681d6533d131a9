// Revenue use cases: record (by hand or from an imported bank transaction, exactly once), update, delete.
import { revenue, type ImportSource, type Revenue, type RevenueCategory, type RevenueChanges, type RevenueStatus } from '../../domain/finance/revenue';
import { uuid } from '../../domain/shared/ids';
import { conflict } from '../../domain/shared/errors';
import type { Centavos } from '../../domain/shared/money';
import { handleCommand, loadState } from '../commands/handle-command';
import type { ActorContext } from '../context';
import type { AppDeps } from '../deps';
import { streamName } from '../eventstore/port';
import { newId } from '../ids';
import { tenantOf } from './tenant';

export const revenueStream = (id: string) => streamName('revenue', id);

/** The API's create body with the amount in centavos; imports add their `source`. */
export type RevenueInput = {
  description: string;
  amount: Centavos;
  category?: RevenueCategory;
  status?: RevenueStatus;
  date: string;
  source?: ImportSource | null;
};

export const DEFAULT_REVENUE_CATEGORY: RevenueCategory = 'other';
/** Spec §3: a new revenue defaults to pending. */
export const DEFAULT_REVENUE_STATUS: RevenueStatus = 'pending';

/**
 * Records a revenue and waits until the read models include it. With `options.revenueId` (a UUID,
 * e.g. derived from an imported transaction's id) it happens exactly once: a repeated call appends
 * nothing and returns the revenue recorded the first time (`created: false`).
 */
export async function recordRevenue(
  deps: AppDeps,
  input: RevenueInput,
  context: ActorContext,
  options: { revenueId?: string } = {},
): Promise<{ revenue: Revenue; created: boolean }> {
  const organizationId = tenantOf(context);
  const revenueId = options.revenueId ?? newId();
  if (!uuid.safeParse(revenueId).success) throw new Error(`recordRevenue: revenueId must be a UUID, got ${revenueId}`);
  const result = await handleCommand(deps.eventStore, revenueStream(revenueId), revenue, {
    type: 'RecordRevenue',
    data: {
      revenueId,
      organizationId,
      description: input.description,
      amount: input.amount,
      category: input.category ?? DEFAULT_REVENUE_CATEGORY,
      status: input.status ?? DEFAULT_REVENUE_STATUS,
      date: input.date,
      source: input.source ?? null,
    },
  }, context);
  await deps.waitForProjections(result.position);
  const recorded = result.events[0];
  if (recorded) return { revenue: recorded.data as Revenue, created: true };
  const state = await loadState(deps.eventStore, revenueStream(revenueId), revenue);
  if (state.kind === 'none' || state.revenue.organizationId !== organizationId) throw conflict('Este identificador de receita já está em uso');
  return { revenue: state.revenue, created: false };
}

export async function updateRevenue(deps: AppDeps, revenueId: string, changes: RevenueChanges, context: ActorContext): Promise<void> {
  const result = await handleCommand(deps.eventStore, revenueStream(revenueId), revenue, {
    type: 'UpdateRevenue', data: { organizationId: tenantOf(context), changes },
  }, context);
  await deps.waitForProjections(result.position);
}

export async function deleteRevenue(deps: AppDeps, revenueId: string, context: ActorContext): Promise<void> {
  const result = await handleCommand(deps.eventStore, revenueStream(revenueId), revenue, {
    type: 'DeleteRevenue', data: { organizationId: tenantOf(context) },
  }, context);
  await deps.waitForProjections(result.position);
}
