// The UI and /api/docs under the strict Content-Security-Policy (docs/SECURITY.md): every main screen,
// signed in as the demo organization's admin and as the super admin, reports zero CSP violations —
// and the listener does see one when an inline script is injected on purpose.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO } from '../scripts/seed/demo';
import { startApp, SUPER_ADMIN, type E2eApp } from './support/app';
import { launchBrowser, newPage as freshPage } from './support/browser';

// Seeding the demo organization and walking 13 screens takes minutes on a loaded machine.
vi.setConfig({ hookTimeout: 400_000, testTimeout: 400_000 });

type Violation = { directive: string; blocked: string; source: string };

declare global {
  interface Window {
    cspViolations?: Violation[];
  }
}

/** Records every `securitypolicyviolation` of the page and every console line about the CSP. */
async function watchCsp(page: Page): Promise<{ violations: () => Promise<Violation[]>; console: string[] }> {
  const consoleReports: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) consoleReports.push(message.text());
  });
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.cspViolations?.push({ directive: event.violatedDirective, blocked: event.blockedURI, source: `${event.sourceFile}:${event.lineNumber}` });
    });
  });
  return { violations: () => page.evaluate(() => window.cspViolations ?? []), console: consoleReports };
}

const TENANT_SCREENS: [string, RegExp][] = [
  ['/', /Dashboard Financeiro/],
  ['/cash-flow', /Fluxo de Caixa/],
  ['/expenses', /./],
  ['/revenues', /Receitas/],
  ['/budget', /./],
  ['/goals', /Metas Financeiras/],
  ['/investments', /Investimentos/],
  ['/ai-insights', /Insights/],
  ['/reports', /Relatórios/],
  ['/import-ofx', /Importar Extrato/],
  ['/bank-integration', /Integração Bancária/],
  ['/users', /Usuários/],
  ['/profile', /Configurações/],
];

describe('Content-Security-Policy in the browser', () => {
  let app: E2eApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await startApp({ seedDemo: true });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  // Generous waits: on a loaded machine the first load of the bundle alone takes ~15 s.
  async function newPage(...args: Parameters<typeof freshPage>): Promise<Page> {
    const page = await freshPage(...args);
    page.setDefaultTimeout(90_000);
    return page;
  }

  async function signedInPage(b: Browser, url: string, person: { email: string; password: string }): Promise<Page> {
    const page = await newPage(b, url);
    await page.goto('/login');
    await page.getByLabel(/email/i).fill(person.email);
    await page.getByLabel(/senha/i).fill(person.password);
    await page.getByRole('button', { name: /entrar/i }).click();
    await page.waitForURL((next) => !next.pathname.startsWith('/login'));
    return page;
  }

  async function visit(page: Page, path: string, heading: RegExp): Promise<void> {
    const response = await page.goto(path);
    expect(response?.headers()['content-security-policy'], path).toContain("script-src 'self'");
    await page.getByRole('heading', { name: heading }).first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
  }

  it('the demo admin walks every main screen with zero violations', async () => {
    const page = await newPage(browser, app.url);
    const csp = await watchCsp(page);
    await visit(page, '/login', /Entrar|Bem-vindo|Fluxo/i);
    await page.close();
    const signedIn = await signedInPage(browser, app.url, DEMO.admin);
    const watched = await watchCsp(signedIn);
    for (const [path, heading] of TENANT_SCREENS) await visit(signedIn, path, heading);
    // A dialog (emotion styles injected on demand) and a chart tooltip-heavy page once more.
    await signedIn.goto('/users');
    await signedIn.getByRole('button', { name: 'Alterar Minha Senha' }).click();
    await signedIn.getByRole('dialog').waitFor();
    expect(await watched.violations()).toEqual([]);
    expect(watched.console).toEqual([]);
    expect(await csp.violations().catch(() => [])).toEqual([]);
    expect(csp.console).toEqual([]);
  });

  it('the super admin panel and /api/docs (swagger-ui) run with zero violations', async () => {
    const page = await signedInPage(browser, app.url, SUPER_ADMIN);
    const csp = await watchCsp(page);
    await visit(page, '/admin', /Painel Admin|Administra/i);
    const docs = await page.goto('/api/docs');
    expect(docs?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await page.locator('.swagger-ui .information-container').waitFor({ timeout: 30_000 });
    await page.getByText('Fluxo API').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await csp.violations()).toEqual([]);
    expect(csp.console).toEqual([]);
  });

  it('does report an injected inline script (the watch is not blind)', async () => {
    const page = await newPage(browser, app.url);
    const csp = await watchCsp(page);
    await visit(page, '/login', /Entrar|Bem-vindo|Fluxo/i);
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.__inlineRan = true';
      document.body.appendChild(script);
      await new Promise((resolve) => setTimeout(resolve, 200));
      return Boolean((window as unknown as { __inlineRan?: boolean }).__inlineRan);
    });
    expect(ran).toBe(false);
    const violations = await csp.violations();
    expect(violations.map((v) => v.directive)).toContain('script-src-elem');
  });
});
