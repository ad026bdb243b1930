// What a browser really downloads from the hosted screens (preact/compat, served by default):
// the encoded body sizes Chromium reports for each screen's JavaScript, against the size budgets
// (sign-in ≤ 40 KB, every other screen ≤ 35 KB); and how the files are served:
// brotli or gzip by Accept-Encoding, immutable caching, ETags, a page shell with a skeleton card.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Browser } from 'playwright-core';
import { otherScreenBudgetBytes, signInBudgetBytes } from '../../scripts/build-ui';
import { startTestInstance, type TestInstance } from '../support/instance';
import { launchBrowser } from './browser-support';

let t: TestInstance;
let browser: Browser;

beforeAll(async () => {
  t = await startTestInstance({});
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await t?.stop();
});

/** JavaScript bytes on the wire for a cold load of `path`, once the screen has rendered. */
async function javascriptTransferred(path: string): Promise<{ bytes: number; encodings: Set<string> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts: Promise<{ size: number; encoding: string }>[] = [];
  page.on('requestfinished', (request) => {
    if (!request.url().endsWith('.js')) return;
    scripts.push(
      (async () => {
        const response = await request.response();
        const sizes = await request.sizes();
        return { size: sizes.responseBodySize, encoding: (await response?.allHeaders())?.['content-encoding'] ?? 'identity' };
      })(),
    );
  });
  await page.goto(`${t.url}${path}`);
  await page.locator('main section h1').first().waitFor();
  await page.waitForLoadState('networkidle');
  const seen = await Promise.all(scripts);
  await context.close();
  return { bytes: seen.reduce((sum, s) => sum + s.size, 0), encodings: new Set(seen.map((s) => s.encoding)) };
}

describe('download budgets, as Chromium measures them', () => {
  test(`the sign-in screen downloads at most ${signInBudgetBytes / 1000} KB of JavaScript, brotli-compressed`, async () => {
    const { bytes, encodings } = await javascriptTransferred('/handler/sign-in');
    expect(encodings).toEqual(new Set(['br']));
    expect(bytes).toBeGreaterThan(5_000);
    expect(bytes).toBeLessThanOrEqual(signInBudgetBytes);
  }, 60_000);

  test(`every other screen downloads at most ${otherScreenBudgetBytes / 1000} KB`, async () => {
    const screens = [
      'sign-up',
      'forgot-password',
      'password-reset?code=x',
      'email-verification?code=x',
      'magic-link-callback?code=x',
      'error',
      'sign-out',
    ];
    const measured: Record<string, number> = {};
    for (const screen of screens) measured[screen] = (await javascriptTransferred(`/handler/${screen}`)).bytes;
    const over = Object.entries(measured).filter(([, bytes]) => bytes > otherScreenBudgetBytes);
    expect(over).toEqual([]);
  }, 120_000);
});

describe('serving', () => {
  test('hashed files: brotli, else gzip, else plain; immutable for a year; ETag and 304', async () => {
    const shell = await (await fetch(`${t.url}/handler/sign-in`)).text();
    const entry = shell.match(/src="(\/handler\/_assets\/main-[^"]+\.js)"/)?.[1];
    expect(entry).toBeDefined();
    const plain = await fetch(`${t.url}${entry}`, {
      headers: { 'accept-encoding': 'identity' },
      decompress: false,
    } as RequestInit);
    const plainBytes = (await plain.arrayBuffer()).byteLength;
    expect(plain.headers.get('content-encoding')).toBeNull();

    const brotli = await fetch(`${t.url}${entry}`, {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
      decompress: false,
    } as RequestInit);
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.get('vary')).toBe('Accept-Encoding');
    expect((await brotli.arrayBuffer()).byteLength).toBeLessThan(plainBytes / 2);

    const gzip = await fetch(`${t.url}${entry}`, {
      headers: { 'accept-encoding': 'gzip;q=1, br;q=0' },
      decompress: false,
    } as RequestInit);
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    const etag = gzip.headers.get('etag')!;
    expect(etag).toMatch(/^".+\.gzip"$/);
    await gzip.arrayBuffer();

    const again = await fetch(`${t.url}${entry}`, {
      headers: { 'accept-encoding': 'gzip', 'if-none-match': etag },
      decompress: false,
    } as RequestInit);
    expect(again.status).toBe(304);
    // A compressed copy is not a file of its own, and nothing outside the folder is served.
    expect((await fetch(`${t.url}${entry}.br`)).status).toBe(404);
    expect((await fetch(`${t.url}/handler/_assets/..%2F..%2Fpackage.json`)).status).toBe(404);
  });

  test('the page shell: gzipped, its title, and a skeleton card with the project name while scripts load', async () => {
    const res = await fetch(`${t.url}/handler/forgot-password`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    expect(html).toContain('<title>Forgot password – Demo project</title>');
    expect(html).toContain('<main id="root"></main>');
    expect(html).toMatch(/data-testid="card-skeleton"[\s\S]*Demo project/);
    const raw = await fetch(`${t.url}/handler/forgot-password`, {
      headers: { 'accept-encoding': 'gzip' },
      decompress: false,
    } as RequestInit);
    expect(raw.headers.get('content-encoding')).toBe('gzip');
  });

  test('the page shell comes from memory: brotli, gzip or plain, an ETag per copy and 304; a settings change shows at once', async () => {
    const page = `${t.url}/handler/sign-up`;
    const get = (encoding: string, etag?: string) =>
      fetch(page, { headers: { 'accept-encoding': encoding, ...(etag && { 'if-none-match': etag }) }, decompress: false } as RequestInit);
    const br = await get('br, gzip');
    expect(br.headers.get('content-encoding')).toBe('br');
    const brEtag = br.headers.get('etag')!;
    expect(brEtag).toMatch(/^"[0-9a-z]+\.br"$/);
    expect((await get('br', brEtag)).status).toBe(304);
    const gzip = await get('gzip');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gzip.headers.get('etag')).not.toBe(brEtag);
    const plain = await get('identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    const html = await plain.text();
    expect(html).toContain('<title>Sign up – Demo project</title>');
    // The same bytes, however they were compressed.
    expect(new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await gzip.arrayBuffer())))).toBe(html);

    // Renaming the project changes the page (and its ETag) on the next request.
    const rename = (displayName: string) =>
      fetch(`${t.url}/api/v1/projects/current`, {
        method: 'PATCH',
        headers: {
          'content-type': 'application/json',
          'x-stack-access-type': 'admin',
          'x-stack-project-id': t.demo!.projectId,
          'x-stack-super-secret-admin-key': t.demo!.keys.super_secret_admin_key!,
        },
        body: JSON.stringify({ display_name: displayName }),
      });
    expect((await rename('Renamed shop')).status).toBe(200);
    const after = await get('br', brEtag);
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(brEtag);
    expect(await (await get('identity')).text()).toContain('<title>Sign up – Renamed shop</title>');
    expect((await rename('Demo project')).status).toBe(200);
  });

  test('the skeleton shows before the scripts run and is gone once the card renders', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${t.url}/handler/sign-in`);
    expect(await page.getByTestId('card-skeleton').isVisible()).toBe(true);
    await context.close();
    const live = await browser.newContext();
    const livePage = await live.newPage();
    await livePage.goto(`${t.url}/handler/sign-in`);
    await livePage.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
    expect(await livePage.getByTestId('card-skeleton').isVisible()).toBe(false);
    await live.close();
  }, 60_000);
});
