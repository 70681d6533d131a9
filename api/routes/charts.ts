// GET /api/charts/cash-flow and /api/charts/expense-breakdown: the dashboard's and cash-flow screen's charts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app/deps';
import { DEFAULT_CASH_FLOW_PERIOD, DEFAULT_METRICS_PERIOD, periodQuery, resolvePeriod } from '../../domain/finance/period-range';
import { saoPauloDate } from '../../domain/shared/dates';
import { formatMoney } from '../../domain/shared/money';
import { cashFlowSeries, expenseBreakdown } from '../../projections/dashboard/queries';
import { dashboardLedgerProjector } from '../../projections/dashboard/ledger';
import { asOfQuery, readingFor } from '../plugins/as-of';
import { requireTenant } from '../plugins/auth';

const messageResponse = z.object({ message: z.string() });
/** Chart points in reais as numbers (the sums were made in centavos; this is for drawing only). */
const reais = (centavos: bigint) => Number(centavos) / 100;

const cashFlowResponse = z.object({
  startDate: z.string(),
  endDate: z.string(),
  months: z.array(z.string()),
  labels: z.array(z.string()),
  datasets: z.array(z.object({ key: z.enum(['income', 'expenses', 'balance']), label: z.string(), data: z.array(z.number()) })),
});

const breakdownResponse = z.object({
  startDate: z.string(),
  endDate: z.string(),
  total: z.string(),
  labels: z.array(z.string()),
  data: z.array(z.number()),
  colors: z.array(z.string()),
  items: z.array(z.object({ category: z.string(), name: z.string(), color: z.string(), amount: z.string(), percentage: z.number() })),
});

export const chartRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  const tags = ['dashboard'];

  app.get('/charts/cash-flow', {
    config: { answerCache: true },
    schema: {
      tags,
      summary: 'Fluxo de caixa mensal: entradas, saídas e saldo (padrão: 6 meses)',
      description: 'Um ponto por mês (rótulos pt-BR, ex. "Jan/25"); income = receitas confirmadas e recebidas, expenses = despesas aprovadas e concluídas, balance = income − expenses. Somados, dão as métricas do mesmo período.',
      querystring: periodQuery.merge(asOfQuery),
      response: { 200: cashFlowResponse, 400: messageResponse },
    },
  }, async (request, reply) => {
    const { organizationId } = requireTenant(request);
    const reading = readingFor(deps, organizationId, request.query, [dashboardLedgerProjector], reply);
    const range = resolvePeriod(request.query, saoPauloDate(reading.now), DEFAULT_CASH_FLOW_PERIOD);
    const series = await reading.read((tx) => cashFlowSeries(tx, organizationId, range));
    return {
      ...range,
      months: series.map((m) => m.month),
      labels: series.map((m) => m.label),
      datasets: [
        { key: 'income' as const, label: 'Entradas', data: series.map((m) => reais(m.income)) },
        { key: 'expenses' as const, label: 'Saídas', data: series.map((m) => reais(m.expenses)) },
        { key: 'balance' as const, label: 'Saldo Líquido', data: series.map((m) => reais(m.balance)) },
      ],
    };
  });

  app.get('/charts/expense-breakdown', {
    config: { answerCache: true },
    schema: {
      tags,
      summary: 'Despesas por categoria (padrão: mês atual)',
      querystring: periodQuery.merge(asOfQuery),
      response: { 200: breakdownResponse, 400: messageResponse },
    },
  }, async (request, reply) => {
    const { organizationId } = requireTenant(request);
    const reading = readingFor(deps, organizationId, request.query, [dashboardLedgerProjector], reply);
    const range = resolvePeriod(request.query, saoPauloDate(reading.now), DEFAULT_METRICS_PERIOD);
    const items = await reading.read((tx) => expenseBreakdown(tx, organizationId, range));
    const total = items.reduce((sum, item) => sum + item.amount, 0n);
    return {
      ...range,
      total: formatMoney(total),
      labels: items.map((item) => item.name),
      data: items.map((item) => reais(item.amount)),
      colors: items.map((item) => item.color),
      items: items.map((item) => ({
        category: item.category, name: item.name, color: item.color, amount: formatMoney(item.amount),
        percentage: total === 0n ? 0 : Number((item.amount * 1000n) / total) / 10,
      })),
    };
  });
};
