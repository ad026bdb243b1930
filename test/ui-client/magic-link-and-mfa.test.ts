// Magic links and the TOTP step through ui/client against a real authd and
// a real SMTP receiver: a new user made by the emailed link, a typed code plus nonce, and a
// sign-in that answers `mfa-required` and is completed with the authenticator's code.
import { describe, expect, test } from 'bun:test';
import { KnownErrors } from '../../ui/client/index';
import { type TestInstance } from '../support/instance';
import { withMailInstance } from '../support/mail-instance';
import { type SmtpReceiver } from '../support/smtp-receiver';
import { newTotpSecret, totpAt, wrongTotp } from '../support/totp';
import { receiveMagicLink, receivedCount } from '../support/magic-links';
import { recordingClient, rejection, signedUpClient } from '../support/ui-client';
import { uniqueEmail } from '../support/api-expectations';

const testTimeout = 30_000;
let smtp: SmtpReceiver, t: TestInstance;

withMailInstance((started) => ({ t, smtp } = started));

describe('magic link', () => {
  test(
    'the emailed link signs up a new user; the typed code with the nonce signs them in again',
    async () => {
      const { client, calls } = recordingClient(t, t.demo!);
      const email = uniqueEmail('client-magic');

      const { nonce } = await client.sendMagicLinkEmail(email);
      expect(nonce).toHaveLength(39);
      // The default callback is the handler's magic-link page on appUrl.
      expect(JSON.parse(calls[0]!.body).callback_url).toBe('http://localhost:3000/handler/magic-link-callback');
      const first = await receiveMagicLink(smtp, email);
      await client.checkMagicLinkCode(first.code);
      const signedUp = await client.signInWithMagicLinkCode(first.code);
      expect(signedUp).toMatchObject({ status: 'signed-in', isNewUser: true });
      const user = await client.getCurrentUser();
      expect(user!.primaryEmail).toBe(email);
      expect(user!.primaryEmailVerified).toBe(true);

      const used = await rejection(client.signInWithMagicLinkCode(first.code));
      expect(used).toBeInstanceOf(KnownErrors.VERIFICATION_CODE_ALREADY_USED);

      const otherDevice = recordingClient(t, t.demo!).client;
      const seen = receivedCount(smtp, email);
      const second = await otherDevice.sendMagicLinkEmail(email);
      const typed = await receiveMagicLink(smtp, email, seen);
      const signedIn = await otherDevice.signInWithOtp(typed.typed, second.nonce);
      expect(signedIn).toEqual({ status: 'signed-in', userId: user!.id, isNewUser: false });
      expect((await otherDevice.getCurrentUser())!.id).toBe(user!.id);
    },
    testTimeout,
  );

  test('an untrusted callback URL is a typed REDIRECT_URL_NOT_WHITELISTED', async () => {
    const { client } = recordingClient(t, t.demo!);
    const error = await rejection(
      client.sendMagicLinkEmail(uniqueEmail('client-untrusted'), { callbackUrl: 'https://evil.example/cb' }),
    );
    expect(error).toBeInstanceOf(KnownErrors.REDIRECT_URL_NOT_WHITELISTED);
  });
});

describe('multi-factor sign-in', () => {
  test('a TOTP user gets mfa-required with an attempt code; a wrong code is typed; the right one signs in', async () => {
    const { client, email } = await signedUpClient(t, 'client-mfa', 'mfa passphrase 1');
    const secret = newTotpSecret();
    const enabled = await client.updateCurrentUser({ totpSecretBase64: secret.base64 });
    expect(enabled.requiresTotpMfa).toBe(true);
    expect((await client.getCurrentUser())!.requiresTotpMfa).toBe(true);
    await client.signOut();

    const outcome = await client.signInWithPassword({ email, password: 'mfa passphrase 1' });
    expect(outcome.status).toBe('mfa-required');
    if (outcome.status !== 'mfa-required') return;
    expect(outcome.attemptCode).toHaveLength(45);
    expect(await client.getTokens()).toEqual({ accessToken: null, refreshToken: null });

    const wrong = await rejection(client.completeMfaSignIn({ attemptCode: outcome.attemptCode, totp: wrongTotp(t, secret) }));
    expect(wrong).toBeInstanceOf(KnownErrors.INVALID_TOTP_CODE);
    expect((wrong as Error).message).toBe('The TOTP code is invalid. Please try again.');

    const done = await client.completeMfaSignIn({ attemptCode: outcome.attemptCode, totp: totpAt(t, secret) });
    expect(done.status).toBe('signed-in');
    expect((await client.getCurrentUser())!.primaryEmail).toBe(email);
  });
});
