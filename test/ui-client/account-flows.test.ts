// ui/client against a real authd and a real SMTP receiver: sign-up, sign-in, the current user
// and its update, sign-out, email verification, forgotten password, password change, and the
// typed errors every failure becomes.
import { describe, expect, test } from 'bun:test';
import { isKnownError, KnownAuthError, KnownErrors, UnexpectedResponseError } from '../../ui/client/index';
import { as, call, uniqueEmail } from '../support/api-expectations';
import { type TestInstance } from '../support/instance';
import { withMailInstance } from '../support/mail-instance';
import { codeFromEmail, type SmtpReceiver } from '../support/smtp-receiver';
import { recordingClient, rejection, signedUpClient } from '../support/ui-client';

const testTimeout = 30_000;
let smtp: SmtpReceiver, t: TestInstance;

withMailInstance((started) => ({ t, smtp } = started));

describe('password accounts', () => {
  test(
    'sign-up, current user, update, sign-out, sign-in round trip',
    async () => {
      const { client, lines } = recordingClient(t, t.demo!);
      const email = uniqueEmail('client-life');

      expect(await client.getCurrentUser()).toBeNull();
      const signedUp = await client.signUpWithPassword({
        email,
        password: 'first passphrase 1',
        verificationCallbackUrl: 'http://localhost:3000/handler/email-verification?via=signup',
      });
      expect(signedUp.status).toBe('signed-in');
      const tokens = await client.getTokens();
      expect(tokens.accessToken).toBeString();
      expect(tokens.refreshToken).toBeString();

      const user = await client.getCurrentUser();
      expect(user).not.toBeNull();
      expect(user!.primaryEmail).toBe(email);
      expect(user!.hasPassword).toBe(true);
      expect(user!.primaryEmailVerified).toBe(false);
      expect(user!.signedUpAt).toBeInstanceOf(Date);
      if (signedUp.status === 'signed-in') {
        expect(signedUp.userId).toBe(user!.id);
        expect(signedUp.isNewUser).toBe(true);
      }

      const updated = await client.updateCurrentUser({ displayName: 'Client Life', clientMetadata: { theme: 'dark' } });
      expect(updated.displayName).toBe('Client Life');
      // Read back with a raw API call, not through the library.
      const me = await call(t, 'GET', '/users/me', { headers: as(t.demo!, 'client', tokens.accessToken!) });
      expect(me.json.display_name).toBe('Client Life');
      expect(me.json.client_metadata).toEqual({ theme: 'dark' });

      await client.signOut();
      expect(await client.getTokens()).toEqual({ accessToken: null, refreshToken: null });
      expect(await client.getCurrentUser()).toBeNull();
      // The server ended the session: its refresh token no longer refreshes.
      const refresh = await call(t, 'POST', '/auth/oauth/token', {
        rawBody: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: tokens.refreshToken!,
          client_id: t.demo!.projectId,
          client_secret: t.demo!.keys.publishable_client_key!,
        }),
        contentType: 'application/x-www-form-urlencoded',
      });
      expect(refresh.headers.get('x-stack-known-error')).toBe('REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED');
      expect(lines()).toContain('DELETE /auth/sessions/current');

      const signedIn = await client.signInWithPassword({ email, password: 'first passphrase 1' });
      expect(signedIn).toEqual({ status: 'signed-in', userId: user!.id, isNewUser: false });
      expect((await client.getCurrentUser())!.displayName).toBe('Client Life');
    },
    testTimeout,
  );

  test(
    'a session ended from another device: the next call finds it gone, refreshes in vain and drops it',
    async () => {
      const laptop = recordingClient(t, t.demo!);
      const phone = recordingClient(t, t.demo!);
      const email = uniqueEmail('client-revoked');
      await laptop.client.signUpWithPassword({ email, password: 'first passphrase 1' });
      await phone.client.signInWithPassword({ email, password: 'first passphrase 1' });
      expect(await phone.client.getCurrentUser()).not.toBeNull();
      const sessions = await laptop.client.listSessions();
      await laptop.client.revokeSession(sessions.find((session) => !session.isCurrent)!.id);
      // The phone's access token has minutes left, but its session is over.
      const changes: unknown[] = [];
      phone.client.onSessionChange((tokens) => changes.push(tokens));
      expect(await phone.client.getCurrentUser()).toBeNull();
      expect(await phone.client.getTokens()).toEqual({ accessToken: null, refreshToken: null });
      expect(changes).toContainEqual({ accessToken: null, refreshToken: null });
      expect(phone.lines().slice(-3)).toEqual(['GET /users/me', 'POST /auth/oauth/token', 'GET /users/me']);
      expect(await laptop.client.getCurrentUser()).not.toBeNull();
    },
    testTimeout,
  );

  test('reauthenticate: a wrong password is typed, the right one succeeds', async () => {
    const { client } = recordingClient(t, t.demo!);
    await client.signUpWithPassword({ email: uniqueEmail('client-reauth'), password: 'first passphrase 1' });
    const wrong = await rejection(client.reauthenticate({ password: 'not it' }));
    expect(isKnownError(wrong, 'PASSWORD_CONFIRMATION_MISMATCH')).toBe(true);
    await client.reauthenticate({ password: 'first passphrase 1' });
    // With no factor proved recently the server would answer a typed RECENT_AUTHENTICATION_REQUIRED.
    expect(new KnownErrors.RECENT_AUTHENTICATION_REQUIRED('RECENT_AUTHENTICATION_REQUIRED', 'x').status).toBe(403);
  });

  test('known errors are typed: code, status, message, details and families', async () => {
    const { client } = recordingClient(t, t.demo!);
    const wrong = await rejection(client.signInWithPassword({ email: uniqueEmail('nobody'), password: 'whatever 123' }));
    expect(wrong).toBeInstanceOf(KnownErrors.EMAIL_PASSWORD_MISMATCH);
    expect(wrong).toBeInstanceOf(KnownAuthError);
    expect(wrong).toBeInstanceOf(Error);
    const known = wrong as KnownAuthError;
    expect(known.code).toBe('EMAIL_PASSWORD_MISMATCH');
    expect(known.status).toBe(400);
    expect(known.message).toBe('Wrong e-mail or password.');
    expect(known.details).toBeUndefined();
    expect(await client.getTokens()).toEqual({ accessToken: null, refreshToken: null });

    const short = await rejection(
      client.signUpWithPassword({
        email: uniqueEmail('short'),
        password: 'short',
        verificationCallbackUrl: 'http://localhost:3000/v',
      }),
    );
    expect(short).toBeInstanceOf(KnownErrors.PASSWORD_TOO_SHORT);
    expect(short).toBeInstanceOf(KnownErrors.PASSWORD_REQUIREMENTS_NOT_MET);
    expect(isKnownError(short, 'PASSWORD_REQUIREMENTS_NOT_MET')).toBe(true);
    expect((short as KnownAuthError).details).toEqual({ min_length: 8 });

    const badCode = await rejection(client.checkPasswordResetCode('a'.repeat(45)));
    expect(badCode).toBeInstanceOf(KnownErrors.VERIFICATION_CODE_NOT_FOUND);
    expect(badCode).toBeInstanceOf(KnownErrors.VERIFICATION_ERROR);
    expect(badCode).not.toBeInstanceOf(KnownErrors.EMAIL_PASSWORD_MISMATCH);
    expect((badCode as KnownAuthError).status).toBe(404);

    const untrusted = await rejection(client.sendPasswordResetEmail('x@example.com', { callbackUrl: 'not a url' }));
    expect(untrusted).toBeInstanceOf(KnownErrors.SCHEMA_ERROR);
  });

  test('a wrong publishable key is a typed project-authentication error', async () => {
    const { client } = recordingClient(t, t.demo!, { publishableClientKey: 'pck_wrong' });
    const error = await rejection(client.getProject());
    expect(error).toBeInstanceOf(KnownErrors.INVALID_PUBLISHABLE_CLIENT_KEY);
    expect(error).toBeInstanceOf(KnownErrors.PROJECT_AUTHENTICATION_ERROR);
    expect((error as KnownAuthError).status).toBe(401);
  });

  test('plain-text errors become UnexpectedResponseError with status and text', async () => {
    const { client } = await signedUpClient(t, 'plain', 'plain passphrase 1');
    const error = await rejection(client.updateCurrentUser({ profileImageUrl: 'https://example.com/not-a-data-url.png' }));
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect((error as UnexpectedResponseError).status).toBe(400);
    expect((error as UnexpectedResponseError).body).toContain('Invalid profile image URL');
  });

  test('the project as clients see it', async () => {
    const { client } = recordingClient(t, t.demo!);
    const project = await client.getProject();
    expect(project.id).toBe(t.demo!.projectId);
    expect(project.displayName).toBe(t.demo!.displayName);
    expect(project.config.credentialEnabled).toBe(true);
    expect(project.config.signUpEnabled).toBe(true);
  });
});

describe('emailed codes', () => {
  test(
    'email verification: send, check, verify; a used code is VERIFICATION_CODE_ALREADY_USED',
    async () => {
      const { client, email } = await signedUpClient(
        t,
        'client-verify',
        'verify passphrase 1',
        'http://localhost:3000/handler/email-verification?via=signup',
      );
      await smtp.waitFor(email, (m) => m.text.includes('via=signup'));
      await client.sendVerificationEmail({ callbackUrl: 'http://localhost:3000/handler/email-verification?via=resend' });
      const message = await smtp.waitFor(email, (m) => m.text.includes('via=resend'));
      const code = codeFromEmail(message);

      await client.checkEmailVerificationCode(code);
      await client.verifyEmail(code);
      expect((await client.getCurrentUser())!.primaryEmailVerified).toBe(true);
      const again = await rejection(client.verifyEmail(code));
      expect(again).toBeInstanceOf(KnownErrors.VERIFICATION_CODE_ALREADY_USED);
      expect((again as KnownAuthError).status).toBe(409);
    },
    testTimeout,
  );

  test(
    'default callback URLs come from appUrl and the handler path',
    async () => {
      const { client } = recordingClient(t, t.demo!, { appUrl: 'http://localhost:3000', handlerPath: '/auth' });
      const email = uniqueEmail('client-default-url');
      await client.signUpWithPassword({ email, password: 'default passphrase 1' });
      const message = await smtp.waitFor(email);
      const link = new URL(message.text.match(/https?:\/\/\S+/)![0]);
      expect(`${link.origin}${link.pathname}`).toBe('http://localhost:3000/auth/email-verification');
      expect(client.handlerUrls().oauthCallback).toBe('http://localhost:3000/auth/oauth-callback');
    },
    testTimeout,
  );

  test(
    'forgotten password: send, check, reset; the old sessions end and the new password signs in',
    async () => {
      const { client, email } = await signedUpClient(t, 'client-reset', 'before passphrase 1');

      const stranger = recordingClient(t, t.demo!).client;
      await stranger.sendPasswordResetEmail(email, { callbackUrl: 'http://localhost:3000/handler/password-reset?via=forgot' });
      const message = await smtp.waitFor(email, (m) => m.text.includes('via=forgot'));
      const code = codeFromEmail(message);
      await stranger.checkPasswordResetCode(code);
      await stranger.resetPassword({ code, password: 'after passphrase 2' });

      const old = await rejection(stranger.signInWithPassword({ email, password: 'before passphrase 1' }));
      expect(old).toBeInstanceOf(KnownErrors.EMAIL_PASSWORD_MISMATCH);
      expect((await stranger.signInWithPassword({ email, password: 'after passphrase 2' })).status).toBe('signed-in');
      const used = await rejection(stranger.resetPassword({ code, password: 'third passphrase 3' }));
      expect(used).toBeInstanceOf(KnownErrors.VERIFICATION_ERROR);
    },
    testTimeout,
  );

  test('password update keeps this session and checks the old password', async () => {
    const { client, calls, email } = await signedUpClient(t, 'client-change', 'change passphrase 1');
    const wrong = await rejection(client.updatePassword({ oldPassword: 'not it at all', newPassword: 'change passphrase 2' }));
    expect(wrong).toBeInstanceOf(KnownErrors.PASSWORD_CONFIRMATION_MISMATCH);
    await client.updatePassword({ oldPassword: 'change passphrase 1', newPassword: 'change passphrase 2' });
    const update = calls.filter((c) => c.path === '/auth/password/update').at(-1)!;
    expect(update.headers.get('x-stack-refresh-token')).toBe((await client.getTokens()).refreshToken);
    // This session survived the change (its refresh token was kept).
    expect((await client.getCurrentUser())!.primaryEmail).toBe(email);
  });
});
