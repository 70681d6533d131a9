// Draws a report as an A4 PDF with pdfmake (server side, bundled Roboto fonts, no network or
// file access beyond the fonts): heading with the organization, period and generation time, the
// summary cards, then each table with its total line.
import { createRequire } from 'node:module';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { formatBRL } from '../../domain/shared/money';
import { columnTotal, type Report, type ReportTable } from './report';
import { asOfText, cellText, generatedText, growthText, periodText } from './text';

const require = createRequire(import.meta.url);

/** pdfmake (~25 MB resident) is loaded on the first PDF asked for, not at start. */
let loaded: Promise<typeof import('pdfmake')> | null = null;
function pdfmakeReady(): Promise<typeof import('pdfmake')> {
  loaded ??= import('pdfmake').then(({ default: pdfmake }) => {
    pdfmake.setFonts(require('pdfmake/fonts/Roboto.js'));
    pdfmake.setUrlAccessPolicy(() => false);
    pdfmake.setLocalAccessPolicy((path) => path.includes('pdfmake'));
    return pdfmake;
  });
  return loaded;
}

const INK = '#1f2937';
const MUTED = '#6b7280';
const ACCENT = '#4f46e5';
const STRIPE = '#f3f4f6';

function summaryCards(report: Report): Content {
  const { summary } = report;
  const card = (label: string, value: string, growth?: string): TableCell => ({
    stack: [
      { text: label, color: MUTED, fontSize: 8 },
      { text: value, bold: true, fontSize: 12, margin: [0, 2, 0, 0] },
      ...(growth ? [{ text: `${growthText(growth)} vs período anterior`, color: MUTED, fontSize: 7 }] : []),
    ],
    margin: [6, 6, 6, 6],
  });
  return {
    table: {
      widths: ['*', '*', '*', '*'],
      body: [[
        card('Receita Total', formatBRL(summary.totalRevenue), summary.revenueGrowth),
        card('Despesas Totais', formatBRL(summary.totalExpenses), summary.expenseGrowth),
        card('Lucro Líquido', formatBRL(summary.netProfit), summary.profitGrowth),
        card('Transações', summary.transactions.toLocaleString('pt-BR')),
      ]],
    },
    layout: { hLineColor: () => '#e5e7eb', vLineColor: () => '#e5e7eb' },
    margin: [0, 12, 0, 4],
  };
}

function table(t: ReportTable): Content[] {
  const align = (kind: string) => (kind === 'text' ? 'left' : 'right');
  // A figure stays on one line ('R$ 24.600,00', not 'R$' over '24.600,00'): the text columns give way.
  const figure = (kind: string) => (kind === 'text' ? {} : { noWrap: true });
  const header: TableCell[] = t.columns.map((c) => ({ text: c.header, bold: true, color: 'white', fillColor: ACCENT, alignment: align(c.kind) }));
  const body: TableCell[][] = t.rows.map((row, r) => row.cells.map((value, i): TableCell => ({
    text: cellText(value, t.columns[i].kind),
    alignment: align(t.columns[i].kind),
    ...figure(t.columns[i].kind),
    bold: row.emphasis !== undefined,
    fillColor: row.emphasis === 'result' ? '#e0e7ff' : r % 2 === 1 ? STRIPE : undefined,
    margin: i === 0 && row.indent ? [10, 0, 0, 0] : undefined,
  })));
  if (t.totalLabel) {
    body.push(t.columns.map((c, i): TableCell => ({
      text: i === 0 ? t.totalLabel! : (c.kind === 'money' || c.kind === 'integer') && !t.noTotal?.includes(i) ? cellText(columnTotal(t, i), c.kind) : '',
      bold: true, alignment: align(c.kind), fillColor: '#e0e7ff', ...figure(c.kind),
    })));
  }
  return [
    { text: t.title, style: 'section' },
    t.rows.length === 0
      ? { text: 'Sem lançamentos no período.', color: MUTED, italics: true }
      : { table: { headerRows: 1, widths: t.columns.map((c) => (c.kind === 'text' ? '*' : 'auto')), body: [header, ...body] }, layout: 'lightHorizontalLines', fontSize: 9 },
    ...(t.note ? [{ text: t.note, color: MUTED, fontSize: 7, italics: true, margin: [0, 4, 0, 0] } as Content] : []),
  ];
}

export function reportDocument(report: Report): TDocumentDefinitions {
  const generated = generatedText(report.generatedAt);
  return {
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 50],
    info: { title: `${report.title} — ${report.organizationName}`, author: 'Fluxo', subject: periodText(report.range) },
    defaultStyle: { font: 'Roboto', fontSize: 10, color: INK },
    styles: { section: { fontSize: 12, bold: true, color: ACCENT, margin: [0, 16, 0, 6] } },
    footer: (page, pages) => ({
      columns: [
        { text: `${report.organizationName} · gerado em ${generated}`, color: MUTED, fontSize: 7 },
        { text: `Página ${page} de ${pages}`, alignment: 'right', color: MUTED, fontSize: 7 },
      ],
      margin: [40, 16, 40, 0],
    }),
    content: [
      { text: report.organizationName, fontSize: 18, bold: true },
      { text: report.title, fontSize: 14, color: ACCENT, margin: [0, 2, 0, 6] },
      { text: [{ text: 'Período: ', bold: true }, periodText(report.range)] },
      { text: [{ text: 'Gerado em: ', bold: true }, generated], color: MUTED, fontSize: 9 },
      ...(report.asOf ? [{ text: asOfText(report.asOf), bold: true, color: '#B45309', fontSize: 10, margin: [0, 4, 0, 0] } as Content] : []),
      summaryCards(report),
      { text: `Fluxo de caixa do período: ${formatBRL(report.summary.cashFlow)} (receitas recebidas menos despesas).`, color: MUTED, fontSize: 8 },
      ...report.tables.flatMap(table),
    ],
  };
}

export async function renderPdf(report: Report): Promise<Buffer> {
  const pdfmake = await pdfmakeReady();
  return (await pdfmake.createPdf(reportDocument(report)).getBuffer()) as Buffer;
}
