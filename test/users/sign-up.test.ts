// Password sign-up and the access token it returns, verified against
// the project's published JWKS; refusals in Stack's order of checks.
import { beforeAll, describe, expect, test } from 'bun:test';
import { createRemoteJWKSet, decodeJwt, decodeProtectedHeader, importJWK, jwtVerify } from 'jose';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { startTestInstance, type TestInstance } from '../support/instance';
import {
  as,
  call,
  createUser,
  expectKnownError,
  expectOk,
  expectSchemaError,
  expectTextError,
  getUser,
  goodPassword,
  listAllUsers,
  makeProject,
  refreshTokenPattern,
  setProjectConfig,
  signIn,
  signUp,
  tokenIssuer,
  uniqueEmail,
  unknownUuid,
  uuidPattern,
  type SignedIn,
} from '../support/user-views';
import { withInstance } from '../support/file-instance';

let t: TestInstance, demo: BootstrappedProject, credentialOff: BootstrappedProject, signUpOff: BootstrappedProject;
let allOff: BootstrappedProject, other: BootstrappedProject;
/** An account in demo, signed up once for the duplicate-email rows. */
let existing: SignedIn;
/** An auth email that exists in the sign-up-disabled project. */
let signUpOffExistingEmail: string;

withInstance(async (started) => {
  ({ t, demo } = started);
  other = await makeProject(t, 'Other project');
  credentialOff = await makeProject(t, 'Credential off');
  signUpOff = await makeProject(t, 'Sign-up off');
  allOff = await makeProject(t, 'All off');
  await setProjectConfig(t, credentialOff, { credential_enabled: false });
  await setProjectConfig(t, signUpOff, { sign_up_enabled: false });
  await setProjectConfig(t, allOff, { credential_enabled: false, sign_up_enabled: false });
  existing = await signUp(t, demo);
  signUpOffExistingEmail = uniqueEmail('closed');
  await createUser(t, signUpOff, { primary_email: signUpOffExistingEmail, primary_email_auth_enabled: true });
});

function signUpRequest(project: BootstrappedProject, body: unknown) {
  return call(t, 'POST', '/auth/password/sign-up', { headers: as(project, 'client'), body });
}

describe('sign-up happy path', () => {
  let result: SignedIn, res: Awaited<ReturnType<typeof signUpRequest>>;
  const email = uniqueEmail('happy');
  const before = Date.now();

  beforeAll(async () => {
    res = await signUpRequest(demo, {
      email,
      password: goodPassword,
      verification_callback_url: 'http://localhost:3000/handler/email-verification',
    });
    result = { ...res.json, email, password: goodPassword };
  });

  test('answers 200 with exactly access_token, refresh_token and user_id', () => {
    const body = expectOk(res, 200);
    expect(Object.keys(body).sort()).toEqual(['access_token', 'refresh_token', 'user_id']);
    expect(body.user_id).toMatch(uuidPattern);
    expect(body.refresh_token).toMatch(refreshTokenPattern);
    expect(body.access_token.split('.')).toHaveLength(3);
  });

  test('the access token header is ES256 with a kid', () => {
    const header = decodeProtectedHeader(result.access_token);
    expect(header.alg).toBe('ES256');
    expect(typeof header.kid).toBe('string');
    expect(header.kid!.length).toBeGreaterThan(0);
  });

  test('the access token claims are Stack’s plus authd’s session id (sid), with a 600 s default lifetime', () => {
    const claims = decodeJwt(result.access_token);
    expect(Object.keys(claims).sort()).toEqual(['aud', 'branchId', 'exp', 'iat', 'iss', 'sid', 'sub']);
    expect(claims.sid).toMatch(uuidPattern);
    expect(claims.iss).toBe(tokenIssuer);
    expect(claims.sub).toBe(result.user_id);
    expect(claims.aud).toBe(demo.projectId);
    expect(claims.branchId).toBe('main');
    expect(Number.isInteger(claims.iat)).toBe(true);
    expect(claims.iat! * 1000).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 - 5000);
    expect(claims.iat! * 1000).toBeLessThanOrEqual(Date.now() + 5000);
    expect(claims.exp).toBe(claims.iat! + 600);
  });

  test('the signature verifies with jose.createRemoteJWKSet on the project’s JWKS URL', async () => {
    const jwks = createRemoteJWKSet(new URL(`${t.url}/api/v1/projects/${demo.projectId}/.well-known/jwks.json`));
    const { payload, protectedHeader } = await jwtVerify(result.access_token, jwks, {
      issuer: tokenIssuer,
      audience: demo.projectId,
      algorithms: ['ES256'],
    });
    expect(payload.sub).toBe(result.user_id);
    expect(protectedHeader.kid).toBe(decodeProtectedHeader(result.access_token).kid);
  });

  test('the JWKS needs no headers and publishes one public EC P-256 key with the token’s kid', async () => {
    const res = await call(t, 'GET', `/projects/${demo.projectId}/.well-known/jwks.json`);
    const body = expectOk(res);
    expect(Object.keys(body)).toEqual(['keys']);
    expect(body.keys).toHaveLength(1);
    const key = body.keys[0];
    expect(key).toMatchObject({ kty: 'EC', alg: 'ES256', crv: 'P-256', kid: decodeProtectedHeader(result.access_token).kid });
    expect(typeof key.x).toBe('string');
    expect(typeof key.y).toBe('string');
    // Only the public part: no private scalar.
    expect(key.d).toBeUndefined();
    const publicKey = await importJWK(key, 'ES256');
    const { payload } = await jwtVerify(result.access_token, publicKey, { issuer: tokenIssuer, audience: demo.projectId });
    expect(payload.sub).toBe(result.user_id);
  });

  test('another project’s JWKS does not verify this project’s token', async () => {
    const res = await call(t, 'GET', `/projects/${other.projectId}/.well-known/jwks.json`);
    const body = expectOk(res);
    expect(body.keys).toHaveLength(1);
    expect(body.keys[0].kid).not.toBe(decodeProtectedHeader(result.access_token).kid);
    const otherKey = await importJWK(body.keys[0], 'ES256');
    await expect(jwtVerify(result.access_token, otherKey)).rejects.toThrow();
  });

  test('the token identifies the new user on GET /users/me', async () => {
    const me = expectOk(await call(t, 'GET', '/users/me', { headers: as(demo, 'client', result.access_token) }));
    expect(me.id).toBe(result.user_id);
    expect(me.primary_email).toBe(email);
  });

  test('the user is stored with an unverified auth email and a password', async () => {
    const user = await getUser(t, demo, result.user_id);
    expect(user).toMatchObject({
      id: result.user_id,
      primary_email: email,
      primary_email_verified: false,
      primary_email_auth_enabled: true,
      has_password: true,
      auth_with_email: true,
      display_name: null,
      otp_auth_enabled: false,
      requires_totp_mfa: false,
      selected_team_id: null,
      selected_team: null,
    });
    expect(user.signed_up_at_millis).toBeGreaterThanOrEqual(before - 1000);
    expect(user.signed_up_at_millis).toBeLessThanOrEqual(Date.now() + 1000);
  });

  test('the refresh token works with the refresh grant', async () => {
    const res = await call(t, 'POST', '/auth/oauth/token', {
      rawBody: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: result.refresh_token,
        client_id: demo.projectId,
        client_secret: demo.keys.publishable_client_key!,
      }).toString(),
      contentType: 'application/x-www-form-urlencoded;charset=UTF-8',
    });
    expect(res.status).toBe(200);
    expect(decodeJwt(res.json.access_token).sub).toBe(result.user_id);
  });
});

describe('JWKS of an unknown project', () => {
  for (const [name, id] of [
    ['random uuid', unknownUuid()],
    ['not a uuid', 'no-such-project'],
  ] as const) {
    test(`${name} → 404 text "Project not found"`, async () => {
      expectTextError(await call(t, 'GET', `/projects/${id}/.well-known/jwks.json`), 404, 'Project not found');
    });
  }
});

test('a configured access-token lifetime sets exp = iat + lifetime', async () => {
  const short = await startTestInstance({ settings: { accessTokenLifetimeMillis: 120_000 } });
  try {
    const res = await callSignUp(short, short.demo!);
    const claims = decodeJwt(res.access_token);
    expect(claims.exp).toBe(claims.iat! + 120);
  } finally {
    await short.stop();
  }
});

async function callSignUp(instance: TestInstance, project: BootstrappedProject) {
  const res = await call(instance, 'POST', '/auth/password/sign-up', {
    headers: as(project, 'client'),
    body: { email: uniqueEmail('lifetime'), password: goodPassword },
  });
  return expectOk(res);
}

describe('password length boundaries accepted (8 to 256 characters)', () => {
  for (const length of [8, 256]) {
    test(`${length} characters signs up and then signs in`, async () => {
      // Varied characters, so the strength check (test/users/password-strength.test.ts) lets both through.
      const password = Array.from({ length }, (_, i) => 'Kq7!vZ2#mW9$'[i % 12]).join('');
      const created = await signUp(t, demo, uniqueEmail(`len${length}`), password);
      const again = await signIn(t, demo, created.email, password);
      expect(again.user_id).toBe(created.user_id);
    });
  }
});

test('an untrusted verification_callback_url does not affect sign-up', async () => {
  const res = await signUpRequest(demo, {
    email: uniqueEmail('untrusted-callback'),
    password: goodPassword,
    verification_callback_url: 'https://evil.example.net/verify',
  });
  expect(Object.keys(expectOk(res)).sort()).toEqual(['access_token', 'refresh_token', 'user_id']);
});

test('an email held by another user but not used for sign-in does not block sign-up', async () => {
  const email = uniqueEmail('contact-only');
  const holder = await createUser(t, demo, { primary_email: email, primary_email_auth_enabled: false });
  const created = await signUp(t, demo, email);
  expect(created.user_id).not.toBe(holder.id);
  expect((await getUser(t, demo, created.user_id)).primary_email_auth_enabled).toBe(true);
});

test('toggling credential_enabled through PATCH /projects/current switches sign-up off and on', async () => {
  const project = await makeProject(t, 'Toggled');
  await signUp(t, project);
  await setProjectConfig(t, project, { credential_enabled: false });
  expectKnownError(
    await signUpRequest(project, { email: uniqueEmail('toggled'), password: goodPassword }),
    400,
    'PASSWORD_AUTHENTICATION_NOT_ENABLED',
  );
  await setProjectConfig(t, project, { credential_enabled: true });
  await signUp(t, project);
  expect(await listAllUsers(t, project)).toHaveLength(2);
});

interface RefusalRow {
  name: string;
  project: () => BootstrappedProject;
  body: () => unknown;
  expectError: (res: Awaited<ReturnType<typeof signUpRequest>>) => void;
}

const short = 'seven77';
const long = 'x'.repeat(257);

const refusals: RefusalRow[] = [
  // 1. password auth enabled?
  ...[
    ['good password', goodPassword],
    ['7-char password', short],
    ['257-char password', long],
  ].map(([what, password]) => ({
    name: `credential disabled, ${what} → PASSWORD_AUTHENTICATION_NOT_ENABLED`,
    project: () => credentialOff,
    body: () => ({ email: uniqueEmail(), password }),
    expectError: (res: any) => expectKnownError(res, 400, 'PASSWORD_AUTHENTICATION_NOT_ENABLED'),
  })),
  {
    name: 'credential and sign-up disabled, short password → PASSWORD_AUTHENTICATION_NOT_ENABLED first',
    project: () => allOff,
    body: () => ({ email: uniqueEmail(), password: short }),
    expectError: (res) => expectKnownError(res, 400, 'PASSWORD_AUTHENTICATION_NOT_ENABLED'),
  },
  // 2. password length
  ...[
    ['7 chars', short],
    ['empty', ''],
  ].map(([what, password]) => ({
    name: `password ${what} → PASSWORD_TOO_SHORT {min_length: 8}`,
    project: () => demo,
    body: () => ({ email: uniqueEmail(), password }),
    expectError: (res: any) => expectKnownError(res, 400, 'PASSWORD_TOO_SHORT', { min_length: 8 }),
  })),
  {
    name: 'password 257 chars → PASSWORD_TOO_LONG {maxLength: 256}',
    project: () => demo,
    body: () => ({ email: uniqueEmail(), password: long }),
    expectError: (res) => expectKnownError(res, 400, 'PASSWORD_TOO_LONG', { maxLength: 256 }),
  },
  // The length is refused before what the project or the address would refuse.
  ...(
    [
      ['sign-up disabled, short password', () => signUpOff, () => uniqueEmail(), short, 'SIGN_UP_NOT_ENABLED'],
      ['sign-up disabled, long password', () => signUpOff, () => uniqueEmail(), long, 'SIGN_UP_NOT_ENABLED'],
      ['existing email, short password', () => demo, () => existing.email, short, 'USER_EMAIL_ALREADY_EXISTS'],
    ] as const
  ).map(([what, project, email, password, laterRefusal]) => {
    const tooShort = password === short;
    return {
      name: `${what} → ${tooShort ? 'PASSWORD_TOO_SHORT' : 'PASSWORD_TOO_LONG'} before ${laterRefusal}`,
      project,
      body: () => ({ email: email(), password }),
      expectError: (res: any) =>
        tooShort
          ? expectKnownError(res, 400, 'PASSWORD_TOO_SHORT', { min_length: 8 })
          : expectKnownError(res, 400, 'PASSWORD_TOO_LONG', { maxLength: 256 }),
    };
  }),
  // 3. sign-up enabled?
  {
    name: 'sign-up disabled → SIGN_UP_NOT_ENABLED',
    project: () => signUpOff,
    body: () => ({ email: uniqueEmail(), password: goodPassword }),
    expectError: (res) => expectKnownError(res, 400, 'SIGN_UP_NOT_ENABLED'),
  },
  {
    name: 'sign-up disabled, existing auth email → SIGN_UP_NOT_ENABLED before USER_EMAIL_ALREADY_EXISTS',
    project: () => signUpOff,
    body: () => ({ email: signUpOffExistingEmail, password: goodPassword }),
    expectError: (res) => expectKnownError(res, 400, 'SIGN_UP_NOT_ENABLED'),
  },
  // 4. create the user
  {
    name: 'same email again → USER_EMAIL_ALREADY_EXISTS (409)',
    project: () => demo,
    body: () => ({ email: existing.email, password: goodPassword }),
    expectError: (res) => expectKnownError(res, 409, 'USER_EMAIL_ALREADY_EXISTS'),
  },
  {
    name: 'same email again with another password → USER_EMAIL_ALREADY_EXISTS (409)',
    project: () => demo,
    body: () => ({ email: existing.email, password: 'a different password' }),
    expectError: (res) => expectKnownError(res, 409, 'USER_EMAIL_ALREADY_EXISTS'),
  },
  // Schema validation comes before the handler's checks.
  ...[
    ['not an email', 'not-an-email'],
    ['leading dot', '.leading@example.com'],
    ['one-letter top-level domain', 'user@example.c'],
    ['no domain', 'user@'],
    ['empty', ''],
  ].map(([what, email]) => ({
    name: `invalid email (${what}) → SCHEMA_ERROR`,
    project: () => demo,
    body: () => ({ email, password: goodPassword }),
    expectError: (res: any) => expectSchemaError(res, 'email'),
  })),
  {
    name: 'invalid email on a credential-disabled project → SCHEMA_ERROR (schema first)',
    project: () => credentialOff,
    body: () => ({ email: '.leading@example.com', password: goodPassword }),
    expectError: (res) => expectSchemaError(res, 'email'),
  },
  {
    name: 'missing password → SCHEMA_ERROR',
    project: () => demo,
    body: () => ({ email: uniqueEmail() }),
    expectError: (res) => expectSchemaError(res, 'password'),
  },
  {
    name: 'missing email → SCHEMA_ERROR',
    project: () => demo,
    body: () => ({ password: goodPassword }),
    expectError: (res) => expectSchemaError(res, 'email'),
  },
  {
    name: 'password not a string → SCHEMA_ERROR',
    project: () => demo,
    body: () => ({ email: uniqueEmail(), password: 12345678 }),
    expectError: (res) => expectSchemaError(res, 'password'),
  },
  {
    name: 'unknown body field → SCHEMA_ERROR',
    project: () => demo,
    body: () => ({ email: uniqueEmail(), password: goodPassword, display_name: 'Sneaky' }),
    expectError: (res) => expectSchemaError(res, 'display_name'),
  },
  {
    name: 'verification_callback_url not a URL → SCHEMA_ERROR',
    project: () => demo,
    body: () => ({ email: uniqueEmail(), password: goodPassword, verification_callback_url: 'not a url' }),
    expectError: (res) => expectSchemaError(res, 'verification_callback_url'),
  },
  {
    name: 'body is an array → SCHEMA_ERROR',
    project: () => demo,
    body: () => [],
    expectError: (res) => expectSchemaError(res),
  },
];

describe('sign-up refusals, in Stack’s order of checks; nothing is created', () => {
  for (const row of refusals) {
    test(row.name, async () => {
      const project = row.project();
      const before = await listAllUsers(t, project);
      const body = row.body();
      const res = await signUpRequest(project, body);
      row.expectError(res);
      expect(await listAllUsers(t, project)).toEqual(before);
      // The refused email cannot sign in either (no account was made for it).
      const email = (body as { email?: unknown }).email;
      if (typeof email === 'string' && email !== existing.email && email !== signUpOffExistingEmail && email.includes('@')) {
        const signInRes = await call(t, 'POST', '/auth/password/sign-in', {
          headers: as(project, 'client'),
          body: { email, password: goodPassword },
        });
        expect(signInRes.status).toBe(400);
      }
    });
  }
});

test('concurrent sign-ups with one email: exactly one account, the others USER_EMAIL_ALREADY_EXISTS', async () => {
  const project = await makeProject(t, 'Race');
  const email = uniqueEmail('race');
  const results = await Promise.all([0, 1, 2].map(() => signUpRequest(project, { email, password: goodPassword })));
  const ok = results.filter((r) => r.status === 200);
  expect(ok).toHaveLength(1);
  for (const r of results.filter((r) => r.status !== 200)) expectKnownError(r, 409, 'USER_EMAIL_ALREADY_EXISTS');
  const users = await listAllUsers(t, project);
  expect(users.map((u) => u.id)).toEqual([ok[0]!.json.user_id]);
});

test('sign-up needs project auth: no access type → ACCESS_TYPE_REQUIRED', async () => {
  const res = await call(t, 'POST', '/auth/password/sign-up', { body: { email: uniqueEmail(), password: goodPassword } });
  expectKnownError(res, 400, 'ACCESS_TYPE_REQUIRED');
});
