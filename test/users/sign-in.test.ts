// Password sign-in: success, the one indistinguishable mismatch error, email matching
// whatever the letters' case, the project switch, and importing bcrypt hashes through POST /users that are
// rehashed to argon2id after the first successful sign-in.
import { beforeAll, describe, expect, test } from 'bun:test';
import { decodeJwt } from 'jose';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import type { ApiResult, TestInstance } from '../support/instance';
import {
  as,
  call,
  createUser,
  expectKnownError,
  expectOk,
  expectRefreshWorks,
  expectTextError,
  getUser,
  goodPassword,
  listAllUsers,
  makeProject,
  refreshTokenPattern,
  setProjectConfig,
  signIn,
  signUp,
  uniqueEmail,
  type SignedIn,
} from '../support/user-views';
import { withInstance } from '../support/file-instance';

let t: TestInstance, demo: BootstrappedProject, alice: SignedIn;

withInstance(async (started) => {
  ({ t, demo } = started);
  alice = await signUp(t, demo, uniqueEmail('Alice.Mixed'), goodPassword);
});

function signInRequest(project: BootstrappedProject, body: unknown): Promise<ApiResult> {
  return call(t, 'POST', '/auth/password/sign-in', { headers: as(project, 'client'), body });
}

async function storedHash(userId: string): Promise<string | null> {
  const [row] = (await t.rows('select password_hash from users where id = ?', userId)) as { password_hash: string | null }[];
  return row!.password_hash;
}

describe('sign-in happy path', () => {
  test('answers exactly {access_token, refresh_token, user_id} for the right user', async () => {
    const res = await signInRequest(demo, { email: alice.email, password: goodPassword });
    const body = expectOk(res, 200);
    expect(Object.keys(body).sort()).toEqual(['access_token', 'refresh_token', 'user_id']);
    expect(body.user_id).toBe(alice.user_id);
    expect(body.refresh_token).toMatch(refreshTokenPattern);
    expect(decodeJwt(body.access_token).sub).toBe(alice.user_id);
  });

  test('each sign-in is a new session; the earlier ones keep working', async () => {
    const first = await signIn(t, demo, alice.email, goodPassword);
    const second = await signIn(t, demo, alice.email, goodPassword);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(first.refresh_token).not.toBe(alice.refresh_token);
    for (const rt of [alice.refresh_token, first.refresh_token, second.refresh_token]) {
      expect(decodeJwt(await expectRefreshWorks(t, demo, rt)).sub).toBe(alice.user_id);
    }
  });

  test('the returned access token reads the user on GET /users/me', async () => {
    const session = await signIn(t, demo, alice.email, goodPassword);
    const me = expectOk(await call(t, 'GET', '/users/me', { headers: as(demo, 'client', session.access_token) }));
    expect(me.id).toBe(alice.user_id);
  });
});

describe('every mismatch is the identical EMAIL_PASSWORD_MISMATCH', () => {
  let reference: ApiResult, noPasswordEmail: string, contactOnlyEmail: string;

  beforeAll(async () => {
    reference = await signInRequest(demo, { email: alice.email, password: 'wrong password!' });
    noPasswordEmail = uniqueEmail('nopw');
    await createUser(t, demo, { primary_email: noPasswordEmail, primary_email_auth_enabled: true });
    contactOnlyEmail = uniqueEmail('contact');
    await createUser(t, demo, { primary_email: contactOnlyEmail, primary_email_auth_enabled: false, password: goodPassword });
  });

  test('wrong password → EMAIL_PASSWORD_MISMATCH (400, no details)', () => {
    expectKnownError(reference, 400, 'EMAIL_PASSWORD_MISMATCH');
    expect(reference.json.details).toBeUndefined();
    expect(reference.json.error).toBe('Wrong e-mail or password.');
  });

  const rows: { name: string; body: () => { email: string; password: string } }[] = [
    { name: 'unknown email', body: () => ({ email: uniqueEmail('nobody'), password: goodPassword }) },
    { name: 'unknown email, wrong password', body: () => ({ email: uniqueEmail('nobody'), password: 'wrong password!' }) },
    { name: 'password with a trailing space', body: () => ({ email: alice.email, password: goodPassword + ' ' }) },
    { name: 'password in another case', body: () => ({ email: alice.email, password: goodPassword.toUpperCase() }) },
    { name: 'empty password', body: () => ({ email: alice.email, password: '' }) },
    { name: 'auth email of a user without a password', body: () => ({ email: noPasswordEmail, password: goodPassword }) },
    {
      name: 'email that is a user’s contact but not used for sign-in',
      body: () => ({ email: contactOnlyEmail, password: goodPassword }),
    },
  ];
  for (const row of rows) {
    test(`${row.name} → same status, headers and body as a wrong password`, async () => {
      const res = await signInRequest(demo, row.body());
      expectKnownError(res, 400, 'EMAIL_PASSWORD_MISMATCH');
      expect(res.text).toBe(reference.text);
      expect(res.headers.get('x-stack-known-error')).toBe(reference.headers.get('x-stack-known-error'));
      expect(res.headers.get('content-type')).toBe(reference.headers.get('content-type'));
    });
  }

  test('the email matching Alice’s exactly still works after all the mismatches', async () => {
    expect((await signIn(t, demo, alice.email, goodPassword)).user_id).toBe(alice.user_id);
  });
});

test('an address in other letter case is the same account: it signs in, cannot sign up again, and keeps its spelling', async () => {
  const typed = await signUp(t, demo, uniqueEmail('Twin.Case'), 'typed password 1');
  for (const spelling of [typed.email.toLowerCase(), typed.email.toUpperCase()]) {
    expect((await signIn(t, demo, spelling, 'typed password 1')).user_id).toBe(typed.user_id);
    const again = await call(t, 'POST', '/auth/password/sign-up', {
      headers: as(demo, 'client'),
      body: { email: spelling, password: 'other password 1' },
    });
    expectKnownError(again, 409, 'USER_EMAIL_ALREADY_EXISTS');
  }
  expect((await getUser(t, demo, typed.user_id)).primary_email).toBe(typed.email);
  const twins = (await listAllUsers(t, demo)).filter((user) => user.primary_email?.toLowerCase() === typed.email.toLowerCase());
  expect(twins).toHaveLength(1);
});

describe('sign-in while password auth is disabled', () => {
  test('PASSWORD_AUTHENTICATION_NOT_ENABLED even with the right password; works again when re-enabled', async () => {
    const project = await makeProject(t, 'Sign-in toggled');
    const user = await signUp(t, project);
    await setProjectConfig(t, project, { credential_enabled: false });
    for (const password of [goodPassword, 'wrong password!']) {
      expectKnownError(await signInRequest(project, { email: user.email, password }), 400, 'PASSWORD_AUTHENTICATION_NOT_ENABLED');
    }
    expectKnownError(
      await signInRequest(project, { email: uniqueEmail('nobody'), password: goodPassword }),
      400,
      'PASSWORD_AUTHENTICATION_NOT_ENABLED',
    );
    await setProjectConfig(t, project, { credential_enabled: true });
    expect((await signIn(t, project, user.email, goodPassword)).user_id).toBe(user.user_id);
  });

  test('sign-up being disabled does not affect sign-in', async () => {
    const project = await makeProject(t, 'Sign-up closed later');
    const user = await signUp(t, project);
    await setProjectConfig(t, project, { sign_up_enabled: false });
    expect((await signIn(t, project, user.email, goodPassword)).user_id).toBe(user.user_id);
  });
});

test('a user of another project cannot sign in here', async () => {
  const other = await makeProject(t, 'Other');
  const user = await signUp(t, other);
  expectKnownError(await signInRequest(demo, { email: user.email, password: goodPassword }), 400, 'EMAIL_PASSWORD_MISMATCH');
  expect((await signIn(t, other, user.email, goodPassword)).user_id).toBe(user.user_id);
});

describe('schema errors on sign-in', () => {
  const rows: [string, unknown, string][] = [
    ['missing password', { email: 'a@example.com' }, 'password'],
    ['missing email', { password: goodPassword }, 'email'],
    ['unknown field', { email: 'a@example.com', password: goodPassword, remember: true }, 'remember'],
    ['email not a string', { email: 42, password: goodPassword }, 'email'],
  ];
  for (const [name, body, fragment] of rows) {
    test(`${name} → SCHEMA_ERROR`, async () => {
      const res = await signInRequest(demo, body);
      expectKnownError(res, 400, 'SCHEMA_ERROR');
      expect(res.json.error).toContain(fragment);
    });
  }
});

describe('bcrypt import through POST /users', () => {
  for (const prefix of ['$2a$', '$2b$', '$2y$']) {
    test(`a ${prefix} hash signs in, then is stored as argon2id`, async () => {
      const password = `imported ${prefix} pw`;
      const hash = (await Bun.password.hash(password, { algorithm: 'bcrypt', cost: 4 })).replace(/^\$2[aby]\$/, prefix);
      expect(hash).toStartWith(prefix);
      const email = uniqueEmail('bcrypt');
      const created = await createUser(t, demo, {
        primary_email: email,
        primary_email_auth_enabled: true,
        password_hash: hash,
      });
      expect(created.has_password).toBe(true);
      expect(created.auth_with_email).toBe(true);
      expect(await storedHash(created.id)).toBe(hash);

      // A wrong password neither signs in nor replaces the imported hash.
      expectKnownError(await signInRequest(demo, { email, password: 'not the password' }), 400, 'EMAIL_PASSWORD_MISMATCH');
      expect(await storedHash(created.id)).toBe(hash);

      const session = await signIn(t, demo, email, password);
      expect(session.user_id).toBe(created.id);
      const rehashed = (await storedHash(created.id))!;
      expect(rehashed).toStartWith('$argon2id$');
      expect(await Bun.password.verify(password, rehashed)).toBe(true);

      // Still the same password afterwards, through the new hash.
      expect((await signIn(t, demo, email, password)).user_id).toBe(created.id);
      expectKnownError(await signInRequest(demo, { email, password: 'not the password' }), 400, 'EMAIL_PASSWORD_MISMATCH');
      expect((await getUser(t, demo, created.id)).has_password).toBe(true);
    });
  }

  test('a standard bcrypt hash of a password over 72 bytes signs in (bcrypt keys on the first 72 bytes)', async () => {
    // 40 Cyrillic letters: 80 UTF-8 bytes, 40 characters (within Stack's 70-character schema).
    // Standard bcrypt (node bcrypt, Stack, other providers) hashes only the first 72 bytes, so
    // the hash another provider stored for it is the bcrypt hash of its first 36 letters.
    const password = 'д'.repeat(40);
    const first72Bytes = 'д'.repeat(36);
    expect(new TextEncoder().encode(first72Bytes)).toHaveLength(72);
    const hash = await Bun.password.hash(first72Bytes, { algorithm: 'bcrypt', cost: 4 });
    const email = uniqueEmail('bcrypt-long');
    const created = await createUser(t, demo, { primary_email: email, primary_email_auth_enabled: true, password_hash: hash });
    const res = await signInRequest(demo, { email, password });
    expect(expectOk(res).user_id).toBe(created.id);
    expect(await storedHash(created.id)).toStartWith('$argon2id$');
  });

  test('an argon2id hash from elsewhere is accepted and signs in', async () => {
    const password = 'argon imported pw';
    const hash = await Bun.password.hash(password, { algorithm: 'argon2id', memoryCost: 4096, timeCost: 1 });
    const email = uniqueEmail('argon');
    const created = await createUser(t, demo, { primary_email: email, primary_email_auth_enabled: true, password_hash: hash });
    expect((await signIn(t, demo, email, password)).user_id).toBe(created.id);
    expect(await storedHash(created.id)).toStartWith('$argon2id$');
  });

  test('PATCH /users/{id} with password_hash replaces the password', async () => {
    const user = await signUp(t, demo);
    const hash = await Bun.password.hash('patched via hash', { algorithm: 'bcrypt', cost: 4 });
    const res = await call(t, 'PATCH', `/users/${user.user_id}`, { headers: as(demo, 'server'), body: { password_hash: hash } });
    expect(expectOk(res).has_password).toBe(true);
    expectKnownError(await signInRequest(demo, { email: user.email, password: goodPassword }), 400, 'EMAIL_PASSWORD_MISMATCH');
    expect((await signIn(t, demo, user.email, 'patched via hash')).user_id).toBe(user.user_id);
  });
});

describe('refused password hashes: 400 text, nothing stored', () => {
  const invalidHashText = "Invalid password hash. Make sure it's a supported algorithm in Modular Crypt Format.";
  let validBcrypt: string;
  beforeAll(async () => {
    validBcrypt = await Bun.password.hash('whatever123', { algorithm: 'bcrypt', cost: 4 });
  });

  const invalid: [string, () => string][] = [
    ['plain text', () => 'password123'],
    ['empty string', () => ''],
    ['bcrypt missing its hash part', () => validBcrypt.slice(0, 29)],
    ['bcrypt one character short', () => validBcrypt.slice(0, -1)],
    ['bcrypt with a trailing newline', () => validBcrypt + '\n'],
    ['bcrypt with an unknown version $2x$', () => validBcrypt.replace(/^\$2b\$/, '$2x$')],
    ['md5-crypt', () => '$1$saltsalt$qjXMvbEw8oaL.CzflDugX/'],
    ['sha512-crypt', () => '$6$rounds=5000$saltsalt$' + 'a'.repeat(86)],
    ['argon2id without its hash', () => '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ'],
    // Each sign-in attempt would verify it at that cost: Stack refuses bcrypt past 16 rounds too.
    ['bcrypt with 17 rounds (Stack’s example)', () => '$2a$17$VIhIOofSMqGdGlL4wzE//e.77dAQGqNtF/1dT7bqCrVtQuInWy2qi'],
    ['bcrypt with 31 rounds', () => validBcrypt.replace(/^\$2b\$04\$/, '$2b$31$')],
    ['argon2id asking 4 GiB of memory', () => '$argon2id$v=19$m=4194304,t=2,p=1$c2FsdHNhbHQ$' + 'A'.repeat(43)],
    ['argon2id asking 1,000 passes', () => '$argon2id$v=19$m=19456,t=1000,p=1$c2FsdHNhbHQ$' + 'A'.repeat(43)],
    ['hex digest', () => 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
  ];

  for (const [name, hash] of invalid) {
    test(`POST /users with ${name} → 400 text`, async () => {
      const before = await listAllUsers(t, demo);
      const res = await call(t, 'POST', '/users', {
        headers: as(demo, 'server'),
        body: { primary_email: uniqueEmail('badhash'), primary_email_auth_enabled: true, password_hash: hash() },
      });
      expectTextError(res, 400, invalidHashText);
      expect(await listAllUsers(t, demo)).toEqual(before);
    });
  }

  test('PATCH /users/{id} with an invalid hash → 400 text; password and sessions unchanged', async () => {
    const user = await signUp(t, demo);
    const before = await getUser(t, demo, user.user_id);
    const hashBefore = await storedHash(user.user_id);
    const res = await call(t, 'PATCH', `/users/${user.user_id}`, {
      headers: as(demo, 'server'),
      body: { password_hash: 'not-a-hash', display_name: 'Should not stick' },
    });
    expectTextError(res, 400, invalidHashText);
    expect(await getUser(t, demo, user.user_id)).toEqual(before);
    expect(await storedHash(user.user_id)).toBe(hashBefore);
    await expectRefreshWorks(t, demo, user.refresh_token);
  });

  const bothText = 'Cannot set both password and password_hash at the same time.';
  test('POST /users with password and password_hash → 400 text, nothing created', async () => {
    const before = await listAllUsers(t, demo);
    const res = await call(t, 'POST', '/users', {
      headers: as(demo, 'server'),
      body: { primary_email: uniqueEmail('both'), password: goodPassword, password_hash: validBcrypt },
    });
    expectTextError(res, 400, bothText);
    expect(await listAllUsers(t, demo)).toEqual(before);
  });

  test('PATCH /users/{id} with password and password_hash → 400 text, unchanged', async () => {
    const user = await signUp(t, demo);
    const before = await getUser(t, demo, user.user_id);
    const res = await call(t, 'PATCH', `/users/${user.user_id}`, {
      headers: as(demo, 'server'),
      body: { password: 'another pass 1', password_hash: validBcrypt },
    });
    expectTextError(res, 400, bothText);
    expect(await getUser(t, demo, user.user_id)).toEqual(before);
    expect((await signIn(t, demo, user.email, goodPassword)).user_id).toBe(user.user_id);
  });
});
