// Money in, in a real browser: a revenue and a goal created and listed in pt-BR format (BRL, dd/mm/aaaa
// with no time-zone shift; amounts typed 1234.5, 6000,00 and 9.000,00), the goal form checked in pt-BR
// before anything is sent, contributions that reach the goal and survive an edit of it, a readable
// toast, an investment with its maturity wording, and a view-only user who sees everything but cannot
// change it.
import type { Browser, Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatDateBR, saoPauloDate } from '../domain/shared/dates';
import { startApp, type E2eApp } from './support/app';
import { launchBrowser, signedInPage } from './support/browser';
import { seedOrganization } from './support/organization';
import { expectReadableToast } from './support/toast';

const ADMIN = { username: 'Rafael Nunes', email: 'rafael@estudiosol.com.br', password: 'segredo123' };
const VIEWER = { username: 'Bia Torres', email: 'bia@estudiosol.com.br', password: 'segredo123' };

describe('Receitas, Metas Financeiras and Investimentos', () => {
  let app: E2eApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    app = await startApp();
    await seedOrganization(app, { name: 'Estúdio Sol Design', slug: 'estudio-sol-design' }, ADMIN, VIEWER);
    browser = await launchBrowser();
    page = await signedInPage(browser, app.url, ADMIN);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const row = (text: string | RegExp): Locator => page.getByRole('row').filter({ hasText: text });
  const card = (title: string): Locator => page.locator('.MuiCard-root').filter({ has: page.getByText(title, { exact: true }) });
  const choose = async (dialog: Locator, field: string, option: string) => {
    await dialog.getByRole('combobox', { name: field }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  };

  it('shows the Receitas screen empty, then creates a revenue listed in BRL with its pt-BR date', async () => {
    await page.goto('/revenues');
    await page.getByRole('heading', { name: 'Receitas', level: 1 }).waitFor();
    await page.getByText('Gerencie suas receitas organizacionais').waitFor();
    await page.getByText('Lista de Receitas').waitFor();
    await page.getByText('Nenhuma receita encontrada').waitFor();

    await page.getByRole('button', { name: 'Nova Receita' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova Receita' });
    await dialog.getByLabel('Descrição').fill('Identidade visual — Café Aurora');
    await dialog.getByLabel('Valor (R$)').fill('1234.5');
    // The first of the month: a UTC-midnight date would show the day before in São Paulo.
    await dialog.getByLabel('Data').fill('2025-03-01');
    await choose(dialog, 'Categoria', 'Consultoria');
    await dialog.getByRole('button', { name: 'Criar Receita' }).click();
    await page.getByText('Receita criada').waitFor();

    const created = row('Identidade visual — Café Aurora');
    await created.getByText(/R\$\s1\.234,50/).waitFor();
    await created.getByText('01/03/2025').waitFor();
    await created.getByText('Consultoria').waitFor();
    await created.getByText('Pendente').waitFor();
    await card('Total de Receitas').getByText(/R\$\s1\.234,50/).waitFor();
    await card('Receitas Pendentes').getByText('1', { exact: true }).waitFor();
  });

  it('edits the revenue in the \'Editar Receita\' dialog: received now', async () => {
    await row('Identidade visual — Café Aurora').getByRole('button', { name: 'Editar receita' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar Receita' });
    expect(await dialog.getByLabel('Descrição').inputValue()).toBe('Identidade visual — Café Aurora');
    await choose(dialog, 'Status', 'Recebida');
    await dialog.getByRole('button', { name: 'Atualizar Receita' }).click();
    await page.getByText('Receita atualizada').waitFor();
    await row('Identidade visual — Café Aurora').getByText('Recebida').waitFor();
    await card('Receitas Recebidas').getByText('1', { exact: true }).waitFor();
    await card('Receitas Pendentes').getByText('0', { exact: true }).waitFor();
  });

  it('creates the first goal from the empty state and lists it in pt-BR format', async () => {
    await page.goto('/goals');
    await page.getByRole('heading', { name: 'Metas Financeiras', level: 1 }).waitFor();
    await page.getByText('Nenhuma meta definida').waitFor();
    await page.getByRole('button', { name: 'Criar Primeira Meta' }).click();
    const dialog = page.getByRole('dialog', { name: 'Criar Nova Meta Financeira' });
    // Checked in the browser, in pt-BR, before anything is sent; never an internal field name.
    const goalPosts: string[] = [];
    const onRequest = (request: Request) => { if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/financial-goals') goalPosts.push(request.url()); };
    page.on('request', onRequest);
    await dialog.getByRole('button', { name: 'Criar Meta' }).click();
    await dialog.getByText('Nome da meta é obrigatório').waitFor();
    await dialog.getByText('Valor da meta é obrigatório').waitFor();
    await dialog.getByLabel('Valor da Meta (R$)').fill('quinze mil');
    await dialog.getByLabel('Nome da Meta').focus();
    await dialog.getByText('Valor inválido: use o formato 1.234,56').waitFor();
    expect(goalPosts).toEqual([]);
    expect(await page.locator('body').innerText()).not.toMatch(/\b(name|targetAmount|targetDate|category|currentAmount)\b/);
    page.off('request', onRequest);

    await dialog.getByLabel('Nome da Meta').fill('Reserva para equipamentos');
    await dialog.getByLabel('Valor da Meta (R$)').fill('15000');
    await dialog.getByLabel('Prazo').fill('2027-03-01');
    // Once left, the amount reads the Brazilian way.
    expect(await dialog.getByLabel('Valor da Meta (R$)').inputValue()).toBe('15.000,00');
    await choose(dialog, 'Categoria', 'Fundo de Emergência');
    await dialog.getByRole('button', { name: 'Criar Meta' }).click();
    await expectReadableToast(page, 'Meta criada', 'Nova meta financeira adicionada com sucesso.');

    const goal = page.getByLabel('Meta Reserva para equipamentos');
    await goal.getByText('Fundo de Emergência').waitFor();
    await goal.getByText('0%').waitFor();
    await goal.getByText(/R\$\s15\.000,00/).first().waitFor();
    await goal.getByText('01/03/2027').waitFor();
    await card('Total de Metas').getByText('1', { exact: true }).waitFor();
    await card('Valor Total').getByText(/R\$\s15\.000,00/).waitFor();
  });

  it('records contributions until the goal is reached: \'Meta atingida!\'', async () => {
    const goal = page.getByLabel('Meta Reserva para equipamentos');
    await goal.getByRole('button', { name: 'Registrar aporte' }).click();
    let dialog = page.getByRole('dialog', { name: /Registrar Aporte/ });
    // '1234,56' typing: the comma is the decimal separator (it once stored a hundred times more).
    await dialog.getByLabel('Valor do Aporte (R$)').fill('6000,00');
    await dialog.getByRole('button', { name: 'Adicionar Aporte' }).click();
    await page.getByText('Aporte registrado').waitFor();
    await goal.getByText('40%').waitFor();
    await goal.getByText(/R\$\s9\.000,00/).waitFor();

    await goal.getByRole('button', { name: 'Registrar aporte' }).click();
    dialog = page.getByRole('dialog', { name: /Registrar Aporte/ });
    // '1.234,56' typing: thousands dots and a decimal comma (it once was a browser error).
    await dialog.getByLabel('Valor do Aporte (R$)').fill('9.000,00');
    await dialog.getByRole('button', { name: 'Adicionar Aporte' }).click();
    await goal.getByText('100%').waitFor();
    await goal.getByText('Meta atingida!').waitFor();
    await card('Concluídas').getByText('1', { exact: true }).waitFor();
    await card('Em Progresso').getByText('0', { exact: true }).waitFor();
  });

  it('editing the goal after the contributions keeps them', async () => {
    const goal = page.getByLabel('Meta Reserva para equipamentos');
    await goal.getByRole('button', { name: 'Editar meta' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar Meta Financeira' });
    await expect.poll(() => dialog.getByLabel('Valor da Meta (R$)').inputValue()).toBe('15.000,00');
    await dialog.getByLabel('Prazo').fill('2027-06-01');
    const [update] = await Promise.all([
      page.waitForRequest((request) => request.method() === 'PUT' && new URL(request.url()).pathname.startsWith('/api/financial-goals/')),
      dialog.getByRole('button', { name: 'Atualizar Meta' }).click(),
    ]);
    expect(update.postDataJSON()).not.toHaveProperty('currentAmount');
    // The dialog read the goal as the contributions left it: its If-Match is that revision, not the
    // one cached at creation (which was refused with 409, 'alterado por outra pessoa').
    expect((await update.response())?.status()).toBe(200);
    await page.getByText('Meta atualizada').waitFor();
    await goal.getByText('01/06/2027').waitFor();
    // The stored goal: the new deadline, the contributions kept.
    const stored = await page.evaluate(async (url) => (await (await fetch(url)).json()) as { targetDate: string; currentAmount: string }, new URL(update.url()).pathname);
    expect(stored).toMatchObject({ targetDate: '2027-06-01', currentAmount: '15000.00' });
    await goal.getByText('100%').waitFor();
  });

  it('validates and creates an investment; its maturity is worded against today', async () => {
    await page.goto('/investments');
    await page.getByRole('heading', { name: 'Investimentos', level: 1 }).waitFor();
    await page.getByText('Nenhum investimento cadastrado').waitFor();
    await page.getByRole('button', { name: 'Novo Investimento' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo Investimento' });
    await dialog.getByRole('button', { name: 'Criar Investimento' }).click();
    for (const message of ['Nome é obrigatório', 'Tipo é obrigatório', 'Valor é obrigatório', 'Rentabilidade esperada é obrigatória', 'Duração é obrigatória', 'Nível de risco é obrigatório']) {
      await dialog.getByText(message).waitFor();
    }
    const maturity = addDays(saoPauloDate(new Date()), 10);
    await dialog.getByLabel('Nome').fill('CDB Banco Inter 110% CDI');
    await choose(dialog, 'Tipo', 'Renda Fixa');
    await dialog.getByLabel('Valor (R$)').fill('20000');
    await dialog.getByLabel('Rentabilidade Esperada (%)').fill('12.5');
    await dialog.getByLabel('Duração').fill('12 meses');
    await choose(dialog, 'Nível de Risco', 'Baixo');
    await dialog.getByLabel('Data de Vencimento').fill(maturity);
    await dialog.getByRole('button', { name: 'Criar Investimento' }).click();
    await page.getByText('Investimento criado').waitFor();

    await row('CDB Banco Inter 110% CDI').getByText(formatDateBR(maturity)).waitFor();
    await card('Total Investido').getByText(/R\$\s20\.000,00/).waitFor();
    await card('Rentabilidade').first().getByText('0,0%').waitFor();
    await card('Alocação por Tipo').getByText('100,0%').waitFor();
    await card('Próximos Vencimentos').getByText('Vence em 10 dias').waitFor();
  });

  it('lets a view-only user see revenues, goals and investments without the editing buttons', async () => {
    const viewer = await signedInPage(browser, app.url, VIEWER);
    await viewer.goto('/revenues');
    await viewer.getByRole('row').filter({ hasText: 'Identidade visual — Café Aurora' }).getByText(/R\$\s1\.234,50/).waitFor();
    expect(await viewer.getByRole('button', { name: 'Nova Receita' }).count()).toBe(0);
    expect(await viewer.getByRole('button', { name: 'Editar receita' }).count()).toBe(0);
    await viewer.goto('/goals');
    await viewer.getByText('Meta atingida!').waitFor();
    expect(await viewer.getByRole('button', { name: 'Nova Meta' }).count()).toBe(0);
    expect(await viewer.getByRole('button', { name: 'Registrar aporte' }).count()).toBe(0);
    await viewer.goto('/investments');
    await viewer.getByRole('row').filter({ hasText: 'CDB Banco Inter 110% CDI' }).waitFor();
    expect(await viewer.getByRole('button', { name: 'Novo Investimento' }).count()).toBe(0);
    await viewer.context().close();
  });

  it('deletes the revenue after confirmation', async () => {
    await page.goto('/revenues');
    await row('Identidade visual — Café Aurora').getByRole('button', { name: 'Excluir' }).click();
    await page.getByRole('dialog', { name: 'Excluir receita' }).getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('Receita excluída').waitFor();
    await page.getByText('Nenhuma receita encontrada').waitFor();
  });
});
