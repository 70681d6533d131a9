// Identity and administration in a real browser: an org_admin creates a user; the new user (view-only)
// sees no Usuários menu and no create buttons; the super admin, not acting as anyone, sees the admin
// panel only (no tenant request, no 403), acts as the organization, sees the banner, and returns with
// 'Voltar ao Admin'; the super admin creates a platform analyst, who sees only the projections and rebuilds one,
// and resets that analyst's password.
import type { Browser, ConsoleMessage, Page, Request, Response } from 'playwright-core';
import { sql } from 'slonik';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../app/context';
import { registerOrganization } from '../app/identity/auth';
import { SUPER_ADMIN, startApp, type E2eApp } from './support/app';
import { launchBrowser, loginThroughUi, newPage, signedInPage } from './support/browser';

const ADMIN = { email: 'helena@oficina.com.br', password: 'segredo123' };
const NEW_USER = { username: 'Rafael Lima', email: 'rafael@oficina.com.br', password: 'rafael123' };
const ORGANIZATION = 'Oficina Mecânica Silva';

describe('Usuários, papéis e personificação', () => {
  let app: E2eApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await startApp();
    await registerOrganization(app.deps, { username: 'Helena Silva', ...ADMIN, organizationName: ORGANIZATION, organizationSlug: 'oficina-silva' }, systemContext());
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const menuEntry = (page: Page, name: string) => page.getByRole('menuitem', { name });

  it('the org_admin creates a user from the Usuários screen', async () => {
    const page = await signedInPage(browser, app.url, ADMIN);
    await menuEntry(page, 'Usuários').click();
    await page.getByText('Gerencie os usuários da sua organização').waitFor();
    await page.getByText('Total de Usuários').waitFor();
    // Their own row has no actions.
    const ownRow = page.getByRole('row').filter({ hasText: ADMIN.email });
    await ownRow.waitFor();
    expect(await ownRow.getByRole('button').count()).toBe(0);

    await page.getByRole('button', { name: 'Novo Usuário' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo Usuário' });
    await dialog.getByLabel('Nome de usuário').fill(NEW_USER.username);
    await dialog.getByLabel('Email').fill(NEW_USER.email);
    await dialog.locator('input[name="password"]').fill('123');
    await dialog.getByRole('button', { name: 'Criar Usuário' }).click();
    await dialog.getByText('A senha deve ter pelo menos 6 caracteres').waitFor();
    await dialog.locator('input[name="password"]').fill(NEW_USER.password);
    await dialog.getByRole('button', { name: 'Criar Usuário' }).click();
    await page.getByText('O usuário foi criado com sucesso.').waitFor();
    const row = page.getByRole('row').filter({ hasText: NEW_USER.email });
    await row.getByText('Usuário', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: `Redefinir senha de ${NEW_USER.username}` }).count()).toBe(1);
    await page.context().close();
  });

  it('the new user logs in and sees no Usuários menu and no create buttons', async () => {
    const page = await signedInPage(browser, app.url, NEW_USER);
    await menuEntry(page, 'Receitas').waitFor();
    expect(await menuEntry(page, 'Usuários').count()).toBe(0);
    expect(await menuEntry(page, 'Painel Admin').count()).toBe(0);

    await menuEntry(page, 'Receitas').click();
    await page.getByText('Lista de Receitas').waitFor();
    expect(await page.getByRole('button', { name: 'Nova Receita' }).count()).toBe(0);

    await page.goto('/users');
    await page.getByRole('button', { name: 'Alterar Minha Senha' }).waitFor();
    await page.getByRole('row').filter({ hasText: ADMIN.email }).waitFor();
    expect(await page.getByRole('button', { name: 'Novo Usuário' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Redefinir senha|Editar|Excluir/ }).count()).toBe(0);

    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Acesso Negado', level: 1 }).waitFor();
    await page.getByText('Você não tem permissão para acessar o painel administrativo.').waitFor();
    await page.context().close();
  });

  it('the super admin acts as the organization, sees the banner, and returns with \'Voltar ao Admin\'', async () => {
    const page = await newPage(browser, app.url);
    // Not acting as a tenant, the super admin lands on the admin panel and sees nothing of a tenant:
    // no tenant request (dashboard figures, notification polling), so no 403 and no 'Failed to fetch'.
    const refused: string[] = [];
    const tenantCalls: string[] = [];
    const consoleErrors: string[] = [];
    const onResponse = (response: Response) => { if (response.status() >= 400 && new URL(response.url()).pathname.startsWith('/api/')) refused.push(`${response.status()} ${new URL(response.url()).pathname}`); };
    const onRequest = (request: Request) => {
      const path = new URL(request.url()).pathname;
      if (/^\/api\/(financial|charts|notifications|expenses|revenues|transactions|ai-insights|budgets|goals)/.test(path)) tenantCalls.push(path);
    };
    const onConsole = (message: ConsoleMessage) => { if (message.type() === 'error') consoleErrors.push(message.text()); };
    page.on('response', onResponse);
    page.on('request', onRequest);
    page.on('console', onConsole);
    await loginThroughUi(page, SUPER_ADMIN.email, SUPER_ADMIN.password);
    await page.waitForURL('**/admin');
    await page.getByText('Total de Organizações').waitFor();
    expect(await menuEntry(page, 'Fluxo de Caixa').count()).toBe(0);
    expect(await page.getByLabel(/notificações/i).count()).toBe(0);
    await page.goto('/dashboard');
    await page.waitForURL('**/admin');
    await page.getByText('Total de Organizações').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('body').innerText()).not.toMatch(/Failed to fetch|Forbidden/i);
    page.off('response', onResponse);
    page.off('request', onRequest);
    page.off('console', onConsole);
    expect(refused).toEqual([]);
    expect(tenantCalls).toEqual([]);
    expect(consoleErrors).toEqual([]);
    const orgRow = page.getByRole('row').filter({ hasText: ORGANIZATION });
    await orgRow.getByRole('button', { name: 'Acessar' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/Motivo do acesso/).fill('Chamado #77: conferir usuários');
    await dialog.getByRole('button', { name: 'Acessar' }).click();

    await page.waitForURL('**/dashboard');
    const banner = page.getByRole('status').filter({ hasText: 'como administrador da plataforma' });
    await banner.getByText(ORGANIZATION).waitFor();
    await menuEntry(page, 'Usuários').click();
    await page.getByRole('row').filter({ hasText: NEW_USER.email }).waitFor();

    await banner.getByRole('button', { name: 'Voltar ao Admin' }).click();
    await page.waitForURL('**/admin');
    await page.getByText('Total de Organizações').waitFor();
    expect(await page.getByText('como administrador da plataforma').count()).toBe(0);

    // The session and what was done in it are in the audit trail.
    await page.getByRole('tab', { name: 'Auditoria' }).click();
    const session = page.getByRole('row').filter({ hasText: 'Chamado #77' });
    await session.getByText(ORGANIZATION).waitFor();
    await session.click();
    await page.getByRole('dialog', { name: 'Trilha de auditoria do acesso' }).getByText('/api/organization/users').first().waitFor();
    await page.context().close();
  });

  it('the platform analyst sees only the Projeções panel and rebuilds a read model with its progress shown', async () => {
    const analyst = { email: 'analista@fluxo.app', password: 'analista123' };
    // The super admin grants the role in 'Novo Usuário': choosing 'Analista' takes the organization away.
    const admin = await signedInPage(browser, app.url, SUPER_ADMIN);
    await admin.getByRole('tab', { name: 'Usuários' }).click();
    await admin.getByRole('button', { name: 'Novo Usuário' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Novo Usuário' });
    await dialog.getByLabel('Nome de usuário').fill('Ana Analista');
    await dialog.getByLabel('Email').fill(analyst.email);
    await dialog.getByRole('combobox', { name: 'Organização' }).click();
    await admin.getByRole('option', { name: ORGANIZATION }).click();
    await dialog.getByRole('combobox', { name: 'Perfil' }).click();
    await admin.getByRole('option', { name: 'Analista' }).click();
    expect(await dialog.getByRole('combobox', { name: 'Organização' }).count()).toBe(0);
    await dialog.locator('input[name="password"]').fill(analyst.password);
    await dialog.getByRole('button', { name: 'Criar Usuário' }).click();
    await admin.getByText('O usuário foi criado com sucesso.').waitFor();
    const row = admin.getByRole('row').filter({ hasText: analyst.email });
    await row.getByText('Analista', { exact: true }).waitFor();
    await row.getByText('—', { exact: true }).waitFor();
    await admin.context().close();

    const page = await signedInPage(browser, app.url, analyst);
    await page.waitForURL('**/admin');
    await page.getByRole('heading', { name: 'Projeções' }).waitFor();
    // No tenant screens and none of the super admin's sections.
    expect(await page.getByText('Total de Organizações').count()).toBe(0);
    expect(await page.getByRole('tab', { name: 'Organizações' }).count()).toBe(0);
    expect(await menuEntry(page, 'Fluxo de Caixa').count()).toBe(0);
    await page.goto('/dashboard');
    await page.waitForURL('**/admin');

    const expenses = page.locator('tr[data-projection="expenses"]');
    await expenses.getByText('Em dia').waitFor();
    await expenses.getByRole('button', { name: 'Reconstruir' }).click();
    await page.getByText('Reconstrução de expenses solicitada').waitFor();
    await expenses.getByText(/Reconstrução: Concluída/).waitFor({ timeout: 30_000 });
    await expenses.getByText('Em dia').waitFor();

    // An organization degraded by a failing event: replayed alone once the code is fixed.
    const [organization] = await app.database.db.any(sql.type(z.object({ id: z.string(), name: z.string() }))`SELECT id::text, name FROM organizations ORDER BY name LIMIT 1`);
    await app.database.db.query(sql.unsafe`
      INSERT INTO projection_failures (projector, organization_id, position, event_id, event_type, error)
      VALUES ('expenses', ${organization.id}, 1, gen_random_uuid(), 'ExpenseRecorded', 'time zone displacement out of range')`);
    await page.reload();
    await expenses.getByText('Degradada').waitFor({ timeout: 15_000 });
    await expenses.getByRole('button', { name: `Reprocessar ${organization.name}` }).click();
    await page.getByText(`Reprocessamento de ${organization.name} em expenses solicitado`).waitFor();
    await expenses.getByText('Nenhuma').waitFor({ timeout: 30_000 });
    await page.context().close();
  });

  it("the super admin resets the analyst's password from the Usuários tab; only the new one signs in", async () => {
    const admin = await signedInPage(browser, app.url, SUPER_ADMIN);
    await admin.getByRole('tab', { name: 'Usuários' }).click();
    await admin.getByRole('row').filter({ hasText: 'analista@fluxo.app' }).getByRole('button', { name: 'Redefinir senha de Ana Analista' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Redefinir Senha' });
    await dialog.getByText('Redefinindo senha para').waitFor();
    await dialog.getByText('Ana Analista').waitFor();
    await dialog.getByLabel('Nova senha').fill('nova-analista-1');
    await dialog.getByRole('button', { name: 'Redefinir Senha' }).click();
    await admin.getByText('A senha foi redefinida com sucesso').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await admin.context().close();

    const refused = await newPage(browser, app.url);
    await refused.goto('/login');
    await refused.getByLabel(/email/i).fill('analista@fluxo.app');
    await refused.getByLabel(/senha/i).fill('analista123');
    await refused.getByRole('button', { name: /entrar/i }).click();
    await refused.getByText('Email ou senha inválidos').waitFor();
    await refused.context().close();
    const page = await signedInPage(browser, app.url, { email: 'analista@fluxo.app', password: 'nova-analista-1' });
    await page.waitForURL('**/admin');
    await page.getByRole('heading', { name: 'Projeções' }).waitFor();
    await page.context().close();
  });
});
