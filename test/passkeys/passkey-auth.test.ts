// Passkeys over the wire: register with a software authenticator's real attestation, sign in with
// its real assertions, and the refusals — untrusted origin, replayed assertion, expired challenge,
// removed passkey — plus the second factor for users with TOTP.
import { expect, test } from 'bun:test';
import type { TestInstance } from '../support/instance';
import { assertCredential, createCredential } from '../support/software-authenticator';
import {
  appOrigin,
  as,
  call,
  expectKnownError,
  expectMfaRequired,
  expectOk,
  getMe,
  initiateAuthentication,
  initiateRegistration,
  makeProject,
  mfaSignIn,
  newTotpSecret,
  passkeyProject,
  passkeySignInCall,
  registerCall,
  registerPasskey,
  setProjectConfig,
  setTotpSecretAsClient,
  signInWithPasskey,
  signUp,
  totpAt,
} from '../support/passkeys';
import { withInstance } from '../support/file-instance';

let t: TestInstance;

withInstance((started) => ({ t } = started));

/** How many passkeys are stored for a user or a project (PostgreSQL counts come back as text). */
async function storedPasskeys(column: 'user_id' | 'project_id', id: string): Promise<number> {
  const [row] = await t.rows(`select count(*) as n from passkeys where ${column} = ?`, id);
  return Number(row!.n);
}

test('register a passkey, then sign in with it; the options carry the SDK sentinel RP id', async () => {
  const project = await passkeyProject(t, 'Passkeys happy');
  const user = await signUp(t, project, { callbackUrl: null });
  expect((await getMe(t, project, user.access_token)).passkey_auth_enabled).toBe(false);

  const registration = await initiateRegistration(t, project, user.access_token);
  expect(registration.code).toHaveLength(45);
  expect(registration.options_json.rp.id).toBe('THIS_VALUE_WILL_BE_REPLACED.example.com');
  expect(registration.options_json.authenticatorSelection.residentKey).toBe('required');
  expect(registration.options_json.timeout).toBe(60_000);
  const { credential, response } = createCredential(registration.options_json, appOrigin);
  const registered = expectOk(
    await registerCall(t, project, user.access_token, { credential: response, code: registration.code }),
  );
  expect(typeof registered.user_handle).toBe('string');
  expect((await getMe(t, project, user.access_token)).passkey_auth_enabled).toBe(true);

  // Only the public key is stored.
  const [row] = await t.rows('select * from passkeys where user_id = ?', user.user_id);
  expect(row!.public_key_base64url).toBe(Buffer.from(credential.publicKeyCose).toString('base64url'));
  expect(row!.rp_id).toBe('localhost');

  const authentication = await initiateAuthentication(t, project);
  expect(authentication.options_json.rpId).toBe('THIS_VALUE_WILL_BE_REPLACED.example.com');
  expect(authentication.options_json.allowCredentials).toEqual([]);
  const signedIn = expectOk(
    await passkeySignInCall(t, project, {
      authentication_response: assertCredential(credential, authentication.options_json, appOrigin),
      code: authentication.code,
    }),
  );
  expect(signedIn.user_id).toBe(user.user_id);
  expect((await getMe(t, project, signedIn.access_token)).id).toBe(user.user_id);
  expect(Number((await t.rows('select sign_count from passkeys where user_id = ?', user.user_id))[0]!.sign_count)).toBe(1);
});

test('passkeys off: the initiate endpoints answer PASSKEY_AUTHENTICATION_NOT_ENABLED', async () => {
  const project = await makeProject(t, 'Passkeys off');
  const user = await signUp(t, project, { callbackUrl: null });
  for (const path of ['/auth/passkey/initiate-passkey-registration', '/auth/passkey/initiate-passkey-authentication']) {
    expectKnownError(
      await call(t, 'POST', path, { headers: as(project, 'client', user.access_token), body: {} }),
      400,
      'PASSKEY_AUTHENTICATION_NOT_ENABLED',
    );
  }
});

test('initiating registration without a signed-in user is a SCHEMA_ERROR', async () => {
  const project = await passkeyProject(t, 'Passkeys no user');
  expectKnownError(
    await call(t, 'POST', '/auth/passkey/initiate-passkey-registration', { headers: as(project, 'client'), body: {} }),
    400,
    'SCHEMA_ERROR',
  );
});

test('a ceremony at an untrusted origin is refused; a trusted domain works with its host as RP id', async () => {
  const project = await passkeyProject(t, 'Passkeys origins');
  await setProjectConfig(t, project, {
    allow_localhost: false,
    domains: [{ domain: 'https://app.example.com', handler_path: '/handler' }],
  });
  const user = await signUp(t, project, { callbackUrl: null });

  const atLocalhost = await initiateRegistration(t, project, user.access_token);
  const local = createCredential(atLocalhost.options_json, appOrigin);
  expectKnownError(
    await registerCall(t, project, user.access_token, { credential: local.response, code: atLocalhost.code }),
    400,
    'PASSKEY_AUTHENTICATION_FAILED',
  );
  const atEvil = await initiateRegistration(t, project, user.access_token);
  const evil = createCredential(atEvil.options_json, 'https://app.example.com.evil.org');
  expectKnownError(
    await registerCall(t, project, user.access_token, { credential: evil.response, code: atEvil.code }),
    400,
    'PASSKEY_AUTHENTICATION_FAILED',
  );
  expect(await storedPasskeys('user_id', user.user_id)).toBe(0);

  const credential = await registerPasskey(t, project, user.access_token, 'https://app.example.com');
  expect(credential.rpId).toBe('app.example.com');
  // Signed at another origin, the assertion is refused even though the key is right.
  expectKnownError(
    await signInWithPasskey(t, project, credential, 'https://other.example.com'),
    400,
    'PASSKEY_AUTHENTICATION_FAILED',
  );
  expect(expectOk(await signInWithPasskey(t, project, credential, 'https://app.example.com')).user_id).toBe(user.user_id);
});

test('a replayed assertion is refused: same code already used, new code fails the challenge and the counter', async () => {
  const project = await passkeyProject(t, 'Passkeys replay');
  const user = await signUp(t, project, { callbackUrl: null });
  const credential = await registerPasskey(t, project, user.access_token);

  const first = await initiateAuthentication(t, project);
  const assertion = assertCredential(credential, first.options_json, appOrigin);
  expectOk(await passkeySignInCall(t, project, { authentication_response: assertion, code: first.code }));
  expectKnownError(
    await passkeySignInCall(t, project, { authentication_response: assertion, code: first.code }),
    409,
    'VERIFICATION_CODE_ALREADY_USED',
  );
  const second = await initiateAuthentication(t, project);
  expectKnownError(
    await passkeySignInCall(t, project, { authentication_response: assertion, code: second.code }),
    400,
    'PASSKEY_AUTHENTICATION_FAILED',
  );
  // A fresh signature whose counter did not grow (a cloned authenticator) is refused too.
  const third = await initiateAuthentication(t, project);
  const stale = assertCredential(credential, third.options_json, appOrigin, { counter: credential.counter });
  expectKnownError(
    await passkeySignInCall(t, project, { authentication_response: stale, code: third.code }),
    400,
    'PASSKEY_AUTHENTICATION_FAILED',
  );
  expect(expectOk(await signInWithPasskey(t, project, credential)).user_id).toBe(user.user_id);
});

test('a challenge older than 65 seconds is expired', async () => {
  const project = await passkeyProject(t, 'Passkeys expiry');
  const user = await signUp(t, project, { callbackUrl: null });
  const credential = await registerPasskey(t, project, user.access_token);
  const realClock = t.ctx.clock;
  try {
    const registration = await initiateRegistration(t, project, user.access_token);
    const authentication = await initiateAuthentication(t, project);
    const later = realClock.now() + 66_000;
    t.ctx.clock = { now: () => later };
    const { response } = createCredential(registration.options_json, appOrigin);
    expectKnownError(
      await registerCall(t, project, user.access_token, { credential: response, code: registration.code }),
      400,
      'VERIFICATION_CODE_EXPIRED',
    );
    expectKnownError(
      await passkeySignInCall(t, project, {
        authentication_response: assertCredential(credential, authentication.options_json, appOrigin),
        code: authentication.code,
      }),
      400,
      'VERIFICATION_CODE_EXPIRED',
    );
  } finally {
    t.ctx.clock = realClock;
  }
});

test('passkey_auth_enabled: false removes the passkeys; signing in with one then fails', async () => {
  const project = await passkeyProject(t, 'Passkeys removal');
  const user = await signUp(t, project, { callbackUrl: null });
  const credential = await registerPasskey(t, project, user.access_token);
  const updated = expectOk(
    await call(t, 'PATCH', '/users/me', {
      headers: as(project, 'client', user.access_token),
      body: { passkey_auth_enabled: false },
    }),
  );
  expect(updated.passkey_auth_enabled).toBe(false);
  expect(await storedPasskeys('user_id', user.user_id)).toBe(0);
  expectKnownError(await signInWithPasskey(t, project, credential), 400, 'PASSKEY_AUTHENTICATION_FAILED');
});

test('a user with TOTP gets the MFA challenge after the passkey, and the TOTP step finishes the sign-in', async () => {
  const project = await passkeyProject(t, 'Passkeys MFA');
  const user = await signUp(t, project, { callbackUrl: null });
  const credential = await registerPasskey(t, project, user.access_token);
  const secret = newTotpSecret();
  expectOk(await setTotpSecretAsClient(t, project, user.access_token, secret.base64));

  const attemptCode = expectMfaRequired(await signInWithPasskey(t, project, credential));
  const finished = expectOk(await mfaSignIn(t, project, attemptCode, totpAt(t, secret)));
  expect(finished.user_id).toBe(user.user_id);
});

test('malformed or tampered responses get known errors, and nothing is stored', async () => {
  const project = await passkeyProject(t, 'Passkeys garbage');
  const user = await signUp(t, project, { callbackUrl: null });
  const other = await signUp(t, project, { callbackUrl: null });

  const empty = await initiateRegistration(t, project, user.access_token);
  expectKnownError(
    await registerCall(t, project, user.access_token, { credential: {}, code: empty.code }),
    400,
    'PASSKEY_AUTHENTICATION_FAILED',
  );

  const broken = await initiateRegistration(t, project, user.access_token);
  const made = createCredential(broken.options_json, appOrigin);
  (made.response.response as Record<string, unknown>).attestationObject = 'AAAA';
  expectKnownError(
    await registerCall(t, project, user.access_token, { credential: made.response, code: broken.code }),
    400,
    'PASSKEY_REGISTRATION_FAILED',
  );
  // The failed verification used the code up.
  expectKnownError(
    await registerCall(t, project, user.access_token, { credential: made.response, code: broken.code }),
    409,
    'VERIFICATION_CODE_ALREADY_USED',
  );

  // A registration started by one user cannot be finished by another.
  const started = await initiateRegistration(t, project, user.access_token);
  const theirs = createCredential(started.options_json, appOrigin);
  expectKnownError(
    await registerCall(t, project, other.access_token, { credential: theirs.response, code: started.code }),
    400,
    'PASSKEY_REGISTRATION_FAILED',
  );
  expect(await storedPasskeys('project_id', project.projectId)).toBe(0);

  const credential = await registerPasskey(t, project, user.access_token);
  const challenge = await initiateAuthentication(t, project);
  const assertion = assertCredential(credential, challenge.options_json, appOrigin);
  const signature = Buffer.from((assertion.response as any).signature, 'base64url');
  signature[signature.length - 1]! ^= 1;
  (assertion.response as any).signature = signature.toString('base64url');
  expectKnownError(
    await passkeySignInCall(t, project, { authentication_response: assertion, code: challenge.code }),
    400,
    'PASSKEY_AUTHENTICATION_FAILED',
  );
  const noBody = await initiateAuthentication(t, project);
  expectKnownError(
    await passkeySignInCall(t, project, { authentication_response: {}, code: noBody.code }),
    400,
    'PASSKEY_AUTHENTICATION_FAILED',
  );
  expectKnownError(
    await passkeySignInCall(t, project, { authentication_response: {}, code: 'x'.repeat(44) }),
    400,
    'SCHEMA_ERROR',
  );
});
