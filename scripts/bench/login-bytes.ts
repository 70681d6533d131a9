// What a first visit to the login page costs: every JavaScript response Chromium receives for
// /login, counted as sent on the wire (compressed when the server compresses), with its caching.
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../e2e/support/browser';

export type LoginBytes = { bytes: number; files: number; urls: string[]; encodings: string[]; cacheControl: string[]; largest: string };

export async function loginPageJavaScript(baseUrl: string): Promise<LoginBytes | null> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) return null;
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    const scripts: Promise<{ url: string; bytes: number; encoding: string; cache: string }>[] = [];
    page.on('response', (response) => {
      const type = response.headers()['content-type'] ?? '';
      if (!type.includes('javascript')) return;
      scripts.push(response.request().sizes().then((sizes) => ({
        url: new URL(response.url()).pathname,
        bytes: sizes.responseBodySize,
        encoding: response.headers()['content-encoding'] ?? 'identity',
        cache: response.headers()['cache-control'] ?? '(none)',
      })));
    });
    await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle' });
    const seen = await Promise.all(scripts);
    if (seen.length === 0) return null;
    const largest = [...seen].sort((a, b) => b.bytes - a.bytes).slice(0, 3).map((s) => `${s.url.split('/').pop()} ${(s.bytes / 1024).toFixed(0)} kB`).join(', ');
    return {
      bytes: seen.reduce((sum, s) => sum + s.bytes, 0),
      files: seen.length,
      urls: seen.map((s) => s.url),
      encodings: [...new Set(seen.map((s) => s.encoding))],
      cacheControl: [...new Set(seen.map((s) => s.cache))],
      largest,
    };
  } finally {
    await browser.close();
  }
}
