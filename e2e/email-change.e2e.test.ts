// Changing the own email in Configurações, in a real browser: a taken address and a free one get the
// same message, only the free one gets a link (in the server log, as there is no mail server), and
// opening that link, signed in, makes the new address the login.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../app/context';
import { registerOrganization } from '../app/identity/auth';
import { startApp, type E2eApp } from './support/app';
import { launchBrowser, signedInPage } from './support/browser';

const OWNER = { email: 'joana@livraria.com.br', password: 'livros-2024' };
const NEIGHBOUR = { email: 'pedro@sebo.com.br', password: 'sebo-antigo' };
const NEW_EMAIL = 'joana.alves@livraria.com.br';

describe('Configurações: troca de email', () => {
  let app: E2eApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await startApp();
    await registerOrganization(app.deps, { username: 'Joana Alves', ...OWNER, organizationName: 'Livraria Alves', organizationSlug: 'livraria-alves' }, systemContext());
    await registerOrganization(app.deps, { username: 'Pedro Sebo', ...NEIGHBOUR, organizationName: 'Sebo do Pedro', organizationSlug: 'sebo-do-pedro' }, systemContext());
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('answers a taken and a free address alike; the link sent to the free one makes it the login', async () => {
    const page = await signedInPage(browser, app.url, OWNER);
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Configurações', level: 1 }).waitFor({ timeout: 30_000 });

    const basics = page.locator('form').filter({ has: page.locator('input[name="username"]') });
    const emailField = basics.locator('input[name="email"]');
    const notice = page.locator('[role="status"]:not([data-testid="toast"])').filter({ hasText: 'Enviamos um link de confirmação para o novo email' });
    const ask = async (email: string) => {
      await emailField.fill(email);
      await basics.locator('input[name="currentPassword"]').fill(OWNER.password);
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/api/auth/profile') && r.request().method() === 'PUT'),
        basics.getByRole('button', { name: 'Salvar Alterações' }).click(),
      ]);
      await notice.waitFor();
      return { status: response.status(), body: await response.text(), shown: await notice.textContent() };
    };
    const taken = await ask(NEIGHBOUR.email);
    expect(taken.status).toBe(202);
    // The form shows the current email again: nothing changed yet.
    expect(await emailField.inputValue()).toBe(OWNER.email);
    expect(await ask(NEW_EMAIL)).toEqual(taken);

    await expect.poll(() => app.logLines.some((line) => line.includes(NEW_EMAIL) && line.includes('/confirm-email#token=')), { timeout: 15_000 }).toBe(true);
    expect(app.logLines.some((line) => line.includes(NEIGHBOUR.email) && line.includes('#token='))).toBe(false);
    expect(app.logLines.some((line) => line.includes(NEIGHBOUR.email) && line.includes('já tem conta'))).toBe(true);

    const entry = JSON.parse(app.logLines.filter((line) => line.includes(NEW_EMAIL) && line.includes('#token=')).at(-1) as string) as { link: string };
    const link = new URL(entry.link);
    await page.goto(`${link.pathname}${link.hash}`);
    await page.getByRole('heading', { name: 'Confirmar novo email' }).waitFor();
    // The token leaves the address bar once the page has read it.
    expect(new URL(page.url()).hash).toBe('');
    await page.getByRole('button', { name: 'Confirmar novo email' }).click();
    await page.getByRole('status').filter({ hasText: 'Email alterado' }).waitFor();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL((url) => url.pathname === '/profile');
    await expect.poll(() => emailField.inputValue(), { timeout: 15_000 }).toBe(NEW_EMAIL);

    // The new address signs in; the old one no longer does.
    const signIn = (email: string) => page.request.post('/api/auth/login', { data: { email, password: OWNER.password } });
    expect((await signIn(NEW_EMAIL)).status()).toBe(200);
    expect((await signIn(OWNER.email)).status()).toBe(401);
    await page.context().close();
  });
});
