// Bank data in a real browser: an OFX statement imported (result card, new expenses and revenues),
// then the sandbox bank connected, synced, one imported transaction approved and one rejected;
// a view-only user sees 'Acesso Negado' and 'Aguardando aprovação' and no 'Importar Extrato OFX'
// in the menu. Then the notification opens the pending list, selected rows are rejected together,
// 'Aprovar todas' approves the rest, a connection is disconnected after a confirmation, and a large
// statement shows a progress bar before its result card.
import { fileURLToPath } from 'node:url';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleImportJobs } from '../app/banking/import-jobs';
import { settleSyncs } from '../app/banking/sync';
import { startApp, type E2eApp } from './support/app';
import { launchBrowser, signedInPage } from './support/browser';
import { seedOrganization } from './support/organization';
import { buildOfx } from '../test-support/ofx-builder';
import { statementRows } from '../test-support/ofx-statement';

const ADMIN = { username: 'Renata Alves', email: 'renata@emporio.com.br', password: 'segredo123' };
const VIEWER = { username: 'Otávio Reis', email: 'otavio@emporio.com.br', password: 'segredo123' };
const statement = fileURLToPath(new URL('../../shared/fixtures/ofx/itau-checking-cp1252-accents.ofx', import.meta.url));

describe('Importar Extrato OFX and Integração Bancária', () => {
  let app: E2eApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    app = await startApp();
    await seedOrganization(app, { name: 'Empório Serra Azul', slug: 'emporio-serra-azul' }, ADMIN, VIEWER);
    browser = await launchBrowser();
    page = await signedInPage(browser, app.url, ADMIN);
  });

  afterAll(async () => {
    await settleSyncs();
    await settleImportJobs();
    await browser?.close();
    await app?.stop();
  });

  const row = (text: string | RegExp): Locator => page.getByRole('row').filter({ hasText: text });

  it('refuses a file that is not .ofx', async () => {
    await page.goto('/import-ofx');
    await page.getByRole('heading', { name: 'Importar Extrato OFX', level: 1 }).waitFor();
    await page.getByTestId('ofx-file-input').setInputFiles({ name: 'extrato.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
    await page.getByText('Arquivo Inválido', { exact: true }).first().waitFor();
    await page.getByText('Por favor, selecione um arquivo OFX válido', { exact: true }).first().waitFor();
    expect(await page.getByRole('button', { name: 'Importar Extrato' }).isDisabled()).toBe(true);
  });

  it('imports a Windows-1252 statement: result card, then the new expenses and revenues', async () => {
    await page.getByTestId('ofx-file-input').setInputFiles(statement);
    await page.getByText('itau-checking-cp1252-accents.ofx').waitFor();
    await page.getByRole('button', { name: 'Importar Extrato' }).click();
    // Done once every read model shows the file: slow on a loaded machine.
    await page.getByText('Importação Concluída', { exact: true }).first().waitFor({ timeout: 120_000 });
    const card = page.getByLabel('Resultado da importação');
    await card.getByText('Resultado da Importação').waitFor();
    await card.getByText('0061078192').waitFor();
    await card.getByText('Conta Corrente').waitFor();
    const imported = card.getByText('Importadas', { exact: true }).locator('..');
    expect(await imported.textContent()).toContain('21');
    await card.getByText('01/12/2016 a').waitFor();

    await page.goto('/expenses');
    await page.getByPlaceholder('Buscar despesas').fill('SERVIÇOS');
    await row(/NET SERVIÇOS/).first().waitFor();
    await page.goto('/revenues');
    await page.getByPlaceholder('Buscar receitas').fill('SISPAG');
    await row('SISPAG').first().waitFor();

    // The same file again imports nothing.
    await page.goto('/import-ofx');
    await page.getByTestId('ofx-file-input').setInputFiles(statement);
    await page.getByRole('button', { name: 'Importar Extrato' }).click();
    await page.getByText(/0 transações importadas, 21 ignoradas/).first().waitFor();
  });

  it('connects the sandbox bank, syncs, approves one transaction and rejects another', async () => {
    await page.goto('/bank-integration');
    await page.getByRole('heading', { name: 'Integração Bancária', level: 1 }).waitFor();
    for (const tab of ['Conexões Bancárias', 'Transações Importadas', 'Logs de Sincronização']) await page.getByRole('tab', { name: tab }).waitFor();

    await page.getByRole('button', { name: 'Conectar Banco' }).click();
    const dialog = page.getByRole('dialog', { name: 'Conectar Banco' });
    await dialog.getByRole('button', { name: 'Conectar' }).click();
    await page.getByText('Preencha todos os campos obrigatórios', { exact: true }).first().waitFor();
    await dialog.getByRole('combobox', { name: 'Banco' }).click();
    await page.getByRole('option', { name: 'Banco do Brasil' }).click();
    await dialog.getByLabel('Número da Conta').fill('45678-9');
    await dialog.getByRole('combobox', { name: 'Tipo de Conta' }).click();
    await page.getByRole('option', { name: 'Conta Corrente' }).click();
    await dialog.getByRole('button', { name: 'Conectar' }).click();
    await page.getByText('Conexão Criada', { exact: true }).first().waitFor();
    const connection = page.getByLabel('Conexão Banco do Brasil');
    await connection.getByText('****6789').waitFor();
    expect(await connection.textContent()).not.toContain('45678');

    await connection.getByRole('button', { name: 'Sincronizar' }).click();
    await page.getByText('Sincronização Iniciada', { exact: true }).first().waitFor();
    await settleSyncs();
    await page.getByRole('tab', { name: 'Logs de Sincronização' }).click();
    const log = row('Banco do Brasil').first();
    await log.getByText('Sucesso').waitFor({ timeout: 30_000 });
    expect(await log.textContent()).toMatch(/\d+(,\d)? s/);

    await page.getByRole('tab', { name: 'Transações Importadas' }).click();
    const pending = page.getByRole('row').filter({ has: page.getByRole('button', { name: 'Aprovar' }) });
    await pending.first().waitFor();
    const debit = pending.filter({ hasText: '−' }).first();
    // Cells: selection checkbox, date, description…
    const approvedText = (await debit.locator('td').nth(2).locator('p').first().textContent()) ?? '';
    const approvedRow = (await debit.textContent()) ?? '';
    await debit.getByRole('button', { name: 'Aprovar' }).click();
    await page.getByText('Transação Aprovada', { exact: true }).first().waitFor();
    await expect.poll(() => pending.filter({ hasText: approvedRow }).count()).toBe(0);
    const next = pending.first();
    const rejectedRow = (await next.textContent()) ?? '';
    await next.getByRole('button', { name: 'Rejeitar' }).click();
    await page.getByText('Transação Rejeitada', { exact: true }).first().waitFor();
    await expect.poll(() => pending.filter({ hasText: rejectedRow }).count()).toBe(0);
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Rejeitada' }).click();
    await row(rejectedRow.replace(/Aprovar.*$/, '').slice(0, 30)).first().waitFor();

    const description = approvedText.trim().slice(0, 20);
    await page.goto('/expenses');
    await page.getByPlaceholder('Buscar despesas').fill(description);
    await row(description).first().waitFor();
  });

  it('shows view-only users \'Acesso Negado\' on import and \'Aguardando aprovação\' in the queue', async () => {
    const viewerPage = await signedInPage(browser, app.url, VIEWER);
    // The menu offers the import only to those who may use it.
    await viewerPage.getByRole('menuitem', { name: 'Integração Bancária' }).waitFor();
    expect(await viewerPage.getByRole('menuitem', { name: 'Importar Extrato OFX' }).count()).toBe(0);
    expect(await page.getByRole('menuitem', { name: 'Importar Extrato OFX' }).count()).toBe(1);
    await viewerPage.goto('/import-ofx');
    await viewerPage.getByText('Acesso Negado', { exact: true }).first().waitFor();
    await viewerPage.getByText('Você não tem permissão para importar extratos.', { exact: true }).first().waitFor();
    await viewerPage.goto('/bank-integration');
    // Counted once the screen has drawn its connections (an empty page has no button either).
    await viewerPage.getByLabel('Conexão Banco do Brasil').waitFor();
    expect(await viewerPage.getByRole('button', { name: 'Conectar Banco' }).count()).toBe(0);
    await viewerPage.getByRole('tab', { name: 'Transações Importadas' }).click();
    await viewerPage.getByText('Aguardando aprovação').first().waitFor();
    expect(await viewerPage.getByRole('button', { name: 'Aprovar' }).count()).toBe(0);
    // Selecting rows to decide is an editor's thing too.
    expect(await viewerPage.getByRole('checkbox').count()).toBe(0);
    await viewerPage.context().close();
  });

  it('the notification about transactions awaiting approval opens the pending list', async () => {
    await page.goto('/dashboard');
    await expect.poll(async () => {
      await page.reload();
      await page.getByRole('button', { name: /^Notificações/ }).click();
      const found = await page.getByText('Transações importadas aguardando aprovação').count();
      await page.keyboard.press('Escape');
      return found;
    }, { timeout: 30_000 }).toBeGreaterThan(0);
    await page.getByRole('button', { name: /^Notificações/ }).click();
    await page.getByText('Transações importadas aguardando aprovação').first().click();
    await page.waitForURL((url) => url.pathname === '/bank-integration' && url.searchParams.get('tab') === 'imported');
    expect(await page.getByRole('tab', { name: 'Transações Importadas' }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('row').filter({ has: page.getByRole('button', { name: 'Aprovar' }) }).first().waitFor();
    expect(await page.getByRole('row').filter({ hasText: 'Aprovada' }).count()).toBe(0);
  });

  it('rejects the selected rows together, then \'Aprovar todas\' approves every other pending one', async () => {
    await page.goto('/bank-integration?tab=imported');
    const pending = page.getByRole('row').filter({ has: page.getByRole('button', { name: 'Aprovar' }) });
    await pending.first().waitFor({ timeout: 60_000 });
    const pendingCount = () => page.evaluate(async () => {
      const answer = await fetch('/api/imported-transactions?filter={"status":"pending"}&range=[0,0]', { headers: { Accept: 'application/json' } });
      return Number(answer.headers.get('content-range')?.split('/')[1]);
    });
    const before = await pendingCount();
    const chosen = [(await pending.nth(0).locator('td').nth(2).textContent()) ?? '', (await pending.nth(1).locator('td').nth(2).textContent()) ?? ''];
    await pending.nth(0).getByRole('checkbox').check();
    await pending.nth(1).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Rejeitar selecionadas' }).click();
    await page.getByText('Transações Rejeitadas', { exact: true }).first().waitFor();
    await page.getByText('2 transações rejeitadas.').first().waitFor();
    expect(await pendingCount()).toBe(before - 2);

    const left = await pendingCount();
    expect(left).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Aprovar todas' }).click();
    const confirm = page.getByRole('dialog', { name: 'Aprovar todas' });
    await confirm.getByText(`Aprovar ${left === 1 ? 'a transação pendente' : `as ${left} transações pendentes`}?`).waitFor();
    await confirm.getByRole('button', { name: 'Aprovar todas' }).click();
    await page.getByText('Transações Aprovadas', { exact: true }).first().waitFor();
    await page.getByText(`${left} ${left === 1 ? 'transação aprovada' : 'transações aprovadas'}: adicionadas às despesas e receitas.`).first().waitFor();
    await page.getByText('Nenhuma transação importada').waitFor();
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Rejeitada' }).click();
    for (const text of chosen) await page.getByRole('row').filter({ hasText: text }).first().waitFor();
  });

  it('disconnects a bank connection after a confirmation: it stops offering \'Sincronizar\'', async () => {
    await page.goto('/bank-integration');
    const connection = page.getByLabel('Conexão Banco do Brasil');
    await connection.getByRole('button', { name: 'Desconectar' }).click();
    const confirm = page.getByRole('dialog', { name: 'Desconectar banco' });
    await confirm.getByText(/A conta deixa de ser sincronizada; as transações já importadas continuam/).waitFor();
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await connection.getByText('Ativa', { exact: true }).waitFor();
    await connection.getByRole('button', { name: 'Desconectar' }).click();
    await page.getByRole('dialog', { name: 'Desconectar banco' }).getByRole('button', { name: 'Desconectar' }).click();
    await page.getByText('Conexão Desativada', { exact: true }).first().waitFor();
    await connection.getByText('Inativa', { exact: true }).waitFor({ timeout: 60_000 });
    expect(await connection.getByRole('button', { name: 'Sincronizar' }).count()).toBe(0);
  });

  it('a large statement imports in the background: a progress bar, then the result card', async () => {
    const file = buildOfx({ bankId: '237', accountId: '9911-2' }, statementRows(600, { prefix: 'E2E' }));
    await page.goto('/import-ofx');
    await page.getByTestId('ofx-file-input').setInputFiles({ name: 'extrato-grande.ofx', mimeType: 'application/x-ofx', buffer: Buffer.from(file) });
    await page.getByRole('button', { name: 'Importar Extrato' }).click();
    await page.getByRole('progressbar', { name: 'Progresso da importação' }).waitFor();
    await page.getByText(/de 600 transações processadas/).first().waitFor();
    const card = page.getByLabel('Resultado da importação');
    await card.waitFor({ timeout: 200_000 });
    expect(await card.getByText('Importadas', { exact: true }).locator('..').textContent()).toContain('600');
    expect(await page.getByRole('progressbar', { name: 'Progresso da importação' }).count()).toBe(0);
  }, 240_000);
});
