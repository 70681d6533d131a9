// /api/investments: the Investimentos portfolio, its summary (cards, allocation, maturities) and edits.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app/deps';
import { withTenant } from '../../app/db/tenant';
import { createInvestment, deleteInvestment, updateInvestment, updateInvestmentValue } from '../../app/finance/investments';
import { INVESTMENT_NOT_FOUND, investmentRisks, investmentTypes } from '../../domain/finance/investment';
import { currentValueOf, portfolioSummary, returnPercent } from '../../domain/finance/portfolio';
import { saoPauloDate } from '../../domain/shared/dates';
import { formatMoney } from '../../domain/shared/money';
import { allInvestments, findInvestment, investmentSortable, listInvestments, type InvestmentRow } from '../../projections/finance/investments';
import { actorContext, requireEditor, requireTenant } from '../plugins/auth';
import { listQuerySchema, parseListParams, sendList } from '../plugins/list';
import { tenantRecordLoader } from '../plugins/tenant-record';
import {
  editorsOnly, enumField, filterQuery, idParams, messageResponse, moneyField, optionalDateField, optionalMoneyField, optionalText, percentField, recordId, requiredText,
} from './finance-fields';

/** The spec's form schema (§5), enforced on the server with the same messages. */
export const investmentBody = z.object({
  name: requiredText('Nome é obrigatório', 120),
  type: enumField(investmentTypes, 'Tipo é obrigatório', 'Tipo inválido'),
  amount: moneyField('Valor é obrigatório'),
  currentValue: optionalMoneyField(),
  expectedReturn: percentField('Rentabilidade esperada é obrigatória'),
  duration: requiredText('Duração é obrigatória', 60),
  risk: enumField(investmentRisks, 'Nível de risco é obrigatório', 'Nível de risco inválido'),
  description: optionalText(),
  maturityDate: optionalDateField(),
});

export const investmentChangesBody = investmentBody.partial();

export const investmentResponse = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(investmentTypes),
  amount: z.string(),
  /** Null until a value is recorded; the screen falls back to `amount` (spec §3). */
  currentValue: z.string().nullable(),
  valueAsOf: z.string().nullable(),
  gain: z.string(),
  returnPercent: z.number(),
  expectedReturn: z.string(),
  duration: z.string(),
  risk: z.enum(investmentRisks),
  description: z.string().nullable(),
  maturityDate: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const summaryResponse = z.object({
  totalInvested: z.string(),
  currentValue: z.string(),
  totalGain: z.string(),
  returnPercent: z.number(),
  allocation: z.array(z.object({ type: z.enum(investmentTypes), amount: z.string(), percent: z.number() })),
  nextMaturities: z.array(z.object({ id: z.string(), name: z.string(), type: z.enum(investmentTypes), maturityDate: z.string(), daysUntil: z.number(), label: z.string() })),
});

export const toInvestment = (row: InvestmentRow): z.infer<typeof investmentResponse> => {
  const value = currentValueOf({ amount: row.amount, currentValue: row.current_value });
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    amount: formatMoney(row.amount),
    currentValue: row.current_value === null ? null : formatMoney(row.current_value),
    valueAsOf: row.value_as_of,
    gain: formatMoney(value - row.amount),
    returnPercent: returnPercent(row.amount, value),
    expectedReturn: row.expected_return,
    duration: row.duration,
    risk: row.risk,
    description: row.description,
    maturityDate: row.maturity_date,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
};

export const investmentRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  const tags = ['investimentos'];
  const load = tenantRecordLoader(deps.db, findInvestment, INVESTMENT_NOT_FOUND, toInvestment);
  const listOptions = { sortable: investmentSortable, defaultSort: ['createdAt', 'DESC'] as [string, 'DESC'] };

  app.get('/investments', {
    schema: { tags, summary: 'Listar investimentos (sort, range, filter: q, type, risk)', querystring: listQuerySchema, response: { 200: z.array(investmentResponse) } },
  }, async (request, reply) => {
    const { organizationId } = requireTenant(request);
    const params = parseListParams(request.query, listOptions);
    const { rows, total } = await withTenant(deps.db, organizationId, (tx) => listInvestments(tx, organizationId, params));
    return sendList(reply, 'investments', rows.map(toInvestment), total, params.offset);
  });

  app.get('/investments/summary', {
    schema: {
      tags,
      summary: 'Total investido, valor atual, rentabilidade, ganho, alocação por tipo e próximos vencimentos (hoje em São Paulo)',
      querystring: filterQuery,
      response: { 200: summaryResponse },
    },
  }, async (request) => {
    const { organizationId } = requireTenant(request);
    const { filter } = parseListParams(request.query, listOptions);
    const rows = await withTenant(deps.db, organizationId, (tx) => allInvestments(tx, organizationId, filter));
    const summary = portfolioSummary(
      rows.map((r) => ({ id: r.id, name: r.name, type: r.type, amount: r.amount, currentValue: r.current_value, maturityDate: r.maturity_date })),
      saoPauloDate(deps.clock()),
    );
    return {
      totalInvested: formatMoney(summary.totalInvested),
      currentValue: formatMoney(summary.currentValue),
      totalGain: formatMoney(summary.totalGain),
      returnPercent: summary.returnPercent,
      allocation: summary.allocation.map((a) => ({ ...a, amount: formatMoney(a.amount) })),
      nextMaturities: summary.nextMaturities,
    };
  });

  app.get('/investments/:id', {
    schema: { tags, summary: 'Um investimento', params: idParams, response: { 200: investmentResponse, 404: messageResponse } },
  }, async (request) => {
    const { organizationId } = requireTenant(request);
    return load(organizationId, recordId(request.params.id, INVESTMENT_NOT_FOUND));
  });

  app.post('/investments', {
    preValidation: editorsOnly,
    schema: { tags, summary: 'Criar investimento', body: investmentBody, response: { 201: investmentResponse, 400: messageResponse, 403: messageResponse } },
  }, async (request, reply) => {
    const { organizationId } = requireEditor(request);
    const investmentId = await createInvestment(deps, request.body, actorContext(request, deps));
    reply.status(201);
    return load(organizationId, investmentId);
  });

  app.put('/investments/:id', {
    preValidation: editorsOnly,
    schema: { tags, summary: 'Atualizar investimento', params: idParams, body: investmentChangesBody, response: { 200: investmentResponse, 400: messageResponse, 403: messageResponse, 404: messageResponse } },
  }, async (request) => {
    const { organizationId } = requireEditor(request);
    const id = recordId(request.params.id, INVESTMENT_NOT_FOUND);
    await updateInvestment(deps, id, request.body, actorContext(request, deps));
    return load(organizationId, id);
  });

  app.put('/investments/:id/current-value', {
    preValidation: editorsOnly,
    schema: {
      tags,
      summary: 'Registrar o valor atual (asOf: data da cotação, padrão hoje)',
      params: idParams,
      body: z.object({ currentValue: moneyField('Valor atual é obrigatório', { allowZero: true }), asOf: optionalDateField() }),
      response: { 200: investmentResponse, 400: messageResponse, 403: messageResponse, 404: messageResponse },
    },
  }, async (request) => {
    const { organizationId } = requireEditor(request);
    const id = recordId(request.params.id, INVESTMENT_NOT_FOUND);
    const context = actorContext(request, deps);
    await updateInvestmentValue(deps, id, { currentValue: request.body.currentValue, asOf: request.body.asOf ?? saoPauloDate(context.now) }, context);
    return load(organizationId, id);
  });

  app.delete('/investments/:id', {
    preValidation: editorsOnly,
    schema: { tags, summary: 'Excluir investimento', params: idParams, response: { 200: investmentResponse, 403: messageResponse, 404: messageResponse } },
  }, async (request) => {
    const { organizationId } = requireEditor(request);
    const id = recordId(request.params.id, INVESTMENT_NOT_FOUND);
    const existing = await load(organizationId, id);
    await deleteInvestment(deps, id, actorContext(request, deps));
    return existing;
  });
};
