// Negative cash-flow projection: the cash-flow screen's own forecast (3-month moving average plus
// recurring items, domain/finance/forecast.ts) for the next months, when it ends below zero.
import { cashFlowForecast, FORECAST_METHOD } from '../../../domain/finance/forecast';
import { formatMoney } from '../../../domain/shared/money';
import type { InsightRule } from '../rule';
import { brl, listing, month } from '../text';

export const negativeCashFlow: InsightRule = {
  key: 'negative-cash-flow',
  risk: true,
  run: (a) => {
    const forecast = cashFlowForecast({
      today: a.today,
      revenues: a.history.revenues.map(({ description, category, amount, date, status }) => ({ description, category, amount, date, status })),
      expenses: a.history.expenses,
    });
    if (forecast.historyMonths.length === 0) return [];
    const negative = forecast.months.filter((m) => m.balance < 0n);
    if (forecast.projectedBalance >= 0n && negative.length === 0) return [];
    const worst = [...forecast.months].sort((x, y) => (x.balance < y.balance ? -1 : x.balance > y.balance ? 1 : 0))[0];
    return [{
      rule: 'negative-cash-flow',
      subject: null,
      type: 'warning',
      priority: forecast.projectedBalance < 0n ? 'high' : 'medium',
      title: 'Fluxo de caixa negativo previsto',
      content: `A projeção dos próximos ${forecast.months.length} meses (${FORECAST_METHOD.toLowerCase()}) prevê entradas de ${brl(forecast.predictedIncome)} e saídas de ${brl(forecast.predictedExpenses)}, um saldo de ${brl(forecast.projectedBalance)}. ${negative.length > 0 ? `Saldo negativo em ${listing(negative.map((m) => `${month(m.month)} (${brl(m.balance)})`))}; o pior mês é ${month(worst.month)}.` : `O pior mês é ${month(worst.month)} (${brl(worst.balance)}).`} Antecipe recebimentos ou adie gastos que não sejam essenciais.`,
      facts: {
        predictedIncome: formatMoney(forecast.predictedIncome), predictedExpenses: formatMoney(forecast.predictedExpenses),
        projectedBalance: formatMoney(forecast.projectedBalance), worstMonth: worst.month, worstBalance: formatMoney(worst.balance),
      },
    }];
  },
};
