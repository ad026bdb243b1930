// Sessions: the SDK's refresh grant exactly as oauth4webapi sends it, the
// header-based refresh, sign-out, server-created sessions and refresh-token expiry.
import { beforeAll, describe, expect, test } from 'bun:test';
import { decodeJwt } from 'jose';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import type { ApiResult, TestInstance } from '../support/instance';
import {
  as,
  call,
  createSessionFor,
  createUser,
  expectKnownError,
  expectOk,
  expectRefreshRefused,
  expectRefreshWorks,
  expectSchemaError,
  makeProject,
  refreshFor,
  refreshGrant,
  refreshTokenPattern,
  shiftClock,
  signIn,
  signUp,
  sleep,
  tokenIssuer,
  uniqueEmail,
  unknownUuid,
  type SignedIn,
} from '../support/user-views';
import { withInstance } from '../support/file-instance';

let t: TestInstance, demo: BootstrappedProject, other: BootstrappedProject, user: SignedIn, otherUser: SignedIn;

const day = 24 * 60 * 60 * 1000;

withInstance(async (started) => {
  ({ t, demo } = started);
  other = await makeProject(t, 'Other project');
  user = await signUp(t, demo, uniqueEmail('sessions'));
  otherUser = await signUp(t, other, uniqueEmail('other'));
});

const randomRefreshToken = () => 'a'.repeat(45);

describe('refresh grant: POST /auth/oauth/token, grant_type=refresh_token', () => {
  let res: ApiResult;
  beforeAll(async () => {
    res = await refreshFor(t, demo, user.refresh_token);
  });

  test('status is exactly 200 with JSON {access_token, token_type: Bearer, expires_in > 0, scope: legacy}', () => {
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(Object.keys(res.json).sort()).toEqual(['access_token', 'expires_in', 'scope', 'token_type']);
    expect(typeof res.json.access_token).toBe('string');
    expect(res.json.access_token.length).toBeGreaterThan(0);
    expect(res.json.token_type).toBe('Bearer');
    expect(typeof res.json.expires_in).toBe('number');
    expect(res.json.expires_in).toBeGreaterThan(0);
    expect(res.json.scope).toBe('legacy');
    expect(res.json.id_token).toBeUndefined();
  });

  test('no-store / no-cache headers, no override artefacts', () => {
    expect(res.headers.get('cache-control') ?? '').toContain('no-store');
    expect(res.headers.get('pragma')).toBe('no-cache');
    expect(res.headers.get('x-stack-actual-status')).toBeNull();
    expect(res.headers.get('x-stack-known-error')).toBeNull();
  });

  test('the new access token is a fresh token of the same user and works', async () => {
    const claims = decodeJwt(res.json.access_token);
    expect(claims).toMatchObject({ sub: user.user_id, aud: demo.projectId, iss: tokenIssuer, branchId: 'main' });
    expect(claims.exp! - claims.iat!).toBe(600);
    const me = expectOk(await call(t, 'GET', '/users/me', { headers: as(demo, 'client', res.json.access_token) }));
    expect(me.id).toBe(user.user_id);
  });

  test('the refresh token is not rotated: it keeps working', async () => {
    for (let i = 0; i < 3; i++) expect(decodeJwt(await expectRefreshWorks(t, demo, user.refresh_token)).sub).toBe(user.user_id);
  });

  test('works for another project with its own client id and key', async () => {
    expect(decodeJwt(await expectRefreshWorks(t, other, otherUser.refresh_token)).sub).toBe(otherUser.user_id);
  });

  const badClients: { name: string; fields: () => Record<string, string | undefined> }[] = [
    { name: 'wrong client_secret', fields: () => ({ client_id: demo.projectId, client_secret: 'pck_' + 'z'.repeat(45) }) },
    {
      name: 'another project’s publishable key as client_secret',
      fields: () => ({ client_id: demo.projectId, client_secret: other.keys.publishable_client_key! }),
    },
    {
      name: 'the secret server key as client_secret',
      fields: () => ({ client_id: demo.projectId, client_secret: demo.keys.secret_server_key! }),
    },
    { name: 'unknown client_id', fields: () => ({ client_id: unknownUuid(), client_secret: demo.keys.publishable_client_key! }) },
    { name: 'missing client_id', fields: () => ({ client_secret: demo.keys.publishable_client_key! }) },
    { name: 'missing client_secret', fields: () => ({ client_id: demo.projectId }) },
    { name: 'empty client_secret', fields: () => ({ client_id: demo.projectId, client_secret: '' }) },
  ];
  for (const row of badClients) {
    test(`${row.name} → INVALID_OAUTH_CLIENT_ID_OR_SECRET (400), refresh token unharmed`, async () => {
      const res = await refreshGrant(t, { ...row.fields(), refresh_token: user.refresh_token });
      expectKnownError(res, 400, 'INVALID_OAUTH_CLIENT_ID_OR_SECRET');
      expect(Object.keys(res.json.details)).toEqual(['client_id']);
      expect(res.headers.get('x-stack-actual-status')).toBeNull();
      await expectRefreshWorks(t, demo, user.refresh_token);
    });
  }

  test('INVALID_OAUTH_CLIENT_ID_OR_SECRET carries details {client_id: null} as Stack sends it', async () => {
    const res = await refreshGrant(t, {
      client_id: demo.projectId,
      client_secret: 'pck_' + 'z'.repeat(45),
      refresh_token: user.refresh_token,
    });
    expectKnownError(res, 400, 'INVALID_OAUTH_CLIENT_ID_OR_SECRET', { client_id: null });
  });

  const badTokens: { name: string; project: () => BootstrappedProject; token: () => string }[] = [
    { name: 'unknown refresh token', project: () => demo, token: randomRefreshToken },
    {
      name: 'another project’s refresh token (with this project’s credentials)',
      project: () => demo,
      token: () => otherUser.refresh_token,
    },
    { name: 'this project’s token with the other project’s credentials', project: () => other, token: () => user.refresh_token },
    { name: 'refresh token in upper case', project: () => demo, token: () => user.refresh_token.toUpperCase() },
    { name: 'the access token instead of the refresh token', project: () => demo, token: () => user.access_token },
  ];
  for (const row of badTokens) {
    test(`${row.name} → REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED with a real 401`, async () => {
      const res = await refreshFor(t, row.project(), row.token());
      expectKnownError(res, 401, 'REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED');
      expect(res.headers.get('x-stack-actual-status')).toBeNull();
    });
  }

  test('the other project’s token still works in its own project afterwards', async () => {
    await expectRefreshWorks(t, other, otherUser.refresh_token);
  });
});

/** A demo refresh token refused by the SDK's refresh grant and by the header-based refresh alike. */
async function expectRefreshRefusedBothWays(refreshToken: string): Promise<void> {
  await expectRefreshRefused(t, demo, refreshToken);
  expectKnownError(
    await call(t, 'POST', '/auth/sessions/current/refresh', {
      headers: { ...as(demo, 'client'), 'x-stack-refresh-token': refreshToken },
    }),
    401,
    'REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED',
  );
}

describe('POST /auth/sessions/current/refresh', () => {
  function refreshCurrent(project: BootstrappedProject, refreshToken?: string, level: 'client' | 'server' = 'client') {
    const headers = as(project, level);
    if (refreshToken !== undefined) headers['x-stack-refresh-token'] = refreshToken;
    return call(t, 'POST', '/auth/sessions/current/refresh', { headers, body: {} });
  }

  for (const level of ['client', 'server'] as const) {
    test(`${level} access with X-Stack-Refresh-Token → exactly {access_token}`, async () => {
      const body = expectOk(await refreshCurrent(demo, user.refresh_token, level));
      expect(Object.keys(body)).toEqual(['access_token']);
      expect(decodeJwt(body.access_token)).toMatchObject({ sub: user.user_id, aud: demo.projectId });
      expect(expectOk(await call(t, 'GET', '/users/me', { headers: as(demo, 'client', body.access_token) })).id).toBe(
        user.user_id,
      );
    });
  }

  test('missing header → SCHEMA_ERROR', async () => {
    expectSchemaError(await refreshCurrent(demo), 'x-stack-refresh-token');
  });

  test('unknown token → REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED', async () => {
    expectKnownError(await refreshCurrent(demo, randomRefreshToken()), 401, 'REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED');
  });

  test('another project’s token → REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED', async () => {
    expectKnownError(await refreshCurrent(demo, otherUser.refresh_token), 401, 'REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED');
  });

  test('without project auth → ACCESS_TYPE_REQUIRED', async () => {
    const res = await call(t, 'POST', '/auth/sessions/current/refresh', {
      headers: { 'x-stack-refresh-token': user.refresh_token },
      body: {},
    });
    expectKnownError(res, 400, 'ACCESS_TYPE_REQUIRED');
  });
});

describe('DELETE /auth/sessions/current', () => {
  function signOut(project: BootstrappedProject, refreshToken: string | undefined, body: unknown, accessToken?: string) {
    const headers = as(project, 'client', accessToken);
    if (refreshToken !== undefined) headers['x-stack-refresh-token'] = refreshToken;
    return call(t, 'DELETE', '/auth/sessions/current', { headers, body });
  }

  for (const [name, body] of [
    ['without body', undefined],
    ['with {} body', {}],
  ] as const) {
    test(`${name}: success; that refresh token is refused, the user's other sessions still work`, async () => {
      const a = await signIn(t, demo, user.email, user.password);
      const b = await signIn(t, demo, user.email, user.password);
      const res = await signOut(demo, a.refresh_token, body, a.access_token);
      expect(expectOk(res)).toEqual({ success: true });
      await expectRefreshRefusedBothWays(a.refresh_token);
      await expectRefreshWorks(t, demo, b.refresh_token);
      await expectRefreshWorks(t, demo, user.refresh_token);
      // Signing out twice: the token is gone.
      expectKnownError(await signOut(demo, a.refresh_token, body), 401, 'REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED');
    });
  }

  test('works without an access token (no check that the token belongs to the caller)', async () => {
    const a = await signIn(t, demo, user.email, user.password);
    expect(expectOk(await signOut(demo, a.refresh_token, {}))).toEqual({ success: true });
    await expectRefreshRefused(t, demo, a.refresh_token);
  });

  test('unknown token → REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED', async () => {
    expectKnownError(await signOut(demo, randomRefreshToken(), {}), 401, 'REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED');
  });

  test('another project’s token → REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED and it survives', async () => {
    expectKnownError(await signOut(demo, otherUser.refresh_token, {}), 401, 'REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED');
    await expectRefreshWorks(t, other, otherUser.refresh_token);
  });

  test('missing X-Stack-Refresh-Token → SCHEMA_ERROR', async () => {
    expectSchemaError(await signOut(demo, undefined, {}, user.access_token), 'x-stack-refresh-token');
    await expectRefreshWorks(t, demo, user.refresh_token);
  });
});

describe('POST /auth/sessions (server)', () => {
  let target: { id: string };
  beforeAll(async () => {
    target = await createUser(t, demo, { display_name: 'Session target' });
  });

  function createSession(body: unknown, level: 'client' | 'server' | 'admin' = 'server', accessToken?: string) {
    return call(t, 'POST', '/auth/sessions', { headers: as(demo, level, accessToken), body });
  }

  for (const level of ['server', 'admin'] as const) {
    test(`${level} key → 200 {refresh_token, access_token} for the user`, async () => {
      const res = await createSession({ user_id: target.id }, level);
      const body = expectOk(res, 200);
      expect(Object.keys(body).sort()).toEqual(['access_token', 'refresh_token']);
      expect(body.refresh_token).toMatch(refreshTokenPattern);
      expect(decodeJwt(body.access_token)).toMatchObject({ sub: target.id, aud: demo.projectId });
      expect(decodeJwt(await expectRefreshWorks(t, demo, body.refresh_token)).sub).toBe(target.id);
      expect(expectOk(await call(t, 'GET', '/users/me', { headers: as(demo, 'client', body.access_token) })).id).toBe(target.id);
    });
  }

  test('user_id "me" with a token → a session of the token’s user', async () => {
    const body = expectOk(await createSession({ user_id: 'me' }, 'server', user.access_token));
    expect(decodeJwt(body.access_token).sub).toBe(user.user_id);
  });

  test('user_id "me" without a token → CANNOT_GET_OWN_USER_WITHOUT_USER', async () => {
    expectKnownError(await createSession({ user_id: 'me' }), 400, 'CANNOT_GET_OWN_USER_WITHOUT_USER');
  });

  test('client key → INSUFFICIENT_ACCESS_TYPE (401)', async () => {
    expectKnownError(await createSession({ user_id: target.id }, 'client'), 401, 'INSUFFICIENT_ACCESS_TYPE', {
      actual_access_type: 'client',
      allowed_access_types: ['server', 'admin'],
    });
  });

  test('unknown user → USER_ID_DOES_NOT_EXIST with details.user_id', async () => {
    const id = unknownUuid();
    expectKnownError(await createSession({ user_id: id }), 400, 'USER_ID_DOES_NOT_EXIST', { user_id: id });
  });

  test('a user of another project → USER_ID_DOES_NOT_EXIST', async () => {
    expectKnownError(await createSession({ user_id: otherUser.user_id }), 400, 'USER_ID_DOES_NOT_EXIST', {
      user_id: otherUser.user_id,
    });
  });

  const schemaRows: [string, () => unknown, string][] = [
    ['expires_in_millis above 367 days', () => ({ user_id: target.id, expires_in_millis: 367 * day + 1 }), 'expires_in_millis'],
    ['expires_in_millis a string', () => ({ user_id: target.id, expires_in_millis: '1000' }), 'expires_in_millis'],
    ['user_id not a uuid', () => ({ user_id: 'not-a-uuid' }), 'user_id'],
    ['user_id missing', () => ({}), 'user_id'],
    ['unknown field', () => ({ user_id: target.id, is_impersonation: true }), 'is_impersonation'],
  ];
  for (const [name, body, fragment] of schemaRows) {
    test(`${name} → SCHEMA_ERROR`, async () => {
      expectSchemaError(await createSession(body()), fragment);
    });
  }

  test('expires_in_millis of exactly 367 days is accepted', async () => {
    const body = expectOk(await createSession({ user_id: target.id, expires_in_millis: 367 * day }));
    await expectRefreshWorks(t, demo, body.refresh_token);
  });

  test('expires_in_millis 1: once the moment has passed the refresh token is refused everywhere', async () => {
    const session = await createSessionFor(t, demo, target.id, 1);
    await sleep(20);
    await expectRefreshRefusedBothWays(session.refresh_token);
  });
});

describe('refresh-token lifetimes, by moving the instance clock', () => {
  const rows: { name: string; make: () => Promise<string>; aliveAt: number; deadAt: number }[] = [
    {
      name: 'sign-up session: 1 year by default',
      make: async () => (await signUp(t, demo)).refresh_token,
      aliveAt: 364 * day,
      deadAt: 366 * day,
    },
    {
      name: 'POST /auth/sessions default: 365 days',
      make: async () => (await createSessionFor(t, demo, user.user_id)).refresh_token,
      aliveAt: 364 * day,
      deadAt: 366 * day,
    },
    {
      name: 'POST /auth/sessions with 1 hour',
      make: async () => (await createSessionFor(t, demo, user.user_id, 60 * 60 * 1000)).refresh_token,
      aliveAt: 59 * 60 * 1000,
      deadAt: 61 * 60 * 1000,
    },
    {
      name: 'POST /auth/sessions with 367 days',
      make: async () => (await createSessionFor(t, demo, user.user_id, 367 * day)).refresh_token,
      aliveAt: 366 * day,
      deadAt: 368 * day,
    },
  ];
  for (const row of rows) {
    test(`${row.name}: alive just before, refused just after`, async () => {
      const refreshToken = await row.make();
      let restore = shiftClock(t, row.aliveAt);
      try {
        await expectRefreshWorks(t, demo, refreshToken);
      } finally {
        restore();
      }
      restore = shiftClock(t, row.deadAt);
      try {
        await expectRefreshRefused(t, demo, refreshToken);
      } finally {
        restore();
      }
    });
  }
});
