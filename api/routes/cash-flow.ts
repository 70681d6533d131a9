// GET /api/cash-flow/forecast: the cash-flow screen's projection card and alerts, from real data.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app/deps';
import { saoPauloDate } from '../../domain/shared/dates';
import { formatMoney } from '../../domain/shared/money';
import { cashFlowForecastFor } from '../../projections/dashboard/queries';
import { dashboardLedgerProjector } from '../../projections/dashboard/ledger';
import { asOfQuery, readingFor } from '../plugins/as-of';
import { requireTenant } from '../plugins/auth';

const forecastResponse = z.object({
  method: z.string(),
  monthsAhead: z.number(),
  today: z.string(),
  historyMonths: z.array(z.string()),
  predictedIncome: z.string(),
  predictedExpenses: z.string(),
  projectedBalance: z.string(),
  months: z.array(z.object({
    month: z.string(), label: z.string(), income: z.string(), expenses: z.string(), balance: z.string(),
    recurringIncome: z.string(), recurringExpenses: z.string(),
  })),
  alerts: z.array(z.object({
    kind: z.enum(['negative_balance', 'payment_due', 'receipt_expected']),
    severity: z.enum(['critical', 'warning', 'info']),
    title: z.string(),
    message: z.string(),
    amount: z.string(),
    date: z.string().nullable(),
  })),
});

export const cashFlowRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  app.get('/cash-flow/forecast', {
    config: { answerCache: true },
    schema: {
      tags: ['dashboard'],
      summary: 'Projeção dos próximos 3 meses (média móvel de 3 meses + recorrentes) e alertas',
      querystring: asOfQuery,
      response: { 200: forecastResponse, 400: z.object({ message: z.string() }) },
    },
  }, async (request, reply) => {
    const { organizationId } = requireTenant(request);
    const reading = readingFor(deps, organizationId, request.query, [dashboardLedgerProjector], reply);
    const today = saoPauloDate(reading.now);
    const f = await reading.read((tx) => cashFlowForecastFor(tx, organizationId, today));
    return {
      method: f.method,
      monthsAhead: f.monthsAhead,
      today,
      historyMonths: f.historyMonths,
      predictedIncome: formatMoney(f.predictedIncome),
      predictedExpenses: formatMoney(f.predictedExpenses),
      projectedBalance: formatMoney(f.projectedBalance),
      months: f.months.map((m) => ({
        month: m.month, label: m.label, income: formatMoney(m.income), expenses: formatMoney(m.expenses), balance: formatMoney(m.balance),
        recurringIncome: formatMoney(m.recurringIncome), recurringExpenses: formatMoney(m.recurringExpenses),
      })),
      alerts: f.alerts.map((a) => ({ ...a, amount: formatMoney(a.amount) })),
    };
  });
};
