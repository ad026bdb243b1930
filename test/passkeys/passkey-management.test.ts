// Several named passkeys per user, listed, renamed and removed through authd's own endpoints; a
// removed passkey no longer signs in, the others still do.
import { expect, test } from 'bun:test';
import type { TestInstance } from '../support/instance';
import {
  as,
  call,
  expectOk,
  getMe,
  passkeyProject,
  registerPasskey,
  signInWithPasskey,
  signUp,
  expectKnownError,
} from '../support/passkeys';
import { withInstance } from '../support/file-instance';

let t: TestInstance;

withInstance((started) => ({ t } = started));

test('two passkeys, named; rename one, remove it; the other still signs in', async () => {
  const project = await passkeyProject(t, 'Passkey management');
  const user = await signUp(t, project, { callbackUrl: null });
  const laptop = await registerPasskey(t, project, user.access_token, undefined, 'Laptop');
  const phone = await registerPasskey(t, project, user.access_token);
  const headers = as(project, 'client', user.access_token);

  const listed = expectOk(await call(t, 'GET', '/passkeys', { headers }));
  expect(listed.items.map((p: any) => p.name)).toEqual(['Laptop', 'Passkey 2']);
  expect(Object.keys(listed.items[0]).sort()).toEqual(['created_at_millis', 'id', 'last_used_at_millis', 'name', 'user_id']);
  const [laptopView, phoneView] = listed.items;

  const renamed = expectOk(await call(t, 'PATCH', `/passkeys/me/${phoneView.id}`, { headers, body: { name: '  Phone ' } }));
  expect(renamed.name).toBe('Phone');
  const blank = await call(t, 'PATCH', `/passkeys/me/${phoneView.id}`, { headers, body: { name: '   ' } });
  expect(blank.status).toBe(400);

  expectOk(await call(t, 'DELETE', `/passkeys/me/${laptopView.id}`, { headers }));
  const missing = await call(t, 'DELETE', `/passkeys/me/${laptopView.id}`, { headers });
  expect(`${missing.status} ${missing.text}`).toBe('404 Passkey not found.');
  expect(expectOk(await call(t, 'GET', '/passkeys', { headers })).items.map((p: any) => p.name)).toEqual(['Phone']);

  expectKnownError(await signInWithPasskey(t, project, laptop), 400, 'PASSKEY_AUTHENTICATION_FAILED');
  const signedIn = expectOk(await signInWithPasskey(t, project, phone));
  expect(signedIn.user_id).toBe(user.user_id);
  expect(expectOk(await call(t, 'GET', '/passkeys', { headers })).items[0].last_used_at_millis).toBeNumber();
  expect((await getMe(t, project, user.access_token)).passkey_auth_enabled).toBe(true);
});

test("a client cannot see or touch another user's passkeys; the server can", async () => {
  const project = await passkeyProject(t, 'Passkey isolation');
  const owner = await signUp(t, project, { callbackUrl: null });
  const other = await signUp(t, project, { callbackUrl: null });
  await registerPasskey(t, project, owner.access_token);
  const ownerView = expectOk(await call(t, 'GET', `/passkeys?user_id=${owner.user_id}`, { headers: as(project, 'server') }))
    .items[0];

  const otherHeaders = as(project, 'client', other.access_token);
  expect((await call(t, 'GET', `/passkeys?user_id=${owner.user_id}`, { headers: otherHeaders })).status).toBe(403);
  expect((await call(t, 'DELETE', `/passkeys/${owner.user_id}/${ownerView.id}`, { headers: otherHeaders })).status).toBe(403);
  // Naming their own id with someone else's passkey finds nothing.
  expect((await call(t, 'DELETE', `/passkeys/me/${ownerView.id}`, { headers: otherHeaders })).status).toBe(404);

  expectOk(await call(t, 'DELETE', `/passkeys/${owner.user_id}/${ownerView.id}`, { headers: as(project, 'server') }));
  expect(expectOk(await call(t, 'GET', `/users/${owner.user_id}`, { headers: as(project, 'server') })).passkey_auth_enabled).toBe(
    false,
  );
});
