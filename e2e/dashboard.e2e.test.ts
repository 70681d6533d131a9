// The screens that read across everything, in a real browser on the demo organization: the dashboard's
// cards and charts (the 'Fluxo de Caixa' card the chart's balance, its definition in a tooltip), a new expense moving 'Despesas Totais' and raising a budget notification in the
// bell, the header search finding it, and the cash-flow screen with its projection and alerts.
import type { Browser, Page } from 'playwright-core';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../scripts/seed/demo';
import type { E2eApp } from './support/app';
import { closeDemo, openDemoAsAdmin, reais } from './support/demo';
import { expectReadableToast } from './support/toast';

describe('Dashboard, Fluxo de Caixa, notifications and search', () => {
  let app: E2eApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    ({ app, browser, page } = await openDemoAsAdmin());
  });

  afterAll(() => closeDemo({ app, browser }));

  const card = (title: string) => page.locator(`.MuiCard-root[aria-label="${title}"]`);
  const cardValue = async (title: string) => reais(await card(title).getByTestId('metric-value').innerText());

  it("shows the demo organization's dashboard: four non-zero cards and both charts", async () => {
    await page.goto('/');
    await page.getByRole('heading', { name: 'Dashboard Financeiro', level: 1 }).waitFor({ timeout: 30_000 });
    for (const title of ['Receita Total', 'Despesas Totais', 'Lucro Líquido', 'Fluxo de Caixa']) {
      await card(title).getByTestId('metric-value').waitFor();
      expect(await cardValue(title), title).not.toBe(0);
      await card(title).getByText('vs mês anterior').waitFor();
    }
    // 'Fluxo de Caixa' is one figure: the card shows this month's balance of the chart beside it, and
    // its tooltip says what it counts.
    const chart = await page.evaluate(async () => (await (await fetch('/api/charts/cash-flow')).json()) as { datasets: { key: string; data: number[] }[] });
    const balance = chart.datasets.find((dataset) => dataset.key === 'balance')?.data.at(-1);
    expect(await cardValue('Fluxo de Caixa')).toBeCloseTo(balance ?? Number.NaN, 2);
    await card('Fluxo de Caixa').getByRole('button', { name: 'O que conta Fluxo de Caixa' }).hover();
    await page.getByRole('tooltip').getByText(/É o mesmo saldo do gráfico de fluxo de caixa/).waitFor();
    await page.mouse.move(0, 0);
    // Six months of points on three lines, and one doughnut slice per category of this month.
    const lines = page.getByTestId('cash-flow-chart').locator('.recharts-line');
    await lines.first().waitFor();
    expect(await lines.count()).toBe(3);
    await page.getByTestId('cash-flow-chart').getByText(/^R\$ \d+K$/).first().waitFor();
    const slices = page.getByTestId('expense-breakdown-chart').locator('.recharts-pie-sector');
    await slices.first().waitFor();
    expect(await slices.count()).toBeGreaterThan(2);
    // Insights, goals and the first page of transactions, with real pagination.
    await card('Metas Financeiras').getByRole('progressbar').first().waitFor();
    const transactions = card('Transações Recentes');
    await transactions.getByRole('row').nth(10).waitFor();
    expect(await transactions.getByRole('row').count()).toBe(11);
    await transactions.getByText(/^1-10 de \d+$/).waitFor();
    await transactions.getByRole('button', { name: /próxima|next|Ir para a próxima página/i }).click();
    await transactions.getByText(/^11-20 de \d+$/).waitFor();
  });

  it("a new expense from 'Nova Transação' moves 'Despesas Totais' and the bell shows the budget it exceeded", async () => {
    await page.goto('/');
    const bell = page.getByRole('button', { name: /^Notificações/ });
    const list = page.getByRole('list', { name: 'Lista de notificações' });
    const technologyAlerts = async () => {
      await page.reload();
      await bell.click();
      await list.waitFor();
      const shown = await list.getByText('Orçamento de Tecnologia excedido').count();
      await page.keyboard.press('Escape');
      return shown;
    };
    const alertsBefore = await technologyAlerts();
    const before = await cardValue('Despesas Totais');
    await card('Transações Recentes').getByRole('button', { name: 'Nova Transação' }).click();
    await page.getByRole('menuitem', { name: 'Nova Despesa' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova Despesa' });
    await dialog.getByLabel('Descrição').fill('Notebook para o caixa da loja');
    await dialog.getByLabel('Valor (R$)').fill('600');
    await dialog.getByRole('combobox', { name: 'Categoria' }).click();
    await page.getByRole('option', { name: 'Tecnologia' }).click();
    await dialog.getByRole('button', { name: 'Criar Despesa' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => cardValue('Despesas Totais'), { timeout: 10_000 }).toBeCloseTo(before + 600, 2);

    // The demo's Tecnologia budget (R$ 900, about half spent) is now exceeded: the dispatcher raises it
    // within moments; the bell polls every 30 s, and a reload shows it at once. (The badge alone
    // cannot tell: late in a month the demo's own alerts already fill it to '9+'.)
    await expect.poll(technologyAlerts, { timeout: 20_000, interval: 1000 }).toBeGreaterThan(alertsBefore);
    expect(await bell.getAttribute('aria-label')).toMatch(/^Notificações: (\d|9\+) não lidas?$/);
    await bell.click();
    await list.getByText('Orçamento de Tecnologia excedido').waitFor();
    await list.getByText(/ultrapassaram o orçamento de R\$\s900,00/).waitFor();
    // Opening it marks it read and goes to the budget screen.
    await list.getByText('Orçamento de Tecnologia excedido').click();
    await page.waitForURL('**/budget');
  });

  it("the bell's 'Marcar todas como lidas' clears the badge with the spec's toast", async () => {
    const bell = page.getByRole('button', { name: /^Notificações/ });
    const label = (await bell.getAttribute('aria-label')) ?? '';
    expect(label).toMatch(/^Notificações: (\d|9\+) não lidas$/);
    await bell.click();
    await page.getByRole('button', { name: 'Marcar todas como lidas' }).click();
    await expectReadableToast(page, 'Notificações Marcadas', 'Todas as notificações foram marcadas como lidas.');
    await page.keyboard.press('Escape');
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notificações');
  });

  it('the header search needs 2 characters, then finds the new expense without accents', async () => {
    await page.goto('/');
    const box = page.getByRole('searchbox', { name: 'Buscar' });
    await box.fill('n');
    await page.getByText('Digite pelo menos 2 caracteres para buscar').waitFor();
    await box.fill('noteb');
    const results = page.getByRole('list', { name: 'Resultados da busca' });
    await results.getByText('Notebook para o caixa da loja').waitFor();
    await box.fill('cafe e lanch');
    await results.getByText('Café e lanches da equipe').first().waitFor();
    await box.fill('xyzwq');
    await page.getByText('Nenhum resultado encontrado').waitFor();
    await box.fill('notebook caixa');
    await results.getByText('Notebook para o caixa da loja').click();
    // The result opens the Despesas list filtered to it.
    await page.waitForURL('**/expenses?**');
    await page.getByRole('row').filter({ hasText: 'Notebook para o caixa da loja' }).waitFor();
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
  });

  it('the cash-flow screen: cards, temporal chart, a real projection with its method, alerts, and the custom period rules', async () => {
    await page.goto('/cash-flow');
    await page.getByRole('heading', { name: 'Fluxo de Caixa', level: 1 }).waitFor();
    for (const title of ['Entradas', 'Saídas', 'Saldo Líquido']) await card(title).getByTestId('metric-value').waitFor();
    expect(await cardValue('Entradas')).toBeGreaterThan(0);
    await card('Análise Temporal do Fluxo de Caixa').locator('.recharts-line').first().waitFor();
    const projection = card('Projeção');
    await projection.getByText('Método: Média móvel de 3 meses + recorrentes').waitFor();
    expect(await projection.getByRole('row').count()).toBe(4);
    await card('Alertas').getByRole('alert').first().waitFor();

    // Custom period: the dialog opens by itself; 'Aplicar' needs both dates with the start first.
    await page.getByRole('combobox', { name: 'Período' }).click();
    await page.getByRole('option', { name: 'Período personalizado' }).click();
    const dialog = page.getByRole('dialog', { name: 'Período personalizado' });
    const apply = dialog.getByRole('button', { name: 'Aplicar' });
    expect(await apply.isDisabled()).toBe(true);
    await dialog.getByLabel('Data inicial').fill('2025-03-31');
    await dialog.getByLabel('Data final').fill('2025-03-01');
    expect(await apply.isDisabled()).toBe(true);
    await dialog.getByText('A data inicial deve ser anterior à data final').waitFor();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await page.getByRole('combobox', { name: 'Período' }).getByText('Últimos 6 meses').waitFor();

    // 'Exportar Relatório' downloads the cash-flow report, or says the spec's error when it cannot.
    const outcome = await Promise.race([
      page.waitForEvent('download').then((download) => download.suggestedFilename()),
      page.getByText('Erro ao gerar relatório. Tente novamente.').waitFor().then(() => 'error'),
      page.getByRole('button', { name: 'Exportar Relatório' }).click().then(() => new Promise<string>(() => undefined)),
    ]);
    expect(outcome === 'error' || outcome.endsWith('.pdf'), outcome).toBe(true);
  });

  it("warns on every screen while this organization's figures are held back, and stops once they are caught up", async () => {
    const title = page.getByRole('alert').filter({ hasText: 'Alguns números desta empresa estão desatualizados' });
    await page.goto('/');
    await page.getByRole('heading', { name: 'Dashboard Financeiro', level: 1 }).waitFor({ timeout: 30_000 });
    expect(await title.count()).toBe(0);
    // A processing failure on one of its events (projections/isolation.ts records these).
    await app.database.db.query(sql.unsafe`
      INSERT INTO projection_failures (projector, organization_id, position, event_id, event_type, error)
      SELECT 'dashboard-ledger', id, 1, gen_random_uuid(), 'ExpenseRecorded', 'time zone displacement out of range'
      FROM organizations WHERE slug = ${DEMO.organizationSlug}`);
    await page.goto('/expenses');
    await title.waitFor();
    await title.getByText('Os lançamentos que você registra estão guardados com segurança').waitFor();
    // Replayed once fixed: the next answers no longer flag it.
    await app.database.db.query(sql.unsafe`UPDATE projection_failures SET resolved_at = now() WHERE resolved_at IS NULL`);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await page.goto('/');
    await page.getByRole('heading', { name: 'Dashboard Financeiro', level: 1 }).waitFor();
    await expect.poll(() => title.count(), { timeout: 10_000 }).toBe(0);
  });
});
