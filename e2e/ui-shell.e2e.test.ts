// The platform's first vertical slice in a real browser: register → dashboard shell → 404 (pt-BR, with
// a way back) → the header avatar's menu (Perfil, Sair) → landing for the signed-out → login (with the
// server's error shown above the form).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type E2eApp } from './support/app';
import { launchBrowser, newPage } from './support/browser';

describe('UI shell', () => {
  let app: E2eApp;
  let browser: Browser;
  let page: Page;
  const email = 'ana@padaria.com.br';
  const password = 'segredo123';

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    page = await newPage(browser, app.url);
  });

  // The avatar's menu (the sidebar, which has its own 'Sair', is hidden from it while it is open).
  const userMenu = () => page.getByRole('menu').filter({ hasText: email });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('registers an organization, deriving its slug, and lands on the dashboard', async () => {
    await page.goto('/register');
    await page.getByLabel(/nome de usuário/i).fill('Ana Souza');
    await page.getByLabel(/email/i).fill(email);
    await page.getByLabel(/senha/i).fill(password);
    await page.getByLabel(/nome da organização/i).fill('Padaria São João');
    expect(await page.getByLabel(/identificador/i).inputValue()).toBe('padaria-sao-joao');
    await page.getByRole('button', { name: /criar conta/i }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: 'Dashboard Financeiro', level: 1 }).waitFor();
    await page.getByText('Padaria São João').waitFor();
    await page.getByText('Administrador').waitFor();
    expect(await page.getByRole('menuitem', { name: 'Usuários' }).count()).toBe(1);
    expect(await page.getByRole('menuitem', { name: 'Painel Admin' }).count()).toBe(0);
  });

  it('shows the 404 page for an unknown path inside the app', async () => {
    await page.goto('/pagina-inexistente');
    await page.getByText('404 — Página não encontrada').waitFor();
    await page.getByText(/O endereço que você abriu não existe/).waitFor();
    await page.getByRole('link', { name: 'Voltar ao início' }).click();
    await page.getByRole('heading', { name: 'Dashboard Financeiro', level: 1 }).waitFor();
  });

  it("the header avatar opens the user menu: 'Perfil' goes to Configurações", async () => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu do usuário' }).click();
    const menu = userMenu();
    await menu.getByText(email).waitFor();
    await menu.getByRole('menuitem', { name: 'Perfil' }).click();
    await page.waitForURL((url) => url.pathname === '/profile');
    await page.getByRole('heading', { name: 'Configurações', level: 1 }).waitFor();
  });

  it("logs out with the avatar menu's 'Sair' to /login; signed out, / is the landing page and a screen asks to log in", async () => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu do usuário' }).click();
    await userMenu().getByRole('menuitem', { name: 'Sair' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.goto('/');
    await page.getByRole('heading', { name: /Gestão financeira inteligente/ }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.goto('/cash-flow');
    await page.waitForURL((url) => url.pathname === '/login');
    await page.goto('/pagina-inexistente');
    await page.getByText('404 — Página não encontrada').waitFor();
  });

  it("shows the server's message above the form on a failed login, then logs in", async () => {
    await page.goto('/login');
    await page.getByLabel(/email/i).fill(email);
    await page.getByLabel(/senha/i).fill('senha-errada');
    await page.getByRole('button', { name: /entrar/i }).click();
    const alert = page.getByRole('alert').first();
    await alert.waitFor();
    expect(await alert.innerText()).toContain('Email ou senha inválidos');
    await page.getByLabel(/senha/i).fill(password);
    await page.getByRole('button', { name: /entrar/i }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: 'Dashboard Financeiro', level: 1 }).waitFor();
  });
});
