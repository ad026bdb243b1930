// The current user (users/me): the exact view per
// access type, every access-token failure, and the client's own updates and deletion.
import { beforeAll, describe, expect, test } from 'bun:test';
import { decodeJwt, decodeProtectedHeader, generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { openSecret } from '../../server/core/storage/secret-box';
import type { ApiResult, TestInstance } from '../support/instance';
import {
  as,
  call,
  expectKnownError,
  expectOk,
  expectRefreshRefused,
  expectRefreshWorks,
  expectSchemaError,
  expectTextError,
  expectUserView,
  flipChar,
  getUser,
  makeProject,
  setProjectConfig,
  shiftClock,
  signUp,
  tokenIssuer,
  uniqueEmail,
  type SignedIn,
} from '../support/user-views';
import { withInstance } from '../support/file-instance';

let t: TestInstance, demo: BootstrappedProject, other: BootstrappedProject, user: SignedIn, otherUser: SignedIn;

withInstance(async (started) => {
  ({ t, demo } = started);
  other = await makeProject(t, 'Other project');
  user = await signUp(t, demo, uniqueEmail('me'));
  otherUser = await signUp(t, other, uniqueEmail('elsewhere'));
});

function getMe(headers: Record<string, string>): Promise<ApiResult> {
  return call(t, 'GET', '/users/me', { headers });
}

describe('GET /users/me views', () => {
  test('client key + token → exactly the client view', async () => {
    const me = expectOk(await getMe(as(demo, 'client', user.access_token)));
    expectUserView(me, 'client');
    expect(me).toMatchObject({
      id: user.user_id,
      primary_email: user.email,
      primary_email_verified: false,
      has_password: true,
      auth_with_email: true,
      display_name: null,
      client_metadata: null,
      client_read_only_metadata: null,
      selected_team: null,
      selected_team_id: null,
    });
  });

  for (const level of ['server', 'admin'] as const) {
    test(`${level} key + token → exactly the server view`, async () => {
      const me = expectOk(await getMe(as(demo, level, user.access_token)));
      expectUserView(me, 'server');
      expect(me).toMatchObject({
        id: user.user_id,
        primary_email: user.email,
        primary_email_auth_enabled: true,
        server_metadata: null,
      });
      expect(me).toEqual(await getUser(t, demo, user.user_id));
    });
  }

  for (const level of ['client', 'server', 'admin'] as const) {
    test(`${level} key without a token → CANNOT_GET_OWN_USER_WITHOUT_USER (400)`, async () => {
      expectKnownError(await getMe(as(demo, level)), 400, 'CANNOT_GET_OWN_USER_WITHOUT_USER');
    });
  }

  test('an empty access-token header counts as absent', async () => {
    expectKnownError(await getMe(as(demo, 'client', '')), 400, 'CANNOT_GET_OWN_USER_WITHOUT_USER');
  });

  test('unknown query parameter → SCHEMA_ERROR', async () => {
    expectSchemaError(await call(t, 'GET', '/users/me?fields=all', { headers: as(demo, 'client', user.access_token) }));
  });
});

describe('access-token failures', () => {
  let realKey: { kid: string; privateJwk: JWK };
  let foreignPrivateKey: CryptoKey;

  beforeAll(async () => {
    const [row] = (await t.rows(
      'select key_id, private_jwk from project_signing_keys where project_id = ? and retired_at is null',
      demo.projectId,
    )) as {
      key_id: string;
      private_jwk: string;
    }[];
    realKey = { kid: row!.key_id, privateJwk: JSON.parse(openSecret(t.ctx, row!.private_jwk)) };
    foreignPrivateKey = (await generateKeyPair('ES256')).privateKey as CryptoKey;
  });

  /** Signs `claims` with the project's own key (or a foreign one), Stack's claims by default. */
  async function forge(
    overrides: Record<string, unknown> = {},
    options: { key?: 'real' | 'foreign'; omit?: string[]; kid?: string } = {},
  ): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const claims: Record<string, unknown> = {
      sub: user.user_id,
      branchId: 'main',
      iss: tokenIssuer,
      iat: now,
      aud: demo.projectId,
      exp: now + 600,
      ...overrides,
    };
    for (const key of options.omit ?? []) delete claims[key];
    const key = options.key === 'foreign' ? foreignPrivateKey : await importJWK(realKey.privateJwk, 'ES256');
    return new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid: options.kid ?? realKey.kid }).sign(key);
  }

  function b64url(value: unknown): string {
    return Buffer.from(JSON.stringify(value)).toString('base64url');
  }

  test('a token forged with the real key is accepted (the forging helper is sound)', async () => {
    const me = expectOk(await getMe(as(demo, 'client', await forge())));
    expect(me.id).toBe(user.user_id);
  });

  const unparsable: [string, () => Promise<string>][] = [
    ['garbage', async () => 'garbage'],
    ['three empty parts', async () => '..'],
    ['three junk parts', async () => 'a.b.c'],
    ['Bearer prefix', async () => `Bearer ${user.access_token}`],
    [
      'signature flipped in the middle',
      async () => {
        const [h, p, s] = user.access_token.split('.');
        return `${h}.${p}.${flipChar(s!, 20)}`;
      },
    ],
    ['signature removed', async () => user.access_token.split('.').slice(0, 2).join('.') + '.'],
    [
      'payload swapped for another user (original signature)',
      async () => {
        const [h, , s] = user.access_token.split('.');
        return `${h}.${b64url({ ...decodeJwt(user.access_token), sub: otherUser.user_id })}.${s}`;
      },
    ],
    [
      'payload with a later exp (original signature)',
      async () => {
        const [h, , s] = user.access_token.split('.');
        const claims = decodeJwt(user.access_token);
        return `${h}.${b64url({ ...claims, exp: claims.exp! + 3600 })}.${s}`;
      },
    ],
    ['alg none', async () => `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(decodeJwt(user.access_token))}.`],
    [
      'HS256 signed with the publishable key',
      async () => {
        const secret = new TextEncoder().encode(demo.keys.publishable_client_key!);
        return new SignJWT(decodeJwt(user.access_token)).setProtectedHeader({ alg: 'HS256' }).sign(secret);
      },
    ],
    ['ES256 signed by a foreign key with the real kid', async () => forge({}, { key: 'foreign' })],
    ['real key, wrong issuer', async () => forge({ iss: 'https://evil.example.com' })],
    ['real key, no issuer', async () => forge({}, { omit: ['iss'] })],
    ['real key, no audience (legacy form without a legacy key)', async () => forge({}, { omit: ['aud'] })],
    ['real key, audience of an unknown project', async () => forge({ aud: crypto.randomUUID() })],
  ];

  for (const [name, token] of unparsable) {
    test(`${name} → UNPARSABLE_ACCESS_TOKEN (401)`, async () => {
      expectKnownError(await getMe(as(demo, 'client', await token())), 401, 'UNPARSABLE_ACCESS_TOKEN');
    });
  }

  test('the token is checked before the keys: bad token + bad key → UNPARSABLE_ACCESS_TOKEN', async () => {
    const headers = { ...as(demo, 'client', 'garbage'), 'x-stack-publishable-client-key': 'pck_wrong' };
    expectKnownError(await getMe(headers), 401, 'UNPARSABLE_ACCESS_TOKEN');
  });

  test('the token is checked on endpoints that need no user (GET /projects/current)', async () => {
    expectKnownError(
      await call(t, 'GET', '/projects/current', { headers: as(demo, 'client', 'garbage') }),
      401,
      'UNPARSABLE_ACCESS_TOKEN',
    );
  });

  test('token of another project → INVALID_PROJECT_FOR_ACCESS_TOKEN (401)', async () => {
    for (const level of ['client', 'server'] as const) {
      expectKnownError(await getMe(as(demo, level, otherUser.access_token)), 401, 'INVALID_PROJECT_FOR_ACCESS_TOKEN');
    }
    // …and it still works in its own project.
    expect(expectOk(await getMe(as(other, 'client', otherUser.access_token))).id).toBe(otherUser.user_id);
  });

  test('a token claiming another project but signed with this project’s key → UNPARSABLE_ACCESS_TOKEN', async () => {
    // Signed by demo's key but claiming the other project: the other project's key rejects it.
    expectKnownError(await getMe(as(other, 'client', await forge({ aud: other.projectId }))), 401, 'UNPARSABLE_ACCESS_TOKEN');
  });

  describe('expiry, by moving the instance clock', () => {
    const expiredRows: [string, () => Promise<string>][] = [
      [
        'a token already used (cached verification)',
        async () => {
          const token = (await signUp(t, demo)).access_token;
          expectOk(await getMe(as(demo, 'client', token)));
          return token;
        },
      ],
      ['a token never used before', async () => (await signUp(t, demo)).access_token],
    ];
    for (const [name, makeToken] of expiredRows) {
      test(`${name}: valid at +599 s, ACCESS_TOKEN_EXPIRED {expired_at_millis: null} at +601 s`, async () => {
        const token = await makeToken();
        const iatMillis = decodeJwt(token).iat! * 1000;
        let restore = shiftClock(t, iatMillis + 599_000 - Date.now());
        try {
          expectOk(await getMe(as(demo, 'client', token)));
        } finally {
          restore();
        }
        restore = shiftClock(t, iatMillis + 601_000 - Date.now());
        try {
          const res = await getMe(as(demo, 'client', token));
          expectKnownError(res, 401, 'ACCESS_TOKEN_EXPIRED', { expired_at_millis: null });
          expect(res.json.error).toStartWith('Access token has expired. Please refresh it and try again.');
          // Expiry is checked before the keys and on every endpoint.
          expectKnownError(
            await call(t, 'GET', '/projects/current', { headers: as(demo, 'server', token) }),
            401,
            'ACCESS_TOKEN_EXPIRED',
          );
        } finally {
          restore();
        }
      });
    }

    test('a forged token whose exp has passed → ACCESS_TOKEN_EXPIRED', async () => {
      const now = Math.floor(Date.now() / 1000);
      const token = await forge({ iat: now - 700, exp: now - 100 });
      expectKnownError(await getMe(as(demo, 'client', token)), 401, 'ACCESS_TOKEN_EXPIRED', { expired_at_millis: null });
    });
  });

  test('the override header turns the 401 into 200 + X-Stack-Actual-Status', async () => {
    const res = await getMe({ ...as(demo, 'client', 'garbage'), 'x-stack-override-error-status': 'true' });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-stack-actual-status')).toBe('401');
    expect(res.headers.get('x-stack-known-error')).toBe('UNPARSABLE_ACCESS_TOKEN');
  });

  test('the kid in the header names the project key (sanity for the forged rows)', () => {
    expect(decodeProtectedHeader(user.access_token).kid).toBe(realKey.kid);
  });
});

describe('PATCH /users/me with client access', () => {
  let patcher: SignedIn;
  beforeAll(async () => {
    patcher = await signUp(t, demo, uniqueEmail('patcher'));
  });

  function patchMe(body: unknown, level: 'client' | 'server' = 'client', withToken = true) {
    return call(t, 'PATCH', '/users/me', { headers: as(demo, level, withToken ? patcher.access_token : undefined), body });
  }

  const pngDataUrl =
    'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

  const updates: { name: string; body: Record<string, unknown>; expected: Record<string, unknown> }[] = [
    { name: 'display_name', body: { display_name: 'Patched Name' }, expected: { display_name: 'Patched Name' } },
    { name: 'display_name "" is stored as null', body: { display_name: '' }, expected: { display_name: null } },
    { name: 'display_name back to a value', body: { display_name: 'Again' }, expected: { display_name: 'Again' } },
    { name: 'display_name null', body: { display_name: null }, expected: { display_name: null } },
    {
      name: 'client_metadata object',
      body: { client_metadata: { theme: 'dark', nested: { list: [1, 2, 3] } } },
      expected: { client_metadata: { theme: 'dark', nested: { list: [1, 2, 3] } } },
    },
    {
      name: 'client_metadata string',
      body: { client_metadata: 'just a string' },
      expected: { client_metadata: 'just a string' },
    },
    { name: 'client_metadata null', body: { client_metadata: null }, expected: { client_metadata: null } },
    {
      name: 'profile_image_url as a base64 png data URL',
      body: { profile_image_url: pngDataUrl },
      expected: { profile_image_url: pngDataUrl },
    },
    {
      name: 'profile_image_url as bare base64',
      body: { profile_image_url: 'iVBORw0KGgoAAAANSUhEUg==' },
      expected: { profile_image_url: 'iVBORw0KGgoAAAANSUhEUg==' },
    },
    { name: 'profile_image_url null', body: { profile_image_url: null }, expected: { profile_image_url: null } },
    {
      name: 'several fields at once',
      body: { display_name: 'Multi', client_metadata: { a: 1 } },
      expected: { display_name: 'Multi', client_metadata: { a: 1 } },
    },
    { name: 'empty body changes nothing', body: {}, expected: { display_name: 'Multi', client_metadata: { a: 1 } } },
  ];

  for (const row of updates) {
    test(`${row.name} → 200 client view, stored`, async () => {
      const view = expectOk(await patchMe(row.body));
      expectUserView(view, 'client');
      expect(view).toMatchObject({ id: patcher.user_id, ...row.expected });
      expect(await getUser(t, demo, patcher.user_id)).toMatchObject(row.expected);
    });
  }

  const refusals: { name: string; body: unknown; check: (res: ApiResult) => void }[] = [
    {
      name: 'server_metadata',
      body: { server_metadata: { admin: true } },
      check: (r) => expectSchemaError(r, 'server_metadata'),
    },
    {
      name: 'primary_email',
      body: { primary_email: uniqueEmail('hijack') },
      check: (r) => expectSchemaError(r, 'primary_email'),
    },
    {
      name: 'client_read_only_metadata',
      body: { client_read_only_metadata: { plan: 'pro' } },
      check: (r) => expectSchemaError(r, 'client_read_only_metadata'),
    },
    {
      name: 'primary_email_verified',
      body: { primary_email_verified: true },
      check: (r) => expectSchemaError(r, 'primary_email_verified'),
    },
    { name: 'password', body: { password: 'client set pw 1' }, check: (r) => expectSchemaError(r, 'password') },
    {
      name: 'server field mixed with a client field',
      body: { display_name: 'Not applied', server_metadata: 1 },
      check: (r) => expectSchemaError(r, 'server_metadata'),
    },
    { name: 'display_name not a string', body: { display_name: 42 }, check: (r) => expectSchemaError(r, 'display_name') },
    {
      name: 'profile_image_url neither a URL nor base64 → 400 text',
      body: { profile_image_url: 'not a url!' },
      check: (r) => expectTextError(r, 400, 'Invalid profile image URL'),
    },
    {
      name: 'profile_image_url an https URL (client must send a base64 image)',
      body: { profile_image_url: 'https://example.com/avatar.png' },
      check: (r) => expectTextError(r, 400, 'Invalid profile image URL'),
    },
    {
      name: 'profile_image_url a data URL of a non-image type',
      body: { profile_image_url: 'data:text/html;base64,PGgxPmhpPC9oMT4=' },
      check: (r) => expectTextError(r, 400, 'Invalid profile image URL'),
    },
    { name: 'body is an array', body: [{ display_name: 'x' }], check: (r) => expectSchemaError(r) },
  ];

  for (const row of refusals) {
    test(`${row.name} → refused, user unchanged`, async () => {
      const before = await getUser(t, demo, patcher.user_id);
      row.check(await patchMe(row.body));
      expect(await getUser(t, demo, patcher.user_id)).toEqual(before);
    });
  }

  test('without a token → CANNOT_GET_OWN_USER_WITHOUT_USER', async () => {
    expectKnownError(await patchMe({ display_name: 'x' }, 'client', false), 400, 'CANNOT_GET_OWN_USER_WITHOUT_USER');
  });

  test('with server access the server fields are allowed and the server view returned', async () => {
    const view = expectOk(
      await patchMe({ server_metadata: { role: 'editor' }, client_read_only_metadata: { plan: 'pro' } }, 'server'),
    );
    expectUserView(view, 'server');
    expect(view).toMatchObject({ server_metadata: { role: 'editor' }, client_read_only_metadata: { plan: 'pro' } });
    // The client view never shows server_metadata.
    const mine = expectOk(await getMe(as(demo, 'client', patcher.access_token)));
    expect(mine.server_metadata).toBeUndefined();
    expect(mine.client_read_only_metadata).toEqual({ plan: 'pro' });
  });

  test('with server access an https profile image URL is fine', async () => {
    const view = expectOk(await patchMe({ profile_image_url: 'https://example.com/a.png' }, 'server'));
    expect(view.profile_image_url).toBe('https://example.com/a.png');
  });
});

describe('DELETE /users/me', () => {
  test('client access while client_user_deletion_enabled is false → 400 text; nothing deleted', async () => {
    const victim = await signUp(t, demo);
    const before = await getUser(t, demo, victim.user_id);
    for (const body of [undefined, {}]) {
      const res = await call(t, 'DELETE', '/users/me', { headers: as(demo, 'client', victim.access_token), body });
      expectTextError(res, 400, 'Client user deletion is not enabled for this project');
    }
    expect(await getUser(t, demo, victim.user_id)).toEqual(before);
    await expectRefreshWorks(t, demo, victim.refresh_token);
  });

  for (const [name, body] of [
    ['without body', undefined],
    ['with {} body', {}],
  ] as const) {
    test(`client access when enabled (${name}) → success; user gone, refresh token dead`, async () => {
      const project = await makeProject(t, `Deletion ${name}`);
      await setProjectConfig(t, project, { client_user_deletion_enabled: true });
      const victim = await signUp(t, project);
      const survivor = await signUp(t, project);
      const res = await call(t, 'DELETE', '/users/me', { headers: as(project, 'client', victim.access_token), body });
      expect(expectOk(res)).toEqual({ success: true });
      await expectRefreshRefused(t, project, victim.refresh_token);
      expectKnownError(
        await call(t, 'GET', `/users/${victim.user_id}`, { headers: as(project, 'server') }),
        404,
        'USER_NOT_FOUND',
      );
      // The still-unexpired access token now has no user behind it.
      expectKnownError(await getMe(as(project, 'client', victim.access_token)), 400, 'CANNOT_GET_OWN_USER_WITHOUT_USER');
      // Other users are untouched.
      await expectRefreshWorks(t, project, survivor.refresh_token);
    });
  }

  test('server access deletes the current user even when client deletion is off', async () => {
    const victim = await signUp(t, demo);
    const res = await call(t, 'DELETE', '/users/me', { headers: as(demo, 'server', victim.access_token) });
    expect(expectOk(res)).toEqual({ success: true });
    await expectRefreshRefused(t, demo, victim.refresh_token);
  });

  test('without a token → CANNOT_GET_OWN_USER_WITHOUT_USER', async () => {
    expectKnownError(
      await call(t, 'DELETE', '/users/me', { headers: as(demo, 'server') }),
      400,
      'CANNOT_GET_OWN_USER_WITHOUT_USER',
    );
  });
});
