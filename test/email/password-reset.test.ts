// Password reset by email through real HTTP and a real SMTP server:
// the request answers the same for known and unknown emails, checks the callback URL first,
// and the emailed code resets the password once, ending every session of the user.
import { describe, expect, test } from 'bun:test';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { type TestInstance } from '../support/instance';
import { withMailInstance } from '../support/mail-instance';
import { codeFromEmail, type SmtpReceiver } from '../support/smtp-receiver';
import {
  as,
  call,
  codePattern,
  expectKnownError,
  expectOk,
  expectRefreshRefused,
  expectRefreshWorks,
  expectSchemaError,
  expectSuccess,
  getMe,
  goodPassword,
  linkFromEmail,
  makeProject,
  queuedMessages,
  randomCode,
  resetCallback,
  setProjectConfig,
  shiftClock,
  signIn,
  signInCall,
  signUp,
  sleep,
  uniqueEmail,
  untrustedCallback,
} from '../support/mail';

let t: TestInstance, smtp: SmtpReceiver, demo: BootstrappedProject;

withMailInstance((started) => ({ t, smtp, demo } = started));

const maybeAnswer = { success: 'maybe, only if user with e-mail exists' };
const newPassword = 'a much better passphrase';

function sendResetCode(project: BootstrappedProject, email: string, callbackUrl = resetCallback) {
  return call(t, 'POST', '/auth/password/send-reset-code', {
    headers: as(project, 'client'),
    body: { email, callback_url: callbackUrl },
  });
}

function checkResetCode(project: BootstrappedProject, code: string) {
  return call(t, 'POST', '/auth/password/reset/check-code', { headers: as(project, 'client'), body: { code } });
}

function reset(project: BootstrappedProject, code: string, password: string) {
  return call(t, 'POST', '/auth/password/reset', { headers: as(project, 'client'), body: { code, password } });
}

/** Signs up (no verification email) and has a reset email sent; returns the user and its code. */
async function userWithResetCode(project: BootstrappedProject = demo) {
  const user = await signUp(t, project, { callbackUrl: null });
  expect(expectOk(await sendResetCode(project, user.email))).toEqual(maybeAnswer);
  const email = await smtp.waitFor(user.email);
  return { user, email, code: codeFromEmail(email) };
}

describe('POST /auth/password/send-reset-code', () => {
  test('a known email gets the "maybe" answer and a reset email whose link keeps the callback query', async () => {
    const user = await signUp(t, demo, { callbackUrl: null });
    const res = await sendResetCode(demo, user.email, `${resetCallback}?after_auth_return_to=%2Fsettings`);
    expect(expectOk(res)).toEqual(maybeAnswer);
    const email = await smtp.waitFor(user.email);
    expect(email.subject).toBe(`Reset your password at ${demo.displayName}`);
    expect(email.text.trim().length).toBeGreaterThan(0);
    expect(email.html).toContain('<html');
    const link = linkFromEmail(email);
    expect(link.origin + link.pathname).toBe(resetCallback);
    expect(link.searchParams.get('after_auth_return_to')).toBe('/settings');
    expect(link.searchParams.get('code')).toMatch(codePattern);
  });

  test('an unknown email gets the identical answer and no email', async () => {
    const known = await signUp(t, demo, { callbackUrl: null });
    const unknown = uniqueEmail('nobody');
    const unknownRes = await sendResetCode(demo, unknown);
    const knownRes = await sendResetCode(demo, known.email);
    expect(unknownRes.status).toBe(200);
    expect(unknownRes.text).toBe(knownRes.text);
    expect(unknownRes.headers.get('content-type')).toBe(knownRes.headers.get('content-type'));
    expect(unknownRes.json).toEqual(maybeAnswer);
    expect(await queuedMessages(t, unknown)).toEqual([]);
    await smtp.waitFor(known.email);
    await sleep(200);
    expect(smtp.messages.filter((m) => m.to.includes(unknown))).toEqual([]);
  });

  test('an untrusted callback URL is REDIRECT_URL_NOT_WHITELISTED for known and unknown emails alike', async () => {
    const known = await signUp(t, demo, { callbackUrl: null });
    const unknown = uniqueEmail('nobody');
    const knownRes = await sendResetCode(demo, known.email, untrustedCallback);
    const unknownRes = await sendResetCode(demo, unknown, untrustedCallback);
    expectKnownError(knownRes, 400, 'REDIRECT_URL_NOT_WHITELISTED');
    expectKnownError(unknownRes, 400, 'REDIRECT_URL_NOT_WHITELISTED');
    expect(unknownRes.text).toBe(knownRes.text);
    expect(await queuedMessages(t, known.email)).toEqual([]);
    expect(await queuedMessages(t, unknown)).toEqual([]);
  });

  test('a callback URL that is not a URL is a SCHEMA_ERROR', async () => {
    expectSchemaError(await sendResetCode(demo, uniqueEmail(), 'not a url'));
  });
});

describe('reset with the emailed code', () => {
  test('check-code, a too-short password that leaves the code usable, then the reset that ends every session', async () => {
    const { user, code } = await userWithResetCode();
    const second = await signIn(t, demo, user.email, user.password);
    const third = await signIn(t, demo, user.email, user.password);
    for (const session of [user, second, third]) await expectRefreshWorks(t, demo, session.refresh_token);

    expect(expectOk(await checkResetCode(demo, code))).toEqual({ is_code_valid: true });
    expect(expectOk(await checkResetCode(demo, code.toUpperCase()))).toEqual({ is_code_valid: true });

    expectKnownError(await reset(demo, code, '7-chars'), 400, 'PASSWORD_TOO_SHORT', { min_length: 8 });
    expect(expectOk(await checkResetCode(demo, code))).toEqual({ is_code_valid: true });
    // The failed attempt did not change the password either.
    expectOk(await signInCall(t, demo, user.email, user.password));

    expectSuccess(await reset(demo, code, newPassword));

    for (const session of [user, second, third]) await expectRefreshRefused(t, demo, session.refresh_token);
    expectKnownError(await signInCall(t, demo, user.email, user.password), 400, 'EMAIL_PASSWORD_MISMATCH');
    const fresh = await signIn(t, demo, user.email, newPassword);
    expect(fresh.user_id).toBe(user.user_id);
    expect((await getMe(t, demo, fresh.access_token)).has_password).toBe(true);

    expectKnownError(await reset(demo, code, 'yet another passphrase'), 409, 'VERIFICATION_CODE_ALREADY_USED');
    expectKnownError(await checkResetCode(demo, code), 409, 'VERIFICATION_CODE_ALREADY_USED');
    // The reuse did not change the password.
    expectOk(await signInCall(t, demo, user.email, newPassword));
  });

  test('codes are per kind and per project: a reset code is unknown to email verification and to another project', async () => {
    const { code } = await userWithResetCode();
    const other = await makeProject(t, 'Reset project B');
    const verifyRes = await call(t, 'POST', '/contact-channels/verify', { headers: as(demo, 'client'), body: { code } });
    expectKnownError(verifyRes, 404, 'VERIFICATION_CODE_NOT_FOUND');
    expectKnownError(await checkResetCode(other, code), 404, 'VERIFICATION_CODE_NOT_FOUND');
    expectKnownError(await reset(other, code, newPassword), 404, 'VERIFICATION_CODE_NOT_FOUND');
    expectKnownError(await reset(demo, randomCode(45), newPassword), 404, 'VERIFICATION_CODE_NOT_FOUND');
    expectSchemaError(await reset(demo, code.slice(0, 44), newPassword));
    expectSuccess(await reset(demo, code, newPassword));
  });

  test('a reset code expires after 7 days', async () => {
    const { user, code } = await userWithResetCode();
    const restore = shiftClock(t, 8 * 24 * 60 * 60 * 1000);
    try {
      expectKnownError(await checkResetCode(demo, code), 400, 'VERIFICATION_CODE_EXPIRED');
      expectKnownError(await reset(demo, code, newPassword), 400, 'VERIFICATION_CODE_EXPIRED');
    } finally {
      restore();
    }
    expectOk(await signInCall(t, demo, user.email, user.password));
  });

  test('with password authentication disabled, send-reset-code and reset are PASSWORD_AUTHENTICATION_NOT_ENABLED', async () => {
    const project = await makeProject(t, 'Reset credential toggle');
    const { user, code } = await userWithResetCode(project);
    await setProjectConfig(t, project, { credential_enabled: false });
    expectKnownError(await sendResetCode(project, user.email), 400, 'PASSWORD_AUTHENTICATION_NOT_ENABLED');
    expectKnownError(await reset(project, code, newPassword), 400, 'PASSWORD_AUTHENTICATION_NOT_ENABLED');
    await setProjectConfig(t, project, { credential_enabled: true });
    // The refused reset did not change the password.
    expectOk(await signInCall(t, project, user.email, user.password));
  });

  test('a user created by the server API with a password can reset it too', async () => {
    const email = uniqueEmail('server-made');
    const created = expectOk(
      await call(t, 'POST', '/users', {
        headers: as(demo, 'server'),
        body: { primary_email: email, primary_email_auth_enabled: true, password: goodPassword, display_name: 'Server Made' },
      }),
      201,
    );
    expectOk(await sendResetCode(demo, email));
    const mail = await smtp.waitFor(email);
    expect(mail.text).toContain('Server Made');
    expectSuccess(await reset(demo, codeFromEmail(mail), newPassword));
    expect((await signIn(t, demo, email, newPassword)).user_id).toBe(created.id);
  });
});
