// What the dashboard and cash-flow screens read from the API, and the hooks that read it.
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { FluxoDataProvider } from '../../providers/dataProvider';

/** A period as the API takes it: a preset, or both dates; `asOf` reads the data as of a past instant. */
export type PeriodParams = { period?: string; startDate?: string; endDate?: string; asOf?: string | null };

export interface Metrics {
  totalRevenue: string;
  receivedRevenue: string;
  totalExpenses: string;
  netProfit: string;
  cashFlow: string;
  /** '5%', or 'n/d' when there is no base to compare with or the figure changed sign. */
  revenueGrowth: string;
  receivedRevenueGrowth: string;
  expenseGrowth: string;
  profitGrowth: string;
  cashFlowGrowth: string;
  startDate: string;
  endDate: string;
  comparedStartDate: string;
  comparedEndDate: string;
  comparedPreviousStartDate: string;
  comparedPreviousEndDate: string;
}

export interface CashFlowChartData {
  labels: string[];
  datasets: { key: 'income' | 'expenses' | 'balance'; label: string; data: number[] }[];
}

export interface ExpenseBreakdownData {
  total: string;
  items: { category: string; name: string; color: string; amount: string; percentage: number }[];
}

export interface Forecast {
  method: string;
  monthsAhead: number;
  predictedIncome: string;
  predictedExpenses: string;
  projectedBalance: string;
  months: { month: string; label: string; income: string; expenses: string; balance: string }[];
  alerts: { kind: 'negative_balance' | 'payment_due' | 'receipt_expected'; severity: 'critical' | 'warning' | 'info'; title: string; message: string; amount: string; date: string | null }[];
}

export interface Insight {
  id: string;
  type: 'opportunity' | 'trend' | 'warning' | 'recommendation';
  title: string;
  content: string;
  priority: 'low' | 'medium' | 'high';
  createdAt: string;
}

export interface Transaction {
  id: string;
  date: string;
  description: string;
  amount: string;
  type: 'income' | 'expense';
  category: string;
  status: string;
  expenseType: 'fixed' | 'variable' | null;
  isRecurring: boolean;
  recurringPeriod: 'monthly' | 'quarterly' | 'yearly' | null;
}

/** Spec §8: a failed metrics call reads 'Failed to fetch metrics'. */
export class FetchError extends Error {}

const fetchWith = (what: string) => async <T>(call: () => Promise<T>): Promise<T> => {
  try {
    return await call();
  } catch (error) {
    console.error(what, error);
    throw new FetchError(what);
  }
};

const cleanPeriod = (params: PeriodParams): Record<string, string> =>
  Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined && value !== null && value !== '')) as Record<string, string>;

export const useMetrics = (params: PeriodParams = {}) => {
  const dataProvider = useDataProvider<FluxoDataProvider>();
  const query = cleanPeriod(params);
  return useQuery({
    queryKey: ['financial/metrics', query],
    queryFn: ({ signal }) => fetchWith('Failed to fetch metrics')(() => dataProvider.call<Metrics>('financial/metrics', { query, signal })),
  });
};

export const useCashFlowChart = (params: PeriodParams = {}) => {
  const dataProvider = useDataProvider<FluxoDataProvider>();
  const query = cleanPeriod(params);
  return useQuery({
    queryKey: ['charts/cash-flow', query],
    queryFn: ({ signal }) => dataProvider.call<CashFlowChartData>('charts/cash-flow', { query, signal }),
  });
};

export const useExpenseBreakdown = (params: PeriodParams = {}) => {
  const dataProvider = useDataProvider<FluxoDataProvider>();
  const query = cleanPeriod(params);
  return useQuery({
    queryKey: ['charts/expense-breakdown', query],
    queryFn: ({ signal }) => dataProvider.call<ExpenseBreakdownData>('charts/expense-breakdown', { query, signal }),
  });
};

export const useForecast = () => {
  const dataProvider = useDataProvider<FluxoDataProvider>();
  return useQuery({
    queryKey: ['cash-flow/forecast'],
    queryFn: ({ signal }) => dataProvider.call<Forecast>('cash-flow/forecast', { signal }),
  });
};

export const useInsights = () => {
  const dataProvider = useDataProvider<FluxoDataProvider>();
  return useQuery({
    queryKey: ['ai-insights'],
    queryFn: ({ signal }) => dataProvider.call<Insight[]>('ai-insights', { signal }),
  });
};

/**
 * Chart axis labels in thousands, as the spec shows them: 'R$ 12K', 'R$ 1,5K', 'R$ -3K'. Below a
 * hundred reais a second decimal keeps the ticks apart ('R$ 0,02K', not 'R$ 0K' five times).
 */
export const thousands = (value: number): string => {
  const k = value / 1000;
  const digits = Number.isInteger(k) ? 0 : Math.abs(k) >= 0.1 ? 1 : 2;
  const text = k.toFixed(digits).replace('.', ',').replace(/(,\d*?)0+$/, '$1').replace(/,$/, '');
  return `R$ ${text}K`;
};
