// TOTP second factor through real HTTP: a secret set on the user turns it on, every
// sign-in path then answers MULTI_FACTOR_AUTHENTICATION_REQUIRED with an attempt code, and
// POST /auth/mfa/sign-in with a code computed by otpauth finishes it. Wrong, replayed and late
// codes are refused; tries are capped per attempt code and per user.
import { describe, expect, test } from 'bun:test';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { type TestInstance } from '../support/instance';
import { withMailInstance } from '../support/mail-instance';
import { type SmtpReceiver } from '../support/smtp-receiver';
import {
  enableMagicLink,
  expectSignInResponse,
  magicLinkProject,
  otpSignIn,
  receiveMagicLink,
  sendSignInCode,
} from '../support/magic-links';
import {
  as,
  call,
  expectInvalidTotp,
  expectKnownError,
  expectMfaRequired,
  expectOk,
  expectRefreshWorks,
  expectSchemaError,
  expectTextError,
  expectUserRequiresTotp,
  getMe,
  goodPassword,
  makeProject,
  mfaSignIn,
  newTotpSecret,
  setTotpSecretAsClient,
  setTotpSecretAsServer,
  shiftClock,
  signInCall,
  signUp,
  storedTotp,
  totpAt,
  wrongTotp,
  type SignedIn,
  type TotpSecret,
} from '../support/totp';
import { markEmailVerified } from '../support/accounts';

let t: TestInstance, smtp: SmtpReceiver;

withMailInstance((started) => ({ t, smtp } = started));

/** A password user of a fresh project with TOTP turned on by the user themselves. */
async function userWithTotp(name: string): Promise<{ project: BootstrappedProject; user: SignedIn; secret: TotpSecret }> {
  const project = await makeProject(t, name);
  const user = await signUp(t, project, { callbackUrl: null });
  const secret = newTotpSecret();
  const view = expectOk(await setTotpSecretAsClient(t, project, user.access_token, secret.base64));
  expect(view.requires_totp_mfa).toBe(true);
  return { project, user, secret };
}

async function passwordAttempt(project: BootstrappedProject, user: SignedIn): Promise<string> {
  return expectMfaRequired(await signInCall(t, project, user.email, user.password));
}

/** Runs `body` with the instance clock `steps` TOTP periods ahead. */
async function stepsLater<T>(steps: number, body: () => Promise<T>): Promise<T> {
  const restore = shiftClock(t, steps * 30_000);
  try {
    return await body();
  } finally {
    restore();
  }
}

describe('turning TOTP on and signing in with it', () => {
  test('password sign-in asks for the second factor; the attempt code plus the current TOTP finishes it', async () => {
    const { project, user, secret } = await userWithTotp('MFA basic');
    await expectUserRequiresTotp(t, project, user.user_id, true);
    const attempt = await passwordAttempt(project, user);

    // A wrong code leaves the attempt code usable.
    expectInvalidTotp(await mfaSignIn(t, project, attempt, wrongTotp(t, secret)));
    const tokens = expectSignInResponse(await mfaSignIn(t, project, attempt, totpAt(t, secret)), false);
    expect(tokens.user_id).toBe(user.user_id);
    const me = await getMe(t, project, tokens.access_token);
    expect(me.id).toBe(user.user_id);
    expect(me.requires_totp_mfa).toBe(true);
    await expectRefreshWorks(t, project, tokens.refresh_token);

    // The attempt code is used up; a refresh never asks for the second factor again.
    expectKnownError(await mfaSignIn(t, project, attempt, totpAt(t, secret, 1)), 409, 'VERIFICATION_CODE_ALREADY_USED');
  });

  test('the secret is stored sealed, and the server can turn TOTP on too', async () => {
    const project = await makeProject(t, 'MFA server');
    const user = await signUp(t, project, { callbackUrl: null });
    const secret = newTotpSecret();
    expect(expectOk(await setTotpSecretAsServer(t, project, user.user_id, secret.base64)).requires_totp_mfa).toBe(true);
    const stored = await storedTotp(t, user.user_id);
    expect(stored.secret).toStartWith('v1.');
    expect(stored.secret).not.toContain(secret.base64);
    expect(stored.requires).toBe(1);
    const attempt = await passwordAttempt(project, user);
    expectSignInResponse(await mfaSignIn(t, project, attempt, totpAt(t, secret)), false);
  });

  test('a code from the previous or next 30-second step is accepted (clock tolerance of one step)', async () => {
    const { project, user, secret } = await userWithTotp('MFA tolerance');
    expectSignInResponse(await mfaSignIn(t, project, await passwordAttempt(project, user), totpAt(t, secret, -1)), false);
    await stepsLater(2, async () => {
      expectSignInResponse(await mfaSignIn(t, project, await passwordAttempt(project, user), totpAt(t, secret, 1)), false);
    });
    await stepsLater(10, async () => {
      // Two steps away is too far.
      const attempt = await passwordAttempt(project, user);
      const farCode = totpAt(t, secret, -3);
      const near = [-1, 0, 1].map((offset) => totpAt(t, secret, offset));
      if (!near.includes(farCode)) expectInvalidTotp(await mfaSignIn(t, project, attempt, farCode));
      expectSignInResponse(await mfaSignIn(t, project, attempt, totpAt(t, secret)), false);
    });
  });

  test('turning it off with null restores plain sign-in', async () => {
    const { project, user, secret } = await userWithTotp('MFA off');
    const attempt = await passwordAttempt(project, user);
    const view = expectOk(await setTotpSecretAsClient(t, project, user.access_token, null));
    expect(view.requires_totp_mfa).toBe(false);
    expect(await storedTotp(t, user.user_id)).toEqual({ secret: null, requires: 0, lastStep: null });
    const direct = expectOk(await signInCall(t, project, user.email, user.password));
    expect(Object.keys(direct).sort()).toEqual(['access_token', 'refresh_token', 'user_id']);
    // An attempt begun while it was on cannot be finished without a secret: sign in again.
    expectInvalidTotp(await mfaSignIn(t, project, attempt, totpAt(t, secret)));
  });

  test('a secret given at user creation is stored but does not turn TOTP on', async () => {
    const project = await makeProject(t, 'MFA create');
    const secret = newTotpSecret();
    const created = expectOk(
      await call(t, 'POST', '/users', {
        headers: as(project, 'server'),
        body: {
          primary_email: 'created@example.com',
          primary_email_auth_enabled: true,
          password: goodPassword,
          totp_secret_base64: secret.base64,
        },
      }),
      201,
    );
    expect(created.requires_totp_mfa).toBe(false);
    expect((await storedTotp(t, created.id)).secret).toStartWith('v1.');
    expectOk(await signInCall(t, project, 'created@example.com', goodPassword));
  });

  test('invalid secrets are refused with a clear error and change nothing', async () => {
    const project = await makeProject(t, 'MFA bad secret');
    const user = await signUp(t, project, { callbackUrl: null });
    const message =
      'Invalid TOTP secret: totp_secret_base64 must be the standard base64 (with padding) of 16 to 64 random bytes; authenticator apps use 20.';
    for (const bad of [
      Buffer.alloc(10, 7).toString('base64'),
      Buffer.alloc(65, 7).toString('base64'),
      'AAAAAAAAAAAAAAAAAAAAAAAAAAA',
      '',
    ]) {
      expectTextError(await setTotpSecretAsClient(t, project, user.access_token, bad), 400, message);
      expectTextError(await setTotpSecretAsServer(t, project, user.user_id, bad), 400, message);
    }
    expectSchemaError(await setTotpSecretAsClient(t, project, user.access_token, 'not base64!'), 'totp_secret_base64');
    expectSchemaError(
      await setTotpSecretAsClient(t, project, user.access_token, 'AAAA-_AAAAAAAAAAAAAAAAAAAAA='),
      'totp_secret_base64',
    );
    expect(await storedTotp(t, user.user_id)).toEqual({ secret: null, requires: 0, lastStep: null });
    expectOk(await signInCall(t, project, user.email, user.password));
  });
});

describe('refusals', () => {
  test('a code already used in its time step is refused (no replay), and so is an older one', async () => {
    const { project, user, secret } = await userWithTotp('MFA replay');
    const code = totpAt(t, secret);
    expectSignInResponse(await mfaSignIn(t, project, await passwordAttempt(project, user), code), false);
    expect((await storedTotp(t, user.user_id)).lastStep).toBe(
      Math.floor(t.ctx.clock.now() / 30_000) + [-1, 0, 1].find((o) => totpAt(t, secret, o) === code)!,
    );

    const second = await passwordAttempt(project, user);
    expectInvalidTotp(await mfaSignIn(t, project, second, code));
    expectInvalidTotp(await mfaSignIn(t, project, second, totpAt(t, secret, -1)));
    // The next step's code is new and works, with the same attempt code.
    await stepsLater(1, async () => {
      expectSignInResponse(await mfaSignIn(t, project, second, totpAt(t, secret)), false);
    });
  });

  test('an attempt code older than 5 minutes is VERIFICATION_CODE_EXPIRED', async () => {
    const { project, user, secret } = await userWithTotp('MFA expiry');
    const attempt = await passwordAttempt(project, user);
    await stepsLater(9, async () => {
      // 4 min 30 s later it is still valid (a wrong code gets INVALID_TOTP_CODE, not EXPIRED) ...
      expectInvalidTotp(await mfaSignIn(t, project, attempt, wrongTotp(t, secret)));
    });
    const restore = shiftClock(t, 5 * 60_000 + 1000);
    try {
      expectKnownError(await mfaSignIn(t, project, attempt, totpAt(t, secret)), 400, 'VERIFICATION_CODE_EXPIRED');
    } finally {
      restore();
    }
  });

  test('an attempt code allows 5 tries: after 5 wrong codes even the right one is VERIFICATION_CODE_MAX_ATTEMPTS_REACHED', async () => {
    const { project, user, secret } = await userWithTotp('MFA attempts');
    const attempt = await passwordAttempt(project, user);
    for (let i = 0; i < 5; i++) expectInvalidTotp(await mfaSignIn(t, project, attempt, wrongTotp(t, secret)));
    expectKnownError(await mfaSignIn(t, project, attempt, totpAt(t, secret)), 400, 'VERIFICATION_CODE_MAX_ATTEMPTS_REACHED');
    // A new sign-in gives a fresh attempt code.
    expectSignInResponse(await mfaSignIn(t, project, await passwordAttempt(project, user), totpAt(t, secret)), false);
  });

  test('10 wrong codes from one address across attempt codes throttle that user from that address (429 with Retry-After), not others', async () => {
    const { project, user, secret } = await userWithTotp('MFA user limit');
    for (let round = 0; round < 2; round++) {
      const earlier = await passwordAttempt(project, user);
      for (let i = 0; i < 5; i++) expectInvalidTotp(await mfaSignIn(t, project, earlier, wrongTotp(t, secret)));
    }
    const attempt = await passwordAttempt(project, user);
    const limited = await mfaSignIn(t, project, attempt, totpAt(t, secret));
    expectTextError(limited, 429);
    expect(Number(limited.headers.get('retry-after'))).toBe(30);

    const other = await signUp(t, project, { callbackUrl: null });
    const otherSecret = newTotpSecret();
    expectOk(await setTotpSecretAsClient(t, project, other.access_token, otherSecret.base64));
    expectSignInResponse(await mfaSignIn(t, project, await passwordAttempt(project, other), totpAt(t, otherSecret)), false);

    // Once the delay has passed the user may try again (and the refused try did not use the attempt code).
    await stepsLater(2, async () => {
      expectSignInResponse(await mfaSignIn(t, project, attempt, totpAt(t, secret)), false);
    });
  });

  test('unknown attempt codes, other types and malformed entries', async () => {
    const { project, user, secret } = await userWithTotp('MFA input');
    const attempt = await passwordAttempt(project, user);
    expectKnownError(await mfaSignIn(t, project, 'a'.repeat(45), totpAt(t, secret)), 404, 'VERIFICATION_CODE_NOT_FOUND');
    expectInvalidTotp(await mfaSignIn(t, project, attempt, ''));
    expectInvalidTotp(await mfaSignIn(t, project, attempt, 'abcdef'));
    expectSchemaError(
      await call(t, 'POST', '/auth/mfa/sign-in', {
        headers: as(project, 'client'),
        body: { code: attempt, type: 'sms', totp: totpAt(t, secret) },
      }),
      'type',
    );
    expectSchemaError(await mfaSignIn(t, project, 'short', totpAt(t, secret)), 'code');
    // Spaces inside the six digits are fine, and the attempt code's case does not matter.
    const code = totpAt(t, secret);
    expectSignInResponse(await mfaSignIn(t, project, attempt.toUpperCase(), `${code.slice(0, 3)} ${code.slice(3)}`), false);
  });

  test('a magic-link attempt code is not an MFA attempt code', async () => {
    const project = await magicLinkProject(t, 'MFA kinds');
    const res = await sendSignInCode(t, project, 'kinds@example.com');
    expectOk(res);
    const mail = await receiveMagicLink(smtp, 'kinds@example.com');
    expectKnownError(await mfaSignIn(t, project, mail.code, '123456'), 404, 'VERIFICATION_CODE_NOT_FOUND');
  });
});

describe('every sign-in path asks for it', () => {
  test('magic-link sign-in of a TOTP user needs the second factor, then finishes as a sign-in', async () => {
    const { project, user, secret } = await userWithTotp('MFA magic link');
    await enableMagicLink(t, project);
    await markEmailVerified(t, project, user.user_id);
    expectOk(await sendSignInCode(t, project, user.email));
    const mail = await receiveMagicLink(smtp, user.email);
    const attempt = expectMfaRequired(await otpSignIn(t, project, mail.code));
    // The link itself is used: the second factor belongs to this attempt now.
    expectKnownError(await otpSignIn(t, project, mail.code), 409, 'VERIFICATION_CODE_ALREADY_USED');
    const tokens = expectSignInResponse(await mfaSignIn(t, project, attempt, totpAt(t, secret)), false);
    expect(tokens.user_id).toBe(user.user_id);
  });

  test('the MFA answer has the shape of every other sign-in response', async () => {
    const { project, user, secret } = await userWithTotp('MFA shape');
    const attempt = await passwordAttempt(project, user);
    const res = await mfaSignIn(t, project, attempt, totpAt(t, secret));
    expect(Object.keys(res.json)).toEqual(['access_token', 'refresh_token', 'is_new_user', 'user_id']);
    const me = await getMe(t, project, res.json.access_token);
    expect(me.primary_email).toBe(user.email);
    expect(user.password).toBe(goodPassword);
  });
});
