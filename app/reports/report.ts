// A report as data, separate from its rendering: the organization, the period, the summary cards
// and titled tables whose money cells are centavos. renderPdf and renderExcel draw the same report.
import type { Centavos } from '../../domain/shared/money';
import type { DateRange } from '../../domain/finance/period-range';

export const reportTypes = ['financial-summary', 'cash-flow', 'expense-breakdown', 'profit-loss'] as const;
export type ReportType = (typeof reportTypes)[number];
export const reportFormats = ['pdf', 'excel'] as const;
export type ReportFormat = (typeof reportFormats)[number];

export const reportTitles: Record<ReportType, string> = {
  'financial-summary': 'Resumo Financeiro',
  'cash-flow': 'Fluxo de Caixa',
  'expense-breakdown': 'Análise de Despesas',
  'profit-loss': 'Demonstração de Resultado (DRE)',
};

/** money: centavos (bigint); percent: a share in percent (12.5 = 12,5%); integer: a count. */
export type ColumnKind = 'text' | 'money' | 'percent' | 'integer' | 'date';
export type Column = { header: string; kind: ColumnKind; width?: number };
export type Cell = string | number | Centavos | null;

export type ReportRow = {
  cells: Cell[];
  /** A DRE group line or a result line, drawn in bold. */
  emphasis?: 'group' | 'result';
  /** A line that is the signed sum of other rows of the same table (by index): a formula in Excel. */
  sumOf?: { row: number; sign: 1 | -1 }[];
  /** Indented under the group above it. */
  indent?: boolean;
};

export type ReportTable = {
  title: string;
  /** Excel sheet name (≤ 31 characters). */
  sheet: string;
  columns: Column[];
  rows: ReportRow[];
  /** Adds a total line: the sum of the data rows of each money (and integer) column. */
  totalLabel?: string;
  /** Columns left out of the total line (e.g. a running balance). */
  noTotal?: number[];
  note?: string;
};

export type ReportSummary = {
  totalRevenue: Centavos;
  totalExpenses: Centavos;
  netProfit: Centavos;
  cashFlow: Centavos;
  transactions: number;
  revenueGrowth: string;
  expenseGrowth: string;
  profitGrowth: string;
  cashFlowGrowth: string;
};

export type Report = {
  type: ReportType;
  title: string;
  organizationName: string;
  range: DateRange;
  previousRange: DateRange;
  /** ISO instant. */
  generatedAt: string;
  /** ISO instant the figures are as of (time travel: the events recorded up to it); null = live. */
  asOf: string | null;
  summary: ReportSummary;
  /** The same figures for the previous period of the same length (growth is measured against it). */
  previous: Pick<ReportSummary, 'totalRevenue' | 'totalExpenses' | 'netProfit' | 'cashFlow'>;
  tables: ReportTable[];
};

/** The total line's value of a column: the sum of its data rows (group and result rows left out). */
export function columnTotal(table: ReportTable, column: number): Centavos | number {
  const values = table.rows.filter((r) => !r.emphasis && !r.sumOf).map((r) => r.cells[column]);
  if (table.columns[column].kind === 'money') return values.reduce<bigint>((sum, v) => sum + (typeof v === 'bigint' ? v : 0n), 0n);
  return values.reduce<number>((sum, v) => sum + (typeof v === 'number' ? v : 0), 0);
}

/** File name of the download (spec §7): relatorio-{type}-{startDate}.pdf|xlsx. */
export const reportFileName = (type: ReportType, startDate: string, format: ReportFormat) =>
  `relatorio-${type}-${startDate}.${format === 'pdf' ? 'pdf' : 'xlsx'}`;
