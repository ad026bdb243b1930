// A fresh Vite + Preact app (preact/compat standing in for React, as @preact/preset-vite sets
// up) installs the tarballs, type-checks in strict mode, builds, and signs in against a real
// authd in Chromium; the JavaScript its sign-in page downloads is measured.
import { expect, test } from 'bun:test';
import { join } from 'node:path';
import { buildAndPreview, withHostApp } from './host-app-kit';
import { builtScriptBytes, driveHostApp, signInPageWeight } from './host-app-flows';
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
  await host.app.run(['npx', 'vite', 'build', '-c', 'vite.baseline.config.ts']);
  const weight = await signInPageWeight(host.browser, hostUrl, async () =>
    builtScriptBytes(join(host.app.dir, 'dist-baseline', 'assets')),
  );
  console.log(
    `vite + preact sign-in page: ${weight.signInPage} B brotli, Preact alone ${weight.reactAlone} B, authd adds ${weight.added} B`,
  );
  expect(weight.added).toBeLessThanOrEqual(signInPageBudgetBytes);
}, 180_000);
