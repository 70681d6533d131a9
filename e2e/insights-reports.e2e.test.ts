// Insights and reports in a real browser on the demo organization: a fresh analysis from the
// Insights IA screen shows up on the dashboard's card, and Relatórios downloads a PDF and an Excel
// file whose totals are the dashboard's metrics for the same period.
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPdf } from '../app/documents/pdf';
import { DEMO } from '../scripts/seed/demo';
import type { E2eApp } from './support/app';
import { closeDemo, openDemoAsAdmin } from './support/demo';

type Metrics = { totalRevenue: string; totalExpenses: string; netProfit: string; startDate: string; endDate: string };

describe('Insights IA and Relatórios', () => {
  let app: E2eApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    ({ app, browser, page } = await openDemoAsAdmin());
  });

  afterAll(() => closeDemo({ app, browser }));

  const metrics = async (): Promise<Metrics> => page.evaluate(async () => (await fetch('/api/financial/metrics', { credentials: 'include' })).json());
  const brl = (value: string) => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(Number(value)).replace(/\u00a0/g, ' ');

  it('generates insights on the Insights IA screen, critical first, with counts and the numbers behind them', async () => {
    await page.goto('/ai-insights');
    await page.getByRole('heading', { name: 'Insights IA', level: 1 }).waitFor({ timeout: 30_000 });
    await page.getByRole('heading', { name: 'Como funcionam os Insights IA' }).waitFor();
    await page.getByRole('button', { name: 'Gerar Insights IA' }).click();
    await page.getByText('Insights Gerados com Sucesso').waitFor();
    const critical = page.getByRole('region', { name: 'Insights Críticos' });
    await critical.getByRole('article').first().waitFor();
    const titles = await critical.getByRole('article').evaluateAll((items) => items.map((i) => i.getAttribute('aria-label')));
    expect(titles).toContain('Receitas pendentes em atraso');
    await critical.getByText(/R\$ [\d.]+,\d\d/).first().waitFor();
    const total = Number(await page.locator('[aria-label="Total de Insights"]').getByTestId('insight-count').innerText());
    expect(total).toBeGreaterThanOrEqual(4);
  });

  it('runs the automatic analysis: nothing new right after a full one', async () => {
    await page.getByRole('button', { name: 'Análise Automática' }).click();
    await page.getByText('Análise Concluída').waitFor();
  });

  it('shows the fresh insights on the dashboard card, highest priority first', async () => {
    const first = await page.evaluate(async () => (await (await fetch('/api/ai-insights', { credentials: 'include' })).json())[0].title as string);
    await page.goto('/');
    const card = page.locator('.MuiCard-root[aria-label="Insights IA"]');
    await card.getByText(first).waitFor({ timeout: 30_000 });
  });

  it('downloads a PDF report from Relatórios with the organization, the period and the totals', async () => {
    const m = await metrics();
    await page.goto('/reports');
    await page.getByRole('heading', { name: 'Relatórios', level: 1 }).waitFor({ timeout: 30_000 });
    await page.locator('[aria-label="Receita Total"]').getByText(brl(m.totalRevenue)).waitFor();
    await page.locator('[aria-label="Despesas Totais"]').getByText(brl(m.totalExpenses)).waitFor();
    await page.getByRole('region', { name: 'Evolução mensal' }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar PDF' }).click()]);
    expect(download.suggestedFilename()).toBe(`relatorio-financial-summary-${m.startDate}.pdf`);
    const { text } = await readPdf(await readFile((await download.path())!));
    expect(text).toContain(DEMO.organizationName);
    expect(text).toContain(`Período: ${m.startDate.split('-').reverse().join('/')} a ${m.endDate.split('-').reverse().join('/')}`);
    for (const value of [m.totalRevenue, m.totalExpenses, m.netProfit]) expect(text).toContain(brl(value));
  });

  it('downloads the DRE as Excel, ending in the metrics’ net profit', async () => {
    const m = await metrics();
    await page.getByRole('radio', { name: /Demonstração de Resultado/ }).click();
    await page.getByRole('region', { name: 'Demonstração de Resultado do Exercício' }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar Excel' }).click()]);
    expect(download.suggestedFilename()).toBe(`relatorio-profit-loss-${m.startDate}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
    expect(workbook.getWorksheet('Resumo')!.getCell('A1').value).toBe(DEMO.organizationName);
    const dre = workbook.getWorksheet('DRE')!;
    let net: unknown;
    dre.eachRow((row) => { if (row.getCell(1).value === '(=) Lucro líquido do período') net = (row.getCell(2).value as ExcelJS.CellFormulaValue).result; });
    expect(net).toBe(Number(m.netProfit));
  });
});
