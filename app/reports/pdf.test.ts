// The PDF as printed: its text read back by position (readPdf), one line per printed line.
import { describe, expect, it } from 'vitest';
import { readPdf } from '../documents/pdf';
import { renderPdf } from './pdf';
import type { Report } from './report';

const report = (description: string, amount: bigint): Report => ({
  type: 'expense-breakdown', title: 'Análise de Despesas', organizationName: 'Padaria Pão Dourado Ltda',
  range: { startDate: '2026-11-01', endDate: '2026-11-30' }, previousRange: { startDate: '2026-10-01', endDate: '2026-10-31' },
  generatedAt: '2026-11-29T04:00:00.000Z', asOf: null,
  summary: { totalRevenue: 0n, totalExpenses: amount, netProfit: -amount, cashFlow: -amount, transactions: 1, revenueGrowth: '0%', expenseGrowth: 'n/d', profitGrowth: 'n/d', cashFlowGrowth: 'n/d' },
  previous: { totalRevenue: 0n, totalExpenses: 0n, netProfit: 0n, cashFlow: 0n },
  tables: [{
    title: 'Maiores despesas do período', sheet: 'Maiores despesas',
    columns: [{ header: 'Data', kind: 'date' }, { header: 'Descrição', kind: 'text' }, { header: 'Categoria', kind: 'text' }, { header: 'Valor', kind: 'money' }],
    rows: [{ cells: ['2026-11-05', description, 'Administrativo', amount] }],
  }],
});

describe('report PDF', () => {
  it('keeps an amount on one line beside a long description, which wraps instead', async () => {
    const { text } = await readPdf(await renderPdf(report('Salários, férias e 13º da equipe de produção e do balcão (8 funcionários), novembro', 12_345_678n)));
    const lines = text.split('\n');
    const withAmount = lines.filter((line) => line.includes('R$ 123.456,78') || line.includes('R$\u00a0123.456,78'));
    expect(withAmount.length, text).toBeGreaterThan(0);
    expect(lines.some((line) => /R\$\s*$/.test(line)), text).toBe(false);
  });
});
