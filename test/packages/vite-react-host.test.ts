// A fresh Vite + React 19 app installs the three tarballs, type-checks in strict mode against
// their declarations, builds with Vite, is served by `vite preview` on its own origin, and signs
// up, in and out and switches teams against a real authd in Chromium.
import { expect, test } from 'bun:test';
import { buildAndPreview, viteSignInPageWeight, withHostApp } from './host-app-kit';
import { driveHostApp } from './host-app-flows';
import { viteAppFiles } from './host-app-sources';

const signInPageBudgetBytes = 45_000;
let hostUrl: string;
const host = withHostApp(
  'vite-react',
  (config) => viteAppFiles(config, 'react'),
  {
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
  },
  { settings: { hostedScreensRuntime: 'preact' } },
);

test('installed from the tarballs: no server dependency in node_modules, and strict tsc passes on their types', async () => {
  const installed = await host.app.run(['npm', 'ls', '--all', '--parseable']);
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
  await host.app.run(['npx', 'tsc', '--noEmit', '-p', '.']);
}, 120_000);

test('built by Vite and served on its own origin: sign up, user button, sign out, sign in, team switcher', async () => {
  hostUrl = await buildAndPreview(host);
  await driveHostApp(host.t, host.browser, hostUrl, 'vite-react');
}, 120_000);

test(`the sign-in page downloads at most ${signInPageBudgetBytes / 1000} KB (brotli) of @authd beyond React itself`, async () => {
  const weight = await viteSignInPageWeight(host, hostUrl, 'React');
  expect(weight.added).toBeLessThanOrEqual(signInPageBudgetBytes);
}, 60_000);
