// The server users API: create, list with pagination and search, read,
// update (password and primary-email rules, session revocation), delete; refusals leave the
// data as it was.
import { beforeAll, describe, expect, test } from 'bun:test';
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
  expectTextError,
  expectUserView,
  getUser,
  goodPassword,
  listAllUsers,
  makeProject,
  setProjectConfig,
  shiftClock,
  signIn,
  signInCall,
  signUp,
  uniqueEmail,
  unknownUuid,
  type SignedIn,
} from '../support/user-views';
import { withInstance } from '../support/file-instance';

let t: TestInstance, demo: BootstrappedProject, other: BootstrappedProject, otherUser: SignedIn;
/** A demo user whose email is used for sign-in, for the duplicate-email rows. */
let holder: SignedIn;

/** A row whose body has one field the schema refuses: SCHEMA_ERROR naming that field. */
function refusedField(what: string, field: string, value: unknown) {
  return {
    name: `${what} → SCHEMA_ERROR`,
    body: () => ({ [field]: value }),
    check: (r: ApiResult) => expectSchemaError(r, field),
  };
}

withInstance(async (started) => {
  ({ t, demo } = started);
  other = await makeProject(t, 'Other project');
  otherUser = await signUp(t, other, uniqueEmail('other'));
  holder = await signUp(t, demo, uniqueEmail('holder'));
});

function post(body: unknown, project = demo, level: 'client' | 'server' | 'admin' = 'server') {
  return call(t, 'POST', '/users', { headers: as(project, level), body });
}
function patch(userId: string, body: unknown, project = demo, level: 'client' | 'server' | 'admin' = 'server') {
  return call(t, 'PATCH', `/users/${userId}`, { headers: as(project, level), body });
}

describe('POST /users', () => {
  const everyField = {
    display_name: 'Full User',
    profile_image_url: 'https://example.com/full.png',
    client_metadata: { c: 1 },
    client_read_only_metadata: { r: [true] },
    server_metadata: { s: 'secret' },
    primary_email: 'full.user@example.com',
    primary_email_verified: true,
    primary_email_auth_enabled: true,
  };
  const rows: { name: string; body: () => Record<string, unknown>; expected: () => Record<string, unknown> }[] = [
    {
      name: 'empty body → a user with every default',
      body: () => ({}),
      expected: () => ({
        primary_email: null,
        primary_email_verified: false,
        primary_email_auth_enabled: false,
        display_name: null,
        selected_team: null,
        selected_team_id: null,
        profile_image_url: null,
        has_password: false,
        otp_auth_enabled: false,
        passkey_auth_enabled: false,
        client_metadata: null,
        client_read_only_metadata: null,
        server_metadata: null,
        oauth_providers: [],
        auth_with_email: false,
        requires_totp_mfa: false,
      }),
    },
    {
      name: 'every field',
      // Server-set passwords skip the minimum length (as in Stack) but not the strength check.
      body: () => ({ ...everyField, password: 'sturdy granite 48' }),
      // Each field is given back as it was sent.
      expected: () => ({ ...everyField, has_password: true, auth_with_email: true }),
    },
    { name: 'display_name "" is stored as null', body: () => ({ display_name: '' }), expected: () => ({ display_name: null }) },
    {
      name: 'otp_auth_enabled (magic link is on in demo)',
      body: () => ({ otp_auth_enabled: true }),
      expected: () => ({ otp_auth_enabled: true, auth_with_email: true, has_password: false }),
    },
    {
      name: 'email not used for auth and unverified by default',
      body: () => ({ primary_email: 'contact.only@example.com' }),
      expected: () => ({
        primary_email: 'contact.only@example.com',
        primary_email_verified: false,
        primary_email_auth_enabled: false,
      }),
    },
    {
      name: 'the holder’s auth email as a non-auth contact is allowed',
      body: () => ({ primary_email: holder.email, primary_email_auth_enabled: false }),
      expected: () => ({ primary_email: holder.email, primary_email_auth_enabled: false }),
    },
  ];

  for (const row of rows) {
    test(`${row.name} → 201 server view, readable with GET`, async () => {
      const before = Date.now();
      const res = await post(row.body());
      const view = expectOk(res, 201);
      expectUserView(view, 'server');
      expect(view).toMatchObject(row.expected());
      expect(view.signed_up_at_millis).toBeGreaterThanOrEqual(before - 1000);
      expect(view.last_active_at_millis).toBe(view.signed_up_at_millis);
      expect(await getUser(t, demo, view.id)).toEqual(view);
    });
  }

  test('a created user with an auth email and password can sign in', async () => {
    const email = uniqueEmail('created');
    const view = await createUser(t, demo, { primary_email: email, primary_email_auth_enabled: true, password: goodPassword });
    expect((await signIn(t, demo, email, goodPassword)).user_id).toBe(view.id);
  });

  const refusals: { name: string; body: () => unknown; project?: () => BootstrappedProject; check: (r: ApiResult) => void }[] = [
    {
      name: 'primary email used for auth by another user → USER_EMAIL_ALREADY_EXISTS',
      body: () => ({ primary_email: holder.email, primary_email_auth_enabled: true }),
      check: (r) => expectKnownError(r, 409, 'USER_EMAIL_ALREADY_EXISTS'),
    },
    {
      name: 'primary_email_verified without an email → 400 text',
      body: () => ({ primary_email_verified: true }),
      check: (r) => expectTextError(r, 400, 'primary_email_verified cannot be true without primary_email'),
    },
    {
      name: 'primary_email_auth_enabled without an email → 400 text',
      body: () => ({ primary_email_auth_enabled: true }),
      check: (r) => expectTextError(r, 400, 'primary_email_auth_enabled cannot be true without primary_email'),
    },
    {
      name: 'passkey_auth_enabled true → 400 text',
      body: () => ({ passkey_auth_enabled: true }),
      check: (r) =>
        expectTextError(r, 400, 'Cannot manually enable passkey auth, it is enabled iff there is a passkey auth method'),
    },
    {
      name: 'password while password auth is disabled → 400 text',
      project: () => credentialOff,
      body: () => ({ password: goodPassword }),
      check: (r) => expectTextError(r, 400, 'Password auth not enabled in the project'),
    },
    {
      name: 'otp_auth_enabled while magic link is disabled → 400 text',
      project: () => credentialOff,
      body: () => ({ otp_auth_enabled: true }),
      check: (r) => expectTextError(r, 400, 'OTP auth not enabled in the project'),
    },
    refusedField('unknown field', 'nickname', 'x'),
    refusedField('invalid primary_email', 'primary_email', 'nope'),
    refusedField('profile_image_url not a URL', 'profile_image_url', 'not a url'),
    refusedField('display_name a number', 'display_name', 7),
    { name: 'body an array → SCHEMA_ERROR', body: () => [], check: (r) => expectSchemaError(r) },
  ];

  let credentialOff: BootstrappedProject;
  beforeAll(async () => {
    credentialOff = await makeProject(t, 'Credential off');
    await setProjectConfig(t, credentialOff, { credential_enabled: false, magic_link_enabled: false });
  });

  for (const row of refusals) {
    test(`${row.name}; nothing created`, async () => {
      const project = row.project?.() ?? demo;
      const before = await listAllUsers(t, project);
      row.check(await post(row.body(), project));
      expect(await listAllUsers(t, project)).toEqual(before);
    });
  }

  test('oauth_providers on create are kept, or the create is refused — never silently dropped', async () => {
    const project = await makeProject(t, 'OAuth import');
    await setProjectConfig(t, project, { oauth_providers: [{ id: 'github', type: 'shared', enabled: true }] });
    const before = await listAllUsers(t, project);
    const res = await post(
      { primary_email: uniqueEmail('gh'), oauth_providers: [{ id: 'github', account_id: '12345', email: 'gh@example.com' }] },
      project,
    );
    if (res.status === 201) {
      const view = expectOk(res, 201);
      expect(view.oauth_providers).toHaveLength(1);
      expect(view.oauth_providers[0]).toMatchObject({ id: 'github', account_id: '12345' });
      expect((await getUser(t, project, view.id)).oauth_providers).toEqual(view.oauth_providers);
    } else {
      // Not built yet: refused as a status error, and nothing half-created.
      expectTextError(res, 400);
      expect(await listAllUsers(t, project)).toEqual(before);
    }
  });

  test('the holder can still sign in after the refused duplicate', async () => {
    expect((await signIn(t, demo, holder.email, goodPassword)).user_id).toBe(holder.user_id);
  });
});

describe('GET /users pagination and order', () => {
  let project: BootstrappedProject, ordered: any[];

  beforeAll(async () => {
    project = await makeProject(t, 'Pagination');
    // Distinct sign-up times, one second apart, so creation order is the documented order.
    for (let i = 0; i < 5; i++) {
      const restore = shiftClock(t, (i - 10) * 1000);
      try {
        await createUser(t, project, { display_name: `Page user ${i}`, primary_email: uniqueEmail(`page${i}`) });
      } finally {
        restore();
      }
    }
    ordered = await listAllUsers(t, project);
  });

  function list(query: string) {
    return call(t, 'GET', `/users${query}`, { headers: as(project, 'server') });
  }

  test('without limit: all five, sorted by sign-up time, is_paginated true, next_cursor null', async () => {
    const body = expectOk(await list(''));
    expect(Object.keys(body).sort()).toEqual(['is_paginated', 'items', 'pagination']);
    expect(body.is_paginated).toBe(true);
    expect(body.pagination).toEqual({ next_cursor: null });
    expect(body.items).toHaveLength(5);
    for (const item of body.items) expectUserView(item, 'server');
    const sorted = [...body.items].sort(
      (a, b) => a.signed_up_at_millis - b.signed_up_at_millis || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
    expect(body.items.map((u: any) => u.id)).toEqual(sorted.map((u) => u.id));
    expect(body.items.map((u: any) => u.display_name)).toEqual([0, 1, 2, 3, 4].map((i) => `Page user ${i}`));
  });

  test('limit=2: two items and next_cursor = id of the third', async () => {
    const body = expectOk(await list('?limit=2'));
    expect(body.items.map((u: any) => u.id)).toEqual(ordered.slice(0, 2).map((u) => u.id));
    expect(body.pagination.next_cursor).toBe(ordered[2].id);
  });

  async function walk(limit: number, extra = ''): Promise<{ pages: string[][]; cursors: (string | null)[] }> {
    const pages: string[][] = [];
    const cursors: (string | null)[] = [];
    let cursor: string | null = null;
    for (let guard = 0; guard < 20; guard++) {
      const body = expectOk(await list(`?limit=${limit}${extra}${cursor ? `&cursor=${cursor}` : ''}`));
      pages.push(body.items.map((u: any) => u.id));
      cursors.push(body.pagination.next_cursor);
      cursor = body.pagination.next_cursor;
      if (cursor === null) break;
    }
    return { pages, cursors };
  }

  for (const limit of [1, 2, 3, 4]) {
    test(`limit=${limit}: following next_cursor walks every user once, in order, ending with null`, async () => {
      const { pages, cursors } = await walk(limit);
      expect(pages.flat()).toEqual(ordered.map((u) => u.id));
      expect(pages).toHaveLength(Math.ceil(5 / limit));
      for (const page of pages.slice(0, -1)) expect(page).toHaveLength(limit);
      expect(cursors.at(-1)).toBeNull();
      // Each cursor is the first id of the next page.
      for (let i = 0; i < pages.length - 1; i++) expect(cursors[i]).toBe(pages[i + 1]![0]!);
    });
  }

  for (const limit of [5, 6, 100]) {
    test(`limit=${limit} (≥ count): one page, next_cursor null`, async () => {
      const body = expectOk(await list(`?limit=${limit}`));
      expect(body.items.map((u: any) => u.id)).toEqual(ordered.map((u) => u.id));
      expect(body.pagination.next_cursor).toBeNull();
    });
  }

  test('desc=true reverses the order', async () => {
    const body = expectOk(await list('?desc=true'));
    expect(body.items.map((u: any) => u.id)).toEqual(ordered.map((u) => u.id).reverse());
  });

  test('desc=true with limit=2 walks the reversed order', async () => {
    const { pages, cursors } = await walk(2, '&desc=true');
    expect(pages.flat()).toEqual(ordered.map((u) => u.id).reverse());
    expect(cursors.at(-1)).toBeNull();
  });

  test('desc=false and order_by=signed_up_at give the ascending order', async () => {
    for (const q of ['?desc=false', '?order_by=signed_up_at', '?order_by=signed_up_at&desc=false']) {
      expect(expectOk(await list(q)).items.map((u: any) => u.id)).toEqual(ordered.map((u) => u.id));
    }
  });

  test('users signed up in the same millisecond still page without overlap or gaps', async () => {
    const ties = await makeProject(t, 'Ties');
    const instant = Date.now();
    const previous = t.ctx.clock;
    t.ctx.clock = { now: () => instant };
    try {
      for (let i = 0; i < 5; i++) await createUser(t, ties, { display_name: `Tie ${i}` });
    } finally {
      t.ctx.clock = previous;
    }
    const all = (await listAllUsers(t, ties)).map((u) => u.id);
    expect(all).toHaveLength(5);
    for (const [limit, desc] of [
      [2, false],
      [2, true],
      [1, false],
      [3, true],
    ] as const) {
      const seen: string[] = [];
      let cursor: string | null = null;
      for (let guard = 0; guard < 10; guard++) {
        const q: string = `?limit=${limit}&desc=${desc}${cursor ? `&cursor=${cursor}` : ''}`;
        const body = expectOk(await call(t, 'GET', `/users${q}`, { headers: as(ties, 'server') }));
        seen.push(...body.items.map((u: any) => u.id));
        cursor = body.pagination.next_cursor;
        if (cursor === null) break;
      }
      expect(seen).toEqual(desc ? [...all].reverse() : all);
    }
  });

  test('another project’s users are never listed', async () => {
    const ids = (await listAllUsers(t, project)).map((u) => u.id);
    expect(ids).not.toContain(otherUser.user_id);
    expect(ids).not.toContain(holder.user_id);
  });

  const badQueries: [string, string][] = [
    ['unknown query parameter', '?page=2'],
    ['limit=0', '?limit=0'],
    ['limit=-1', '?limit=-1'],
    ['limit=abc', '?limit=abc'],
    ['limit=1.5', '?limit=1.5'],
    ['cursor not a uuid', '?cursor=not-a-uuid'],
    ['desc=yes', '?desc=yes'],
    ['order_by=display_name', '?order_by=display_name'],
  ];
  for (const [name, query] of badQueries) {
    test(`${name} → SCHEMA_ERROR`, async () => {
      expectSchemaError(await list(query));
    });
  }

  for (const limit of ['99999999999999999999', '9007199254740993']) {
    test(`limit=${limit} (beyond any count) → all users or SCHEMA_ERROR, never a 500`, async () => {
      const res = await list(`?limit=${limit}`);
      if (res.status === 400) {
        expectSchemaError(res, 'limit');
      } else {
        const body = expectOk(res);
        expect(body.items.map((u: any) => u.id)).toEqual(ordered.map((u) => u.id));
        expect(body.pagination.next_cursor).toBeNull();
      }
    });
  }
});

describe('GET /users?query=', () => {
  let project: BootstrappedProject;
  const users: Record<string, any> = {};

  beforeAll(async () => {
    project = await makeProject(t, 'Search');
    const specs: [string, Record<string, unknown>][] = [
      ['zebra', { display_name: 'Zebra Crossing', primary_email: 'stripes@example.com' }],
      ['mixed', { display_name: 'Plain', primary_email: 'MixedCase.Person@Example.org' }],
      ['percent', { display_name: '100% Real' }],
      ['thousand', { display_name: '1000 Real' }],
      ['underscore', { display_name: 'snake_case' }],
      ['snakeless', { display_name: 'snakeXcase' }],
      ['umlaut', { display_name: 'Ärger Öl' }],
      ['nobody', {}],
    ];
    for (const [key, body] of specs) users[key] = await createUser(t, project, body);
  });

  async function search(query: string): Promise<string[]> {
    const res = await call(t, 'GET', `/users?query=${encodeURIComponent(query)}`, { headers: as(project, 'server') });
    return expectOk(res).items.map((u: any) => u.id);
  }

  const rows: { name: string; query: () => string; expected: () => string[] }[] = [
    { name: 'display name, other case', query: () => 'zEBRA', expected: () => ['zebra'] },
    { name: 'display name substring', query: () => 'cross', expected: () => ['zebra'] },
    { name: 'email substring, other case', query: () => 'mixedcase.person@example', expected: () => ['mixed'] },
    { name: 'email domain part, other case', query: () => 'EXAMPLE.ORG', expected: () => ['mixed'] },
    { name: 'exact user id', query: () => users.nobody.id, expected: () => ['nobody'] },
    { name: 'id prefix does not match (exact id only)', query: () => users.nobody.id.slice(0, 13), expected: () => [] },
    { name: '"%" is literal, not a wildcard', query: () => '100%', expected: () => ['percent'] },
    { name: '"_" is literal, not a wildcard', query: () => 'snake_', expected: () => ['underscore'] },
    { name: 'no match', query: () => 'no such person', expected: () => [] },
    { name: 'non-ASCII display name, other case', query: () => 'ärger öl', expected: () => ['umlaut'] },
  ];
  for (const row of rows) {
    test(`${row.name}`, async () => {
      const ids = await search(row.query());
      expect(ids.sort()).toEqual(
        row
          .expected()
          .map((k) => users[k].id)
          .sort(),
      );
    });
  }

  test('the index follows changes: a new name, an added and a removed email, a deleted user', async () => {
    const user = await createUser(t, project, { display_name: 'Quokka Keeper', primary_email: 'quokka@example.net' });
    expect(await search('quokka k')).toEqual([user.id]);
    expectOk(
      await call(t, 'PATCH', `/users/${user.id}`, { headers: as(project, 'server'), body: { display_name: 'Wombat Warden' } }),
    );
    expect(await search('quokka k')).toEqual([]);
    expect(await search('wombat w')).toEqual([user.id]);
    expect(await search('quokka@')).toEqual([user.id]);
    const added = await call(t, 'POST', '/contact-channels', {
      headers: as(project, 'server'),
      body: { user_id: user.id, type: 'email', value: 'Numbat@Example.net', used_for_auth: false },
    });
    expect(added.status).toBe(201);
    expect(await search('numbat@example')).toEqual([user.id]);
    expectOk(await call(t, 'DELETE', `/contact-channels/${user.id}/${added.json.id}`, { headers: as(project, 'server') }));
    expect(await search('numbat@example')).toEqual([]);
    expectOk(await call(t, 'DELETE', `/users/${user.id}`, { headers: as(project, 'server') }));
    expect(await search('wombat w')).toEqual([]);
  });

  test('two characters still match anywhere (no trigram covers them)', async () => {
    expect((await search('Öl')).sort()).toEqual([users.umlaut.id]);
  });

  test('query combines with limit and cursor', async () => {
    const res = expectOk(await call(t, 'GET', '/users?query=real&limit=1', { headers: as(project, 'server') }));
    expect(res.items).toHaveLength(1);
    expect(res.pagination.next_cursor).not.toBeNull();
    const next = expectOk(
      await call(t, 'GET', `/users?query=real&limit=1&cursor=${res.pagination.next_cursor}`, { headers: as(project, 'server') }),
    );
    expect(next.pagination.next_cursor).toBeNull();
    expect([res.items[0].id, next.items[0].id].sort()).toEqual([users.percent.id, users.thousand.id].sort());
  });
});

describe('GET/PATCH/DELETE /users/{id} of users the caller cannot see', () => {
  const targets: [string, () => string][] = [
    ['another project’s user', () => otherUser.user_id],
    ['an unknown id', () => unknownUuid()],
  ];
  for (const [name, id] of targets) {
    test(`${name} → USER_NOT_FOUND (404) on GET, PATCH and DELETE`, async () => {
      const userId = id();
      expectKnownError(await call(t, 'GET', `/users/${userId}`, { headers: as(demo, 'server') }), 404, 'USER_NOT_FOUND');
      expectKnownError(await patch(userId, { display_name: 'hijacked' }), 404, 'USER_NOT_FOUND');
      expectKnownError(await call(t, 'DELETE', `/users/${userId}`, { headers: as(demo, 'server') }), 404, 'USER_NOT_FOUND');
    });
  }

  test('the other project’s user is untouched', async () => {
    const view = await getUser(t, other, otherUser.user_id);
    expect(view.display_name).toBeNull();
    await expectRefreshWorks(t, other, otherUser.refresh_token);
  });

  test('a non-uuid id → SCHEMA_ERROR', async () => {
    expectSchemaError(await call(t, 'GET', '/users/not-a-uuid', { headers: as(demo, 'server') }));
  });
});

describe('PATCH /users/{id}', () => {
  test('a password change ends every session of the user', async () => {
    const user = await signUp(t, demo, uniqueEmail('pw-change'));
    const b = await signIn(t, demo, user.email, user.password);
    const view = expectOk(await patch(user.user_id, { password: 'server set pw' }));
    expectUserView(view, 'server');
    expect(view.has_password).toBe(true);
    await expectRefreshRefused(t, demo, user.refresh_token);
    await expectRefreshRefused(t, demo, b.refresh_token);
    expectKnownError(await signInCall(t, demo, user.email, goodPassword), 400, 'EMAIL_PASSWORD_MISMATCH');
    expect((await signIn(t, demo, user.email, 'server set pw')).user_id).toBe(user.user_id);
  });

  test('password null removes the password and ends every session', async () => {
    const user = await signUp(t, demo, uniqueEmail('pw-null'));
    const view = expectOk(await patch(user.user_id, { password: null }));
    expect(view.has_password).toBe(false);
    expect(view.auth_with_email).toBe(false);
    await expectRefreshRefused(t, demo, user.refresh_token);
    expectKnownError(await signInCall(t, demo, user.email, goodPassword), 400, 'EMAIL_PASSWORD_MISMATCH');
  });

  test('changes that do not touch the password keep the sessions', async () => {
    const user = await signUp(t, demo, uniqueEmail('no-pw-change'));
    const view = expectOk(
      await patch(user.user_id, { display_name: 'Renamed', server_metadata: { x: 1 }, client_read_only_metadata: [1] }),
    );
    expect(view).toMatchObject({ display_name: 'Renamed', server_metadata: { x: 1 }, client_read_only_metadata: [1] });
    await expectRefreshWorks(t, demo, user.refresh_token);
  });

  test('setting a password while password auth is disabled → 400 text, unchanged', async () => {
    const project = await makeProject(t, 'Patch password off');
    const user = await signUp(t, project, uniqueEmail('patch-off'));
    await setProjectConfig(t, project, { credential_enabled: false });
    const before = await getUser(t, project, user.user_id);
    expectTextError(
      await patch(user.user_id, { password: 'another password' }, project),
      400,
      'Password auth not enabled in the project',
    );
    expect(await getUser(t, project, user.user_id)).toEqual(before);
    await expectRefreshWorks(t, project, user.refresh_token);
  });

  test('display_name "" is stored as null', async () => {
    const user = await createUser(t, demo, { display_name: 'Before' });
    expect(expectOk(await patch(user.id, { display_name: '' })).display_name).toBeNull();
    expect((await getUser(t, demo, user.id)).display_name).toBeNull();
  });

  test('a new primary email resets verification and moves sign-in to it', async () => {
    const user = await signUp(t, demo, uniqueEmail('email-change'));
    expect(expectOk(await patch(user.user_id, { primary_email_verified: true })).primary_email_verified).toBe(true);
    const newEmail = uniqueEmail('email-changed');
    const view = expectOk(await patch(user.user_id, { primary_email: newEmail }));
    expect(view).toMatchObject({ primary_email: newEmail, primary_email_verified: false, primary_email_auth_enabled: true });
    expect((await signIn(t, demo, newEmail, goodPassword)).user_id).toBe(user.user_id);
    expectKnownError(await signInCall(t, demo, user.email, goodPassword), 400, 'EMAIL_PASSWORD_MISMATCH');
    // The old address is free for someone else now.
    await signUp(t, demo, user.email);
  });

  test('a new primary email with primary_email_verified true stays verified', async () => {
    const user = await createUser(t, demo, { primary_email: uniqueEmail('v1') });
    const newEmail = uniqueEmail('v2');
    const view = expectOk(await patch(user.id, { primary_email: newEmail, primary_email_verified: true }));
    expect(view).toMatchObject({ primary_email: newEmail, primary_email_verified: true });
  });

  test('the same primary email again keeps verification', async () => {
    const email = uniqueEmail('same');
    const user = await createUser(t, demo, { primary_email: email, primary_email_verified: true });
    expect(expectOk(await patch(user.id, { primary_email: email })).primary_email_verified).toBe(true);
  });

  test('primary_email null removes the email (and sign-in with it)', async () => {
    const user = await signUp(t, demo, uniqueEmail('email-null'));
    const view = expectOk(await patch(user.user_id, { primary_email: null }));
    expect(view).toMatchObject({ primary_email: null, primary_email_verified: false, primary_email_auth_enabled: false });
    expect(await getUser(t, demo, user.user_id)).toMatchObject({ primary_email: null });
    expectKnownError(await signInCall(t, demo, user.email, goodPassword), 400, 'EMAIL_PASSWORD_MISMATCH');
  });

  test('primary_email_auth_enabled false stops password sign-in with the email; true restores it', async () => {
    const user = await signUp(t, demo, uniqueEmail('auth-toggle'));
    expect(expectOk(await patch(user.user_id, { primary_email_auth_enabled: false })).primary_email_auth_enabled).toBe(false);
    expectKnownError(await signInCall(t, demo, user.email, goodPassword), 400, 'EMAIL_PASSWORD_MISMATCH');
    expect(expectOk(await patch(user.user_id, { primary_email_auth_enabled: true })).primary_email_auth_enabled).toBe(true);
    expect((await signIn(t, demo, user.email, goodPassword)).user_id).toBe(user.user_id);
  });

  test('enabling auth on a contact email another user signs in with → USER_EMAIL_ALREADY_EXISTS, unchanged', async () => {
    const contact = await createUser(t, demo, { primary_email: holder.email, primary_email_auth_enabled: false });
    const before = await getUser(t, demo, contact.id);
    expectKnownError(await patch(contact.id, { primary_email_auth_enabled: true }), 409, 'USER_EMAIL_ALREADY_EXISTS');
    expect(await getUser(t, demo, contact.id)).toEqual(before);
    expect((await signIn(t, demo, holder.email, goodPassword)).user_id).toBe(holder.user_id);
  });

  describe('refused updates leave the user and its sessions as they were', () => {
    let user: SignedIn;
    beforeAll(async () => {
      user = await signUp(t, demo, uniqueEmail('patch-refusals'));
    });

    const rows: { name: string; body: () => unknown; level?: 'client'; check: (r: ApiResult) => void }[] = [
      {
        name: 'primary email used for auth by another user → USER_EMAIL_ALREADY_EXISTS',
        body: () => ({ primary_email: holder.email }),
        check: (r) => expectKnownError(r, 409, 'USER_EMAIL_ALREADY_EXISTS'),
      },
      {
        name: 'the same, together with a password change (the session revocation is rolled back too)',
        body: () => ({ primary_email: holder.email, password: 'would revoke' }),
        check: (r) => expectKnownError(r, 409, 'USER_EMAIL_ALREADY_EXISTS'),
      },
      {
        name: 'primary_email null with primary_email_verified true → 400 text',
        body: () => ({ primary_email: null, primary_email_verified: true }),
        check: (r) => expectTextError(r, 400, 'primary_email_verified cannot be true without primary_email'),
      },
      {
        name: 'the same with a password and a display name → 400 text',
        body: () => ({ primary_email: null, primary_email_auth_enabled: true, password: 'would revoke', display_name: 'No' }),
        check: (r) => expectTextError(r, 400, 'primary_email_auth_enabled cannot be true without primary_email'),
      },
      {
        name: 'passkey_auth_enabled true → 400 text',
        body: () => ({ passkey_auth_enabled: true, display_name: 'No' }),
        check: (r) =>
          expectTextError(r, 400, 'Cannot manually enable passkey auth, it is enabled iff there is a passkey auth method'),
      },
      refusedField('unknown field', 'nickname', 'x'),
      refusedField('primary_email empty', 'primary_email', ''),
      refusedField('password a number', 'password', 12345678),
      {
        name: 'client key → INSUFFICIENT_ACCESS_TYPE',
        body: () => ({ display_name: 'No' }),
        level: 'client',
        check: (r) =>
          expectKnownError(r, 401, 'INSUFFICIENT_ACCESS_TYPE', {
            actual_access_type: 'client',
            allowed_access_types: ['server', 'admin'],
          }),
      },
    ];

    for (const row of rows) {
      test(row.name, async () => {
        const before = await getUser(t, demo, user.user_id);
        row.check(await patch(user.user_id, row.body(), demo, row.level ?? 'server'));
        expect(await getUser(t, demo, user.user_id)).toEqual(before);
        const refreshed = await expectRefreshWorks(t, demo, user.refresh_token);
        expect(refreshed.length).toBeGreaterThan(0);
      });
    }

    test('after all the refusals the user still signs in with the original password and email', async () => {
      expect((await signIn(t, demo, user.email, goodPassword)).user_id).toBe(user.user_id);
      expect((await signIn(t, demo, holder.email, goodPassword)).user_id).toBe(holder.user_id);
    });
  });
});

describe('DELETE /users/{id}', () => {
  for (const [name, body] of [
    ['without body', undefined],
    ['with {} body (as the SDK sends it)', {}],
  ] as const) {
    test(`${name}: success; refresh refused, the live access token has no user`, async () => {
      const user = await signUp(t, demo, uniqueEmail('delete'));
      const second = await signIn(t, demo, user.email, goodPassword);
      const res = await call(t, 'DELETE', `/users/${user.user_id}`, { headers: as(demo, 'server'), body });
      expect(expectOk(res)).toEqual({ success: true });

      await expectRefreshRefused(t, demo, user.refresh_token);
      await expectRefreshRefused(t, demo, second.refresh_token);
      expectKnownError(
        await call(t, 'GET', '/users/me', { headers: as(demo, 'client', user.access_token) }),
        400,
        'CANNOT_GET_OWN_USER_WITHOUT_USER',
      );
      // A valid token of a deleted user is not an error where no user is needed.
      expectOk(await call(t, 'GET', '/projects/current', { headers: as(demo, 'client', user.access_token) }));
      expectKnownError(await call(t, 'GET', `/users/${user.user_id}`, { headers: as(demo, 'server') }), 404, 'USER_NOT_FOUND');
      expectKnownError(await call(t, 'DELETE', `/users/${user.user_id}`, { headers: as(demo, 'server') }), 404, 'USER_NOT_FOUND');
      expect((await listAllUsers(t, demo)).map((u) => u.id)).not.toContain(user.user_id);
      expectKnownError(
        await call(t, 'POST', '/auth/sessions', { headers: as(demo, 'server'), body: { user_id: user.user_id } }),
        400,
        'USER_ID_DOES_NOT_EXIST',
      );
      // The email is free again.
      const again = await signUp(t, demo, user.email);
      expect(again.user_id).not.toBe(user.user_id);
    });
  }
});

describe('last_active_at_millis', () => {
  test('moves forward when the session is refreshed; signed_up_at does not', async () => {
    const user = await signUp(t, demo, uniqueEmail('active'));
    const before = await getUser(t, demo, user.user_id);
    expect(before.last_active_at_millis).toBeGreaterThanOrEqual(before.signed_up_at_millis);
    const restore = shiftClock(t, 60_000);
    try {
      await expectRefreshWorks(t, demo, user.refresh_token);
    } finally {
      restore();
    }
    const after = await getUser(t, demo, user.user_id);
    expect(after.last_active_at_millis).toBeGreaterThanOrEqual(before.last_active_at_millis + 60_000);
    expect(after.signed_up_at_millis).toBe(before.signed_up_at_millis);
  });

  test('a server-created session counts as activity too', async () => {
    const user = await createUser(t, demo, {});
    const restore = shiftClock(t, 120_000);
    try {
      await createSessionFor(t, demo, user.id);
    } finally {
      restore();
    }
    expect((await getUser(t, demo, user.id)).last_active_at_millis).toBeGreaterThanOrEqual(user.signed_up_at_millis + 120_000);
  });
});

describe('client key on the server users API → INSUFFICIENT_ACCESS_TYPE, nothing changes', () => {
  let victim: any;
  beforeAll(async () => {
    victim = await createUser(t, demo, { display_name: 'Protected' });
  });
  const rows: [string, string, () => string, unknown][] = [
    ['GET /users', 'GET', () => '/users', undefined],
    ['POST /users', 'POST', () => '/users', { display_name: 'Client made' }],
    ['GET /users/{id}', 'GET', () => `/users/${victim.id}`, undefined],
    ['PATCH /users/{id}', 'PATCH', () => `/users/${victim.id}`, { display_name: 'Client changed' }],
    ['DELETE /users/{id}', 'DELETE', () => `/users/${victim.id}`, undefined],
  ];
  for (const [name, method, path, body] of rows) {
    test(name, async () => {
      const before = await listAllUsers(t, demo);
      const res = await call(t, method, path(), { headers: as(demo, 'client'), body });
      expectKnownError(res, 401, 'INSUFFICIENT_ACCESS_TYPE', {
        actual_access_type: 'client',
        allowed_access_types: ['server', 'admin'],
      });
      expect(await listAllUsers(t, demo)).toEqual(before);
    });
  }

  test('admin key is accepted wherever the server key is', async () => {
    const res = await call(t, 'GET', `/users/${victim.id}`, { headers: as(demo, 'admin') });
    expect(expectOk(res).display_name).toBe('Protected');
  });
});
