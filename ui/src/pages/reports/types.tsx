// The four reports the screen offers (spec §7's types), with their pt-BR names and what each shows.
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import DonutLargeIcon from '@mui/icons-material/DonutLarge';
import SummarizeIcon from '@mui/icons-material/Summarize';
import SwapVertIcon from '@mui/icons-material/SwapVert';
import type { ReactNode } from 'react';

export type ReportType = 'financial-summary' | 'cash-flow' | 'expense-breakdown' | 'profit-loss';

export const reportTypes: { type: ReportType; title: string; description: string; icon: ReactNode }[] = [
  { type: 'financial-summary', title: 'Resumo Financeiro', description: 'Receitas, despesas, lucro e fluxo de caixa com a evolução mensal', icon: <SummarizeIcon /> },
  { type: 'cash-flow', title: 'Fluxo de Caixa', description: 'Entradas e saídas mês a mês, saldo acumulado e projeção', icon: <SwapVertIcon /> },
  { type: 'expense-breakdown', title: 'Análise de Despesas', description: 'Despesas por categoria, fixas e variáveis, e as maiores do período', icon: <DonutLargeIcon /> },
  { type: 'profit-loss', title: 'Demonstração de Resultado (DRE)', description: 'Da receita bruta ao lucro líquido, por categoria', icon: <AccountBalanceIcon /> },
];

/** GET /api/reports/preview: the report's figures, money as "1234.50" strings. */
export interface ReportPreviewData {
  type: ReportType;
  title: string;
  organizationName: string;
  startDate: string;
  endDate: string;
  generatedAt: string;
  summary: { totalRevenue: string; totalExpenses: string; netProfit: string; cashFlow: string; transactions: number; revenueGrowth: string; expenseGrowth: string; profitGrowth: string; cashFlowGrowth: string };
  tables: {
    title: string;
    columns: { header: string; kind: 'text' | 'money' | 'percent' | 'integer' | 'date' }[];
    rows: { cells: (string | number | null)[]; emphasis: 'group' | 'result' | null; indent: boolean }[];
    total: (string | number | null)[] | null;
    note: string | null;
  }[];
}
