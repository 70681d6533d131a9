// GET /api/financial/metrics: the dashboard cards (and the cash-flow screen's), with growth.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app/deps';
import { withTenant } from '../../app/db/tenant';
import { DEFAULT_METRICS_PERIOD, periodQuery, resolvePeriod } from '../../domain/finance/period-range';
import { saoPauloDate } from '../../domain/shared/dates';
import { formatMoney } from '../../domain/shared/money';
import { financialMetrics } from '../../projections/dashboard/queries';
import { requireTenant } from '../plugins/auth';

const messageResponse = z.object({ message: z.string() });

export const metricsResponse = z.object({
  totalRevenue: z.string(),
  totalExpenses: z.string(),
  netProfit: z.string(),
  cashFlow: z.string(),
  revenueGrowth: z.string(),
  expenseGrowth: z.string(),
  profitGrowth: z.string(),
  cashFlowGrowth: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  previousStartDate: z.string(),
  previousEndDate: z.string(),
});

export const financialRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  app.get('/financial/metrics', {
    schema: {
      tags: ['dashboard'],
      summary: 'Métricas do período (padrão: mês atual) e crescimento contra o período anterior de mesmo tamanho',
      description: 'totalRevenue = receitas confirmadas e recebidas; totalExpenses = despesas aprovadas e concluídas (cada ocorrência de uma recorrente); netProfit = totalRevenue − totalExpenses; cashFlow = receitas recebidas − totalExpenses. Valores em reais como texto ("1234.50"); crescimento como "5%".',
      querystring: periodQuery,
      response: { 200: metricsResponse, 400: messageResponse },
    },
  }, async (request) => {
    const { organizationId } = requireTenant(request);
    const range = resolvePeriod(request.query, saoPauloDate(deps.clock()), DEFAULT_METRICS_PERIOD);
    const m = await withTenant(deps.db, organizationId, (tx) => financialMetrics(tx, organizationId, range));
    return {
      totalRevenue: formatMoney(m.current.totalRevenue),
      totalExpenses: formatMoney(m.current.totalExpenses),
      netProfit: formatMoney(m.current.netProfit),
      cashFlow: formatMoney(m.current.cashFlow),
      ...m.growth,
      startDate: range.startDate,
      endDate: range.endDate,
      previousStartDate: m.previousRange.startDate,
      previousEndDate: m.previousRange.endDate,
    };
  });
};
