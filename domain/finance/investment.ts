// The Investment aggregate: money applied in a product (CDB, Tesouro, fundos…) and what it is worth now.
import { z } from 'zod';
import { match } from 'ts-pattern';
import type { Decider, EventsOf } from '../shared/decider';
import { recordedDate } from '../shared/dates';
import { assertAmountWithinLimit, assertDateInRange, assertStorableText } from '../shared/bounds';
import { notFound, validationError } from '../shared/errors';
import { centavos, type Centavos } from '../shared/money';

export const investmentTypes = ['Renda Fixa', 'Renda Variável', 'Fundos', 'Tesouro Direto', 'Criptomoedas'] as const;
export type InvestmentType = (typeof investmentTypes)[number];
export const investmentRisks = ['Baixo', 'Médio', 'Alto'] as const;
export type InvestmentRisk = (typeof investmentRisks)[number];

/** A percent with two decimals as text ("12.50"), like money strings. */
export const PERCENT = /^-?\d{1,6}\.\d{2}$/;

const investmentData = z.object({
  investmentId: z.string(),
  organizationId: z.string(),
  name: z.string(),
  type: z.enum(investmentTypes),
  amount: centavos,
  currentValue: centavos.nullable(),
  expectedReturn: z.string().regex(PERCENT),
  duration: z.string(),
  risk: z.enum(investmentRisks),
  description: z.string().nullable(),
  maturityDate: recordedDate.nullable(),
});
export type Investment = z.output<typeof investmentData>;

export const investmentEvents = {
  InvestmentCreated: investmentData,
  InvestmentUpdated: investmentData,
  InvestmentValueUpdated: z.object({ investmentId: z.string(), organizationId: z.string(), currentValue: centavos, asOf: recordedDate }),
  InvestmentDeleted: z.object({ investmentId: z.string(), organizationId: z.string() }),
};
export type InvestmentEvent = EventsOf<typeof investmentEvents>;

export type InvestmentFields = Omit<Investment, 'investmentId' | 'organizationId'>;

export type InvestmentCommand =
  | { type: 'CreateInvestment'; data: Investment }
  | { type: 'UpdateInvestment'; data: { organizationId: string; changes: Partial<InvestmentFields> } }
  | { type: 'UpdateInvestmentValue'; data: { organizationId: string; currentValue: Centavos; asOf: string } }
  | { type: 'DeleteInvestment'; data: { organizationId: string } };

export type InvestmentState = { kind: 'none' } | { kind: 'active'; investment: Investment } | { kind: 'deleted' };

export const INVESTMENT_NOT_FOUND = 'Investimento não encontrado';

function requireInvestment(state: InvestmentState, organizationId: string): Investment {
  if (state.kind !== 'active' || state.investment.organizationId !== organizationId) throw notFound(INVESTMENT_NOT_FOUND);
  return state.investment;
}

const required = (value: string, field: string, message: string): string => {
  const trimmed = value.trim();
  if (!trimmed) throw validationError(message, { [field]: message });
  return trimmed;
};

/** The spec's form schema, enforced here too: name, duration required; amount positive; value not negative. */
function assertValid(investment: Investment): Investment {
  const name = required(investment.name, 'name', 'Nome é obrigatório');
  const duration = required(investment.duration, 'duration', 'Duração é obrigatória');
  if (investment.amount <= 0n) throw validationError('O valor deve ser maior que zero', { amount: 'O valor deve ser maior que zero' });
  if (investment.currentValue !== null && investment.currentValue < 0n) {
    throw validationError('O valor atual não pode ser negativo', { currentValue: 'O valor atual não pode ser negativo' });
  }
  const description = investment.description?.trim() || null;
  for (const [field, text] of [['name', name], ['duration', duration], ['description', description]] as const) assertStorableText(field, text);
  assertAmountWithinLimit('amount', investment.amount);
  assertAmountWithinLimit('currentValue', investment.currentValue);
  assertDateInRange('maturityDate', investment.maturityDate);
  return { ...investment, name, duration, description };
}

const sameInvestment = (a: Investment, b: Investment) =>
  (Object.keys(a) as (keyof Investment)[]).every((key) => a[key] === b[key]);

export const investment: Decider<InvestmentState, InvestmentCommand, InvestmentEvent> = {
  initialState: () => ({ kind: 'none' }),
  evolve: (state, event) =>
    match(event)
      .with({ type: 'InvestmentCreated' }, { type: 'InvestmentUpdated' }, ({ data }): InvestmentState => ({ kind: 'active', investment: data }))
      .with({ type: 'InvestmentValueUpdated' }, ({ data }): InvestmentState =>
        state.kind !== 'active' ? state : { kind: 'active', investment: { ...state.investment, currentValue: data.currentValue } })
      .with({ type: 'InvestmentDeleted' }, (): InvestmentState => ({ kind: 'deleted' }))
      .exhaustive(),
  decide: (command, state) =>
    match(command)
      .with({ type: 'CreateInvestment' }, ({ data }): InvestmentEvent[] =>
        state.kind !== 'none' ? [] : [{ type: 'InvestmentCreated', data: assertValid(data) }])
      .with({ type: 'UpdateInvestment' }, ({ data }): InvestmentEvent[] => {
        const current = requireInvestment(state, data.organizationId);
        const next = assertValid({ ...current, ...data.changes });
        return sameInvestment(current, next) ? [] : [{ type: 'InvestmentUpdated', data: next }];
      })
      .with({ type: 'UpdateInvestmentValue' }, ({ data }): InvestmentEvent[] => {
        const current = requireInvestment(state, data.organizationId);
        if (data.currentValue < 0n) throw validationError('O valor atual não pode ser negativo', { currentValue: 'O valor atual não pode ser negativo' });
        assertAmountWithinLimit('currentValue', data.currentValue);
        return [{ type: 'InvestmentValueUpdated', data: { investmentId: current.investmentId, organizationId: current.organizationId, currentValue: data.currentValue, asOf: data.asOf } }];
      })
      .with({ type: 'DeleteInvestment' }, ({ data }): InvestmentEvent[] => {
        const current = requireInvestment(state, data.organizationId);
        return [{ type: 'InvestmentDeleted', data: { investmentId: current.investmentId, organizationId: current.organizationId } }];
      })
      .exhaustive(),
};
