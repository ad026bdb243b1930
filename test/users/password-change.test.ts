// POST /auth/password/update and /auth/password/set: errors in Stack's order,
// which sessions survive a change, and setting a first password.
import { beforeAll, describe, expect, test } from 'bun:test';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import type { ApiResult, TestInstance } from '../support/instance';
import {
  as,
  call,
  createSessionFor,
  createUser,
  expectKnownError,
  expectNoUserSchemaError,
  expectOk,
  expectRefreshRefused,
  expectRefreshWorks,
  expectSchemaError,
  expectTextError,
  getUser,
  goodPassword,
  makeProject,
  setProjectConfig,
  signIn,
  signUp,
  uniqueEmail,
  type SignedIn,
} from '../support/user-views';
import { withInstance } from '../support/file-instance';

let t: TestInstance, demo: BootstrappedProject;

withInstance((started) => ({ t, demo } = started));

function updatePassword(
  project: BootstrappedProject,
  body: unknown,
  options: { accessToken?: string; refreshToken?: string } = {},
): Promise<ApiResult> {
  const headers = as(project, 'client', options.accessToken);
  if (options.refreshToken !== undefined) headers['x-stack-refresh-token'] = options.refreshToken;
  return call(t, 'POST', '/auth/password/update', { headers, body });
}

/** `refreshToken` names the caller's session, as the SDK does on every call that has one. */
function setPassword(
  project: BootstrappedProject,
  body: unknown,
  accessToken?: string,
  refreshToken?: string,
): Promise<ApiResult> {
  const headers = as(project, 'client', accessToken);
  if (refreshToken !== undefined) headers['x-stack-refresh-token'] = refreshToken;
  return call(t, 'POST', '/auth/password/set', { headers, body });
}

async function signInStatus(project: BootstrappedProject, email: string, password: string): Promise<ApiResult> {
  return call(t, 'POST', '/auth/password/sign-in', { headers: as(project, 'client'), body: { email, password } });
}

describe('POST /auth/password/update refusals: nothing changes', () => {
  let user: SignedIn, second: SignedIn;
  beforeAll(async () => {
    user = await signUp(t, demo, uniqueEmail('update-refusals'));
    second = await signIn(t, demo, user.email, user.password);
  });

  const rows: { name: string; body: unknown; withToken?: boolean; check: (res: ApiResult) => void }[] = [
    {
      name: 'wrong old password → PASSWORD_CONFIRMATION_MISMATCH',
      body: { old_password: 'not my password', new_password: 'brand new password' },
      check: (r) => expectKnownError(r, 400, 'PASSWORD_CONFIRMATION_MISMATCH'),
    },
    {
      name: 'old password in another case → PASSWORD_CONFIRMATION_MISMATCH',
      body: { old_password: goodPassword.toUpperCase(), new_password: 'brand new password' },
      check: (r) => expectKnownError(r, 400, 'PASSWORD_CONFIRMATION_MISMATCH'),
    },
    {
      name: '7-char new password → PASSWORD_TOO_SHORT {min_length: 8}',
      body: { old_password: goodPassword, new_password: 'seven77' },
      check: (r) => expectKnownError(r, 400, 'PASSWORD_TOO_SHORT', { min_length: 8 }),
    },
    {
      name: 'short new and wrong old → PASSWORD_TOO_SHORT first',
      body: { old_password: 'not my password', new_password: 'short' },
      check: (r) => expectKnownError(r, 400, 'PASSWORD_TOO_SHORT', { min_length: 8 }),
    },
    {
      name: '257-char new password → PASSWORD_TOO_LONG {maxLength: 256}',
      body: { old_password: goodPassword, new_password: 'y'.repeat(257) },
      check: (r) => expectKnownError(r, 400, 'PASSWORD_TOO_LONG', { maxLength: 256 }),
    },
    {
      name: 'no access token → SCHEMA_ERROR',
      body: { old_password: goodPassword, new_password: 'brand new password' },
      withToken: false,
      check: (r) => expectNoUserSchemaError(r),
    },
    {
      name: 'missing new_password → SCHEMA_ERROR',
      body: { old_password: goodPassword },
      check: (r) => expectSchemaError(r, 'new_password'),
    },
    {
      name: 'unknown field → SCHEMA_ERROR',
      body: { old_password: goodPassword, new_password: 'brand new password', confirm: 'brand new password' },
      check: (r) => expectSchemaError(r, 'confirm'),
    },
  ];

  for (const row of rows) {
    test(row.name, async () => {
      const before = await getUser(t, demo, user.user_id);
      const res = await updatePassword(demo, row.body, {
        accessToken: row.withToken === false ? undefined : user.access_token,
        refreshToken: user.refresh_token,
      });
      row.check(res);
      expect(await getUser(t, demo, user.user_id)).toEqual(before);
      // Both sessions survive a refused change.
      await expectRefreshWorks(t, demo, user.refresh_token);
      await expectRefreshWorks(t, demo, second.refresh_token);
    });
  }

  test('the old password still signs in and the rejected new ones do not', async () => {
    expect((await signIn(t, demo, user.email, goodPassword)).user_id).toBe(user.user_id);
    expectKnownError(await signInStatus(demo, user.email, 'brand new password'), 400, 'EMAIL_PASSWORD_MISMATCH');
  });
});

describe('POST /auth/password/update success', () => {
  /** `user` changes goodPassword to 'the new password', naming `keptRefreshToken` as the session to keep. */
  async function changePasswordKeeping(user: SignedIn, keptRefreshToken?: string): Promise<void> {
    const res = await updatePassword(
      demo,
      { old_password: goodPassword, new_password: 'the new password' },
      { accessToken: user.access_token, refreshToken: keptRefreshToken },
    );
    expect(expectOk(res)).toEqual({ success: true });
  }

  test('keeps the session named in X-Stack-Refresh-Token and ends the user’s other sessions', async () => {
    const user = await signUp(t, demo, uniqueEmail('update-keep'));
    const b = await signIn(t, demo, user.email, user.password);
    const c = await signIn(t, demo, user.email, user.password);
    const bystander = await signUp(t, demo, uniqueEmail('bystander'));

    await changePasswordKeeping(user, user.refresh_token);

    await expectRefreshWorks(t, demo, user.refresh_token);
    await expectRefreshRefused(t, demo, b.refresh_token);
    await expectRefreshRefused(t, demo, c.refresh_token);
    await expectRefreshWorks(t, demo, bystander.refresh_token);

    expectKnownError(await signInStatus(demo, user.email, goodPassword), 400, 'EMAIL_PASSWORD_MISMATCH');
    expect((await signIn(t, demo, user.email, 'the new password')).user_id).toBe(user.user_id);
  });

  test('keeping a session other than the caller’s own', async () => {
    const user = await signUp(t, demo, uniqueEmail('update-keep-other'));
    const b = await signIn(t, demo, user.email, user.password);
    await changePasswordKeeping(user, b.refresh_token);
    await expectRefreshWorks(t, demo, b.refresh_token);
    await expectRefreshRefused(t, demo, user.refresh_token);
  });

  test('a refresh token of another user in the header keeps none of this user’s sessions and leaves that user alone', async () => {
    const user = await signUp(t, demo, uniqueEmail('update-foreign-keep'));
    const someoneElse = await signUp(t, demo, uniqueEmail('someone-else'));
    await changePasswordKeeping(user, someoneElse.refresh_token);
    await expectRefreshRefused(t, demo, user.refresh_token);
    await expectRefreshWorks(t, demo, someoneElse.refresh_token);
    expect((await signIn(t, demo, someoneElse.email, goodPassword)).user_id).toBe(someoneElse.user_id);
  });

  test('without X-Stack-Refresh-Token every session of the user ends', async () => {
    const user = await signUp(t, demo, uniqueEmail('update-all'));
    const b = await signIn(t, demo, user.email, user.password);
    await changePasswordKeeping(user);
    await expectRefreshRefused(t, demo, user.refresh_token);
    await expectRefreshRefused(t, demo, b.refresh_token);
    expect((await signIn(t, demo, user.email, 'the new password')).user_id).toBe(user.user_id);
  });

  test('server access with a user token works too', async () => {
    const user = await signUp(t, demo, uniqueEmail('update-server'));
    const res = await call(t, 'POST', '/auth/password/update', {
      headers: { ...as(demo, 'server', user.access_token), 'x-stack-refresh-token': user.refresh_token },
      body: { old_password: goodPassword, new_password: 'server side new' },
    });
    expect(expectOk(res)).toEqual({ success: true });
    expect((await signIn(t, demo, user.email, 'server side new')).user_id).toBe(user.user_id);
  });
});

describe('users without a password', () => {
  let email: string, userId: string;
  let tokens: { access_token: string; refresh_token: string };
  beforeAll(async () => {
    email = uniqueEmail('nopassword');
    userId = (await createUser(t, demo, { primary_email: email, primary_email_auth_enabled: true })).id;
    tokens = await createSessionFor(t, demo, userId);
  });

  test('update → USER_DOES_NOT_HAVE_PASSWORD', async () => {
    const res = await updatePassword(
      demo,
      { old_password: 'anything at all', new_password: 'brand new password' },
      {
        accessToken: tokens.access_token,
      },
    );
    expectKnownError(res, 400, 'USER_DOES_NOT_HAVE_PASSWORD');
    expect((await getUser(t, demo, userId)).has_password).toBe(false);
  });

  test('update with a short new password → PASSWORD_TOO_SHORT before USER_DOES_NOT_HAVE_PASSWORD', async () => {
    const res = await updatePassword(
      demo,
      { old_password: 'anything at all', new_password: 'short' },
      {
        accessToken: tokens.access_token,
      },
    );
    expectKnownError(res, 400, 'PASSWORD_TOO_SHORT', { min_length: 8 });
  });

  const setRefusals: { name: string; body: unknown; withToken?: boolean; check: (res: ApiResult) => void }[] = [
    {
      name: '7-char password → PASSWORD_TOO_SHORT',
      body: { password: 'seven77' },
      check: (r) => expectKnownError(r, 400, 'PASSWORD_TOO_SHORT', { min_length: 8 }),
    },
    {
      name: '257-char password → PASSWORD_TOO_LONG',
      body: { password: 'z'.repeat(257) },
      check: (r) => expectKnownError(r, 400, 'PASSWORD_TOO_LONG', { maxLength: 256 }),
    },
    {
      name: 'no access token → SCHEMA_ERROR',
      body: { password: 'first password' },
      withToken: false,
      check: (r) => expectNoUserSchemaError(r),
    },
    { name: 'missing password → SCHEMA_ERROR', body: {}, check: (r) => expectSchemaError(r, 'password') },
    {
      name: 'unknown field → SCHEMA_ERROR',
      body: { password: 'first password', old_password: 'x' },
      check: (r) => expectSchemaError(r, 'old_password'),
    },
  ];
  for (const row of setRefusals) {
    test(`set: ${row.name}; still no password`, async () => {
      const before = await getUser(t, demo, userId);
      row.check(await setPassword(demo, row.body, row.withToken === false ? undefined : tokens.access_token));
      expect(await getUser(t, demo, userId)).toEqual(before);
      expect(before.has_password).toBe(false);
    });
  }

  test('set works, the password signs in, and a second set → 400 text "User already has a password set."', async () => {
    const res = await setPassword(demo, { password: 'first password' }, tokens.access_token, tokens.refresh_token);
    expect(expectOk(res)).toEqual({ success: true });
    const after = await getUser(t, demo, userId);
    expect(after.has_password).toBe(true);
    expect(after.auth_with_email).toBe(true);
    expect((await signIn(t, demo, email, 'first password')).user_id).toBe(userId);
    // Setting does not end the session it was called from (other sessions end: see
    // password-replacement.test.ts).
    await expectRefreshWorks(t, demo, tokens.refresh_token);

    const again = await setPassword(demo, { password: 'second password' }, tokens.access_token);
    expectTextError(again, 400, 'User already has a password set.');
    expect((await signIn(t, demo, email, 'first password')).user_id).toBe(userId);
    expectKnownError(await signInStatus(demo, email, 'second password'), 400, 'EMAIL_PASSWORD_MISMATCH');
  });

  test('set for a user who signed up with a password → 400 text', async () => {
    const user = await signUp(t, demo, uniqueEmail('has-password'));
    expectTextError(
      await setPassword(demo, { password: 'another password' }, user.access_token),
      400,
      'User already has a password set.',
    );
    expect((await signIn(t, demo, user.email, goodPassword)).user_id).toBe(user.user_id);
  });
});

describe('password auth disabled in the project', () => {
  test('update and set → PASSWORD_AUTHENTICATION_NOT_ENABLED, nothing changes', async () => {
    const project = await makeProject(t, 'Password changes off');
    const user = await signUp(t, project, uniqueEmail('off'));
    const noPassword = await createUser(t, project, { primary_email: uniqueEmail('off-nopw'), primary_email_auth_enabled: true });
    const noPasswordTokens = await createSessionFor(t, project, noPassword.id);
    await setProjectConfig(t, project, { credential_enabled: false });

    expectKnownError(
      await updatePassword(project, { old_password: goodPassword, new_password: 'short' }, { accessToken: user.access_token }),
      400,
      'PASSWORD_AUTHENTICATION_NOT_ENABLED',
    );
    expectKnownError(
      await setPassword(project, { password: 'first password' }, noPasswordTokens.access_token),
      400,
      'PASSWORD_AUTHENTICATION_NOT_ENABLED',
    );
    expect((await getUser(t, project, noPassword.id)).has_password).toBe(false);

    await setProjectConfig(t, project, { credential_enabled: true });
    expect((await signIn(t, project, user.email, goodPassword)).user_id).toBe(user.user_id);
    await expectRefreshWorks(t, project, user.refresh_token);
  });
});

describe("the no-user SCHEMA_ERROR message has Stack's format", () => {
  for (const [path, body] of [
    ['/auth/password/update', { old_password: goodPassword, new_password: 'brand new password' }],
    ['/auth/password/set', { password: 'first password' }],
  ] as const) {
    test(`POST ${path} without a user → "Request validation failed on POST /api/v1${path}:" + "  - …auth.user must be defined…"`, async () => {
      const res = await call(t, 'POST', path, { headers: as(demo, 'client'), body });
      const message = expectSchemaError(res);
      const lines = message.split('\n');
      expect(lines[0]).toBe(`Request validation failed on POST /api/v1${path}:`);
      expect(lines.slice(1).some((line) => line.startsWith('  - ') && line.includes('auth.user must be defined'))).toBe(true);
    });
  }
});
