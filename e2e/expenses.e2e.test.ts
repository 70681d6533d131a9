// Money out in a real browser: a budget (a second one for the same category refused), then an expense
// with a PDF receipt (analyzed and applied) created, viewed, edited and deleted — and the budget's
// progress moving with it. A new category starts with an unused colour; a list search is not kept
// for the next visit.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saoPauloDate } from '../domain/shared/dates';
import { receiptPdf } from '../test-support/documents';
import { startApp, type E2eApp } from './support/app';
import { launchBrowser, signedInPage } from './support/browser';
import { seedOrganization } from './support/organization';
import { expectReadableToast } from './support/toast';

const ADMIN = { username: 'Marina Costa', email: 'marina@confeitaria.com.br', password: 'segredo123' };
const VIEWER = { username: 'Léo Prado', email: 'leo@confeitaria.com.br', password: 'segredo123' };

describe('Despesas and Orçamento', () => {
  let app: E2eApp;
  let browser: Browser;
  let page: Page;
  let receipt: Buffer;
  const today = saoPauloDate(new Date());
  const [year, month, day] = today.split('-');

  beforeAll(async () => {
    app = await startApp();
    await seedOrganization(app, { name: 'Confeitaria Doce Lar', slug: 'confeitaria-doce-lar' }, ADMIN, VIEWER);
    receipt = await receiptPdf({
      issuer: 'AGENCIA CRIATIVA DIGITAL LTDA',
      cnpj: '12.345.678/0001-95',
      number: '004512',
      emitted: `${day}/${month}/${year}`,
      items: [['Gestão de anúncios Instagram', '1', '850,00', '850,00']],
      total: '850,00',
    });
    browser = await launchBrowser();
    page = await signedInPage(browser, app.url, ADMIN);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const marketingBudget = () => page.getByRole('listitem', { name: 'Marketing' });
  const expectBudget = async (spent: RegExp, health: string, percent: string) => {
    await page.goto('/budget');
    const item = marketingBudget();
    await item.getByText(spent).waitFor();
    await item.getByText(health, { exact: true }).waitFor();
    await item.getByText(`${percent}% utilizado`, { exact: false }).waitFor();
  };
  const row = (text: string | RegExp): Locator => page.getByRole('row').filter({ hasText: text });

  it('creates a monthly Marketing budget with the \'Criar Novo Orçamento\' dialog', async () => {
    // The screen is /budget; the resource's plural address leads there rather than to a blank page.
    await page.goto('/budgets');
    await page.getByRole('heading', { name: 'Orçamento' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/budget');
    await page.getByText('Nenhum orçamento definido').waitFor();
    await page.getByRole('button', { name: 'Novo Orçamento', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Criar Novo Orçamento' });
    await dialog.getByRole('combobox', { name: 'Categoria' }).click();
    await page.getByRole('option', { name: 'Marketing' }).click();
    await dialog.getByLabel('Valor do Orçamento (R$)').fill('1000');
    await dialog.getByRole('button', { name: 'Criar Orçamento' }).click();
    await page.getByText('Orçamento criado').waitFor();
    await marketingBudget().getByText(/R\$\s0,00/).waitFor();
    await marketingBudget().getByText('Mensal', { exact: true }).waitFor();
    await expectBudget(/R\$\s0,00/, 'Dentro do orçamento', '0,0');
  });

  it('refuses a second monthly Marketing budget and says why', async () => {
    await page.getByRole('button', { name: 'Novo Orçamento', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Criar Novo Orçamento' });
    await dialog.getByRole('combobox', { name: 'Categoria' }).click();
    await page.getByRole('option', { name: 'Marketing' }).click();
    await dialog.getByLabel('Valor do Orçamento (R$)').fill('500');
    await dialog.getByRole('button', { name: 'Criar Orçamento' }).click();
    await expectReadableToast(page, 'Erro ao criar orçamento', 'Já existe um orçamento mensal para Marketing. Edite o orçamento existente em vez de criar outro.');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await page.reload();
    await marketingBudget().waitFor();
    expect(await page.getByRole('listitem', { name: 'Marketing' }).count()).toBe(1);
  });

  it('adds a category with the category manager; default ones cannot be deleted', async () => {
    await page.goto('/expenses');
    await page.getByRole('button', { name: 'Categorias' }).click();
    const manager = page.getByRole('dialog', { name: 'Gerenciar Categorias' });
    // A new category starts with a colour no other category has.
    const used = await page.evaluate(async () => ((await (await fetch('/api/categories')).json()) as { color: string }[]).map((c) => c.color.toLowerCase()));
    expect(used.length).toBeGreaterThanOrEqual(9);
    const offered = async () => (await manager.locator('input[name="color"]').inputValue()).toLowerCase();
    await expect.poll(async () => used.includes(await offered()), { timeout: 5_000 }).toBe(false);
    await manager.getByLabel('Nome').fill('Eventos e Feiras');
    await manager.getByText('Slug: eventos-e-feiras').waitFor();
    await manager.getByRole('button', { name: 'Adicionar Categoria' }).click();
    await page.getByText('Categoria criada').waitFor();
    await manager.getByText('Eventos e Feiras').waitFor();
    expect(await manager.getByRole('button', { name: 'Excluir Eventos e Feiras' }).count()).toBe(1);
    expect(await manager.getByRole('button', { name: 'Excluir Marketing' }).count()).toBe(0);
    // A default category's name again, in other letters: refused, so no list shows it twice.
    await manager.getByLabel('Nome').fill('fornecedores');
    await manager.getByRole('button', { name: 'Adicionar Categoria' }).click();
    await page.getByText('Já existe uma categoria com este nome nesta organização').waitFor();
    expect(await manager.getByRole('button', { name: 'Editar Fornecedores', exact: true }).count()).toBe(1);
    await manager.getByRole('button', { name: 'Fechar' }).click();
  });

  it('leads /categories, which has no screen of its own, to the category manager on Despesas', async () => {
    await page.goto('/categories');
    const manager = page.getByRole('dialog', { name: 'Gerenciar Categorias' });
    await manager.getByText('Eventos e Feiras').waitFor();
    expect(new URL(page.url()).pathname).toBe('/expenses');
    await manager.getByRole('button', { name: 'Fechar' }).click();
    await manager.waitFor({ state: 'hidden' });
    await page.reload();
    await page.getByRole('heading', { name: 'Despesas' }).waitFor();
    await page.getByRole('button', { name: 'Nova Despesa' }).waitFor();
    expect(await manager.count()).toBe(0);
  });

  it('creates an expense with a PDF receipt, applying the data read from it', async () => {
    await page.goto('/expenses');
    await page.getByRole('heading', { name: 'Despesas' }).waitFor();
    await page.getByRole('button', { name: 'Nova Despesa' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova Despesa' });
    await dialog.getByLabel('Comprovante (JPG, PNG ou PDF)').setInputFiles({ name: 'anuncios-instagram.pdf', mimeType: 'application/pdf', buffer: receipt });
    await dialog.getByText('Dados extraídos do documento').waitFor({ timeout: 60_000 });
    await dialog.getByRole('button', { name: 'Aplicar dados extraídos' }).click();
    expect(await dialog.getByLabel('Valor (R$)').inputValue()).toBe('850,00');
    expect(await dialog.getByLabel('Data').inputValue()).toBe(today);
    await dialog.getByLabel('Descrição').fill('Campanha de lançamento no Instagram');
    await dialog.getByRole('combobox', { name: 'Categoria' }).click();
    // The default categories match the nine budget categories: DAS, DARF and ISS go to Impostos.
    for (const name of ['Vendas', 'Fornecedores', 'Impostos', 'Investimento']) await page.getByRole('option', { name, exact: true }).waitFor();
    await page.getByRole('option', { name: 'Marketing' }).click();
    await dialog.getByRole('button', { name: 'Criar Despesa' }).click();
    await page.getByText('Despesa criada').waitFor();
    const created = row('Campanha de lançamento no Instagram');
    await created.getByText(/R\$\s850,00/).waitFor();
    await created.getByText('Aprovado').waitFor();
    await created.getByText('Variável').waitFor();
  });

  it('shows the receipt in the attachment viewer, served from the API as a PDF', async () => {
    await row('Campanha de lançamento no Instagram').getByRole('button', { name: /Ver anexo anuncios-instagram\.pdf/ }).click();
    const viewer = page.getByRole('dialog', { name: 'anuncios-instagram.pdf' });
    const src = await viewer.locator('iframe').getAttribute('src');
    expect(src).toMatch(/^\/api\/expenses\/[0-9a-f-]{36}\/attachment$/);
    const file = await page.request.get(src!);
    expect(file.headers()['content-type']).toBe('application/pdf');
    expect((await file.body()).equals(receipt)).toBe(true);
    await viewer.getByRole('button', { name: 'Fechar' }).click();
  });

  it('moves the budget\'s progress: 85% is a warning', async () => {
    await expectBudget(/R\$\s850,00/, 'Atenção', '85,0');
    expect(await page.getByRole('progressbar', { name: 'Progresso do orçamento Marketing' }).getAttribute('aria-valuenow')).toBe('85');
    await page.getByText('Total Gasto').waitFor();
  });

  it('edits the expense, typed as 1.199,96; at 119,9% (cut, never rounded up) the budget is exceeded', async () => {
    await page.goto('/expenses');
    await row('Campanha de lançamento no Instagram').getByRole('button', { name: 'Editar despesa' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar Despesa' });
    await dialog.getByLabel('Valor (R$)').fill('1.199,96');
    await dialog.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Concluído' }).click();
    await dialog.getByRole('button', { name: 'Atualizar Despesa' }).click();
    await page.getByText('Despesa atualizada').waitFor();
    const edited = row('Campanha de lançamento no Instagram');
    await edited.getByText(/R\$\s1\.199,96/).waitFor();
    await edited.getByText('Concluído').waitFor();
    await edited.getByRole('button', { name: /Ver anexo/ }).waitFor();
    // The same one-decimal cut as the budget's insight and notification (119,996% is not '120,0%').
    await expectBudget(/R\$\s1\.199,96/, 'Excedido', '119,9');
  });

  it('refuses to overwrite a change saved meanwhile in another tab, and says so', async () => {
    await page.goto('/expenses');
    await row('Campanha de lançamento no Instagram').getByRole('button', { name: 'Editar despesa' }).click();
    const mine = page.getByRole('dialog', { name: 'Editar Despesa' });
    await mine.getByLabel('Valor (R$)').waitFor();
    // Someone else opens the same expense and saves first.
    const other = await signedInPage(browser, app.url, ADMIN);
    await other.goto('/expenses');
    await other.getByRole('row').filter({ hasText: 'Campanha de lançamento no Instagram' }).getByRole('button', { name: 'Editar despesa' }).click();
    const theirs = other.getByRole('dialog', { name: 'Editar Despesa' });
    await theirs.getByLabel('Valor (R$)').fill('1100');
    await theirs.getByRole('button', { name: 'Atualizar Despesa' }).click();
    await other.getByText('Despesa atualizada').waitFor();
    await other.context().close();

    await mine.getByLabel('Valor (R$)').fill('900');
    await mine.getByRole('button', { name: 'Atualizar Despesa' }).click();
    await page.getByText('Este registro foi alterado por outra pessoa. Recarregue e tente novamente.').waitFor();
    await page.goto('/expenses');
    await row('Campanha de lançamento no Instagram').getByText(/R\$\s1\.100,00/).waitFor();
  });

  it('lets a view-only user see expenses and budgets but not change them', async () => {
    const viewer = await signedInPage(browser, app.url, VIEWER);
    await viewer.goto('/expenses');
    await viewer.getByRole('row').filter({ hasText: 'Campanha de lançamento no Instagram' }).waitFor();
    expect(await viewer.getByRole('button', { name: 'Nova Despesa' }).count()).toBe(0);
    expect(await viewer.getByRole('button', { name: 'Categorias' }).count()).toBe(0);
    expect(await viewer.getByRole('button', { name: 'Editar despesa' }).count()).toBe(0);
    await viewer.goto('/categories');
    await viewer.getByRole('row').filter({ hasText: 'Campanha de lançamento no Instagram' }).waitFor();
    expect(await viewer.getByRole('dialog', { name: 'Gerenciar Categorias' }).count()).toBe(0);
    await viewer.goto('/budget');
    await viewer.getByRole('listitem', { name: 'Marketing' }).waitFor();
    expect(await viewer.getByRole('button', { name: /Novo Orçamento/ }).count()).toBe(0);
    await viewer.context().close();
  });

  it('forgets a list search on the next visit instead of showing an empty list without a hint', async () => {
    await page.goto('/expenses');
    await page.getByPlaceholder('Buscar despesas').fill('nada-com-este-nome');
    await page.getByText('Nenhuma despesa encontrada').waitFor();
    await page.goto('/expenses');
    await row('Campanha de lançamento no Instagram').waitFor();
    expect(await page.getByPlaceholder('Buscar despesas').inputValue()).toBe('');
  });

  it('deletes the expense; the budget is back to nothing spent', async () => {
    await page.goto('/expenses');
    await row('Campanha de lançamento no Instagram').getByRole('button', { name: 'Excluir despesa' }).click();
    await page.getByRole('dialog', { name: 'Excluir despesa' }).getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('Despesa excluída').waitFor();
    await page.getByText('Nenhuma despesa encontrada').waitFor();
    await expectBudget(/R\$\s0,00/, 'Dentro do orçamento', '0,0');
  });
});
