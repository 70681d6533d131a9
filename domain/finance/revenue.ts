// The Revenue aggregate: money the organization earns, recorded by hand or from a bank statement.
import { z } from 'zod';
import { match } from 'ts-pattern';
import { unknownCommand, type Decider, type EventsOf } from '../shared/decider';
import { recordedDate } from '../shared/dates';
import { assertAmountWithinLimit, assertDateInRange, assertStorableText } from '../shared/bounds';
import { notFound, validationError } from '../shared/errors';
import { centavos } from '../shared/money';

export const revenueCategories = ['services', 'products', 'subscriptions', 'consulting', 'other'] as const;
export type RevenueCategory = (typeof revenueCategories)[number];
/** What a person reads for each category (reports, insights, search). */
export const revenueCategoryLabels: Record<RevenueCategory, string> = {
  services: 'Serviços', products: 'Produtos', subscriptions: 'Assinaturas', consulting: 'Consultoria', other: 'Outros',
};
export const revenueStatuses = ['pending', 'confirmed', 'received', 'cancelled'] as const;
export type RevenueStatus = (typeof revenueStatuses)[number];

export const importSource = z.object({ kind: z.enum(['ofx', 'bank_sync']), importedTransactionId: z.string() });
export type ImportSource = z.infer<typeof importSource>;

const revenueData = z.object({
  revenueId: z.string(),
  organizationId: z.string(),
  description: z.string(),
  amount: centavos,
  category: z.enum(revenueCategories),
  status: z.enum(revenueStatuses),
  date: recordedDate,
  source: importSource.nullable(),
});
export type Revenue = z.output<typeof revenueData>;

export const revenueEvents = {
  RevenueRecorded: revenueData,
  RevenueUpdated: revenueData,
  RevenueDeleted: z.object({ revenueId: z.string(), organizationId: z.string() }),
};
export type RevenueEvent = EventsOf<typeof revenueEvents>;

export type RevenueChanges = Partial<Pick<Revenue, 'description' | 'amount' | 'category' | 'status' | 'date'>>;

export type RevenueCommand =
  | { type: 'RecordRevenue'; data: Revenue }
  | { type: 'UpdateRevenue'; data: { organizationId: string; changes: RevenueChanges } }
  | { type: 'DeleteRevenue'; data: { organizationId: string } };

export type RevenueState =
  | { kind: 'none' }
  | { kind: 'active'; revenue: Revenue }
  | { kind: 'deleted'; revenue: Revenue };

export const REVENUE_NOT_FOUND = 'Receita não encontrada';

/** Another tenant's revenue is indistinguishable from a missing one. */
function requireActive(state: RevenueState, organizationId: string): Revenue {
  if (state.kind !== 'active' || state.revenue.organizationId !== organizationId) throw notFound(REVENUE_NOT_FOUND);
  return state.revenue;
}

function assertValid(revenue: Revenue): Revenue {
  const description = revenue.description.trim();
  if (!description) throw validationError('Descrição é obrigatória', { description: 'Descrição é obrigatória' });
  if (description.length > 255) throw validationError('A descrição deve ter no máximo 255 caracteres', { description: 'A descrição deve ter no máximo 255 caracteres' });
  if (revenue.amount <= 0n) throw validationError('O valor deve ser maior que zero', { amount: 'O valor deve ser maior que zero' });
  assertStorableText('description', description);
  assertAmountWithinLimit('amount', revenue.amount);
  assertDateInRange('date', revenue.date);
  return { ...revenue, description };
}

const sameRevenue = (a: Revenue, b: Revenue) =>
  a.description === b.description && a.amount === b.amount && a.category === b.category && a.status === b.status && a.date === b.date;

export const revenue: Decider<RevenueState, RevenueCommand, RevenueEvent> = {
  initialState: () => ({ kind: 'none' }),
  evolve: (state, event) =>
    match(event)
      .with({ type: 'RevenueRecorded' }, { type: 'RevenueUpdated' }, ({ data }): RevenueState => ({ kind: 'active', revenue: data }))
      .with({ type: 'RevenueDeleted' }, (): RevenueState => (state.kind === 'none' ? state : { kind: 'deleted', revenue: state.revenue }))
      .exhaustive(),
  // A switch, not match(): an OFX import decides thousands of these in one go (see importedTransaction.decide).
  decide: (command, state): RevenueEvent[] => {
    switch (command.type) {
      // Recording is idempotent per id: an import retried with its deterministic id records nothing new.
      case 'RecordRevenue':
        return state.kind !== 'none' ? [] : [{ type: 'RevenueRecorded', data: assertValid(command.data) }];
      case 'UpdateRevenue': {
        const current = requireActive(state, command.data.organizationId);
        const next = assertValid({ ...current, ...command.data.changes });
        return sameRevenue(current, next) ? [] : [{ type: 'RevenueUpdated', data: next }];
      }
      case 'DeleteRevenue': {
        const current = requireActive(state, command.data.organizationId);
        return [{ type: 'RevenueDeleted', data: { revenueId: current.revenueId, organizationId: current.organizationId } }];
      }
      default:
        return unknownCommand(command);
    }
  },
};
