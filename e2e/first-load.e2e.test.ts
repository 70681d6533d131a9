// What a first visit costs and how it is cached: the login page's JavaScript as Chromium receives
// it (compressed, counted on the wire) stays within its budget and carries no chart code; hashed
// assets are served precompressed (brotli or gzip, as the browser asks) and cached for a year,
// index.html is revalidated on every visit.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultUiDist } from '../api/server';
import { loginPageJavaScript } from '../scripts/bench/login-bytes';
import { startApp, type E2eApp } from './support/app';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * Issue 10's target. A signed-out visit to a public page loads the public pages' bundle (MUI, the
 * router, ra-core's forms: about 210 kB brotli), not the signed-in app (react-admin's components,
 * layout and data layer), which alone was about 272 kB.
 */
const LOGIN_JS_BUDGET = 250 * 1024;
let app: E2eApp;
let base: string;

beforeAll(async () => {
  app = await startApp();
  base = app.url.replace('localhost', '127.0.0.1');
});
afterAll(async () => app?.stop());

const assets = () => readdirSync(join(defaultUiDist, 'assets')).filter((f) => f.endsWith('.js'));
/** The signed-in app's own chunks: main.tsx's lazy App (react-admin's <Admin>) and its Layout. */
const adminChunks = () => assets().filter((f) => /^(App|Layout)-[\w-]+\.js$/.test(f));
/** Chunks holding recharts (its SVG surface class is in every chart). */
const chartChunks = () => assets().filter((f) => readFileSync(join(defaultUiDist, 'assets', f), 'utf8').includes('recharts-surface'));

describe('first load', () => {
  it('the login page stays within its compressed JavaScript budget and carries neither chart code nor the signed-in app', async () => {
    const js = await loginPageJavaScript(base);
    expect(js).not.toBeNull();
    expect(js!.encodings).toEqual(['br']);
    expect(js!.cacheControl).toEqual([IMMUTABLE]);
    console.info(`login page: ${(js!.bytes / 1024).toFixed(1)} kB of JavaScript in ${js!.files} files (${js!.largest})`);
    expect(js!.bytes).toBeLessThanOrEqual(LOGIN_JS_BUDGET);
    const charts = chartChunks();
    expect(charts.length).toBeGreaterThan(0);
    for (const chunk of charts) expect(js!.urls).not.toContain(`/assets/${chunk}`);
    const admin = adminChunks();
    expect(admin.length).toBeGreaterThan(0);
    for (const chunk of admin) expect(js!.urls).not.toContain(`/assets/${chunk}`);
  });

  it('serves each hashed asset as brotli, gzip or plain by Accept-Encoding, cached immutable', async () => {
    const name = assets().sort((a, b) => readFileSync(join(defaultUiDist, 'assets', b)).length - readFileSync(join(defaultUiDist, 'assets', a)).length)[0];
    const original = readFileSync(join(defaultUiDist, 'assets', name));
    const get = (encoding: string) => fetch(`${base}/assets/${name}`, { headers: { 'accept-encoding': encoding } });

    const br = await get('gzip, deflate, br');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(br.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(br.headers.get('content-type')).toMatch(/javascript/);
    const brBody = Buffer.from(await br.arrayBuffer());
    // Node's fetch decodes brotli and gzip itself: the body is the original, the length the stored copy's.
    const stored = readFileSync(join(defaultUiDist, 'assets', `${name}.br`));
    expect(brotliDecompressSync(stored).equals(original)).toBe(true);
    expect(brBody.equals(original)).toBe(true);
    expect(Number(br.headers.get('content-length'))).toBe(stored.length);

    const gz = await get('gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.headers.get('cache-control')).toBe(IMMUTABLE);
    const storedGz = readFileSync(join(defaultUiDist, 'assets', `${name}.gz`));
    expect(gunzipSync(storedGz).equals(original)).toBe(true);
    expect(Number(gz.headers.get('content-length'))).toBe(storedGz.length);

    const plain = await get('identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(Buffer.from(await plain.arrayBuffer()).equals(original)).toBe(true);
  });

  it('index.html, at / and at any screen path, is revalidated on every visit', async () => {
    for (const path of ['/', '/login', '/expenses']) {
      const response = await fetch(`${base}${path}`, { headers: { 'accept-encoding': 'br' } });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toMatch(/text\/html/);
      expect(response.headers.get('cache-control'), path).toBe('no-cache');
    }
  });
});
