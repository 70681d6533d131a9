// Every screen of every role on a phone (390 × 844, the width of an iPhone 12–15): nothing wider than
// the screen (no sideways scrolling of the page), and no button whose label is cut ('+ N' for
// 'Nova Despesa'). Tables may scroll inside their own box; the page itself may not.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../app/context';
import { createUserAccount } from '../app/identity/auth';
import { sql } from 'slonik';
import { z } from 'zod';
import { DEMO } from '../scripts/seed/demo';
import { SUPER_ADMIN, startApp, type E2eApp } from './support/app';
import { launchBrowser } from './support/browser';

const PHONE = { width: 390, height: 844 };
const AUDITOR = { email: 'auditora@fluxo.app', password: 'auditoria-2025' };
const ANALYST = { email: 'analista@fluxo.app', password: 'analista-2025' };

type Problem = { path: string; problem: string };

/** What is wrong with the page as shown now: the page's width, and buttons or fields wider than their box or the screen. */
async function layoutProblems(page: Page, path: string): Promise<Problem[]> {
  const found = await page.evaluate((width: number) => {
    const problems: string[] = [];
    const scrollWidth = document.scrollingElement?.scrollWidth ?? 0;
    if (scrollWidth > width) {
      // The widest elements that stick out, to say where to look.
      const culprits = Array.from(document.querySelectorAll<HTMLElement>('body *'))
        .filter((el) => el.getBoundingClientRect().right > width + 1 && el.getClientRects().length > 0)
        .filter((el) => !el.parentElement || el.parentElement.getBoundingClientRect().right <= width + 1)
        .slice(0, 4)
              .map((el: HTMLElement) => `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[${el.getAttribute('data-testid')}]` : ''}.${Array.from(el.classList).slice(0, 2).join('.')} «${(el.textContent ?? '').trim().slice(0, 30)}» right=${Math.round(el.getBoundingClientRect().right)}`);
      problems.push(`page is ${scrollWidth}px wide: ${culprits.join(' | ')}`);
    }
    for (const button of Array.from(document.querySelectorAll<HTMLElement>('button, a.MuiButton-root'))) {
      const rect = button.getBoundingClientRect();
      if (rect.width === 0 || button.closest('[aria-hidden="true"]')) continue;
      const label = (button.textContent ?? '').trim();
      // A badge ('9+') sits over the button's edge on purpose.
      if (label && !button.querySelector('.MuiBadge-badge') && button.scrollWidth > button.clientWidth + 1) {
        problems.push(`button «${label}» is cut (${button.scrollWidth} > ${button.clientWidth})`);
      }
      // Inside a box that scrolls sideways (a table, the tabs), a button may lie beyond the screen.
      let scroller: HTMLElement | null = button.parentElement;
      while (scroller && !['auto', 'scroll'].includes(getComputedStyle(scroller).overflowX)) scroller = scroller.parentElement;
      if (!scroller && rect.right > width + 1) problems.push(`button «${label || button.getAttribute('aria-label')}» ends at ${Math.round(rect.right)}px`);
    }
    return problems;
  }, PHONE.width);
  return found.map((problem) => ({ path, problem }));
}

async function phonePage(browser: Browser, baseURL: string, person?: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 1 });
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  if (person) {
    await page.goto('/login');
    await page.getByLabel(/email/i).fill(person.email);
    await page.getByLabel(/senha/i).fill(person.password);
    await page.getByRole('button', { name: /entrar/i }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  }
  return page;
}

/**
 * Opens `path` and waits until its content has arrived (a heading, no loading bar or placeholder, no
 * pending request). Only an indeterminate bar means loading: a determinate one is content (a budget's
 * or a goal's progress), and waiting for it to go cost 15 s on each screen that shows one.
 */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading').first().waitFor({ timeout: 30_000 })
    .catch((error: Error) => { throw new Error(`${path}: no heading shown (${error.message.split('\n')[0]})`); });
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
  await page.locator('.MuiLinearProgress-indeterminate, .MuiSkeleton-root').first().waitFor({ state: 'detached', timeout: 15_000 })
    .catch(() => { throw new Error(`${path}: still loading after 15 s (a loading bar or placeholder stayed)`); });
  await page.waitForTimeout(300);
}

async function check(page: Page, paths: string[]): Promise<Problem[]> {
  const problems: Problem[] = [];
  for (const path of paths) {
    await visit(page, path);
    problems.push(...(await layoutProblems(page, path)));
  }
  return problems;
}

describe('Telas no celular (390 px)', () => {
  let app: E2eApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await startApp({ seedDemo: true });
    const demo = await app.database.db.oneFirst(sql.type(z.object({ organization_id: z.string() }))`SELECT organization_id FROM users WHERE email = ${DEMO.admin.email}`);
    const created = await createUserAccount(app.deps, {
      organizationId: demo, username: 'Auditora Externa', ...AUDITOR, role: 'auditor',
      auditAccess: { validFrom: '2020-01-01', validUntil: '2099-12-31' },
    }, { ...systemContext(), organizationId: demo });
    await app.deps.waitForProjections(created.position);
    const analyst = await createUserAccount(app.deps, { organizationId: null, username: 'Ana Analista', ...ANALYST, role: 'analyst' }, systemContext());
    await app.deps.waitForProjections(analyst.position);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('signed out: landing, login, register, password pages and 404', async () => {
    const page = await phonePage(browser, app.url);
    const problems = await check(page, ['/', '/login', '/register', '/forgot-password', '/reset-password#token=x', '/pagina-que-nao-existe']);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('org admin: every screen of the menu, each tab, and the menu itself', async () => {
    const page = await phonePage(browser, app.url, DEMO.admin);
    const problems = await check(page, [
      '/', '/cash-flow', '/expenses', '/budget', '/revenues', '/goals', '/investments', '/ai-insights', '/reports',
      '/import-ofx', '/bank-integration', '/bank-integration?tab=imported', '/bank-integration?tab=logs', '/users', '/audit', '/profile',
      '/pagina-que-nao-existe',
    ]);
    // The doughnut's legend shows each category's value and share in pt-BR.
    await visit(page, '/');
    const legend = page.getByRole('list', { name: 'Legenda: despesas por categoria' });
    await legend.getByRole('listitem').first().waitFor();
    expect(await legend.getByRole('listitem').first().textContent()).toMatch(/R\$\s[\d.]+,\d{2}\d+,\d%$/);
    // The sidebar opens as a drawer from the header's menu button.
    await page.getByRole('button', { name: /menu/i }).first().click();
    await page.getByRole('menuitem', { name: 'Despesas' }).waitFor();
    problems.push(...(await layoutProblems(page, '/ (menu aberto)')));
    expect(problems).toEqual([]);
    await page.context().close();
  }, 240_000);

  it('view-only user, auditor, platform analyst and super admin: their screens', async () => {
    const viewer = await phonePage(browser, app.url, DEMO.viewer);
    const problems = await check(viewer, ['/', '/expenses', '/revenues', '/goals', '/investments', '/bank-integration', '/profile']);
    await viewer.context().close();

    const auditor = await phonePage(browser, app.url, AUDITOR);
    problems.push(...(await check(auditor, ['/audit'])));
    await auditor.context().close();

    const analyst = await phonePage(browser, app.url, ANALYST);
    problems.push(...(await check(analyst, ['/admin'])));
    await analyst.context().close();

    const admin = await phonePage(browser, app.url, SUPER_ADMIN);
    problems.push(...(await check(admin, ['/admin'])));
    for (const tab of ['Usuários', 'Auditoria', 'Projeções']) {
      await admin.getByRole('tab', { name: tab }).click();
      await admin.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
      problems.push(...(await layoutProblems(admin, `/admin (${tab})`)));
    }
    await admin.context().close();
    expect(problems).toEqual([]);
  }, 240_000);
});
