// /api/reports: the Relatórios screen's files (PDF and Excel) and the preview of the same figures.
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app/deps';
import { assembleReport } from '../../app/reports/assemble';
import { columnTotal, reportFileName, reportFormats, reportTypes, type Report, type ReportTable } from '../../app/reports/report';
import { periodPresets, resolvePeriod, DEFAULT_METRICS_PERIOD } from '../../domain/finance/period-range';
import { saoPauloDate } from '../../domain/shared/dates';
import { validationError } from '../../domain/shared/errors';
import { formatMoney } from '../../domain/shared/money';
import { dashboardLedgerProjector } from '../../projections/dashboard/ledger';
import { expensesProjector } from '../../projections/finance/expenses';
import { asOfQuery, readingFor } from '../plugins/as-of';
import { requireTenant } from '../plugins/auth';

const reportType = z.enum(reportTypes, { errorMap: () => ({ message: `Tipo de relatório inválido; use um destes: ${reportTypes.join(', ')}` }) });
const periodField = z.enum([...periodPresets, 'custom'], { errorMap: () => ({ message: `Período inválido; use um destes: ${periodPresets.join(', ')}, custom` }) }).optional();

const previewQuery = z.object({ type: reportType, period: periodField, startDate: z.string().optional(), endDate: z.string().optional() }).merge(asOfQuery);
const generateQuery = previewQuery.extend({
  format: z.enum(reportFormats, { errorMap: () => ({ message: 'Formato inválido; use pdf ou excel' }) }),
});

const CONTENT_TYPES = { pdf: 'application/pdf', excel: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } as const;

const previewCell = z.union([z.string(), z.number(), z.null()]);
const previewResponse = z.object({
  type: reportType,
  title: z.string(),
  organizationName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  generatedAt: z.string(),
  asOf: z.string().nullable(),
  summary: z.object({
    totalRevenue: z.string(), totalExpenses: z.string(), netProfit: z.string(), cashFlow: z.string(), transactions: z.number(),
    revenueGrowth: z.string(), expenseGrowth: z.string(), profitGrowth: z.string(), cashFlowGrowth: z.string(),
  }),
  tables: z.array(z.object({
    title: z.string(),
    columns: z.array(z.object({ header: z.string(), kind: z.enum(['text', 'money', 'percent', 'integer', 'date']) })),
    rows: z.array(z.object({ cells: z.array(previewCell), emphasis: z.enum(['group', 'result']).nullable(), indent: z.boolean() })),
    total: z.array(previewCell).nullable(),
    note: z.string().nullable(),
  })),
});

/** Money as the API's "1234.50" strings; percentages and counts as numbers. */
const jsonCell = (value: unknown): string | number | null => (typeof value === 'bigint' ? formatMoney(value) : (value as string | number | null));

function previewTable(t: ReportTable): z.infer<typeof previewResponse>['tables'][number] {
  return {
    title: t.title,
    columns: t.columns.map(({ header, kind }) => ({ header, kind })),
    rows: t.rows.map((r) => ({ cells: r.cells.map(jsonCell), emphasis: r.emphasis ?? null, indent: r.indent ?? false })),
    total: t.totalLabel
      ? t.columns.map((c, i) => (i === 0 ? t.totalLabel! : (c.kind === 'money' || c.kind === 'integer') && !t.noTotal?.includes(i) ? jsonCell(columnTotal(t, i)) : null))
      : null,
    note: t.note ?? null,
  };
}

function toPreview(report: Report): z.infer<typeof previewResponse> {
  const { summary } = report;
  return {
    type: report.type, title: report.title, organizationName: report.organizationName,
    startDate: report.range.startDate, endDate: report.range.endDate, generatedAt: report.generatedAt, asOf: report.asOf,
    summary: {
      totalRevenue: formatMoney(summary.totalRevenue), totalExpenses: formatMoney(summary.totalExpenses), netProfit: formatMoney(summary.netProfit),
      cashFlow: formatMoney(summary.cashFlow), transactions: summary.transactions, revenueGrowth: summary.revenueGrowth,
      expenseGrowth: summary.expenseGrowth, profitGrowth: summary.profitGrowth, cashFlowGrowth: summary.cashFlowGrowth,
    },
    tables: report.tables.map(previewTable),
  };
}

export const reportRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  const tags = ['relatórios'];

  /** Dates win over a preset (spec §9: a custom period needs both dates). */
  const build = (organizationId: string, query: z.infer<typeof previewQuery>, reply: FastifyReply) => {
    const reading = readingFor(deps, organizationId, query, [dashboardLedgerProjector, expensesProjector], reply);
    if (query.period === 'custom' && (!query.startDate || !query.endDate)) {
      throw validationError('Informe a data inicial e a data final do período personalizado', { [query.startDate ? 'endDate' : 'startDate']: 'Data obrigatória' });
    }
    const period = query.period === 'custom' ? undefined : query.period;
    const today = saoPauloDate(reading.now);
    const range = resolvePeriod({ period, startDate: query.startDate, endDate: query.endDate }, today, DEFAULT_METRICS_PERIOD);
    return assembleReport(reading.read, organizationId, { type: query.type, range, generatedAt: deps.clock(), today, asOf: reading.asOf });
  };

  app.get('/reports/generate', {
    schema: {
      tags,
      summary: 'Relatório em PDF ou Excel (financial-summary, cash-flow, expense-breakdown, profit-loss) do período (padrão: mês atual)',
      description: 'Os totais são os de GET /api/financial/metrics no mesmo período. Arquivo relatorio-{type}-{startDate}.pdf|xlsx.',
      querystring: generateQuery,
    },
  }, async (request, reply) => {
    const { organizationId } = requireTenant(request);
    const report = await build(organizationId, request.query, reply);
    const { format } = request.query;
    // pdfmake (with its fonts) and exceljs load with the first file asked for, not at start.
    const file = format === 'pdf'
      ? await (await import('../../app/reports/pdf')).renderPdf(report)
      : await (await import('../../app/reports/excel')).renderExcel(report);
    const name = reportFileName(report.type, report.range.startDate, format);
    return reply
      .header('Content-Type', CONTENT_TYPES[format])
      .header('Content-Disposition', `attachment; filename="${name}"`)
      .header('Access-Control-Expose-Headers', 'Content-Disposition')
      .header('Cache-Control', 'no-store')
      .send(file);
  });

  app.get('/reports/preview', {
    schema: {
      tags,
      summary: 'Os números do relatório (os mesmos do arquivo) para a pré-visualização da tela Relatórios',
      querystring: previewQuery,
      response: { 200: previewResponse },
    },
  }, async (request, reply) => {
    const { organizationId } = requireTenant(request);
    return toPreview(await build(organizationId, request.query, reply));
  });
};
