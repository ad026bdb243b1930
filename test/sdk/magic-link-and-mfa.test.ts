// The published @stackframe/js 2.7.23 SDK, unmodified, against a real authd and a real SMTP
// server: sendMagicLinkEmail + signInWithMagicLink (link code and typed code + nonce), and its
// TOTP prompt path (it calls the global prompt() on MULTI_FACTOR_AUTHENTICATION_REQUIRED, then
// POST /auth/mfa/sign-in) for password and magic-link sign-in. Requests are recorded by
// wrapping fetch; server state is read through the raw API.
import { afterEach, describe, expect, test } from 'bun:test';
import { KnownErrors } from '@stackframe/stack-shared';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { newTotpSecret, shiftClock, totpAt, wrongTotp } from '../support/totp';
import { magicLinkCallback, magicLinkProject, receiveMagicLink, receivedCount } from '../support/magic-links';
import { as, call, makeProject, uniqueEmail } from '../support/api-expectations';
import { type TestInstance } from '../support/instance';
import { withMailInstance } from '../support/mail-instance';
import { clientApp as sdkClientApp, recordApiCalls, type RecordedApiCall } from '../support/sdk-apps';
import { type SmtpReceiver } from '../support/smtp-receiver';

const testTimeout = 30_000;

const recorded: RecordedApiCall[] = [];
let stopRecording: () => void;
const originalPrompt = globalThis.prompt;
/** What the fake prompt() was asked, in order. */
const prompts: string[] = [];

let smtp: SmtpReceiver, t: TestInstance;

withMailInstance(
  (started) => {
    ({ t, smtp } = started);
    stopRecording = recordApiCalls(recorded, '/api/v1/auth/', '/api/v1');
  },
  {
    beforeStop: () => {
      stopRecording?.();
      globalThis.prompt = originalPrompt;
    },
  },
);

afterEach(() => {
  globalThis.prompt = originalPrompt;
});

const clientApp = (project: BootstrappedProject) => sdkClientApp(t, project);

/** Answers the SDK's prompt() with `answer()` and remembers the question. */
function answerPrompts(answer: () => string | null): void {
  globalThis.prompt = (message?: string) => {
    prompts.push(String(message));
    return answer();
  };
}

/** The requests recorded from index `from` on, as "METHOD /path". */
function requestsSince(from: number): string[] {
  return recorded.slice(from).map((r) => `${r.method} ${r.path}`);
}

async function serverView(project: BootstrappedProject, userId: string) {
  const res = await call(t, 'GET', `/users/${userId}`, { headers: as(project, 'server') });
  expect(res.status).toBe(200);
  return res.json;
}

describe('magic links through the SDK', () => {
  test(
    'sendMagicLinkEmail sends {email, callback_url} and returns the nonce; signInWithMagicLink takes the link code or otp + nonce',
    async () => {
      const project = await magicLinkProject(t, 'SDK magic');
      const email = uniqueEmail('sdk-magic');
      const app = clientApp(project);

      const from = recorded.length;
      const sent = await app.sendMagicLinkEmail(email, { callbackUrl: magicLinkCallback });
      expect(sent.status).toBe('ok');
      const nonce = sent.status === 'ok' ? sent.data.nonce : '';
      expect(nonce).toMatch(/^[0-9a-hjkmnp-tv-z]{39}$/);
      expect(requestsSince(from)).toEqual(['POST /auth/otp/send-sign-in-code']);
      expect(JSON.parse(recorded[from]!.body!)).toEqual({ email, callback_url: magicLinkCallback });

      const mail = await receiveMagicLink(smtp, email);
      const signIn = await app.signInWithMagicLink(mail.code);
      expect(signIn.status).toBe('ok');
      const signInRequest = recorded.find((r, i) => i > from && r.path === '/auth/otp/sign-in')!;
      expect(JSON.parse(signInRequest.body!)).toEqual({ code: mail.code });
      expect(JSON.parse(signInRequest.responseText).is_new_user).toBe(true);

      const user = await app.getUser();
      expect(user?.primaryEmail).toBe(email);
      expect(user?.primaryEmailVerified).toBe(true);
      const created = await serverView(project, user!.id);
      expect(created).toMatchObject({
        primary_email: email,
        primary_email_auth_enabled: true,
        otp_auth_enabled: true,
        has_password: false,
      });

      // The used link is a VerificationCodeAlreadyUsed result, not an exception.
      const reused = await clientApp(project).signInWithMagicLink(mail.code);
      expect(reused.status).toBe('error');
      if (reused.status === 'error') expect(reused.error).toBeInstanceOf(KnownErrors.VerificationCodeAlreadyUsed);

      // The typed code: what the SDK's own form sends is the 6 characters followed by the nonce.
      const second = clientApp(project);
      const before = receivedCount(smtp, email);
      const resent = await second.sendMagicLinkEmail(email, { callbackUrl: magicLinkCallback });
      expect(resent.status).toBe('ok');
      const typedMail = await receiveMagicLink(smtp, email, before);
      const typedNonce = resent.status === 'ok' ? resent.data.nonce : '';
      expect((await second.signInWithMagicLink(typedMail.typed.toLowerCase() + typedNonce)).status).toBe('ok');
      expect((await second.getUser())?.id).toBe(user!.id);
    },
    testTimeout,
  );

  test(
    'an untrusted callback URL comes back as RedirectUrlNotWhitelisted; a wrong code as a verification error',
    async () => {
      const project = await magicLinkProject(t, 'SDK magic refusals');
      const app = clientApp(project);
      const email = uniqueEmail('sdk-untrusted');
      const refused = await app.sendMagicLinkEmail(email, {
        callbackUrl: 'https://evil.example.org/handler/magic-link-callback',
      });
      expect(refused.status).toBe('error');
      if (refused.status === 'error') expect(refused.error).toBeInstanceOf(KnownErrors.RedirectUrlNotWhitelisted);
      const unknown = await app.signInWithMagicLink('a'.repeat(45));
      expect(unknown.status).toBe('error');
      if (unknown.status === 'error') expect(unknown.error).toBeInstanceOf(KnownErrors.VerificationCodeNotFound);
      expect(await app.getUser()).toBeNull();
    },
    testTimeout,
  );
});

describe('TOTP through the SDK', () => {
  test(
    'user.update({ totpMultiFactorSecret }) turns it on; signInWithCredential prompts and finishes with /auth/mfa/sign-in',
    async () => {
      const project = await makeProject(t, 'SDK MFA');
      const email = uniqueEmail('sdk-mfa');
      const password = 'sdk mfa passphrase';
      const owner = clientApp(project);
      expect(
        (
          await owner.signUpWithCredential({
            email,
            password,
            verificationCallbackUrl: 'http://localhost:3000/handler/email-verification',
            noRedirect: true,
          })
        ).status,
      ).toBe('ok');
      const secret = newTotpSecret();
      const user = await owner.getUser();
      await user!.update({ totpMultiFactorSecret: secret.bytes });
      expect((await serverView(project, user!.id)).requires_totp_mfa).toBe(true);
      expect((await owner.getUser())?.isMultiFactorRequired).toBe(true);

      // A right code typed into the prompt signs in.
      const app = clientApp(project);
      answerPrompts(() => totpAt(t, secret));
      const askedBefore = prompts.length;
      const from = recorded.length;
      const signIn = await app.signInWithCredential({ email, password, noRedirect: true });
      expect(signIn.status).toBe('ok');
      expect(prompts.slice(askedBefore)).toEqual(['Please enter the six-digit TOTP code from your authenticator app.']);
      expect(requestsSince(from)).toEqual(['POST /auth/password/sign-in', 'POST /auth/mfa/sign-in']);
      const challenge = JSON.parse(recorded[from]!.responseText);
      expect(recorded[from]!.status).toBe(400);
      expect(challenge.code).toBe('MULTI_FACTOR_AUTHENTICATION_REQUIRED');
      const mfaBody = JSON.parse(recorded[from + 1]!.body!);
      expect(mfaBody).toEqual({ code: challenge.details.attempt_code, type: 'totp', totp: mfaBody.totp });
      expect(mfaBody.totp).toMatch(/^[0-9]{6}$/);
      expect(recorded[from + 1]!.status).toBe(200);
      expect((await app.getUser())?.id).toBe(user!.id);

      // A wrong code is an InvalidTotpCode result; an empty prompt too, without a request.
      const restore = shiftClock(t, 30_000);
      try {
        const wrong = clientApp(project);
        answerPrompts(() => wrongTotp(t, secret));
        const wrongResult = await wrong.signInWithCredential({ email, password, noRedirect: true });
        expect(wrongResult.status).toBe('error');
        if (wrongResult.status === 'error') expect(wrongResult.error).toBeInstanceOf(KnownErrors.InvalidTotpCode);
        expect(await wrong.getUser()).toBeNull();

        answerPrompts(() => null);
        const before = recorded.length;
        const cancelled = await wrong.signInWithCredential({ email, password, noRedirect: true });
        expect(cancelled.status).toBe('error');
        if (cancelled.status === 'error') expect(cancelled.error).toBeInstanceOf(KnownErrors.InvalidTotpCode);
        expect(requestsSince(before)).toEqual(['POST /auth/password/sign-in']);

        // The code already used a step ago is a replay now.
        answerPrompts(() => mfaBody.totp);
        const replay = await wrong.signInWithCredential({ email, password, noRedirect: true });
        expect(replay.status).toBe('error');
        if (replay.status === 'error') expect(replay.error).toBeInstanceOf(KnownErrors.InvalidTotpCode);
      } finally {
        restore();
      }

      // A recovery code typed into the SDK's own prompt signs in as well (authd's own codes).
      const made = await call(t, 'POST', '/auth/mfa/recovery-codes', {
        headers: as(project, 'server'),
        body: { user_id: user!.id },
      });
      expect(made.status).toBe(200);
      const withRecoveryCode = clientApp(project);
      answerPrompts(() => made.json.codes[0]);
      expect((await withRecoveryCode.signInWithCredential({ email, password, noRedirect: true })).status).toBe('ok');
      expect((await withRecoveryCode.getUser())?.id).toBe(user!.id);

      // Turning it off through the SDK restores plain sign-in, with no prompt.
      await (await owner.getUser())!.update({ totpMultiFactorSecret: null });
      expect((await serverView(project, user!.id)).requires_totp_mfa).toBe(false);
      answerPrompts(() => {
        throw new Error('no prompt expected');
      });
      const plain = clientApp(project);
      expect((await plain.signInWithCredential({ email, password, noRedirect: true })).status).toBe('ok');
      expect((await plain.getUser())?.id).toBe(user!.id);
    },
    testTimeout,
  );

  test(
    'signInWithMagicLink of a TOTP user prompts too',
    async () => {
      const project = await magicLinkProject(t, 'SDK MFA magic');
      const email = uniqueEmail('sdk-mfa-magic');
      const first = clientApp(project);
      expect((await first.sendMagicLinkEmail(email, { callbackUrl: magicLinkCallback })).status).toBe('ok');
      expect((await first.signInWithMagicLink((await receiveMagicLink(smtp, email)).code)).status).toBe('ok');
      const secret = newTotpSecret();
      await (await first.getUser())!.update({ totpMultiFactorSecret: secret.bytes });

      const app = clientApp(project);
      const before = receivedCount(smtp, email);
      expect((await app.sendMagicLinkEmail(email, { callbackUrl: magicLinkCallback })).status).toBe('ok');
      const mail = await receiveMagicLink(smtp, email, before);
      answerPrompts(() => totpAt(t, secret));
      const from = recorded.length;
      expect((await app.signInWithMagicLink(mail.code)).status).toBe('ok');
      expect(requestsSince(from)).toEqual(['POST /auth/otp/sign-in', 'POST /auth/mfa/sign-in']);
      expect(JSON.parse(recorded[from + 1]!.responseText).is_new_user).toBe(false);
      expect((await app.getUser())?.primaryEmail).toBe(email);
    },
    testTimeout,
  );
});
