// A fresh Vite + Preact app (preact/compat standing in for React, as @preact/preset-vite sets
// up) installs the tarballs, type-checks in strict mode, builds, and signs in against a real
// authd in Chromium; the JavaScript its sign-in page downloads is measured.
import { expect, test } from 'bun:test';
import { buildAndPreview, viteSignInPageWeight, withHostApp } from './host-app-kit';
import { driveHostApp } from './host-app-flows';
import { viteAppFiles } from './host-app-sources';

const signInPageBudgetBytes = 45_000;
// @authd/react's peers are satisfied by preact/compat through npm aliases, as Preact's docs advise.
const host = withHostApp('vite-preact', (config) => viteAppFiles(config, 'preact'), {
  packages: ['vite', '@preact/preset-vite', 'preact', 'react@npm:@preact/compat', 'react-dom@npm:@preact/compat', 'typescript'],
  tarballs: ['client', 'react'],
});

test('strict tsc passes, Vite builds it, and it signs up, in and out and switches teams in Chromium; its sign-in page is measured', async () => {
  await host.app.run(['npx', 'tsc', '--noEmit', '-p', '.']);
  const hostUrl = await buildAndPreview(host);
  await driveHostApp(host.t, host.browser, hostUrl, 'vite-preact');
  const weight = await viteSignInPageWeight(host, hostUrl, 'Preact');
  expect(weight.added).toBeLessThanOrEqual(signInPageBudgetBytes);
}, 180_000);
