// Reports on a real database: every total of the Excel file (parsed back with exceljs) and of the
// PDF (its text extracted with pdfjs) equals GET /api/financial/metrics for the same period.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPdf } from '../../app/documents/pdf';
import { formatBRL, parseMoney } from '../../domain/shared/money';
import { createTestApp, seedTenant, type Client, type TestApp } from '../../test-support/app';
import { expense, recordHistory, revenue, steadyCompany } from '../../test-support/insight-history';

const NOW = new Date('2025-06-20T15:00:00.000Z');
const TODAY = '2025-06-20';

type Metrics = { totalRevenue: string; receivedRevenue: string; totalExpenses: string; netProfit: string; cashFlow: string; startDate: string; endDate: string };

const reais = (text: string) => Number(text);
const brl = (text: string) => formatBRL(parseMoney(text)!);

describe('/api/reports', () => {
  let t: TestApp;
  let admin: Client;
  let viewer: Client;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => NOW });
    const tenant = await seedTenant(t, 'Padaria Relatórios');
    admin = tenant.admin;
    viewer = tenant.users[0];
    // Impostos and Fornecedores are default categories (slugs 'taxes' and 'suppliers').
    const h = steadyCompany(TODAY);
    await recordHistory(t.deps, tenant.organizationId, {
      ...h,
      expenses: [
        ...h.expenses,
        expense('2025-06-10', 3_210.55, 'taxes', { description: 'DAS Simples Nacional' }),
        expense('2025-05-10', 2_980.1, 'taxes', { description: 'DAS Simples Nacional' }),
        expense('2025-06-04', 7_450.9, 'suppliers', { description: 'Moinho Sul — farinha', expenseType: 'fixed' }),
        expense('2025-06-05', 999.99, 'marketing', { status: 'rejected', description: 'Rejeitada' }),
        expense('2025-06-06', 450, 'marketing', { status: 'pending', description: 'Pendente' }),
      ],
      revenues: [
        ...h.revenues,
        revenue('2025-06-15', 4_321.09, 'consulting', { status: 'confirmed', description: 'Consultoria confirmada' }),
        revenue('2025-06-16', 1_000, 'services', { status: 'pending', description: 'Ainda pendente' }),
        revenue('2025-06-17', 800, 'products', { status: 'cancelled', description: 'Cancelada' }),
      ],
    });
    // Another tenant's money must never reach these reports.
    const other = await seedTenant(t, 'Outra Empresa', []);
    await recordHistory(t.deps, other.organizationId, { ...steadyCompany(TODAY, 1), expenses: [] });
  });
  afterAll(async () => t?.close());

  const metricsFor = async (query: string): Promise<Metrics> => {
    const response = await admin.request('GET', `/api/financial/metrics?${query}`);
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const download = async (client: Client, query: string) => {
    const response = await client.request('GET', `/api/reports/generate?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };
  const workbookOf = async (bytes: Buffer) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    return workbook;
  };
  /** The last row's value in `column` of a sheet (the total line), and its formula. */
  const totalOf = (sheet: ExcelJS.Worksheet, column: string) => {
    const cell = sheet.getCell(`${column}${sheet.rowCount}`);
    const value = cell.value as ExcelJS.CellFormulaValue;
    return { formula: value.formula, result: value.result as number };
  };

  const periods = [
    ['current month (default)', ''],
    ['last quarter', 'period=last-quarter'],
    ['a custom range', 'period=custom&startDate=2025-01-15&endDate=2025-06-30'],
  ] as const;

  for (const [label, period] of periods) {
    it(`financial-summary in Excel equals the metrics: ${label}`, async () => {
      const metrics = await metricsFor(period.replace('period=custom&', ''));
      const response = await download(admin, `type=financial-summary&format=excel&${period}`);
      expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="relatorio-financial-summary-${metrics.startDate}.xlsx"`);
      const workbook = await workbookOf(response.rawPayload);
      expect(workbook.worksheets.map((s) => s.name)).toEqual(['Resumo', 'Indicadores', 'Evolução mensal', 'Receitas', 'Despesas']);

      const summary = workbook.getWorksheet('Resumo')!;
      expect(summary.getCell('A1').value).toBe('Padaria Relatórios');
      expect(summary.getCell('B3').value).toBe(`${metrics.startDate.split('-').reverse().join('/')} a ${metrics.endDate.split('-').reverse().join('/')}`);
      expect(summary.getCell('B4').value).toBe('20/06/2025 às 12:00');
      expect(summary.getCell('B7').value).toBe(reais(metrics.totalRevenue));
      expect(summary.getCell('B8').value).toBe(reais(metrics.totalExpenses));
      expect(summary.getCell('B9').value).toEqual({ formula: 'B7-B8', result: reais(metrics.netProfit) });
      expect(summary.getCell('B10').value).toBe(reais(metrics.cashFlow));
      expect(summary.getCell('B7').numFmt).toBe('"R$" #,##0.00;-"R$" #,##0.00');

      const monthly = workbook.getWorksheet('Evolução mensal')!;
      expect(monthly.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(monthly.getRow(1).values).toEqual([undefined, 'Mês', 'Entradas', 'Saídas', 'Saldo']);
      // The month-by-month evolution is the cash flow (one definition with the dashboard): received
      // revenue in, approved and completed expenses out.
      expect(totalOf(monthly, 'B')).toEqual({ formula: `SUM(B2:B${monthly.rowCount - 1})`, result: reais(metrics.receivedRevenue) });
      expect(totalOf(monthly, 'C').result).toBe(reais(metrics.totalExpenses));
      expect(totalOf(monthly, 'D').result).toBe(reais(metrics.cashFlow));
      expect(typeof monthly.getCell('B2').value).toBe('number');
      expect(monthly.getCell('B2').numFmt).toBe('"R$" #,##0.00;-"R$" #,##0.00');
      // The stored results are what the formulas compute.
      const sum = (sheet: ExcelJS.Worksheet, column: string) => {
        let total = 0;
        for (let r = 2; r < sheet.rowCount; r++) total += Number(sheet.getCell(`${column}${r}`).value ?? 0);
        return Math.round(total * 100) / 100;
      };
      expect(sum(monthly, 'B')).toBe(reais(metrics.receivedRevenue));

      expect(totalOf(workbook.getWorksheet('Receitas')!, 'B').result).toBe(reais(metrics.totalRevenue));
      expect(sum(workbook.getWorksheet('Receitas')!, 'B')).toBe(reais(metrics.totalRevenue));
      expect(totalOf(workbook.getWorksheet('Despesas')!, 'B').result).toBe(reais(metrics.totalExpenses));
      expect(sum(workbook.getWorksheet('Despesas')!, 'B')).toBe(reais(metrics.totalExpenses));
    });
  }

  it('profit-loss (DRE) ends in the metrics’ net profit, with formulas for every subtotal', async () => {
    const metrics = await metricsFor('');
    const workbook = await workbookOf((await download(admin, 'type=profit-loss&format=excel')).rawPayload);
    const dre = workbook.getWorksheet('DRE')!;
    const lines = new Map<string, ExcelJS.Row>();
    dre.eachRow((row) => lines.set(String(row.getCell(1).value), row));
    const value = (label: string) => {
      const v = lines.get(label)!.getCell(2).value;
      return typeof v === 'object' && v !== null && 'result' in v ? (v as ExcelJS.CellFormulaValue).result : v;
    };
    expect(value('Receita operacional bruta')).toBe(reais(metrics.totalRevenue));
    expect(value('(−) Impostos e deduções')).toBe(-3_210.55);
    expect(value('(−) Custos com fornecedores')).toBe(-7_450.9);
    expect(value('(=) Lucro líquido do período')).toBe(reais(metrics.netProfit));
    expect((lines.get('(=) Receita líquida')!.getCell(2).value as ExcelJS.CellFormulaValue).formula).toMatch(/^B\d+\+B\d+$/);
  });

  it('cash-flow and expense-breakdown agree with the metrics too', async () => {
    const metrics = await metricsFor('period=last-quarter');
    const cash = await workbookOf((await download(admin, 'type=cash-flow&format=excel&period=last-quarter')).rawPayload);
    const monthly = cash.getWorksheet('Fluxo mensal')!;
    expect(totalOf(monthly, 'B').result).toBe(reais(metrics.totalRevenue));
    expect(totalOf(monthly, 'C').result).toBe(reais(metrics.totalExpenses));
    expect(monthly.getCell(`E${monthly.rowCount - 1}`).value).toBe(reais(metrics.netProfit));
    expect(cash.getWorksheet('Projeção')!.getCell('A5').value).toBe('Total projetado');

    const breakdown = await workbookOf((await download(admin, 'type=expense-breakdown&format=excel&period=last-quarter')).rawPayload);
    expect(totalOf(breakdown.getWorksheet('Despesas')!, 'B').result).toBe(reais(metrics.totalExpenses));
    expect(totalOf(breakdown.getWorksheet('Fixas e variáveis')!, 'B').result).toBe(reais(metrics.totalExpenses));
    expect(breakdown.getWorksheet('Maiores despesas')!.getCell('B2').value).toBe('Aluguel da loja');
  });

  it('writes a PDF with the organization, the period, the generation time and the totals in pt-BR', async () => {
    const metrics = await metricsFor('period=last-quarter');
    const response = await download(admin, 'type=financial-summary&format=pdf&period=last-quarter');
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="relatorio-financial-summary-2025-01-01.pdf"');
    const { text } = await readPdf(response.rawPayload);
    expect(text).toContain('Padaria Relatórios');
    expect(text).toContain('Resumo Financeiro');
    expect(text).toContain('Período: 01/01/2025 a 31/03/2025');
    expect(text).toContain('Gerado em: 20/06/2025 às 12:00');
    for (const total of [metrics.totalRevenue, metrics.totalExpenses, metrics.netProfit]) expect(text).toContain(brl(total));
    expect(text).toMatch(/Total do período R\$ [\d.]+,\d\d R\$ [\d.]+,\d\d R\$ [\d.]+,\d\d/);
    expect(text).not.toContain('Outra Empresa');
  });

  it('draws every type as a PDF', async () => {
    const metrics = await metricsFor('');
    for (const type of ['cash-flow', 'expense-breakdown', 'profit-loss']) {
      const { text } = await readPdf((await download(admin, `type=${type}&format=pdf`)).rawPayload);
      expect(text).toContain('Período: 01/06/2025 a 30/06/2025');
      expect(text).toContain(brl(metrics.totalExpenses));
    }
    const { text } = await readPdf((await download(admin, 'type=profit-loss&format=pdf')).rawPayload);
    expect(text).toContain(`(=) Lucro líquido do período ${brl(metrics.netProfit)}`);
  });

  it('previews the same figures as JSON, and lets view-only users download', async () => {
    const metrics = await metricsFor('');
    const preview = (await viewer.request('GET', '/api/reports/preview?type=financial-summary&period=current-month')).json();
    expect(preview).toMatchObject({
      organizationName: 'Padaria Relatórios', startDate: '2025-06-01', endDate: '2025-06-30',
      summary: { totalRevenue: metrics.totalRevenue, totalExpenses: metrics.totalExpenses, netProfit: metrics.netProfit, cashFlow: metrics.cashFlow },
    });
    expect(preview.summary.transactions).toBeGreaterThan(0);
    expect(preview.tables[1].total).toEqual(['Total do período', metrics.receivedRevenue, metrics.totalExpenses, metrics.cashFlow]);
    expect((await viewer.request('GET', '/api/reports/generate?type=cash-flow&format=pdf')).statusCode).toBe(200);
  });

  it('refuses unknown types and formats and a custom period without its dates, in pt-BR', async () => {
    expect((await admin.request('GET', '/api/reports/generate?type=balanco&format=pdf')).json().message).toContain('Tipo de relatório inválido');
    expect((await admin.request('GET', '/api/reports/generate?type=cash-flow&format=docx')).json().message).toContain('Formato inválido');
    const custom = await admin.request('GET', '/api/reports/generate?type=cash-flow&format=pdf&period=custom&startDate=2025-01-01');
    expect(custom.statusCode).toBe(400);
    expect(custom.json().message).toBe('Informe a data inicial e a data final do período personalizado');
  });
});
