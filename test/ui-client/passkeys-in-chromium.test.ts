// The client library's passkey calls in Chromium with a DevTools virtual authenticator: register
// two named passkeys, list and rename them, sign out, sign in with one, remove it and see the
// browser's sign-in refused. The page is at http://localhost:PORT (WebAuthn refuses IP RP ids).
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { addVirtualAuthenticator, launchBrowser, openPage, serveBundledPage } from '../browser/browser-support';
import { makeProject, setProjectConfig, signUp } from '../support/mail';
import { startTestInstance, type TestInstance } from '../support/instance';

let t: TestInstance;
let browser: Browser;
let pageServer: ReturnType<typeof Bun.serve>;

beforeAll(async () => {
  t = await startTestInstance();
  pageServer = await serveBundledPage(join(import.meta.dir, 'passkey-browser-entry.ts'));
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  pageServer?.stop(true);
  await t?.stop();
});

test('register, list, rename, sign out, sign in with a passkey, remove it', async () => {
  const project = await makeProject(t, 'Client passkeys');
  await setProjectConfig(t, project, { passkey_enabled: true });
  const user = await signUp(t, project, { callbackUrl: null });
  const opened = await openPage(browser);
  const { page } = opened;
  await addVirtualAuthenticator(opened);
  await page.goto(`http://localhost:${pageServer.port}/`);
  await page.waitForFunction(() => typeof window.makeAuthClient === 'function', undefined, { timeout: 10_000 });
  const clientOptions = {
    baseUrl: t.url,
    projectId: project.projectId,
    publishableClientKey: project.keys.publishable_client_key!,
  };

  const outcome = await page.evaluate(
    async ({ clientOptions, email, password }) => {
      const client = window.makeAuthClient(clientOptions);
      await client.signInWithPassword({ email, password });
      const supported = client.passkeysSupported();
      await client.registerPasskey({ name: 'This laptop' });
      const listed = await client.listPasskeys();
      const renamed = await client.renamePasskey(listed[0]!.id, 'Work laptop');
      const enabled = (await client.getCurrentUser())?.passkeyAuthEnabled;
      await client.signOut();
      const signedOut = (await client.getCurrentUser()) === null;
      const signIn = await client.signInWithPasskey();
      const me = await client.getCurrentUser();
      await client.removePasskey(listed[0]!.id);
      const afterRemoval = await client.listPasskeys();
      await client.signOut();
      let refused = '';
      try {
        await client.signInWithPasskey();
      } catch (error) {
        refused = (error as { code?: string }).code ?? String(error);
      }
      return {
        supported,
        names: listed.map((p) => p.name),
        renamed: renamed.name,
        enabled,
        signedOut,
        signIn: signIn.status,
        me: me?.id,
        afterRemoval: afterRemoval.length,
        refused,
      };
    },
    { clientOptions, email: user.email, password: user.password },
  );
  expect(outcome).toEqual({
    supported: true,
    names: ['This laptop'],
    renamed: 'Work laptop',
    enabled: true,
    signedOut: true,
    signIn: 'signed-in',
    me: user.user_id,
    afterRemoval: 0,
    refused: 'PASSKEY_AUTHENTICATION_FAILED',
  });
  await opened.close();
}, 60_000);
