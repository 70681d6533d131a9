// Gathers a report's figures for one organization and period. The totals come from the dashboard's
// own queries (financialMetrics, cashFlowSeries, expenseBreakdown, cashFlowForecastFor), so a
// report always agrees with GET /api/financial/metrics for the same period; the few extra
// breakdowns read the same ledger with the same counted statuses and add up to those totals.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { budgetCategoryOf } from '../../domain/finance/budget-categories';
import { expenseCountedStatuses, revenueCountedStatuses } from '../../domain/finance/cash-metrics';
import { monthName, type DateRange } from '../../domain/finance/period-range';
import { revenueCategoryLabels, type RevenueCategory } from '../../domain/finance/revenue';
import { notFound } from '../../domain/shared/errors';
import { formatDateBR } from '../../domain/shared/dates';
import type { Centavos } from '../../domain/shared/money';
import type { TenantRead } from '../db/tenant';
import { cashFlowForecastFor, cashFlowSeries, expenseBreakdown, financialMetrics, ledgerWithin, type BreakdownItem } from '../../projections/dashboard/queries';
import { expenseOccurrencesWithin } from '../../projections/finance/expense-queries';
import { findOrganization } from '../../projections/identity/queries';
import { reportTitles, type Report, type ReportRow, type ReportTable, type ReportType } from './report';

const list = (values: readonly string[]) => sql.array([...values], 'text');
const shareOf = (part: Centavos, whole: Centavos) => (whole === 0n ? 0 : Number((part * 10000n) / whole) / 100);
/** '12.5%' → 12.5; 'n/d' (no base, or a change of sign) stays text. */
const growthNumber = (growth: string): number | string => {
  const value = Number.parseFloat(growth);
  return Number.isNaN(value) ? growth : value;
};

async function revenueByCategory(tx: CommonQueryMethods, organizationId: string, range: DateRange) {
  return tx.any(sql.type(z.object({ category: z.string(), amount: z.bigint() }))`
    SELECT category, SUM(amount)::bigint AS amount FROM ${ledgerWithin(organizationId, range)} l
    WHERE kind = 'revenue' AND status = ANY(${list(revenueCountedStatuses)})
    GROUP BY category HAVING SUM(amount) <> 0 ORDER BY amount DESC, category`);
}

/** How many counted records (each occurrence of a recurring expense) make up the period's totals. */
async function countedTransactions(tx: CommonQueryMethods, organizationId: string, range: DateRange): Promise<number> {
  return tx.oneFirst(sql.type(z.object({ count: z.number() }))`
    SELECT COALESCE(SUM(entries), 0)::int AS count FROM ${ledgerWithin(organizationId, range)} l
    WHERE ((kind = 'revenue' AND status = ANY(${list(revenueCountedStatuses)})) OR (kind = 'expense' AND status = ANY(${list(expenseCountedStatuses)})))`);
}

async function largestExpenses(tx: CommonQueryMethods, organizationId: string, range: DateRange) {
  return tx.any(sql.type(z.object({ occurrence_date: z.string(), description: z.string(), category: z.string(), amount: z.bigint() }))`
    SELECT occurrence_date::text, description, category, amount FROM ${expenseOccurrencesWithin(organizationId, range)} o
    WHERE status = ANY(${list(expenseCountedStatuses)})
    ORDER BY amount DESC, occurrence_date, description LIMIT 10`);
}

async function expensesByType(tx: CommonQueryMethods, organizationId: string, range: DateRange) {
  return tx.any(sql.type(z.object({ expense_type: z.string(), amount: z.bigint() }))`
    SELECT expense_type, SUM(amount)::bigint AS amount FROM ${expenseOccurrencesWithin(organizationId, range)} o
    WHERE status = ANY(${list(expenseCountedStatuses)})
    GROUP BY expense_type ORDER BY expense_type`);
}

const categoryTable = (title: string, sheet: string, items: { name: string; amount: Centavos }[], total: Centavos): ReportTable => ({
  title, sheet,
  columns: [{ header: 'Categoria', kind: 'text', width: 34 }, { header: 'Valor', kind: 'money', width: 18 }, { header: '% do total', kind: 'percent', width: 12 }],
  rows: items.map((i) => ({ cells: [i.name, i.amount, shareOf(i.amount, total)] })),
  totalLabel: 'Total',
});

/** DRE: gross revenue by category, taxes, supplier costs, operating expenses by category, net result. */
function profitAndLoss(revenues: { name: string; amount: Centavos }[], expenses: BreakdownItem[]): ReportTable {
  const rows: ReportRow[] = [];
  const money = [{ header: 'Conta', kind: 'text' as const, width: 44 }, { header: 'Valor', kind: 'money' as const, width: 18 }];
  const group = (label: string, lines: { name: string; amount: Centavos }[], sign: 1 | -1): number => {
    const at = rows.length;
    rows.push({ cells: [label, null], emphasis: 'group', sumOf: [] });
    for (const line of lines) {
      rows[at].sumOf!.push({ row: rows.length, sign: 1 });
      rows.push({ cells: [line.name, sign === 1 ? line.amount : -line.amount], indent: true });
    }
    return at;
  };
  const result = (label: string, terms: number[]): number => {
    rows.push({ cells: [label, null], emphasis: 'result', sumOf: terms.map((row) => ({ row, sign: 1 as const })) });
    return rows.length - 1;
  };
  const kindOf = (slug: string) => {
    const budget = budgetCategoryOf(slug);
    return budget === 'impostos' ? 'taxes' : budget === 'fornecedores' ? 'costs' : 'operating';
  };
  const gross = group('Receita operacional bruta', revenues, 1);
  const taxes = group('(−) Impostos e deduções', expenses.filter((e) => kindOf(e.category) === 'taxes'), -1);
  const net = result('(=) Receita líquida', [gross, taxes]);
  const costs = group('(−) Custos com fornecedores', expenses.filter((e) => kindOf(e.category) === 'costs'), -1);
  const grossProfit = result('(=) Lucro bruto', [net, costs]);
  const operating = group('(−) Despesas operacionais', expenses.filter((e) => kindOf(e.category) === 'operating'), -1);
  result('(=) Lucro líquido do período', [grossProfit, operating]);
  // Fill in the values of group and result lines from their terms, in order.
  for (const row of rows) {
    if (!row.sumOf) continue;
    row.cells[1] = row.sumOf.reduce((sum, t) => sum + BigInt(t.sign) * (rows[t.row].cells[1] as bigint), 0n);
  }
  return {
    title: 'Demonstração de Resultado do Exercício', sheet: 'DRE', columns: money, rows,
    note: 'Regime de competência: receitas confirmadas e recebidas; despesas aprovadas e concluídas (cada ocorrência das recorrentes).',
  };
}

/**
 * `today` is the São Paulo date the report is about (the forecast starts after it); `asOf` is the
 * past instant its figures are as of, or null for live figures.
 */
export async function assembleReport(
  read: TenantRead,
  organizationId: string,
  input: { type: ReportType; range: DateRange; generatedAt: Date; today: string; asOf: Date | null },
): Promise<Report> {
  const { type, range, today } = input;
  return read(async (tx) => {
    const organization = await findOrganization(tx, organizationId);
    if (!organization) throw notFound('Organização não encontrada');
    const metrics = await financialMetrics(tx, organizationId, range);
    const transactions = await countedTransactions(tx, organizationId, range);
    const { current } = metrics;
    const revenues = (await revenueByCategory(tx, organizationId, range))
      .map((r) => ({ name: revenueCategoryLabels[r.category as RevenueCategory] ?? r.category, amount: r.amount }));
    const expenses = await expenseBreakdown(tx, organizationId, range);

    const tables: ReportTable[] = [];
    if (type === 'financial-summary') {
      const indicator = (name: string, now: Centavos, before: Centavos, growth: string) => ({ cells: [name, now, before, growthNumber(growth)] });
      tables.push({
        title: 'Indicadores do período', sheet: 'Indicadores',
        columns: [
          { header: 'Indicador', kind: 'text', width: 24 }, { header: 'Período', kind: 'money', width: 18 },
          { header: 'Período anterior', kind: 'money', width: 18 }, { header: 'Variação', kind: 'percent', width: 12 },
        ],
        rows: [
          indicator('Receita Total', current.totalRevenue, metrics.previous.totalRevenue, metrics.growth.revenueGrowth),
          indicator('Despesas Totais', current.totalExpenses, metrics.previous.totalExpenses, metrics.growth.expenseGrowth),
          indicator('Lucro Líquido', current.netProfit, metrics.previous.netProfit, metrics.growth.profitGrowth),
          indicator('Fluxo de Caixa', current.cashFlow, metrics.previous.cashFlow, metrics.growth.cashFlowGrowth),
        ],
        note: `Período anterior: ${metrics.previousRange.startDate.split('-').reverse().join('/')} a ${metrics.previousRange.endDate.split('-').reverse().join('/')}.`,
      });
    }
    if (type === 'financial-summary' || type === 'cash-flow') {
      const series = await cashFlowSeries(tx, organizationId, range);
      let running = 0n;
      tables.push({
        title: type === 'cash-flow' ? 'Fluxo de caixa mensal' : 'Evolução mensal', sheet: type === 'cash-flow' ? 'Fluxo mensal' : 'Evolução mensal',
        columns: [
          { header: 'Mês', kind: 'text', width: 20 }, { header: 'Entradas', kind: 'money', width: 18 }, { header: 'Saídas', kind: 'money', width: 18 },
          { header: 'Saldo', kind: 'money', width: 18 }, ...(type === 'cash-flow' ? [{ header: 'Saldo acumulado', kind: 'money' as const, width: 18 }] : []),
        ],
        rows: series.map((m) => {
          running += m.balance;
          return { cells: [monthName(m.month), m.income, m.expenses, m.balance, ...(type === 'cash-flow' ? [running] : [])] };
        }),
        totalLabel: 'Total do período',
        noTotal: type === 'cash-flow' ? [4] : undefined,
      });
    }
    if (type === 'cash-flow') {
      const forecast = await cashFlowForecastFor(tx, organizationId, today);
      tables.push({
        title: 'Projeção dos próximos meses', sheet: 'Projeção',
        columns: [
          { header: 'Mês', kind: 'text', width: 20 }, { header: 'Entradas previstas', kind: 'money', width: 18 },
          { header: 'Saídas previstas', kind: 'money', width: 18 }, { header: 'Saldo previsto', kind: 'money', width: 18 },
        ],
        rows: forecast.months.map((m) => ({ cells: [monthName(m.month), m.income, m.expenses, m.balance] })),
        totalLabel: 'Total projetado',
        note: `Método: ${forecast.method}, a partir de ${input.asOf ? formatDateBR(today) : 'hoje'}.`,
      });
    }
    if (type === 'financial-summary') tables.push(categoryTable('Receitas por categoria', 'Receitas', revenues, current.totalRevenue));
    if (type === 'financial-summary' || type === 'expense-breakdown') tables.push(categoryTable('Despesas por categoria', 'Despesas', expenses, current.totalExpenses));
    if (type === 'expense-breakdown') {
      const labels = { fixed: 'Fixas', variable: 'Variáveis' } as Record<string, string>;
      const byType = (await expensesByType(tx, organizationId, range)).map((r) => ({ name: labels[r.expense_type] ?? r.expense_type, amount: r.amount }));
      tables.push(categoryTable('Despesas fixas e variáveis', 'Fixas e variáveis', byType, current.totalExpenses));
      const names = new Map(expenses.map((e) => [e.category, e.name]));
      tables.push({
        title: 'Maiores despesas do período', sheet: 'Maiores despesas',
        columns: [
          { header: 'Data', kind: 'date', width: 12 }, { header: 'Descrição', kind: 'text', width: 40 },
          { header: 'Categoria', kind: 'text', width: 20 }, { header: 'Valor', kind: 'money', width: 18 },
        ],
        rows: (await largestExpenses(tx, organizationId, range)).map((e) => ({ cells: [e.occurrence_date, e.description, names.get(e.category) ?? e.category, e.amount] })),
      });
    }
    if (type === 'profit-loss') tables.push(profitAndLoss(revenues, expenses));

    return {
      type,
      title: reportTitles[type],
      organizationName: organization.name,
      range,
      previousRange: metrics.previousRange,
      generatedAt: input.generatedAt.toISOString(),
      asOf: input.asOf?.toISOString() ?? null,
      summary: { ...current, transactions, ...metrics.growth },
      previous: metrics.previous,
      tables,
    };
  });
}
