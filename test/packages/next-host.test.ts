// A fresh Next.js App Router app (no transpilePackages) installs the three tarballs: server
// components render @authd/react's client components, the handler pages sign up, in and out
// and the team switcher switches, a route handler answers the signed-in user's id through
// @authd/backend, and `next build` type-checks it in strict mode. Served by `next start`.
import { expect, test } from 'bun:test';
import { freePort, withHostApp } from './host-app-kit';
import { driveHostApp, scriptBytes, signInPageWeight } from './host-app-flows';
import { nextAppFiles } from './host-app-sources';

const nextEnv = { NEXT_TELEMETRY_DISABLED: '1' };
let hostUrl: string;
// TypeScript 5 here: `next build` type-checks through the compiler's JavaScript API.
const host = withHostApp('next', nextAppFiles, {
  packages: ['next', 'react@19', 'react-dom@19', 'typescript@5', '@types/react@19', '@types/react-dom@19', '@types/node@20'],
  tarballs: ['client', 'react', 'backend'],
});

test("strict tsc passes on the tarballs' types, and `next build` builds (and type-checks) it", async () => {
  await host.app.run(['npx', 'tsc', '--noEmit', '-p', '.']);
  const output = await host.app.run(['npx', 'next', 'build'], nextEnv);
  expect(output).toContain('/api/me');
  const port = await freePort();
  hostUrl = `http://localhost:${port}`;
  host.served = await host.app.serve(
    ['npx', 'next', 'start', '--port', String(port), '--hostname', 'localhost'],
    `${hostUrl}/baseline`,
    nextEnv,
  );
}, 240_000);

test('server-rendered pages answer without crashing: the home page (a server component with the user button), and a handler page', async () => {
  const home = await fetch(`${hostUrl}/`);
  expect(home.status).toBe(200);
  const html = await home.text();
  expect(html).toContain('Rendered on the server');
  const signIn = await fetch(`${hostUrl}/handler/sign-in`);
  expect(signIn.status).toBe(200);
  // Without a token the route handler answers no user.
  expect(await (await fetch(`${hostUrl}/api/me`)).json()).toEqual({ userId: null });
}, 60_000);

test('on its own origin: sign up, user button, sign out, sign in, the route handler knows the user, team switcher', async () => {
  await driveHostApp(host.t, host.browser, hostUrl, 'next', async (opened, userId) => {
    // The browser sends the host's own cookies; @authd/backend verifies the access token in them.
    const answer = await opened.page.evaluate(() => fetch('/api/me').then((r) => r.json()));
    expect(answer).toEqual({ userId });
  });
}, 120_000);

test('the sign-in page: what @authd adds to the JavaScript of a page with Next and React alone (brotli)', async () => {
  // Next + React alone: the page of a route group whose root layout has no authd.
  const weight = await signInPageWeight(host.browser, hostUrl, () =>
    scriptBytes(host.browser, `${hostUrl}/baseline`, (page) => page.getByTestId('baseline').waitFor()),
  );
  console.log(
    `next sign-in page: ${weight.signInPage} B brotli, Next + React alone ${weight.reactAlone} B, authd adds ${weight.added} B`,
  );
  expect(weight.added).toBeLessThanOrEqual(45_000);
}, 60_000);
