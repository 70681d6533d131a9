// Debian's Chromium driven by playwright-core (no browser downloads here).
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage',
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** A fresh browser context (own cookies) with pt-BR locale and São Paulo time. */
export async function newPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', viewport: { width: 1360, height: 900 } });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  await throttleCpu(page);
  return page;
}

/**
 * FLUXO_E2E_CPU_THROTTLE=4 runs every page's scripts 4× slower (Chrome DevTools' CPU throttling), to
 * flush out tests that race the screen (a step taken before the page it meant has drawn) the way a
 * slow CI host does once in a while.
 */
async function throttleCpu(page: Page): Promise<void> {
  const rate = Number(process.env.FLUXO_E2E_CPU_THROTTLE ?? 1);
  if (!(rate > 1)) return;
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('Emulation.setCPUThrottlingRate', { rate });
}

/** A fresh page already signed in as that person. */
export async function signedInPage(browser: Browser, baseURL: string, person: { email: string; password: string }): Promise<Page> {
  const page = await newPage(browser, baseURL);
  await loginThroughUi(page, person.email, person.password);
  return page;
}

export async function loginThroughUi(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/senha/i).fill(password);
  await page.getByRole('button', { name: /entrar/i }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}
