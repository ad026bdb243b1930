// A fresh Vite + Preact app (preact/compat standing in for React, as @preact/preset-vite sets
// up) installs the tarballs, type-checks in strict mode, builds, and signs in against a real
// authd in Chromium; the JavaScript its sign-in page downloads is measured.
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

beforeAll(async () => {
  t = await startTestInstance();
  browser = await launchBrowser();
  const config = { baseUrl: t.url, projectId: t.demo!.projectId, publishableClientKey: t.demo!.keys.publishable_client_key! };
  // @authd/react's peers are satisfied by preact/compat through npm aliases, as Preact's docs advise.
  app = await createHostApp('vite-preact', viteAppFiles(config, 'preact'), {
    packages: ['vite', '@preact/preset-vite', 'preact', 'react@npm:@preact/compat', 'react-dom@npm:@preact/compat', 'typescript'],
    tarballs: ['client', 'react'],
  });
}, 300_000);

afterAll(async () => {
  await preview?.stop();
  await browser?.close();
  await t?.stop();
  app?.remove();
});

test('strict tsc passes, Vite builds it, and it signs up, in and out and switches teams in Chromium; its sign-in page is measured', async () => {
  await app.run(['npx', 'tsc', '--noEmit', '-p', '.']);
  await app.run(['npx', 'vite', 'build']);
  const port = await freePort();
  const hostUrl = `http://localhost:${port}`;
  preview = await app.serve(['npx', 'vite', 'preview', '--port', String(port), '--strictPort', '--host', 'localhost'], hostUrl);
  await driveHostApp(t, browser, hostUrl, 'vite-preact');
  await app.run(['npx', 'vite', 'build', '-c', 'vite.baseline.config.ts']);
  const weight = await signInPageWeight(browser, hostUrl, async () => builtScriptBytes(join(app.dir, 'dist-baseline', 'assets')));
  console.log(
    `vite + preact sign-in page: ${weight.signInPage} B brotli, Preact alone ${weight.reactAlone} B, authd adds ${weight.added} B`,
  );
  expect(weight.added).toBeLessThanOrEqual(signInPageBudgetBytes);
}, 180_000);
