// Signed-out pages in a real browser: the landing page and the auth pages never ask /api/auth/me
// (no 401 in a visitor's console), and 'Esqueci minha senha' works end to end — the link the
// server writes to its log sets a new password once, and every open session of that user ends.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../app/context';
import { registerOrganization } from '../app/identity/auth';
import { startApp, type E2eApp } from './support/app';
import { launchBrowser, newPage, signedInPage } from './support/browser';

const ADMIN = { email: 'marta@floricultura.com.br', password: 'flores-2024' };

/** Every request the page makes to /api/auth/me, and every console error it logs. */
function watch(page: Page): { meCalls: string[]; consoleErrors: string[] } {
  const seen = { meCalls: [] as string[], consoleErrors: [] as string[] };
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/auth/me') seen.meCalls.push(page.url());
  });
  page.on('console', (message) => {
    if (message.type() === 'error') seen.consoleErrors.push(message.text());
  });
  return seen;
}

describe('Páginas públicas', () => {
  let app: E2eApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await startApp();
    await registerOrganization(app.deps, { username: 'Marta Rocha', ...ADMIN, organizationName: 'Floricultura Rocha', organizationSlug: 'floricultura-rocha' }, systemContext());
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('a signed-out visitor sees the landing page and the auth pages without any call to /api/auth/me', async () => {
    const page = await newPage(browser, app.url);
    const seen = watch(page);
    await page.goto('/');
    await page.getByRole('heading', { name: /Gestão financeira inteligente/ }).waitFor();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
    await page.getByRole('heading', { name: 'Esqueci minha senha' }).waitFor();
    await page.goto('/register');
    await page.getByRole('heading', { name: 'Criar conta' }).waitFor();
    await page.goto('/');
    await page.getByRole('heading', { name: /Gestão financeira inteligente/ }).waitFor();
    expect(seen.meCalls).toEqual([]);
    expect(seen.consoleErrors.filter((e) => /401/.test(e))).toEqual([]);
    await page.context().close();
  });

  it('signed in, / is the dashboard; after Sair, / is the landing page again without asking the API', async () => {
    const page = await signedInPage(browser, app.url, ADMIN);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Dashboard Financeiro', level: 1 }).waitFor({ timeout: 30_000 });
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    const seen = watch(page);
    await page.goto('/');
    await page.getByRole('heading', { name: /Gestão financeira inteligente/ }).waitFor();
    expect(seen.meCalls).toEqual([]);
    await page.context().close();
  });

  it('Esqueci minha senha: same answer for any email, the logged link sets a new password once and ends open sessions', async () => {
    const elsewhere = await signedInPage(browser, app.url, ADMIN);
    const page = await newPage(browser, app.url);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
    await page.waitForURL((url) => url.pathname === '/forgot-password');
    // React Router 7 changes the address before it draws the next page (a transition): until the
    // heading shows, 'Email' is still the login form's field.
    await page.getByRole('heading', { name: 'Esqueci minha senha' }).waitFor();

    await page.getByLabel('Email').fill('ninguem@floricultura.com.br');
    await page.getByRole('button', { name: 'Enviar link' }).click();
    const answer = page.getByRole('status').filter({ hasText: 'Se este email estiver cadastrado' });
    await answer.waitFor();
    const generic = await answer.textContent();

    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByRole('button', { name: 'Enviar link' }).click();
    await expect.poll(() => app.logLines.some((line) => line.includes(ADMIN.email) && line.includes('/reset-password#token=')), { timeout: 15_000 }).toBe(true);
    expect(await page.getByRole('status').textContent()).toBe(generic);
    expect(app.logLines.some((line) => line.includes('ninguem@floricultura.com.br'))).toBe(false);

    const entry = JSON.parse(app.logLines.filter((line) => line.includes(ADMIN.email) && line.includes('#token=')).at(-1) as string) as { link: string };
    const link = new URL(entry.link);
    await page.goto(`${link.pathname}${link.hash}`);
    await page.getByRole('heading', { name: 'Nova senha' }).waitFor();
    // The token leaves the address bar once the page has read it.
    expect(new URL(page.url()).hash).toBe('');

    await page.locator('input[name="newPassword"]').fill('123456');
    await page.locator('input[name="confirmPassword"]').fill('123456');
    await page.getByRole('button', { name: 'Redefinir senha' }).click();
    await page.getByRole('alert').filter({ hasText: 'comum demais' }).waitFor();

    await page.locator('input[name="newPassword"]').fill('rosas-e-tulipas');
    await page.locator('input[name="confirmPassword"]').fill('rosas-e-tulipa');
    await page.getByRole('button', { name: 'Redefinir senha' }).click();
    await page.getByText('A confirmação da senha não confere').waitFor();

    await page.locator('input[name="confirmPassword"]').fill('rosas-e-tulipas');
    await page.getByRole('button', { name: 'Redefinir senha' }).click();
    await page.getByRole('status').filter({ hasText: 'Senha redefinida' }).waitFor();

    // The session opened before the reset is over.
    expect((await elsewhere.request.get('/api/auth/me')).status()).toBe(401);

    // The same link again is refused.
    await page.goto('/login');
    await page.goto(`${link.pathname}${link.hash}`);
    await page.locator('input[name="newPassword"]').fill('outra-senha-boa');
    await page.locator('input[name="confirmPassword"]').fill('outra-senha-boa');
    await page.getByRole('button', { name: 'Redefinir senha' }).click();
    await page.getByRole('alert').filter({ hasText: 'inválido, já foi usado ou expirou' }).waitFor();

    await page.goto('/login');
    await page.getByLabel(/email/i).fill(ADMIN.email);
    await page.getByLabel(/senha/i).fill('rosas-e-tulipas');
    await page.getByRole('button', { name: /entrar/i }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.getByRole('heading', { name: 'Dashboard Financeiro', level: 1 }).waitFor({ timeout: 30_000 });
    await elsewhere.context().close();
    await page.context().close();
  });
});
