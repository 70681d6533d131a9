// @vitest-environment jsdom
// The dashboard's and header's rules that live in the browser: axis labels, growth colours, the
// bell's badge, the custom period's validation, CSV files, the search box's debounce and texts.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, Notification } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HeaderSearch } from '../../layout/HeaderSearch';
import { badgeText, NotificationBell } from '../../layout/NotificationBell';
import { i18nProvider } from '../../providers/i18nProvider';
import { isValidCustomPeriod, periodParams } from '../cash-flow/PeriodSelector';
import { thousands } from './api';
import { CashFlowChart } from './CashFlowChart';
import { exportGoals } from './GoalsCard';
import { exportInsights } from './InsightsCard';
import { growthLabel, isGoodGrowth } from './MetricCard';
import { exportTransactions } from './RecentTransactions';

const saved = vi.hoisted(() => [] as { blob: Blob; fileName: string }[]);
vi.mock('../../lib/saveFile', () => ({ saveFile: (blob: Blob, fileName: string) => saved.push({ blob, fileName }) }));

afterEach(() => {
  cleanup();
  saved.length = 0;
});

describe('numbers and rules', () => {
  it('labels the currency axis in thousands', () => {
    expect([12000, 1500, -3000, 0, 75000].map(thousands)).toEqual(['R$ 12K', 'R$ 1,5K', 'R$ -3K', 'R$ 0K', 'R$ 75K']);
    // A small business's small months: the ticks stay apart instead of all reading 'R$ 0K'.
    expect([10, 20, 50, 250, 500, 1000, 1250].map(thousands)).toEqual(['R$ 0,01K', 'R$ 0,02K', 'R$ 0,05K', 'R$ 0,3K', 'R$ 0,5K', 'R$ 1K', 'R$ 1,3K']);
  });

  it('colours growth by spec §4 and writes it in pt-BR', () => {
    expect(isGoodGrowth('revenue', '0%')).toBe(true);
    expect(isGoodGrowth('cashFlow', '-1%')).toBe(false);
    expect(isGoodGrowth('expenses', '-12.5%')).toBe(true);
    expect(isGoodGrowth('expenses', '3%')).toBe(false);
    expect(growthLabel('12.5%')).toBe('+12,5%');
    expect(growthLabel('-3%')).toBe('-3%');
    expect(growthLabel('0%')).toBe('0%');
    expect(growthLabel('n/d')).toBe('n/d');
    expect(isGoodGrowth('expenses', 'n/d')).toBe(true);
  });

  it("shows the unread count on the bell, '9+' above 9, nothing at 0", () => {
    expect([0, 1, 9, 10, 57].map(badgeText)).toEqual([null, '1', '9', '9+', '9+']);
  });

  it('a custom period needs both dates with the start before the end', () => {
    expect(isValidCustomPeriod('', '2025-03-01')).toBe(false);
    expect(isValidCustomPeriod('2025-03-01', '2025-03-01')).toBe(false);
    expect(isValidCustomPeriod('2025-03-02', '2025-03-01')).toBe(false);
    expect(isValidCustomPeriod('2025-03-01', '2025-03-31')).toBe(true);
    expect(periodParams({ preset: 'custom', startDate: '2025-03-01', endDate: '2025-03-31' })).toEqual({ startDate: '2025-03-01', endDate: '2025-03-31' });
    expect(periodParams({ preset: '1year', startDate: '', endDate: '' })).toEqual({ period: '1year' });
  });
});

describe('CSV exports', () => {
  const text = async (i: number) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(await saved[i].blob.arrayBuffer());

  it('names the files as the spec, with a BOM and pt-BR headers and values', async () => {
    exportInsights([{ id: 'i1', type: 'warning', title: 'Gasto com café', content: 'Subiu; muito', priority: 'high', createdAt: '2025-03-01T02:00:00Z' }]);
    exportGoals([{ id: 'g1', name: 'Reserva', category: 'emergency_fund', targetAmount: '10000.00', currentAmount: '2500.50', remainingAmount: '7499.50', progress: 25, targetDate: '2025-12-31', status: 'active' }]);
    exportTransactions([{ id: 't1', date: '2025-03-05', description: 'Aluguel do escritório', amount: '3500.00', type: 'expense', category: 'administrative', status: 'approved', expenseType: 'fixed', isRecurring: true, recurringPeriod: 'monthly' }], () => 'Administrativo');
    expect(saved.map((s) => s.fileName)).toEqual(['insights-ia.csv', 'metas-financeiras.csv', 'transacoes.csv']);
    const insights = await text(0);
    expect(insights.charCodeAt(0)).toBe(0xfeff);
    expect(insights).toContain('Título;Tipo;Prioridade;Conteúdo;Data\r\nGasto com café;Alerta;Alta;"Subiu; muito";28/02/2025');
    expect(await text(1)).toContain('Reserva;Fundo de Emergência;2500,5;10000;25;31/12/2025;Em Progresso');
    expect(await text(2)).toContain('05/03/2025;Aluguel do escritório;Despesa;Administrativo;-3500;Aprovado;Sim');
  });
});

const renderWith = (node: React.ReactNode, call: (path: string, request?: unknown) => Promise<unknown>) => {
  const dataProvider = { call: vi.fn(call) } as never;
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
      {node}
      <Notification />
    </AdminContext>,
  );
  return (dataProvider as { call: ReturnType<typeof vi.fn> }).call;
};

describe('HeaderSearch', () => {
  it('hints below 2 characters and asks once, 300 ms after typing stops', async () => {
    const call = renderWith(<HeaderSearch />, async () => [
      { type: 'transaction', id: 'e1', title: 'Café da manhã', description: 'Despesa · Aprovado', category: 'Operacional', amount: '120.00', date: '2025-03-05', priority: null, url: '/expenses' },
    ]);
    const box = screen.getByRole('searchbox', { name: 'Buscar' });
    fireEvent.change(box, { target: { value: 'c' } });
    expect(await screen.findByText('Digite pelo menos 2 caracteres para buscar')).toBeTruthy();
    for (const value of ['ca', 'caf', 'cafe']) fireEvent.change(box, { target: { value } });
    expect(call).not.toHaveBeenCalled();
    expect(await screen.findByText('Café da manhã')).toBeTruthy();
    expect(call).toHaveBeenCalledTimes(1);
    expect(call.mock.calls[0][0]).toBe('search');
    expect(call.mock.calls[0][1]).toMatchObject({ query: { q: 'cafe' } });
  });

  it("says 'Nenhum resultado encontrado' when nothing matches", async () => {
    renderWith(<HeaderSearch />, async () => []);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar' }), { target: { value: 'xyz' } });
    expect(await screen.findByText('Nenhum resultado encontrado')).toBeTruthy();
  });
});

describe('NotificationBell', () => {
  it("shows '9+' for 12 unread and marks all as read with the spec's toast", async () => {
    const notifications = Array.from({ length: 12 }, (_, i) => ({
      id: `n${i}`, type: 'system', title: `Aviso ${i}`, message: 'Mensagem', priority: 'medium', isRead: false, actionUrl: null, createdAt: '2025-03-01T12:00:00Z',
    }));
    const call = renderWith(<NotificationBell />, async (path) => (path === 'notifications' ? notifications : { updated: 12 }));
    const bell = await screen.findByRole('button', { name: 'Notificações: 9+ não lidas' });
    expect(screen.getByText('9+')).toBeTruthy();
    fireEvent.click(bell);
    fireEvent.click(await screen.findByRole('button', { name: 'Marcar todas como lidas' }));
    expect(await screen.findByText('Notificações Marcadas')).toBeTruthy();
    await waitFor(() => expect(call).toHaveBeenCalledWith('notifications/mark-all-read', { method: 'PATCH' }));
  });
});

describe('CashFlowChart', () => {
  const chart = (values: number[]) => ({
    labels: ['Out/25', 'Nov/25'],
    datasets: (['income', 'expenses', 'balance'] as const).map((key) => ({ key, label: key, data: values })),
  });

  it('says when nothing moved in the period (a new organization) instead of an axis of zeros', async () => {
    renderWith(<CashFlowChart title="Evolução do Fluxo de Caixa" />, async () => chart([0, 0]));
    expect(await screen.findByText('Nenhuma movimentação no período.')).toBeTruthy();
  });

  it('says nothing of the kind once a month has money in it', async () => {
    renderWith(<CashFlowChart title="Evolução do Fluxo de Caixa" />, async () => chart([0, 1250]));
    await screen.findByTestId('cash-flow-chart');
    expect(screen.queryByText('Nenhuma movimentação no período.')).toBeNull();
  });
});
