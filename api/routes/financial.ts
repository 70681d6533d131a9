// GET /api/financial/metrics: the dashboard cards (and the cash-flow screen's), with growth.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app/deps';
import { DEFAULT_METRICS_PERIOD, periodQuery, resolvePeriod } from '../../domain/finance/period-range';
import { saoPauloDate } from '../../domain/shared/dates';
import { formatMoney } from '../../domain/shared/money';
import { financialMetrics } from '../../projections/dashboard/queries';
import { dashboardLedgerProjector } from '../../projections/dashboard/ledger';
import { asOfQuery, readingFor } from '../plugins/as-of';
import { requireTenant } from '../plugins/auth';

const messageResponse = z.object({ message: z.string() });

export const metricsResponse = z.object({
  totalRevenue: z.string(),
  receivedRevenue: z.string(),
  totalExpenses: z.string(),
  netProfit: z.string(),
  cashFlow: z.string(),
  revenueGrowth: z.string(),
  receivedRevenueGrowth: z.string(),
  expenseGrowth: z.string(),
  profitGrowth: z.string(),
  cashFlowGrowth: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  previousStartDate: z.string(),
  previousEndDate: z.string(),
  /** What growth compared: up to today and the same days before while the period is under way. */
  comparedStartDate: z.string(),
  comparedEndDate: z.string(),
  comparedPreviousStartDate: z.string(),
  comparedPreviousEndDate: z.string(),
});

export const financialRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  app.get('/financial/metrics', {
    config: { answerCache: true },
    schema: {
      tags: ['dashboard'],
      summary: 'Métricas do período (padrão: mês atual) e crescimento contra o período anterior (até hoje contra os mesmos dias, se o período está em curso)',
      description: 'asOf (instante ISO-8601): os números como estavam nesse momento, a partir dos eventos registrados até ele. totalRevenue = receitas confirmadas e recebidas; receivedRevenue = receitas recebidas; totalExpenses = despesas aprovadas e concluídas (cada ocorrência de uma recorrente); netProfit = totalRevenue − totalExpenses; cashFlow = receivedRevenue − totalExpenses (o saldo do gráfico de fluxo de caixa). Valores em reais como texto ("1234.50"); crescimento como "5%", ou "n/d" sem base de comparação ou com troca de sinal.',
      querystring: periodQuery.merge(asOfQuery),
      response: { 200: metricsResponse, 400: messageResponse },
    },
  }, async (request, reply) => {
    const { organizationId } = requireTenant(request);
    const reading = readingFor(deps, organizationId, request.query, [dashboardLedgerProjector], reply);
    const today = saoPauloDate(reading.now);
    const range = resolvePeriod(request.query, today, DEFAULT_METRICS_PERIOD);
    const m = await reading.read((tx) => financialMetrics(tx, organizationId, range, today));
    return {
      totalRevenue: formatMoney(m.current.totalRevenue),
      receivedRevenue: formatMoney(m.current.receivedRevenue),
      totalExpenses: formatMoney(m.current.totalExpenses),
      netProfit: formatMoney(m.current.netProfit),
      cashFlow: formatMoney(m.current.cashFlow),
      ...m.growth,
      startDate: range.startDate,
      endDate: range.endDate,
      previousStartDate: m.previousRange.startDate,
      previousEndDate: m.previousRange.endDate,
      comparedStartDate: m.compared.current.startDate,
      comparedEndDate: m.compared.current.endDate,
      comparedPreviousStartDate: m.compared.previous.startDate,
      comparedPreviousEndDate: m.compared.previous.endDate,
    };
  });
};
