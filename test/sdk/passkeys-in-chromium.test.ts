// SDK 2.7.23's registerPasskey and signInWithPasskey against authd, in Chromium with a DevTools
// virtual authenticator (a real WebAuthn ceremony: the browser makes the key and signs). The page
// is served at http://localhost:PORT because WebAuthn refuses IP-address RP ids.
import { expect, test } from 'bun:test';
import { join } from 'node:path';
import { as, call, expectOk } from '../support/mail';
import { openPasskeyPage, withPasskeyPages } from '../support/passkey-pages';

const kit = withPasskeyPages(join(import.meta.dir, 'passkey-browser-entry.ts'));

test('registerPasskey then signInWithPasskey, with a virtual authenticator', async () => {
  const { t } = kit;
  const { project, user, opened } = await openPasskeyPage(kit, 'SDK passkeys', () => typeof window.makeStackApp === 'function');
  const { page } = opened;
  const appOptions = { baseUrl: t.url, projectId: project.projectId, publishableClientKey: project.keys.publishable_client_key! };

  const registered = await page.evaluate(
    async ({ appOptions, email, password }) => {
      const app = window.makeStackApp(appOptions);
      const signIn = await app.signInWithCredential({ email, password, noRedirect: true });
      if (signIn.status !== 'ok') return { error: String(signIn.error) };
      const user = await app.getUser({ or: 'throw' });
      const result = await user.registerPasskey();
      const after = await app.getUser({ or: 'throw' });
      await after.signOut();
      return { status: result.status, passkeyAuthEnabled: after.passkeyAuthEnabled, signedOut: (await app.getUser()) === null };
    },
    { appOptions, email: user.email, password: user.password },
  );
  expect(registered).toEqual({ status: 'ok', passkeyAuthEnabled: true, signedOut: true });
  const stored = await t.rows('select rp_id, sign_count from passkeys where user_id = ?', user.user_id);
  expect(stored).toHaveLength(1);
  expect(stored[0]!.rp_id).toBe('localhost');

  const signedIn = await page.evaluate(async (appOptions) => {
    const app = window.makeStackApp(appOptions);
    const result = await app.signInWithPasskey();
    const me = await app.getUser();
    return { status: result.status, error: result.status === 'error' ? String(result.error) : null, userId: me?.id ?? null };
  }, appOptions);
  expect(signedIn).toEqual({ status: 'ok', error: null, userId: user.user_id });
  // Milliseconds: a number on SQLite, a bigint's text on PostgreSQL.
  const [used] = await t.rows('select last_used_at from passkeys where user_id = ?', user.user_id);
  expect(used!.last_used_at).not.toBeNull();
  expect(Number.isSafeInteger(Number(used!.last_used_at)) && Number(used!.last_used_at) > 0).toBe(true);
  expectOk(await call(t, 'GET', `/passkeys?user_id=${user.user_id}`, { headers: as(project, 'server') }));
  await opened.closeWithoutProblems();
}, 60_000);
