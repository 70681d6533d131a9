// The demo organization in a browser, signed in as its admin: the set-up of the suites that read
// the seeded figures (dashboard, time travel, insights and reports).
import type { Browser, Page } from 'playwright-core';
import { DEMO } from '../../scripts/seed/demo';
import { startApp, type E2eApp } from './app';
import { launchBrowser, signedInPage } from './browser';

export type DemoSession = { app: E2eApp; browser: Browser; page: Page };

export async function openDemoAsAdmin(): Promise<DemoSession> {
  const app = await startApp({ seedDemo: true });
  const browser = await launchBrowser();
  return { app, browser, page: await signedInPage(browser, app.url, DEMO.admin) };
}

export async function closeDemo(session: Partial<DemoSession>): Promise<void> {
  await session.browser?.close();
  await session.app?.stop();
}

/** 'R$ 1.234,56' (or '-R$ 1.234,56') → 1234.56 */
export const reais = (text: string): number => {
  const negative = text.includes('-');
  const value = Number(text.replace(/[^\d,]/g, '').replace(',', '.'));
  return negative ? -value : value;
};
