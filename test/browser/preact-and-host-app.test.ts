// The same screens in two other settings: the hosted preact/compat build served by authd, and
// the example host app (examples/react-host) importing ui/react's sources on its own origin, calling
// authd on another port (CORS) in Debian's Chromium.
import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { as, call } from '../support/api-expectations';
import { repoRoot, type TestInstance } from '../support/instance';
import { startDemoHostApp } from '../support/host-apps';
import { openPage, signInWithPassword, textOf, withInstanceBrowser, type TestPage } from './browser-support';

let t: TestInstance, browser: Browser, hostApp: ReturnType<typeof Bun.serve>;
const pages: TestPage[] = [];
const browserTestTimeout = 60_000;
const password = 'correct horse battery';

withInstanceBrowser(async (started) => {
  ({ t, browser } = started);
  hostApp = await startDemoHostApp(t);
}, { pages, instance: { settings: { hostedScreensRuntime: 'preact' } }, beforeStop: () => hostApp?.stop(true) });

async function newUser(label: string): Promise<string> {
  const email = `${label}-${Date.now()}@example.com`;
  const res = await call(t, 'POST', '/auth/password/sign-up', {
    headers: as(t.demo!, 'client'),
    body: { email, password, verification_callback_url: `${t.url}/handler/email-verification` },
  });
  expect(res.status).toBe(200);
  return email;
}

describe('hosted screens, preact/compat build', () => {
  test(
    'the preact build loads and signs in',
    async () => {
      const opened = await openPage(browser);
      pages.push(opened);
      const { page, problems, screenshot } = opened;
      const email = await newUser('preact');
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      await page.goto(`${t.url}/handler/sign-in?after_auth_return_to=${encodeURIComponent('/handler/error?landed=1')}`);
      await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
      // The entry served is the preact build's.
      const preactIndex = readFileSync(join(repoRoot, 'dist', 'hosted', 'preact', 'index.html'), 'utf8');
      const entry = /%AUTHD_ASSETS%\/([^"]+\.js)/.exec(preactIndex)![1]!;
      expect(scripts).toContain(`/handler/_assets/${entry}`);
      await screenshot('preact-sign-in');
      await signInWithPassword(page, email, password);
      await page.waitForURL((url) => url.searchParams.get('landed') === '1');
      // Signed in: the sign-in page now shows the already-signed-in card.
      await page.goto(`${t.url}/handler/sign-in`);
      expect(await textOf(page, 'already-signed-in')).toContain('You are already signed in');
      await screenshot('preact-signed-in');
      expect(problems).toEqual([]);
    },
    browserTestTimeout,
  );
});

describe('example host app importing ui/react', () => {
  test(
    'a protected page sends the visitor to sign-in and back, with the API on another origin',
    async () => {
      const opened = await openPage(browser);
      pages.push(opened);
      const { page, problems, screenshot } = opened;
      const email = await newUser('host-app');
      const hostUrl = `http://127.0.0.1:${hostApp.port}`;
      expect(new URL(hostUrl).origin).not.toBe(new URL(t.url).origin);

      await page.goto(`${hostUrl}/protected`);
      await page.waitForURL((url) => url.pathname === '/handler/sign-in');
      expect(new URL(page.url()).searchParams.get('after_auth_return_to')).toBe('/protected');
      await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
      await screenshot('host-app-sign-in');
      await signInWithPassword(page, email, password);
      await page.waitForURL(`${hostUrl}/protected`);
      expect(await textOf(page, 'protected-user')).toBe(email);
      await screenshot('host-app-protected');

      await page.goto(`${hostUrl}/handler/sign-out`);
      expect(await textOf(page, 'signed-out')).toContain('You are not currently signed in.');
      await page.goto(`${hostUrl}/`);
      expect(await textOf(page, 'home-status')).toBe('Not signed in');
      expect(problems).toEqual([]);
    },
    browserTestTimeout,
  );
});
