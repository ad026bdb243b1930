// A fresh Vite + React 19 app installs the three tarballs, type-checks in strict mode against
// their declarations, builds with Vite, is served by `vite preview` on its own origin, and signs
// up, in and out and switches teams against a real authd in Chromium.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../browser/browser-support';
import { startTestInstance, type TestInstance } from '../support/instance';
import { createHostApp, freePort, type HostApp } from './host-app-kit';
import { builtScriptBytes, driveHostApp, signInPageWeight } from './host-app-flows';
import { viteAppFiles } from './host-app-sources';

const signInPageBudgetBytes = 45_000;
let t: TestInstance;
let browser: Browser;
let app: HostApp;
let preview: { stop(): Promise<void> } | undefined;
let hostUrl: string;

beforeAll(async () => {
  t = await startTestInstance({ settings: { hostedScreensRuntime: 'preact' } });
  browser = await launchBrowser();
  const config = { baseUrl: t.url, projectId: t.demo!.projectId, publishableClientKey: t.demo!.keys.publishable_client_key! };
  app = await createHostApp('vite-react', viteAppFiles(config, 'react'), {
    packages: [
      'vite',
      '@vitejs/plugin-react',
      'react@19',
      'react-dom@19',
      'typescript',
      '@types/react@19',
      '@types/react-dom@19',
    ],
    tarballs: ['client', 'react'],
  });
}, 300_000);

afterAll(async () => {
  await preview?.stop();
  await browser?.close();
  await t?.stop();
  app?.remove();
});

test('installed from the tarballs: no server dependency in node_modules, and strict tsc passes on their types', async () => {
  const installed = await app.run(['npm', 'ls', '--all', '--parseable']);
  for (const serverOnly of [
    'elysia',
    'drizzle-orm',
    'pg',
    'nodemailer',
    'argon2',
    '@simplewebauthn/server',
    'jotai',
    '@ark-ui/react',
  ]) {
    expect(installed.split('\n').some((path) => path.endsWith(`/node_modules/${serverOnly}`))).toBe(false);
  }
  expect(installed).toContain('/node_modules/@authd/react');
  await app.run(['npx', 'tsc', '--noEmit', '-p', '.']);
}, 120_000);

test('built by Vite and served on its own origin: sign up, user button, sign out, sign in, team switcher', async () => {
  await app.run(['npx', 'vite', 'build']);
  const port = await freePort();
  hostUrl = `http://localhost:${port}`;
  preview = await app.serve(['npx', 'vite', 'preview', '--port', String(port), '--strictPort', '--host', 'localhost'], hostUrl);
  await driveHostApp(t, browser, hostUrl, 'vite-react');
}, 120_000);

test(`the sign-in page downloads at most ${signInPageBudgetBytes / 1000} KB (brotli) of @authd beyond React itself`, async () => {
  await app.run(['npx', 'vite', 'build', '-c', 'vite.baseline.config.ts']);
  const weight = await signInPageWeight(browser, hostUrl, async () => builtScriptBytes(join(app.dir, 'dist-baseline', 'assets')));
  console.log(
    `vite + react sign-in page: ${weight.signInPage} B brotli, React alone ${weight.reactAlone} B, authd adds ${weight.added} B`,
  );
  expect(weight.added).toBeLessThanOrEqual(signInPageBudgetBytes);
}, 60_000);
