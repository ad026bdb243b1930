// Email verification through real HTTP and a real SMTP server (sign-up, contact channels, codes):
// the email sign-up sends, its link and code, check-code and verify, every verification-code
// state (not found, expired, already used, too many attempts), and the deprecated
// send-verification-code endpoint the SDK's user.sendVerificationEmail() uses.
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
  expectSchemaError,
  expectSuccess,
  expectOk,
  getMe,
  linkFromEmail,
  makeProject,
  queuedMessages,
  randomCode,
  shiftClock,
  signUp,
  sleep,
  uniqueEmail,
  untrustedCallback,
  verificationCallback,
} from '../support/mail';

let t: TestInstance, smtp: SmtpReceiver, demo: BootstrappedProject;

withMailInstance((started) => ({ t, smtp, demo } = started));

const day = 24 * 60 * 60 * 1000;

function checkCode(project: BootstrappedProject, code: string) {
  return call(t, 'POST', '/contact-channels/verify/check-code', { headers: as(project, 'client'), body: { code } });
}

function verify(project: BootstrappedProject, code: string) {
  return call(t, 'POST', '/contact-channels/verify', { headers: as(project, 'client'), body: { code } });
}

/** Signs up with a trusted callback and returns the user and the code of their verification email. */
async function signUpWithVerificationCode(project: BootstrappedProject = demo) {
  const user = await signUp(t, project);
  const email = await smtp.waitFor(user.email, (m) => m.subject.startsWith('Verify your email'));
  return { user, email, code: codeFromEmail(email) };
}

describe('sign-up verification email', () => {
  test('arrives with the default subject, a text and an HTML part, and a link that keeps the callback query', async () => {
    const callbackUrl = `${verificationCallback}?after_auth_return_to=%2Fdashboard&lang=en#fragment`;
    const user = await signUp(t, demo, { callbackUrl });
    const email = await smtp.waitFor(user.email);
    expect(email.to).toEqual([user.email]);
    expect(email.subject).toBe(`Verify your email at ${demo.displayName}`);
    expect(email.text.trim().length).toBeGreaterThan(0);
    expect(email.html).toContain('<html');

    const link = linkFromEmail(email);
    expect(link.origin + link.pathname).toBe(verificationCallback);
    expect(link.searchParams.get('after_auth_return_to')).toBe('/dashboard');
    expect(link.searchParams.get('lang')).toBe('en');
    expect(link.searchParams.getAll('code')).toHaveLength(1);
    const code = link.searchParams.get('code')!;
    expect(code).toMatch(codePattern);
    expect(code).toHaveLength(45);
    // The HTML part carries the same link (attribute-escaped).
    expect(email.html).toContain(code);
    expect(email.html).toContain(`${verificationCallback}?after_auth_return_to=%2Fdashboard&amp;lang=en`);
  });

  test('an existing code parameter of the callback URL is replaced, not duplicated', async () => {
    const user = await signUp(t, demo, { callbackUrl: `${verificationCallback}?code=stale&keep=1` });
    const email = await smtp.waitFor(user.email);
    const link = linkFromEmail(email);
    expect(link.searchParams.getAll('code')).toHaveLength(1);
    expect(link.searchParams.get('code')).toMatch(codePattern);
    expect(link.searchParams.get('keep')).toBe('1');
  });

  test('check-code does not consume; verify marks the email verified; a second verify is ALREADY_USED', async () => {
    const { user, code } = await signUpWithVerificationCode();
    expect((await getMe(t, demo, user.access_token)).primary_email_verified).toBe(false);

    for (let i = 0; i < 2; i++) expect(expectOk(await checkCode(demo, code))).toEqual({ is_code_valid: true });
    expect((await getMe(t, demo, user.access_token)).primary_email_verified).toBe(false);

    expectSuccess(await verify(demo, code));
    const me = await getMe(t, demo, user.access_token);
    expect(me.primary_email).toBe(user.email);
    expect(me.primary_email_verified).toBe(true);

    expectKnownError(await verify(demo, code), 409, 'VERIFICATION_CODE_ALREADY_USED');
    expectKnownError(await checkCode(demo, code), 409, 'VERIFICATION_CODE_ALREADY_USED');
  });

  test('an upper-cased code works like the lower-case one before use, and is ALREADY_USED after', async () => {
    const { user, code } = await signUpWithVerificationCode();
    const upper = code.toUpperCase();
    expect(upper).not.toBe(code);
    expect(expectOk(await checkCode(demo, upper))).toEqual({ is_code_valid: true });
    expectSuccess(await verify(demo, upper));
    expect((await getMe(t, demo, user.access_token)).primary_email_verified).toBe(true);
    expectKnownError(await verify(demo, upper), 409, 'VERIFICATION_CODE_ALREADY_USED');
    expectKnownError(await verify(demo, code), 409, 'VERIFICATION_CODE_ALREADY_USED');
  });

  test('codes that are not 45 characters are SCHEMA_ERROR; an unknown 45-character code is NOT_FOUND', async () => {
    const { code } = await signUpWithVerificationCode();
    expectSchemaError(await checkCode(demo, code.slice(1)));
    expectSchemaError(await verify(demo, code.slice(1)));
    expectSchemaError(await verify(demo, code + 'a'));
    expectKnownError(await checkCode(demo, randomCode(45)), 404, 'VERIFICATION_CODE_NOT_FOUND');
    expectKnownError(await verify(demo, randomCode(45)), 404, 'VERIFICATION_CODE_NOT_FOUND');
    // None of that touched the real code.
    expectSuccess(await verify(demo, code));
  });

  test('a code is valid for 7 days: still valid after 6, EXPIRED after 8', async () => {
    const { user, code } = await signUpWithVerificationCode();
    let restore = shiftClock(t, 6 * day);
    try {
      expect(expectOk(await checkCode(demo, code))).toEqual({ is_code_valid: true });
    } finally {
      restore();
    }
    restore = shiftClock(t, 8 * day);
    try {
      expectKnownError(await checkCode(demo, code), 400, 'VERIFICATION_CODE_EXPIRED');
      expectKnownError(await verify(demo, code), 400, 'VERIFICATION_CODE_EXPIRED');
    } finally {
      restore();
    }
    expect((await getMe(t, demo, user.access_token)).primary_email_verified).toBe(false);
  });

  test('a code of project A is NOT_FOUND in project B and stays valid in A', async () => {
    const projectB = await makeProject(t, 'Verification project B');
    const { user, code } = await signUpWithVerificationCode();
    expectKnownError(await checkCode(projectB, code), 404, 'VERIFICATION_CODE_NOT_FOUND');
    expectKnownError(await verify(projectB, code), 404, 'VERIFICATION_CODE_NOT_FOUND');
    expectSuccess(await verify(demo, code));
    expect((await getMe(t, demo, user.access_token)).primary_email_verified).toBe(true);
  });

  test('20 wrong submissions sharing the nonce exhaust the code: MAX_ATTEMPTS_REACHED', async () => {
    const { user, code } = await signUpWithVerificationCode();
    const nonce = code.slice(6);
    for (let i = 0; i < 20; i++) {
      const wrong = randomCode(6, code.slice(0, 6)) + nonce;
      expectKnownError(await (i % 2 ? verify(demo, wrong) : checkCode(demo, wrong)), 404, 'VERIFICATION_CODE_NOT_FOUND');
    }
    expectKnownError(await checkCode(demo, code), 400, 'VERIFICATION_CODE_MAX_ATTEMPTS_REACHED');
    expectKnownError(await verify(demo, code), 400, 'VERIFICATION_CODE_MAX_ATTEMPTS_REACHED');
    expect((await getMe(t, demo, user.access_token)).primary_email_verified).toBe(false);
  });

  test('attempts count every submission: after 19 wrong ones the 20th (check-code) passes, the 21st is refused', async () => {
    const { code } = await signUpWithVerificationCode();
    const nonce = code.slice(6);
    for (let i = 0; i < 19; i++) {
      expectKnownError(await checkCode(demo, randomCode(6, code.slice(0, 6)) + nonce), 404, 'VERIFICATION_CODE_NOT_FOUND');
    }
    expect(expectOk(await checkCode(demo, code))).toEqual({ is_code_valid: true });
    expectKnownError(await verify(demo, code), 400, 'VERIFICATION_CODE_MAX_ATTEMPTS_REACHED');
  });

  test('wrong submissions with a different nonce do not count against the code', async () => {
    const { code } = await signUpWithVerificationCode();
    for (let i = 0; i < 21; i++) {
      expectKnownError(
        await checkCode(demo, code.slice(0, 6) + randomCode(39, code.slice(6))),
        404,
        'VERIFICATION_CODE_NOT_FOUND',
      );
    }
    expectSuccess(await verify(demo, code));
  });

  test('sign-up with an untrusted verification_callback_url still succeeds, and no email is sent', async () => {
    const user = await signUp(t, demo, { callbackUrl: untrustedCallback });
    expect(typeof user.access_token).toBe('string');
    expect(await queuedMessages(t, user.email)).toEqual([]);
    // A later email to someone else arrives; nothing for this user came before or with it.
    const other = await signUpWithVerificationCode();
    expect(other.code).toMatch(codePattern);
    await sleep(200);
    expect(smtp.messages.filter((m) => m.to.includes(user.email))).toEqual([]);
    expect((await getMe(t, demo, user.access_token)).primary_email_verified).toBe(false);
  });

  test('sign-up without verification_callback_url sends nothing', async () => {
    const user = await signUp(t, demo, { callbackUrl: null });
    expect(await queuedMessages(t, user.email)).toEqual([]);
  });
});

describe('deprecated POST /contact-channels/send-verification-code', () => {
  function send(accessToken: string | undefined, body: Record<string, unknown>) {
    return call(t, 'POST', '/contact-channels/send-verification-code', { headers: as(demo, 'client', accessToken), body });
  }

  test('sends a verification email for the primary email; the code verifies it; then EMAIL_ALREADY_VERIFIED', async () => {
    const user = await signUp(t, demo, { callbackUrl: null });
    expectSuccess(await send(user.access_token, { email: user.email, callback_url: `${verificationCallback}?from=resend` }));
    const email = await smtp.waitFor(user.email);
    expect(email.subject).toBe(`Verify your email at ${demo.displayName}`);
    const link = linkFromEmail(email);
    expect(link.searchParams.get('from')).toBe('resend');
    const code = link.searchParams.get('code')!;
    expect(code).toMatch(codePattern);

    expectSuccess(await verify(demo, code));
    expect((await getMe(t, demo, user.access_token)).primary_email_verified).toBe(true);

    const before = (await queuedMessages(t, user.email)).length;
    expectKnownError(
      await send(user.access_token, { email: user.email, callback_url: verificationCallback }),
      409,
      'EMAIL_ALREADY_VERIFIED',
    );
    expect(await queuedMessages(t, user.email)).toHaveLength(before);
  });

  test('an email other than the primary one is EMAIL_IS_NOT_PRIMARY_EMAIL with both addresses in details', async () => {
    const user = await signUp(t, demo, { callbackUrl: null });
    const other = uniqueEmail('not-primary');
    expectKnownError(
      await send(user.access_token, { email: other, callback_url: verificationCallback }),
      400,
      'EMAIL_IS_NOT_PRIMARY_EMAIL',
      { email: other, primary_email: user.email },
    );
    expect(await queuedMessages(t, other)).toEqual([]);
    expect(await queuedMessages(t, user.email)).toEqual([]);
  });

  test('an untrusted callback URL is REDIRECT_URL_NOT_WHITELISTED and nothing is sent', async () => {
    const user = await signUp(t, demo, { callbackUrl: null });
    expectKnownError(
      await send(user.access_token, { email: user.email, callback_url: untrustedCallback }),
      400,
      'REDIRECT_URL_NOT_WHITELISTED',
    );
    // Another port of localhost is still localhost; a look-alike host is not.
    expectKnownError(
      await send(user.access_token, { email: user.email, callback_url: 'http://localhost.evil.example.org/x' }),
      400,
      'REDIRECT_URL_NOT_WHITELISTED',
    );
    expect(await queuedMessages(t, user.email)).toEqual([]);
  });

  test('without an access token it is a SCHEMA_ERROR (no user)', async () => {
    const user = await signUp(t, demo, { callbackUrl: null });
    const res = await send(undefined, { email: user.email, callback_url: verificationCallback });
    expectSchemaError(res, 'auth.user must be defined');
    expect(await queuedMessages(t, user.email)).toEqual([]);
  });
});
