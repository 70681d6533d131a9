// Investment use cases: create, edit, record its current value, delete.
import { investment, type InvestmentCommand, type InvestmentFields } from '../../domain/finance/investment';
import type { Centavos } from '../../domain/shared/money';
import { handleCommand } from '../commands/handle-command';
import type { ActorContext } from '../context';
import type { AppDeps } from '../deps';
import { streamName } from '../eventstore/port';
import { newId } from '../ids';
import { tenantOf } from './tenant';

export const investmentStream = (id: string) => streamName('investment', id);

export type InvestmentInput = Omit<InvestmentFields, 'currentValue' | 'description' | 'maturityDate'> &
  Partial<Pick<InvestmentFields, 'currentValue' | 'description' | 'maturityDate'>>;

async function run(deps: AppDeps, investmentId: string, command: InvestmentCommand, context: ActorContext): Promise<void> {
  const result = await handleCommand(deps.eventStore, investmentStream(investmentId), investment, command, context);
  await deps.waitForProjections(result.position);
}

export async function createInvestment(deps: AppDeps, input: InvestmentInput, context: ActorContext, options: { investmentId?: string } = {}): Promise<string> {
  const investmentId = options.investmentId ?? newId();
  await run(deps, investmentId, {
    type: 'CreateInvestment',
    data: {
      investmentId,
      organizationId: tenantOf(context),
      ...input,
      currentValue: input.currentValue ?? null,
      description: input.description ?? null,
      maturityDate: input.maturityDate ?? null,
    },
  }, context);
  return investmentId;
}

export const updateInvestment = (deps: AppDeps, investmentId: string, changes: Partial<InvestmentFields>, context: ActorContext) =>
  run(deps, investmentId, { type: 'UpdateInvestment', data: { organizationId: tenantOf(context), changes } }, context);

export const updateInvestmentValue = (deps: AppDeps, investmentId: string, value: { currentValue: Centavos; asOf: string }, context: ActorContext) =>
  run(deps, investmentId, { type: 'UpdateInvestmentValue', data: { organizationId: tenantOf(context), ...value } }, context);

export const deleteInvestment = (deps: AppDeps, investmentId: string, context: ActorContext) =>
  run(deps, investmentId, { type: 'DeleteInvestment', data: { organizationId: tenantOf(context) } }, context);
