// Writes a report as an Excel workbook (exceljs): a 'Resumo' sheet with the organization, period,
// generation time and the summary, then one sheet per table — header in row 1 (frozen, with a
// filter), amounts as numbers in BRL format, and totals as SUM formulas whose results are stored
// too, so a reader without a calculation engine still sees them.
// exceljs (~28 MB resident) is loaded on the first workbook asked for, not at start.
import type ExcelJS from 'exceljs';
import { columnTotal, type Report, type ReportTable } from './report';
import { asOfText, generatedText, periodText } from './text';

const BRL = '"R$" #,##0.00;-"R$" #,##0.00';
const PERCENT = '0.0%';
const INTEGER = '#,##0';
const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF4F46E5' } };
const TOTAL_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE0E7FF' } };

const reais = (centavos: bigint) => Number(centavos) / 100;
const columnLetter = (index: number) => String.fromCharCode(65 + index);

function cellValue(value: unknown, kind: string): ExcelJS.CellValue {
  if (value === null || value === undefined) return null;
  if (kind === 'money' && typeof value === 'bigint') return reais(value);
  if (kind === 'percent' && typeof value === 'number') return value / 100;
  if (kind === 'date' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(`${value}T00:00:00Z`);
  return value as ExcelJS.CellValue;
}

const formats: Record<string, string | undefined> = { money: BRL, percent: PERCENT, integer: INTEGER, date: 'dd/mm/yyyy' };

function addTableSheet(workbook: ExcelJS.Workbook, t: ReportTable): void {
  const sheet = workbook.addWorksheet(t.sheet.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = t.columns.map((c) => ({ header: c.header, key: c.header, width: c.width ?? 16, style: formats[c.kind] ? { numFmt: formats[c.kind] } : {} }));
  const header = sheet.getRow(1);
  header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  header.eachCell((cell) => { cell.fill = HEADER_FILL; });

  const firstData = 2;
  t.rows.forEach((row, r) => {
    const excelRow = sheet.getRow(firstData + r);
    row.cells.forEach((value, i) => {
      const cell = excelRow.getCell(i + 1);
      const kind = t.columns[i].kind;
      if (row.sumOf && kind === 'money') {
        // A DRE line is the signed sum of its terms: a formula, with its result stored.
        const terms = row.sumOf.map((term, k) => `${term.sign < 0 ? '-' : k === 0 ? '' : '+'}${columnLetter(i)}${firstData + term.row}`);
        cell.value = { formula: terms.length === 0 ? '0' : terms.join(''), result: reais(value as bigint) };
      } else {
        cell.value = cellValue(value, kind);
      }
      if (i === 0 && row.indent) cell.alignment = { indent: 2 };
    });
    if (row.emphasis) excelRow.font = { bold: true };
  });
  const lastData = firstData + t.rows.length - 1;

  if (t.totalLabel) {
    const totalRow = sheet.getRow(lastData + 1);
    t.columns.forEach((c, i) => {
      const cell = totalRow.getCell(i + 1);
      if (i === 0) cell.value = t.totalLabel!;
      else if ((c.kind === 'money' || c.kind === 'integer') && !t.noTotal?.includes(i)) {
        const total = columnTotal(t, i);
        const result = typeof total === 'bigint' ? reais(total) : total;
        cell.value = t.rows.length === 0 ? { formula: '0', result: 0 } : { formula: `SUM(${columnLetter(i)}${firstData}:${columnLetter(i)}${lastData})`, result };
      }
      cell.fill = TOTAL_FILL;
    });
    totalRow.font = { bold: true };
  }
  if (t.rows.length > 0) sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: lastData, column: t.columns.length } };
  if (t.note) sheet.getCell(`A${lastData + (t.totalLabel ? 3 : 2)}`).value = t.note;
}

function addSummarySheet(workbook: ExcelJS.Workbook, report: Report): void {
  const sheet = workbook.addWorksheet('Resumo', { views: [{ state: 'frozen', ySplit: 6 }] });
  sheet.columns = [{ width: 26 }, { width: 22 }, { width: 22 }, { width: 14 }];
  sheet.getCell('A1').value = report.organizationName;
  sheet.getCell('A1').font = { bold: true, size: 16 };
  sheet.getCell('A2').value = report.title;
  sheet.getCell('A2').font = { bold: true, size: 13, color: { argb: 'FF4F46E5' } };
  sheet.getCell('A3').value = 'Período';
  sheet.getCell('B3').value = periodText(report.range);
  sheet.getCell('A4').value = 'Gerado em';
  sheet.getCell('B4').value = generatedText(report.generatedAt);
  if (report.asOf) {
    sheet.getCell('C4').value = asOfText(report.asOf);
    sheet.getCell('C4').font = { bold: true, color: { argb: 'FFB45309' } };
  }
  const header = sheet.getRow(6);
  header.values = ['Indicador', 'Período', 'Período anterior', 'Variação'];
  header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  header.eachCell((cell) => { cell.fill = HEADER_FILL; });
  const { summary } = report;
  const growth = (g: string): number | string => {
    const value = Number.parseFloat(g);
    return Number.isNaN(value) ? g : value / 100;
  };
  const { previous } = report;
  const rows: [string, bigint, bigint, string][] = [
    ['Receita Total', summary.totalRevenue, previous.totalRevenue, summary.revenueGrowth],
    ['Despesas Totais', summary.totalExpenses, previous.totalExpenses, summary.expenseGrowth],
    ['Lucro Líquido', summary.netProfit, previous.netProfit, summary.profitGrowth],
    ['Fluxo de Caixa', summary.cashFlow, previous.cashFlow, summary.cashFlowGrowth],
  ];
  rows.forEach(([label, value, before, g], i) => {
    const row = sheet.getRow(7 + i);
    row.getCell(1).value = label;
    row.getCell(2).value = reais(value);
    row.getCell(3).value = reais(before);
    row.getCell(2).numFmt = BRL;
    row.getCell(3).numFmt = BRL;
    row.getCell(4).value = growth(g);
    row.getCell(4).numFmt = PERCENT;
  });
  sheet.getCell('A5').value = 'Período anterior';
  sheet.getCell('B5').value = periodText(report.previousRange);
  const count = sheet.getRow(11);
  count.getCell(1).value = 'Transações';
  count.getCell(2).value = summary.transactions;
  count.getCell(2).numFmt = INTEGER;
  // Net profit is revenue minus expenses: a formula over the two lines above it.
  sheet.getCell('B9').value = { formula: 'B7-B8', result: reais(summary.netProfit) };
  sheet.getCell('C9').value = { formula: 'C7-C8', result: reais(previous.netProfit) };
}

export async function renderExcel(report: Report): Promise<Buffer> {
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  workbook.creator = 'Fluxo';
  workbook.created = new Date(report.generatedAt);
  workbook.title = `${report.title} — ${report.organizationName}`;
  addSummarySheet(workbook, report);
  for (const t of report.tables) addTableSheet(workbook, t);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
