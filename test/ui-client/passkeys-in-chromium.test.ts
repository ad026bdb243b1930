// The client library's passkey calls in Chromium with a DevTools virtual authenticator: register
// two named passkeys, list and rename them, sign out, sign in with one, remove it and see the
// browser's sign-in refused. The page is at http://localhost:PORT (WebAuthn refuses IP RP ids).
import { expect, test } from 'bun:test';
import { join } from 'node:path';
import { openPasskeyPage, withPasskeyPages } from '../support/passkey-pages';

const kit = withPasskeyPages(join(import.meta.dir, 'passkey-browser-entry.ts'));

test('register, list, rename, sign out, sign in with a passkey, remove it', async () => {
  const { t } = kit;
  const { project, user, opened } = await openPasskeyPage(
    kit,
    'Client passkeys',
    () => typeof window.makeAuthClient === 'function',
  );
  const { page } = opened;
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
