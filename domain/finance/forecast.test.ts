import { describe, expect, it } from 'vitest';
import { cashFlowForecast, FORECAST_METHOD, occurrencesBetween, type ForecastExpense, type ForecastRevenue } from './forecast';

const revenue = (date: string, amount: bigint, description = 'Venda balcão', status: ForecastRevenue['status'] = 'received', category = 'products'): ForecastRevenue =>
  ({ description, category, amount, date, status });
const expense = (date: string, amount: bigint, overrides: Partial<ForecastExpense> = {}): ForecastExpense => ({
  description: 'Compra de farinha', amount, date, status: 'approved', isRecurring: false, recurringPeriod: null, recurringDuration: null, recurringEndDate: null, ...overrides,
});

describe('occurrencesBetween', () => {
  it('walks a recurring expense from its own date, with no storage horizon when indefinite', () => {
    const rent = expense('2020-01-31', 5000_00n, { isRecurring: true, recurringPeriod: 'monthly' });
    expect(occurrencesBetween(rent, '2025-02-01', '2025-04-30')).toEqual(['2025-02-28', '2025-03-31', '2025-04-30']);
    expect(occurrencesBetween({ ...rent, recurringDuration: 3 }, '2025-02-01', '2025-04-30')).toEqual([]);
    expect(occurrencesBetween({ ...rent, recurringEndDate: '2025-03-15' }, '2025-02-01', '2025-04-30')).toEqual(['2025-02-28']);
    expect(occurrencesBetween({ ...rent, recurringPeriod: 'quarterly' }, '2025-01-01', '2025-12-31')).toEqual(['2025-01-31', '2025-04-30', '2025-07-31', '2025-10-31']);
  });
});

describe('cashFlowForecast', () => {
  it('projects the next 3 months from a rolled 3-month average plus recurring items, across the year boundary', () => {
    const forecast = cashFlowForecast({
      today: '2024-12-10',
      revenues: [revenue('2024-09-05', 3000_00n), revenue('2024-10-05', 6000_00n), revenue('2024-11-05', 9000_00n)],
      expenses: [
        expense('2024-09-10', 1000_00n), expense('2024-10-10', 2000_00n), expense('2024-11-10', 3000_00n),
        expense('2024-06-15', 1500_00n, { description: 'Aluguel do escritório', isRecurring: true, recurringPeriod: 'monthly' }),
      ],
    });
    expect(forecast.method).toBe(FORECAST_METHOD);
    expect(forecast.historyMonths).toEqual(['2024-09', '2024-10', '2024-11']);
    expect(forecast.months.map((m) => m.label)).toEqual(['Jan/25', 'Fev/25', 'Mar/25']);
    // "Venda balcão" in each of the 3 months is a recurring series, expected at its latest amount.
    expect(forecast.months.map((m) => m.recurringIncome)).toEqual([9000_00n, 9000_00n, 9000_00n]);
    expect(forecast.months.map((m) => m.income)).toEqual([9000_00n, 9000_00n, 9000_00n]);
    // Expenses: 2000 (avg 1000, 2000, 3000), then avg(2000, 3000, 2000) = 2333.33, then avg(3000, 2000, 2333.33) = 2444.44; + rent 1500.
    expect(forecast.months.map((m) => m.expenses)).toEqual([3500_00n, 3833_33n, 3944_44n]);
    expect(forecast.predictedIncome).toBe(27000_00n);
    expect(forecast.predictedExpenses).toBe(11277_77n);
    expect(forecast.projectedBalance).toBe(15722_23n);
    expect(forecast.alerts.filter((a) => a.kind === 'negative_balance')).toEqual([]);
  });

  it('averages one-off revenues, and lets known scheduled items win over a smaller trend', () => {
    const forecast = cashFlowForecast({
      today: '2025-04-02',
      revenues: [
        revenue('2025-01-20', 3000_00n, 'Projeto A', 'received', 'consulting'),
        revenue('2025-02-20', 6000_00n, 'Projeto B', 'confirmed', 'consulting'),
        revenue('2025-03-20', 3000_00n, 'Projeto C', 'pending', 'consulting'), // pending: not history
        revenue('2025-06-10', 20000_00n, 'Contrato grande', 'confirmed', 'services'),
      ],
      expenses: [expense('2025-05-05', 10000_00n, { status: 'pending' })],
    });
    // History Jan–Mar: income 3000, 6000, 0 → trend 3000, 3000, 2000.
    expect(forecast.months.map((m) => m.income)).toEqual([3000_00n, 20000_00n, 2000_00n]);
    // No expense history → trend 0, so the scheduled May payment is what counts.
    expect(forecast.months.map((m) => m.label)).toEqual(['Mai/25', 'Jun/25', 'Jul/25']);
    expect(forecast.months.map((m) => m.expenses)).toEqual([10000_00n, 0n, 0n]);
  });

  it('a company with one month of history is not averaged with empty months', () => {
    const forecast = cashFlowForecast({ today: '2025-03-15', revenues: [revenue('2025-02-03', 1200_00n, 'Venda única')], expenses: [] });
    expect(forecast.historyMonths).toEqual(['2025-02']);
    expect(forecast.months.map((m) => m.income)).toEqual([1200_00n, 1200_00n, 1200_00n]);
    expect(cashFlowForecast({ today: '2025-03-15', revenues: [], expenses: [] }).predictedIncome).toBe(0n);
  });

  it('alerts on a negative projection, payments due in the next 7 days and expected receipts', () => {
    const forecast = cashFlowForecast({
      today: '2025-01-30',
      revenues: [revenue('2024-12-10', 1000_00n, 'Venda', 'received'), revenue('2025-01-31', 15000_00n, 'Cliente Horizonte', 'confirmed')],
      expenses: [
        expense('2025-02-04', 25000_00n, { description: 'Fornecedor Trigo Bom', status: 'pending' }),
        expense('2024-11-01', 2000_00n, { description: 'Aluguel', isRecurring: true, recurringPeriod: 'monthly' }),
        expense('2025-02-03', 500_00n, { description: 'Rejeitada', status: 'rejected' }),
        expense('2025-01-30', 300_00n, { description: 'Já paga', status: 'completed' }),
      ],
    });
    const [negative, ...due] = forecast.alerts;
    expect(negative).toMatchObject({ kind: 'negative_balance', severity: 'critical', title: 'Fluxo de caixa negativo previsto' });
    expect(negative.message).toContain('fevereiro de 2025');
    expect(due).toEqual([
      expect.objectContaining({ kind: 'payment_due', date: '2025-02-01', message: 'Aluguel: pagamento de R$ 2.000,00 vence em 2 dias.' }),
      expect.objectContaining({ kind: 'payment_due', date: '2025-02-04', message: 'Fornecedor Trigo Bom: pagamento de R$ 25.000,00 vence em 5 dias.' }),
      expect.objectContaining({ kind: 'receipt_expected', title: 'Recebimento confirmado', message: 'Cliente Horizonte: recebimento de R$ 15.000,00 amanhã.' }),
    ]);
  });
});
