// 'Ver como em' in a real browser on the demo organization: a shared link to an instant shows the
// dashboard as it stood then (with the banner, and no editing), 'Voltar ao presente' returns; on
// Relatórios the picker puts the instant into the URL and the figures follow it.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { E2eApp } from './support/app';
import { closeDemo, openDemoAsAdmin, reais } from './support/demo';

describe("Ver como em: the dashboard and the reports as they stood at an instant", () => {
  let app: E2eApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    ({ app, browser, page } = await openDemoAsAdmin());
  });

  afterAll(() => closeDemo({ app, browser }));

  const card = (title: string) => page.locator(`.MuiCard-root[aria-label="${title}"]`);
  const cardValue = async (title: string) => reais(await card(title).getByTestId('metric-value').innerText());
  const banner = () => page.getByTestId('as-of-banner');

  it('a shared link shows the dashboard before a new expense, read-only, and Voltar ao presente shows it again', async () => {
    await page.goto('/');
    await card('Despesas Totais').getByTestId('metric-value').waitFor({ timeout: 30_000 });
    const before = await cardValue('Despesas Totais');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const instant = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 50));

    await card('Transações Recentes').getByRole('button', { name: 'Nova Transação' }).click();
    await page.getByRole('menuitem', { name: 'Nova Despesa' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova Despesa' });
    await dialog.getByLabel('Descrição').fill('Cadeira depois do instante');
    await dialog.getByLabel('Valor (R$)').fill('432,10');
    await dialog.getByRole('combobox', { name: 'Categoria' }).click();
    await page.getByRole('option', { name: 'Operacional' }).click();
    await dialog.getByRole('button', { name: 'Criar Despesa' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => cardValue('Despesas Totais'), { timeout: 10_000 }).toBeCloseTo(before + 432.1, 2);

    await page.goto(`/?asOf=${encodeURIComponent(instant)}`);
    await banner().waitFor({ timeout: 30_000 });
    expect(await banner().innerText()).toMatch(/Você está vendo os dados como estavam em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    await expect.poll(() => cardValue('Despesas Totais'), { timeout: 15_000 }).toBeCloseTo(before, 2);
    const transactions = card('Transações Recentes');
    await transactions.getByRole('row').nth(1).waitFor();
    expect(await transactions.getByText('Cadeira depois do instante').count()).toBe(0);
    // Writes belong to the present.
    expect(await transactions.getByRole('button', { name: 'Nova Transação' }).count()).toBe(0);
    expect(await transactions.getByRole('button', { name: /^Editar / }).count()).toBe(0);

    await banner().getByRole('button', { name: 'Voltar ao presente' }).click();
    await banner().waitFor({ state: 'hidden' });
    expect(new URL(page.url()).search).toBe('');
    await expect.poll(() => cardValue('Despesas Totais'), { timeout: 15_000 }).toBeCloseTo(before + 432.1, 2);
    await transactions.getByText('Cadeira depois do instante').first().waitFor();
  });

  it('on Relatórios the picker puts the instant in the URL; before the organization existed every figure is zero', async () => {
    await page.goto('/reports');
    const revenue = page.locator('.MuiCard-root[aria-label="Receita Total"]').getByTestId('report-card-value');
    await expect.poll(async () => reais(await revenue.innerText()), { timeout: 30_000 }).toBeGreaterThan(0);

    await page.getByLabel('Ver como em').fill('2020-01-15T10:00');
    await page.getByRole('button', { name: 'Ver', exact: true }).click();
    await banner().waitFor();
    expect(await banner().innerText()).toContain('Você está vendo os dados como estavam em 15/01/2020 10:00');
    expect(decodeURIComponent(new URL(page.url()).search)).toBe('?asOf=2020-01-15T10:00-03:00');
    await expect.poll(async () => revenue.innerText(), { timeout: 15_000 }).toMatch(/^R\$\s0,00$/);
    await page.getByText(/dados como em 15\/01\/2020 10:00/).waitFor();

    await page.goBack();
    await banner().waitFor({ state: 'hidden' });
    await expect.poll(async () => reais(await revenue.innerText()), { timeout: 15_000 }).toBeGreaterThan(0);
  });
});
