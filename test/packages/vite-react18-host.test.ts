// The lower end of @authd/react's peer range: the same fresh Vite app on React 18.3 (and its
// types) type-checks in strict mode, builds, and signs up, in and out and switches teams.
import { afterAll, beforeAll, test } from 'bun:test';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../browser/browser-support';
import { startTestInstance, type TestInstance } from '../support/instance';
import { createHostApp, freePort, type HostApp } from './host-app-kit';
import { driveHostApp } from './host-app-flows';
import { viteAppFiles } from './host-app-sources';

let t: TestInstance;
let browser: Browser;
let app: HostApp;
let preview: { stop(): Promise<void> } | undefined;

beforeAll(async () => {
  t = await startTestInstance();
  browser = await launchBrowser();
  const config = { baseUrl: t.url, projectId: t.demo!.projectId, publishableClientKey: t.demo!.keys.publishable_client_key! };
  app = await createHostApp('vite-react18', viteAppFiles(config, 'react'), {
    packages: [
      'vite',
      '@vitejs/plugin-react',
      'react@18.3',
      'react-dom@18.3',
      'typescript',
      '@types/react@18.3',
      '@types/react-dom@18.3',
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

test('React 18.3: strict tsc passes, Vite builds it, and it signs up, in and out and switches teams in Chromium', async () => {
  await app.run(['npx', 'tsc', '--noEmit', '-p', '.']);
  await app.run(['npx', 'vite', 'build']);
  const port = await freePort();
  const hostUrl = `http://localhost:${port}`;
  preview = await app.serve(['npx', 'vite', 'preview', '--port', String(port), '--strictPort', '--host', 'localhost'], hostUrl);
  await driveHostApp(t, browser, hostUrl, 'vite-react18');
}, 180_000);
