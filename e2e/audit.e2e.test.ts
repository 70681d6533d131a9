// 'Auditoria' in a real browser: an org admin grants an auditor for a period through the Usuários
// dialog; the auditor reads the timeline in Portuguese (event names, R$ from centavos, São Paulo
// times, a field list rather than JSON), filters it, opens a record's 'Histórico' from the timeline
// and from the Despesas screen, sees the integrity badge, and exports the history.
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saoPauloDate } from '../domain/shared/dates';
import { startApp, type E2eApp } from './support/app';
import { launchBrowser, signedInPage } from './support/browser';
import { seedOrganization } from './support/organization';

const ADMIN = { username: 'Helena Prado', email: 'helena@ateliecosta.com.br', password: 'segredo123' };
const VIEWER = { username: 'Caio Lima', email: 'caio@ateliecosta.com.br', password: 'segredo123' };
const AUDITOR = { username: 'Marta Auditora', email: 'marta@auditoria.com.br', password: 'segredo123' };

const api = (page: Page, method: string, path: string, body?: unknown) =>
  page.evaluate(async ({ method, path, body }) => {
    const response = await fetch(path, { method, credentials: 'include', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: response.status, body: await response.json() };
  }, { method, path, body });

describe('Auditoria', () => {
  let app: E2eApp;
  let browser: Browser;
  let admin: Page;
  let auditor: Page;
  let expenseId: string;

  beforeAll(async () => {
    app = await startApp();
    await seedOrganization(app, { name: 'Ateliê Costa', slug: 'atelie-costa' }, ADMIN, VIEWER);
    browser = await launchBrowser();
    admin = await signedInPage(browser, app.url, ADMIN);
    const created = await api(admin, 'POST', '/api/expenses', { description: 'Aluguel do ateliê', amount: '1234.56', category: 'operational', date: '2026-03-01' });
    expect(created.status).toBe(201);
    expenseId = created.body.id;
    expect((await api(admin, 'PUT', `/api/expenses/${expenseId}`, { amount: '1500.00' })).status).toBe(200);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('an org admin grants an auditor for a period in the user dialog', async () => {
    await admin.goto('/users');
    await admin.getByRole('button', { name: 'Novo Usuário' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Novo Usuário' });
    await dialog.getByLabel('Nome de usuário').fill(AUDITOR.username);
    await dialog.getByLabel('Email').fill(AUDITOR.email);
    await dialog.locator('input[name="password"]').fill(AUDITOR.password);
    await dialog.getByRole('combobox', { name: 'Perfil' }).click();
    await admin.getByRole('option', { name: 'Auditor (somente leitura, por período)' }).click();
    const today = saoPauloDate(new Date());
    await dialog.getByLabel('Válido de').fill(today);
    await dialog.getByLabel('Válido até').fill(`${Number(today.slice(0, 4)) + 1}-12-31`);
    await dialog.getByRole('button', { name: 'Criar Usuário' }).click();
    await admin.getByText('Usuário criado').first().waitFor();
    await admin.getByText(AUDITOR.email).first().waitFor();
    await admin.getByText('Auditor', { exact: true }).first().waitFor();
  });

  it('the auditor reads the timeline in Portuguese, filters it and opens a record’s history', async () => {
    auditor = await signedInPage(browser, app.url, AUDITOR);
    await auditor.getByRole('menuitem', { name: 'Auditoria' }).click();
    await auditor.getByRole('heading', { name: 'Auditoria', level: 1 }).waitFor();
    await auditor.getByText(/Integridade verificada: \d+ eventos conferem/).waitFor();

    const updated = auditor.getByRole('article', { name: 'Despesa alterada' }).first();
    await updated.waitFor();
    await updated.getByText(/R\$\s1\.500,00/).waitFor();
    await updated.getByText(`por ${ADMIN.username}`, { exact: false }).waitFor();
    // The time as São Paulo reads it, never UTC or an ISO string.
    const time = await updated.getByText(/\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/).first().textContent();
    const expectedDay = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());
    expect(time).toContain(expectedDay);
    const recorded = auditor.getByRole('article', { name: 'Despesa registrada' }).first();
    await recorded.getByText(/R\$\s1\.234,56/).waitFor();
    await recorded.getByText('01/03/2026').waitFor();
    const main = await auditor.locator('main').innerText();
    expect(main).not.toMatch(/ExpenseRecorded|ExpenseUpdated|123456|"amount"|organizationId|\{"/);

    // Filter by event type.
    await auditor.getByRole('combobox', { name: 'Evento' }).click();
    await auditor.getByRole('option', { name: 'Despesa registrada' }).click();
    await auditor.getByRole('article', { name: 'Despesa alterada' }).waitFor({ state: 'detached' });
    // The list empties while the filtered page loads: read it once that page has drawn.
    await auditor.getByRole('article', { name: 'Despesa registrada' }).first().waitFor();
    const types = await auditor.getByTestId('audit-event').locator('h3').allInnerTexts();
    expect(types.length).toBeGreaterThan(0);
    expect(new Set(types)).toEqual(new Set(['Despesa registrada']));

    await auditor.getByRole('article', { name: 'Despesa registrada' }).first().getByRole('button', { name: 'Histórico' }).click();
    const history = auditor.getByRole('dialog', { name: 'Histórico — Despesa' });
    await history.waitFor();
    const steps = history.getByTestId('history-step');
    // The dialog opens before its history has arrived; the steps come in one answer.
    await steps.first().waitFor();
    expect(await steps.count()).toBe(2);
    await steps.nth(0).getByText('Despesa registrada').waitFor();
    await steps.nth(0).getByText(/R\$\s1\.234,56/).waitFor();
    await steps.nth(1).getByText('Despesa alterada').waitFor();
    await steps.nth(1).getByText(/R\$\s1\.500,00/).waitFor();
    await steps.nth(1).getByText('(alterado)').first().waitFor();
    await history.getByRole('button', { name: 'Fechar' }).click();
  });

  it('the Despesas screen opens a record’s Histórico, and the auditor has no way to change it', async () => {
    await auditor.goto('/expenses');
    await auditor.getByRole('button', { name: 'Histórico de Aluguel do ateliê' }).click();
    const history = auditor.getByRole('dialog', { name: 'Histórico — Despesa' });
    await history.getByText('Despesa alterada').waitFor();
    await history.getByRole('button', { name: 'Fechar' }).click();
    expect(await auditor.getByRole('button', { name: 'Nova Despesa' }).count()).toBe(0);
    expect(await auditor.getByRole('button', { name: 'Editar despesa' }).count()).toBe(0);
  });

  it('exports the whole history as JSON Lines with the signed checkpoint', async () => {
    await auditor.goto('/audit');
    const [download] = await Promise.all([auditor.waitForEvent('download'), auditor.getByRole('button', { name: 'Exportar histórico' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^fluxo-auditoria-.*\.ndjson$/);
    const lines = readFileSync((await download.path())!, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { kind: string; type?: string });
    expect(lines[0].kind).toBe('header');
    expect(lines.some((l) => l.kind === 'event' && l.type === 'ExpenseUpdated')).toBe(true);
    expect(lines.some((l) => l.kind === 'checkpoint')).toBe(true);
    expect(lines.at(-1)?.kind).toBe('footer');
  });

  it('the view-only user has no Auditoria entry', async () => {
    const viewer = await signedInPage(browser, app.url, VIEWER);
    await viewer.getByRole('menuitem', { name: 'Despesas' }).waitFor();
    expect(await viewer.getByRole('menuitem', { name: 'Auditoria' }).count()).toBe(0);
  });
});
