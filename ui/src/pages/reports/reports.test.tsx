// @vitest-environment jsdom
// The Relatórios screen: period banner, the four cards and the preview from the API's figures,
// report type selection, PDF/Excel downloads with the spec's query and the export error alert.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18nProvider } from '../../providers/i18nProvider';
import Reports, { REPORT_ERROR } from '../Reports';
import { todayInSaoPaulo } from '../../lib/format';
import { cellText } from './ReportPreview';
import type { ReportPreviewData } from './types';

const saved = vi.hoisted(() => [] as { blob: Blob; fileName: string }[]);
vi.mock('../../lib/saveFile', () => ({ saveFile: (blob: Blob, fileName: string) => saved.push({ blob, fileName }) }));
afterEach(() => {
  cleanup();
  saved.length = 0;
});

const preview = (type: string, query: Record<string, string>): ReportPreviewData => ({
  type: type as ReportPreviewData['type'], title: 'Resumo Financeiro', organizationName: 'Padaria Pão Dourado Ltda',
  startDate: query.startDate, endDate: query.endDate, generatedAt: '2025-06-20T15:00:00.000Z',
  summary: { totalRevenue: '104970.00', totalExpenses: '38505.55', netProfit: '66464.45', cashFlow: '66464.45', transactions: 19, revenueGrowth: '1%', expenseGrowth: '2%', profitGrowth: '3%', cashFlowGrowth: '4%' },
  tables: [{
    title: type === 'profit-loss' ? 'Demonstração de Resultado do Exercício' : 'Receitas por categoria',
    columns: [{ header: 'Categoria', kind: 'text' }, { header: 'Valor', kind: 'money' }, { header: '% do total', kind: 'percent' }],
    rows: [{ cells: ['Serviços', '59850.00', 57], emphasis: null, indent: false }, { cells: ['Produtos', '45120.00', 43], emphasis: null, indent: false }],
    total: ['Total', '104970.00', null],
    note: null,
  }],
});

const renderScreen = (download: (path: string, query: Record<string, string>, fallback: string) => Promise<unknown>) => {
  const dataProvider = {
    call: vi.fn(async (_path: string, request: { query: Record<string, string> }) => preview(request.query.type, request.query)),
    download: vi.fn(download),
  };
  render(<AdminContext dataProvider={dataProvider as never} i18nProvider={i18nProvider}><Reports /></AdminContext>);
  return dataProvider;
};

describe('Relatórios', () => {
  it('shows the period, the four cards and a preview of the real figures', async () => {
    const dataProvider = renderScreen(async () => ({ blob: new Blob(['%PDF']), fileName: 'x.pdf' }));
    const today = todayInSaoPaulo();
    const start = `${today.slice(0, 8)}01`;
    expect((await screen.findByTestId('period-banner')).textContent).toContain(`01/${today.slice(5, 7)}/${today.slice(0, 4)} a `);
    await waitFor(() => expect(screen.getAllByTestId('report-card-value').map((c) => c.textContent?.replace(/\u00a0/g, ' '))).toEqual(['R$ 104.970,00', 'R$ 38.505,55', 'R$ 66.464,45', '19']));
    for (const title of ['Receita Total', 'Despesas Totais', 'Lucro Líquido', 'Transações']) expect(screen.getByRole('generic', { name: title })).toBeTruthy();
    const table = screen.getByRole('region', { name: 'Receitas por categoria' });
    expect(within(table).getByText('57,0%')).toBeTruthy();
    expect(dataProvider.call).toHaveBeenCalledWith('reports/preview', expect.objectContaining({ query: expect.objectContaining({ type: 'financial-summary', period: 'current-month', startDate: start }) }));
  });

  it("writes the API's 'n/d' (a change of sign, no base to compare with) as it is, never 'NaN%'", () => {
    expect(cellText('n/d', 'percent')).toBe('n/d');
    expect(cellText(-12.5, 'percent')).toBe('-12,5%');
    expect(cellText('-4690.92', 'money').replace(/\u00a0/g, ' ')).toBe('-R$ 4.690,92');
    expect(cellText(25, 'integer')).toBe('25');
  });

  it('exports the selected report as PDF and Excel with the spec’s query and file names', async () => {
    const dataProvider = renderScreen(async (_path, _query, fallback) => ({ blob: new Blob(['x']), fileName: fallback }));
    fireEvent.click(await screen.findByRole('radio', { name: /Demonstração de Resultado \(DRE\)/ }));
    expect(await screen.findByRole('region', { name: 'Demonstração de Resultado do Exercício' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Exportar PDF' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Exportar Excel' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    const [path, query, fallback] = dataProvider.download.mock.calls[0];
    expect(path).toBe('reports/generate');
    expect(query).toMatchObject({ type: 'profit-loss', format: 'pdf', period: 'current-month' });
    expect(fallback).toBe(`relatorio-profit-loss-${query.startDate}.pdf`);
    expect(saved.map((s) => s.fileName)).toEqual([`relatorio-profit-loss-${query.startDate}.pdf`, `relatorio-profit-loss-${query.startDate}.xlsx`]);
  });

  it('uses a custom period only with both dates', async () => {
    const dataProvider = renderScreen(async () => ({ blob: new Blob(['x']), fileName: 'x' }));
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Período' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Período Personalizado' }));
    fireEvent.change(screen.getByLabelText('Data inicial'), { target: { value: '2025-01-15' } });
    expect(screen.getByTestId('period-banner').textContent).toContain('informe as duas datas');
    fireEvent.change(screen.getByLabelText('Data final'), { target: { value: '2025-03-10' } });
    expect(screen.getByTestId('period-banner').textContent).toContain('15/01/2025 a 10/03/2025');
    await waitFor(() => expect(dataProvider.call).toHaveBeenCalledWith('reports/preview', expect.objectContaining({ query: expect.objectContaining({ period: 'custom', startDate: '2025-01-15', endDate: '2025-03-10' }) })));
  });

  it("shows 'Erro ao gerar relatório. Tente novamente.' when an export fails", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderScreen(async () => { throw new Error('500: Falha ao gerar relatório'); });
    fireEvent.click(await screen.findByRole('button', { name: 'Exportar Excel' }));
    expect((await screen.findByRole('alert')).textContent).toContain(REPORT_ERROR);
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});
