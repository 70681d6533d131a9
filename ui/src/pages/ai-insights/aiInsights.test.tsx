// @vitest-environment jsdom
// The Insights IA screen: placeholders, counts, critical first, empty state, the two buttons and
// the spec's toasts (success, alerts found, nothing found, errors with the server's message or fallback).
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, Notification, type AuthProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../providers/httpClient';
import { i18nProvider } from '../../providers/i18nProvider';
import AiInsights from '../AiInsights';
import type { Insight } from '../dashboard/api';

afterEach(cleanup);

const insight = (id: string, type: Insight['type'], priority: Insight['priority'], title: string): Insight => ({
  id, type, priority, title, content: `Conteúdo de ${title} com R$ 1.234,56.`, createdAt: '2025-06-20T15:00:00.000Z',
});
const sample = [
  insight('1', 'warning', 'high', 'Gasto atípico em Marketing'),
  insight('2', 'opportunity', 'medium', 'Custos recorrentes para renegociar'),
  insight('3', 'recommendation', 'low', 'Receita concentrada em Produtos'),
  insight('4', 'warning', 'high', 'Receitas pendentes em atraso'),
];

const authFor = (role: string): AuthProvider => ({
  login: async () => undefined, logout: async () => undefined, checkError: async () => undefined, checkAuth: async () => undefined,
  getPermissions: async () => role, getIdentity: async () => ({ id: 'u1', fullName: 'Ana', role }),
});

const renderScreen = (call: (path: string, request?: { method?: string }) => Promise<unknown>, role = 'org_admin') => {
  const dataProvider = { call: vi.fn(call) } as never;
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} authProvider={authFor(role)}>
      <AiInsights />
      <Notification />
    </AdminContext>,
  );
  return (dataProvider as { call: ReturnType<typeof vi.fn> }).call;
};

describe('Insights IA', () => {
  it('shows 5 placeholders while loading', async () => {
    renderScreen(() => new Promise(() => undefined));
    expect((await screen.findAllByTestId('insight-skeleton')).length).toBe(5);
  });

  it('counts by type and lists the critical insights first', async () => {
    renderScreen(async () => sample);
    const critical = await screen.findByRole('region', { name: 'Insights Críticos' });
    expect(within(critical).getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['Gasto atípico em Marketing', 'Receitas pendentes em atraso']);
    const others = screen.getByRole('region', { name: 'Outros Insights' });
    expect(within(others).getAllByRole('article')).toHaveLength(2);
    expect(screen.getAllByTestId('insight-count').map((c) => c.textContent)).toEqual(['4', '1', '2', '1']);
    expect(screen.getByText('Como funcionam os Insights IA')).toBeTruthy();
  });

  it('offers the first analysis in the empty state and toasts its success', async () => {
    let generated = false;
    const call = renderScreen(async (path) => {
      if (path === 'ai-insights/generate') {
        generated = true;
        return sample;
      }
      return generated ? sample : [];
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Gerar Primeiros Insights' }));
    expect(await screen.findByText('Insights Gerados com Sucesso')).toBeTruthy();
    expect(call).toHaveBeenCalledWith('ai-insights/generate', { method: 'POST' });
    expect(await screen.findByRole('region', { name: 'Insights Críticos' })).toBeTruthy();
  });

  it("toasts 'Alertas Detectados' with the count, or 'Análise Concluída' when nothing is new", async () => {
    let alerts: Insight[] = [sample[0]];
    renderScreen(async (path) => (path === 'ai-insights/auto-generate' ? alerts : sample));
    fireEvent.click(await screen.findByRole('button', { name: 'Análise Automática' }));
    expect(await screen.findByText('Alertas Detectados')).toBeTruthy();
    expect(screen.getByText('1 novo insight encontrado.')).toBeTruthy();
    alerts = [];
    await waitFor(() => expect((screen.getByRole('button', { name: 'Análise Automática' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Análise Automática' }));
    expect(await screen.findByText('Análise Concluída')).toBeTruthy();
  });

  it('shows the server message or the fallback when an analysis fails', async () => {
    renderScreen(async (path) => {
      if (path === 'ai-insights/generate') throw new ApiError(500, '', '', 'Internal Server Error');
      if (path === 'ai-insights/auto-generate') throw new ApiError(403, { message: 'Você não tem permissão para realizar esta ação.' }, '', 'Forbidden');
      return sample;
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Gerar Insights IA' }));
    expect(await screen.findByText('Erro ao Gerar Insights')).toBeTruthy();
    expect(screen.getByText('Ocorreu um erro ao gerar os insights. Tente novamente.')).toBeTruthy();
    await waitFor(() => expect((screen.getByRole('button', { name: 'Análise Automática' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Análise Automática' }));
    expect(await screen.findByText('Erro na Análise Automática')).toBeTruthy();
    expect(screen.getByText('Você não tem permissão para realizar esta ação.')).toBeTruthy();
  });

  it('hides the analysis buttons from view-only users', async () => {
    renderScreen(async () => [], 'user');
    expect(await screen.findByText(/Peça a um administrador/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Gerar Insights IA' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Gerar Primeiros Insights' })).toBeNull();
  });
});
