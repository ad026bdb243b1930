// X-Stack-Admin-Access-Token over real HTTP: an internal owner's access
// token is admin access to the projects it owns, with each error of the step: unparsable,
// expired, not an internal token, not an owner, user deleted, project listed but gone.
import { describe, expect, test } from 'bun:test';
import type { TestInstance } from '../support/instance';
import {
  as,
  call,
  createOwnedProject,
  expectKnownError,
  expectOk,
  expectTextError,
  flipChar,
  ownerHeaders,
  readProjectAsOwner,
  refreshFor,
  setServerMetadata,
  shiftClock,
  signUp,
  signUpAdmin,
  unknownUuid,
  type SignedIn,
} from '../support/admins';
import { withInstance } from '../support/file-instance';

let t: TestInstance, owner: SignedIn, owned: any;

withInstance(async (started) => {
  ({ t } = started);
  owner = await signUpAdmin(t);
  owned = await createOwnedProject(t, owner, { display_name: 'Owned' });
});

describe('an owner’s token', () => {
  test('gives the admin view of the owned project with no key at all', async () => {
    const res = await readProjectAsOwner(t, owned.id, owner.access_token);
    const view = expectOk(res);
    expect(view.id).toBe(owned.id);
    expect(view.config.id).toBe(owned.config.id);
  });

  test('reaches admin-only endpoints: key sets, permission definitions, project updates', async () => {
    const headers = ownerHeaders(owned.id, owner.access_token);
    const keySet = expectOk(
      await call(t, 'POST', '/internal/api-keys', {
        headers,
        body: {
          description: 'from the owner',
          expires_at_millis: Date.now() + 86_400_000,
          has_publishable_client_key: true,
          has_secret_server_key: false,
          has_super_secret_admin_key: false,
        },
      }),
    );
    expect(keySet.publishable_client_key).toStartWith('pck_');
    const keys = expectOk(await call(t, 'GET', '/internal/api-keys', { headers }));
    expect(keys.items.map((k: any) => k.id)).toContain(keySet.id);

    expectOk(await call(t, 'POST', '/team-permission-definitions', { headers, body: { id: 'owner_made' } }), 201);
    const definitions = expectOk(await call(t, 'GET', '/team-permission-definitions', { headers }));
    expect(definitions.items.map((d: any) => d.id)).toContain('owner_made');

    const updated = expectOk(
      await call(t, 'PATCH', '/projects/current', { headers, body: { display_name: 'Renamed by owner' } }),
    );
    expect(updated.display_name).toBe('Renamed by owner');
  });

  test('gets the access type its header names, and server endpoints accept it', async () => {
    const asServer = ownerHeaders(owned.id, owner.access_token, 'server');
    expectOk(await call(t, 'GET', '/users', { headers: asServer }));
    // A server caller reads the client view and may not reach admin-only endpoints.
    const view = expectOk(await call(t, 'GET', '/projects/current', { headers: asServer }));
    expect(view.config.allow_localhost).toBeUndefined();
    expectKnownError(await call(t, 'GET', '/internal/api-keys', { headers: asServer }), 401, 'INSUFFICIENT_ACCESS_TYPE');
  });

  test('keys sent beside it are not checked (the SDK sends empty ones; wrong ones change nothing)', async () => {
    const res = await call(t, 'GET', '/projects/current', {
      headers: { ...ownerHeaders(owned.id, owner.access_token), 'x-stack-super-secret-admin-key': 'sak_wrong' },
    });
    expect(expectOk(res).id).toBe(owned.id);
  });

  test('a fresh token from the refresh grant works the same', async () => {
    const refreshed = expectOk(await refreshFor(t, t.internal, owner.refresh_token)).access_token;
    expect(expectOk(await readProjectAsOwner(t, owned.id, refreshed)).id).toBe(owned.id);
  });
});

describe('each admin-access-token error Stack gives', () => {
  test('not a JWT: UNPARSABLE_ADMIN_ACCESS_TOKEN', async () => {
    for (const token of ['not-a-token', 'a.b.c', 'eyJhbGciOiJFUzI1NiJ9.e30.AAAA']) {
      expectKnownError(await readProjectAsOwner(t, owned.id, token), 401, 'UNPARSABLE_ADMIN_ACCESS_TOKEN');
    }
  });

  test('a forged signature: UNPARSABLE_ADMIN_ACCESS_TOKEN', async () => {
    const [header, payload, signature] = owner.access_token.split('.');
    const forged = `${header}.${payload}.${flipChar(signature!, 10)}`;
    expectKnownError(await readProjectAsOwner(t, owned.id, forged), 401, 'UNPARSABLE_ADMIN_ACCESS_TOKEN');
  });

  test('expired: ADMIN_ACCESS_TOKEN_EXPIRED with the details the SDK can parse', async () => {
    const restore = shiftClock(t, 11 * 60 * 1000);
    try {
      const res = await readProjectAsOwner(t, owned.id, owner.access_token);
      expectKnownError(res, 401, 'ADMIN_ACCESS_TOKEN_EXPIRED', { expired_at_millis: null });
    } finally {
      restore();
    }
  });

  test('the token of a user of another project: ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN', async () => {
    // Even a user of the very project asked for: only internal users administer projects.
    const projectUser = await signUp(t, t.demo!);
    const res = await readProjectAsOwner(t, t.demo!.projectId, projectUser.access_token);
    expectKnownError(res, 401, 'ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN');
  });

  test('an internal user who does not own the project: ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN', async () => {
    const stranger = await signUpAdmin(t);
    expectKnownError(await readProjectAsOwner(t, owned.id, stranger.access_token), 401, 'ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN');
    expectKnownError(
      await readProjectAsOwner(t, t.demo!.projectId, stranger.access_token),
      401,
      'ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN',
    );
    // Nor does an unknown project id give away anything more.
    expectKnownError(await readProjectAsOwner(t, unknownUuid(), stranger.access_token), 401, 'ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN');
  });

  test('a listed project that no longer exists: INVALID_PROJECT_FOR_ADMIN_ACCESS_TOKEN', async () => {
    const lister = await signUpAdmin(t);
    const gone = unknownUuid();
    await setServerMetadata(t, lister.user_id, { managedProjectIds: [gone] });
    expectKnownError(await readProjectAsOwner(t, gone, lister.access_token), 401, 'INVALID_PROJECT_FOR_ADMIN_ACCESS_TOKEN');
  });

  test('a project deleted by its owner: the owner no longer lists it, so ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN', async () => {
    const doomed = await createOwnedProject(t, owner, { display_name: 'Doomed' });
    expectOk(await call(t, 'DELETE', '/projects/current', { headers: ownerHeaders(doomed.id, owner.access_token), body: {} }));
    expectKnownError(await readProjectAsOwner(t, doomed.id, owner.access_token), 401, 'ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN');
  });

  test('the owner’s account deleted while its token lives: 401 text', async () => {
    const leaving = await signUpAdmin(t);
    const project = await createOwnedProject(t, leaving, { display_name: 'Orphan' });
    expectOk(await readProjectAsOwner(t, project.id, leaving.access_token));
    expectOk(await call(t, 'DELETE', `/users/${leaving.user_id}`, { headers: as(t.internal, 'server') }));
    expectTextError(await readProjectAsOwner(t, project.id, leaving.access_token), 401);
  });

  test('an admin token without an access type: PROJECT_KEY_WITHOUT_ACCESS_TYPE', async () => {
    const res = await call(t, 'GET', '/projects/current', {
      headers: { 'x-stack-project-id': owned.id, 'x-stack-admin-access-token': owner.access_token },
    });
    expectKnownError(res, 400, 'PROJECT_KEY_WITHOUT_ACCESS_TYPE');
  });

  test('a bad user access token beside it is reported first (step 1)', async () => {
    const res = await call(t, 'GET', '/projects/current', {
      headers: { ...ownerHeaders(owned.id, owner.access_token), 'x-stack-access-token': 'garbage' },
    });
    expectKnownError(res, 401, 'UNPARSABLE_ACCESS_TOKEN');
  });

  test('the errors come back as 200 + X-Stack-Actual-Status under override-error-status, as the SDK asks', async () => {
    const res = await call(t, 'GET', '/projects/current', {
      headers: { ...ownerHeaders(owned.id, 'not-a-token'), 'x-stack-override-error-status': 'true' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-stack-actual-status')).toBe('401');
    expect(res.headers.get('x-stack-known-error')).toBe('UNPARSABLE_ADMIN_ACCESS_TOKEN');
  });
});
