// The published @stackframe/js 2.7.23 SDK, unmodified, against a real authd and a real SMTP
// server: a client app's whole account life (sign-up, profile, email verification, forgotten
// password, password change, sign-in, sign-out), the SDK's own access-token refresh,
// and a server app's user management (create, paginated list, search, update, sessions,
// delete). Every request the SDK sends is recorded by wrapping fetch.
import { describe, expect, setSystemTime, test } from 'bun:test';
import { KnownErrors } from '@stackframe/stack-shared';
import { as, call, makeProject, uniqueEmail } from '../support/api-expectations';
import { startTestInstance, type TestInstance } from '../support/instance';
import { withMailInstance } from '../support/mail-instance';
import { clientApp, recordApiCalls, rejection, serverApp, type RecordedApiCall } from '../support/sdk-apps';
import { codeFromEmail, type ReceivedEmail, type SmtpReceiver } from '../support/smtp-receiver';
import { expectRefreshRefused, signUp } from '../support/accounts';

const testTimeout = 30_000;
const verificationCallbackUrl = 'http://localhost:3000/handler/email-verification';
const passwordResetCallbackUrl = 'http://localhost:3000/handler/password-reset';

// ---------------------------------------------------------------------------------------------
// Request recording (the SDK's API calls and its OAuth token calls alike)

const recorded: RecordedApiCall[] = [];
let stopRecording: () => void;

let smtp: SmtpReceiver, t: TestInstance;

withMailInstance(
  (started) => {
    ({ t, smtp } = started);
    stopRecording = recordApiCalls(recorded, '/api/v1');
  },
  { beforeStop: () => stopRecording?.() },
);

/** The next email to `recipient` whose link carries `marker` in its query. */
function emailWithMarker(recipient: string, marker: string): Promise<ReceivedEmail> {
  return smtp.waitFor(recipient, (m) => m.text.includes(`via=${marker}`));
}

// ---------------------------------------------------------------------------------------------

describe('StackClientApp: an account from sign-up to sign-out', () => {
  test(
    'sign-up, profile, email verification, forgotten password, password change, sign-in, sign-out',
    async () => {
      const demo = t.demo!;
      const app = clientApp(t, demo);
      const email = uniqueEmail('sdk-life');
      const firstPassword = 'first passphrase 1';
      const resetPassword = 'reset passphrase 2';
      const finalPassword = 'final passphrase 3';

      // Sign-up (the SDK passes our callback URL as verification_callback_url).
      const signUp = await app.signUpWithCredential({
        email,
        password: firstPassword,
        verificationCallbackUrl: `${verificationCallbackUrl}?via=signup`,
        noRedirect: true,
      });
      expect(signUp.status).toBe('ok');
      const signUpEmail = await emailWithMarker(email, 'signup');
      expect(signUpEmail.subject).toBe(`Verify your email at ${demo.displayName}`);

      let user = await app.getUser();
      expect(user).not.toBeNull();
      expect(user!.primaryEmail).toBe(email);
      expect(user!.hasPassword).toBe(true);
      expect(user!.primaryEmailVerified).toBe(false);
      const userId = user!.id;

      // A second sign-up with the same email is USER_EMAIL_ALREADY_EXISTS as a result error.
      const duplicate = await clientApp(t, demo).signUpWithCredential({
        email,
        password: firstPassword,
        verificationCallbackUrl,
        noRedirect: true,
      });
      expect(duplicate.status).toBe('error');
      if (duplicate.status === 'error') expect(duplicate.error).toBeInstanceOf(KnownErrors.UserEmailAlreadyExists);

      // Profile update persists (read back through a raw API call, not the SDK cache).
      await user!.update({ displayName: 'SDK Life', clientMetadata: { theme: 'dark', n: 1 } });
      user = await app.getUser();
      expect(user!.displayName).toBe('SDK Life');
      expect(user!.clientMetadata).toEqual({ theme: 'dark', n: 1 });
      const tokens = await user!.currentSession.getTokens();
      const me = await call(t, 'GET', '/users/me', { headers: as(demo, 'client', tokens.accessToken!) });
      expect(me.status).toBe(200);
      expect(me.json.display_name).toBe('SDK Life');
      expect(me.json.client_metadata).toEqual({ theme: 'dark', n: 1 });

      // user.sendVerificationEmail() in 2.7.23 accepts { callbackUrl } although its type omits it.
      const sendVerification = (
        user as unknown as {
          sendVerificationEmail(options: { callbackUrl: string }): Promise<unknown>;
        }
      ).sendVerificationEmail({ callbackUrl: `${verificationCallbackUrl}?via=resend` });
      expect(await sendVerification).toBeUndefined();
      const resent = await emailWithMarker(email, 'resend');
      const verification = await app.verifyEmail(codeFromEmail(resent));
      expect(verification.status).toBe('ok');
      user = await app.getUser();
      expect(user!.primaryEmailVerified).toBe(true);
      // Verified now: a further send answers EMAIL_ALREADY_VERIFIED, which the SDK returns.
      const again = await (
        user as unknown as {
          sendVerificationEmail(options: { callbackUrl: string }): Promise<unknown>;
        }
      ).sendVerificationEmail({ callbackUrl: verificationCallbackUrl });
      expect(again).toBeInstanceOf(KnownErrors.EmailAlreadyVerified);
      // The code just used is refused the second time.
      const used = await app.verifyEmail(codeFromEmail(resent));
      expect(used.status).toBe('error');
      if (used.status === 'error') expect(used.error).toBeInstanceOf(KnownErrors.VerificationCodeAlreadyUsed);

      // Forgotten password.
      const forgot = await app.sendForgotPasswordEmail(email, { callbackUrl: `${passwordResetCallbackUrl}?via=forgot` });
      expect(forgot.status).toBe('ok');
      const resetEmail = await emailWithMarker(email, 'forgot');
      expect(resetEmail.subject).toBe(`Reset your password at ${demo.displayName}`);
      const resetCode = codeFromEmail(resetEmail);
      expect((await app.verifyPasswordResetCode(resetCode)).status).toBe('ok');
      expect((await app.resetPassword({ code: resetCode, password: resetPassword })).status).toBe('ok');
      const reused = await app.resetPassword({ code: resetCode, password: 'another passphrase' });
      expect(reused.status).toBe('error');
      if (reused.status === 'error') expect(reused.error).toBeInstanceOf(KnownErrors.VerificationCodeAlreadyUsed);
      const checkUsed = await app.verifyPasswordResetCode(resetCode);
      expect(checkUsed.status).toBe('error');

      // The old password is gone; the reset one signs in (a fresh app: the reset ended all sessions).
      const afterReset = clientApp(t, demo);
      const oldSignIn = await afterReset.signInWithCredential({ email, password: firstPassword, noRedirect: true });
      expect(oldSignIn.status).toBe('error');
      if (oldSignIn.status === 'error') expect(oldSignIn.error).toBeInstanceOf(KnownErrors.EmailPasswordMismatch);
      expect((await afterReset.signInWithCredential({ email, password: resetPassword, noRedirect: true })).status).toBe('ok');
      const resetUser = await afterReset.getUser();
      expect(resetUser!.id).toBe(userId);

      // Password change: a wrong old password is returned as PASSWORD_CONFIRMATION_MISMATCH.
      const mismatch = await resetUser!.updatePassword({ oldPassword: 'not the password', newPassword: finalPassword });
      expect(mismatch).toBeInstanceOf(KnownErrors.PasswordConfirmationMismatch);
      const tooShort = await resetUser!.updatePassword({ oldPassword: resetPassword, newPassword: 'short' });
      expect(tooShort).toBeInstanceOf(KnownErrors.PasswordTooShort);
      expect(await resetUser!.updatePassword({ oldPassword: resetPassword, newPassword: finalPassword })).toBeUndefined();
      // The session that changed the password survives the change.
      expect((await afterReset.getUser())!.id).toBe(userId);

      // Sign-in with the new password; the previous one and a wrong one are EMAIL_PASSWORD_MISMATCH.
      const signInApp = clientApp(t, demo);
      expect(await signInApp.getUser()).toBeNull();
      for (const wrong of [resetPassword, 'definitely wrong']) {
        const failed = await signInApp.signInWithCredential({ email, password: wrong, noRedirect: true });
        expect(failed.status).toBe('error');
        if (failed.status === 'error') expect(failed.error).toBeInstanceOf(KnownErrors.EmailPasswordMismatch);
      }
      expect(await signInApp.getUser()).toBeNull();
      expect((await signInApp.signInWithCredential({ email, password: finalPassword, noRedirect: true })).status).toBe('ok');
      const signedIn = await signInApp.getUser();
      expect(signedIn!.id).toBe(userId);
      expect(signedIn!.displayName).toBe('SDK Life');
      expect(signedIn!.primaryEmailVerified).toBe(true);

      // Sign-out ends the session: no user, and its refresh token is refused by the server.
      const { refreshToken } = await signedIn!.currentSession.getTokens();
      expect(refreshToken).toMatch(/^[0-9a-hjkmnp-tv-z]{45}$/);
      await signedIn!.signOut();
      expect(await signInApp.getUser()).toBeNull();
      await expectRefreshRefused(t, demo, refreshToken!);
    },
    testTimeout,
  );
});

describe('StackClientApp: access-token refresh', () => {
  test(
    'with 25-second access tokens the SDK refreshes through POST /auth/oauth/token and keeps working',
    async () => {
      const shortLived = await startTestInstance({ settings: { smtpUrl: smtp.url, accessTokenLifetimeMillis: 25_000 } });
      try {
        const project = shortLived.demo!;
        const email = uniqueEmail('sdk-refresh');
        const password = 'refresh passphrase';
        await signUp(shortLived, project, { email, password, callbackUrl: null });

        const app = clientApp(shortLived, project);
        expect((await app.signInWithCredential({ email, password, noRedirect: true })).status).toBe('ok');
        const user = await app.getUser();
        expect(user!.primaryEmail).toBe(email);
        const firstToken = (await user!.currentSession.getTokens()).accessToken!;
        const firstExp = JSON.parse(Buffer.from(firstToken.split('.')[1]!, 'base64url').toString()).exp as number;
        const iat = JSON.parse(Buffer.from(firstToken.split('.')[1]!, 'base64url').toString()).iat as number;
        expect(firstExp - iat).toBe(25);

        // 7 s later for the SDK and the server alike (the clock stands still there, rather than
        // the test waiting 7 real seconds): fewer than 20 s are left, so the SDK's next request
        // refreshes first.
        setSystemTime(new Date(Date.now() + 7_000));
        const start = recorded.length;
        try {
          await user!.update({ clientMetadata: { afterRefresh: true } });
          const again = await app.getUser();
          expect(again!.clientMetadata).toEqual({ afterRefresh: true });
        } finally {
          setSystemTime();
        }
        const requests = recorded.slice(start);

        const refreshes = requests.filter((r) => r.method === 'POST' && r.path === '/api/v1/auth/oauth/token');
        expect(refreshes.length).toBeGreaterThanOrEqual(1);
        const refresh = refreshes[0]!;
        const form = new URLSearchParams(refresh.body ?? '');
        expect(form.get('grant_type')).toBe('refresh_token');
        expect(form.get('client_id')).toBe(project.projectId);
        expect(refresh.status).toBe(200);
        const issued = JSON.parse(refresh.responseText);
        expect(issued.token_type).toBe('Bearer');
        expect(typeof issued.access_token).toBe('string');
        expect(issued.access_token).not.toBe(firstToken);

        // The update went out with the new token, after the refresh, and succeeded.
        const patch = requests.find((r) => r.method === 'PATCH' && r.path === '/api/v1/users/me');
        expect(patch).toBeDefined();
        expect(requests.indexOf(patch!)).toBeGreaterThan(requests.indexOf(refresh));
        expect(patch!.status).toBe(200);
        expect(patch!.headers.get('x-stack-access-token')).toBe(issued.access_token);
        const newExp = JSON.parse(Buffer.from(issued.access_token.split('.')[1]!, 'base64url').toString()).exp as number;
        expect(newExp).toBeGreaterThan(firstExp);
        // No request of this SDK was refused for its token.
        for (const r of requests) expect(r.status).toBeLessThan(400);
      } finally {
        await shortLived.stop();
      }
    },
    testTimeout,
  );
});

describe('StackClientApp: a session ended elsewhere', () => {
  test(
    "the SDK's unexpired access token is refused; it refreshes in vain and reports no user",
    async () => {
      const project = t.demo!;
      const email = uniqueEmail('sdk-revoked');
      const password = 'revoked passphrase';
      const signedUp = await signUp(t, project, { email, password, callbackUrl: null });
      const app = clientApp(t, project);
      expect((await app.signInWithCredential({ email, password, noRedirect: true })).status).toBe('ok');
      expect((await app.getUser())!.primaryEmail).toBe(email);
      // Another device (the sign-up's session) ends the SDK's session.
      const listed = await call(t, 'GET', '/auth/sessions?user_id=me', {
        headers: { ...as(project, 'client', signedUp.access_token), 'x-stack-refresh-token': signedUp.refresh_token },
      });
      const sdkSession = listed.json.items.find((session: { is_current_session: boolean }) => !session.is_current_session);
      const ended = await call(t, 'DELETE', `/auth/sessions/${sdkSession.id}?user_id=me`, {
        headers: as(project, 'client', signedUp.access_token),
      });
      expect(ended.status).toBe(200);
      const start = recorded.length;
      expect(await app.getUser()).toBeNull();
      const requests = recorded.slice(start).map((r) => `${r.method} ${r.path} ${r.status}`);
      expect(requests.slice(0, 2)).toEqual(['GET /api/v1/users/me 401', 'POST /api/v1/auth/oauth/token 401']);
    },
    testTimeout,
  );
});

describe('StackServerApp: user management', () => {
  test(
    'createUser, paginated listUsers, search, update, getUser, createSession, delete',
    async () => {
      const project = await makeProject(t, 'SDK users');
      const server = serverApp(t, project);
      const created = [];
      for (let i = 0; i < 5; i++) {
        const user = await server.createUser({
          primaryEmail: uniqueEmail(`sdk-server-${i}`),
          password: `server passphrase ${i}`,
          displayName: `Server User ${i}`,
          primaryEmailAuthEnabled: true,
        });
        expect(user.displayName).toBe(`Server User ${i}`);
        expect(user.hasPassword).toBe(true);
        expect(user.primaryEmailVerified).toBe(false);
        created.push(user);
      }
      const ids = created.map((u) => u.id);

      // Pages of 2: 2 + 2 + 1, each page's nextCursor leading to the next, the last null.
      const pages: string[][] = [];
      let cursor: string | undefined;
      for (let i = 0; i < 5; i++) {
        const page = await server.listUsers({ limit: 2, cursor });
        pages.push(page.map((u) => u.id));
        if (page.nextCursor === null) break;
        expect(typeof page.nextCursor).toBe('string');
        cursor = page.nextCursor;
      }
      expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
      expect(pages.flat()).toEqual(ids);
      const all = await server.listUsers();
      expect(all.map((u) => u.id)).toEqual(ids);
      expect(all.nextCursor).toBeNull();

      // Search by display name (case-insensitive) and by email.
      const byName = await server.listUsers({ query: 'server user 3' });
      expect(byName.map((u) => u.id)).toEqual([ids[3]!]);
      const byEmail = await server.listUsers({ query: created[1]!.primaryEmail! });
      expect(byEmail.map((u) => u.id)).toEqual([ids[1]!]);
      expect(await server.listUsers({ query: 'nobody-matches-this' })).toHaveLength(0);

      // Update, then read back by id.
      const target = created[2]!;
      await target.update({ serverMetadata: { plan: 'pro', seats: 3 }, displayName: 'Renamed User' });
      const fetched = await server.getUser(target.id);
      expect(fetched).not.toBeNull();
      expect(fetched!.displayName).toBe('Renamed User');
      expect(fetched!.serverMetadata).toEqual({ plan: 'pro', seats: 3 });
      expect(fetched!.primaryEmail).toBe(target.primaryEmail);
      const raw = await call(t, 'GET', `/users/${target.id}`, { headers: as(project, 'server') });
      expect(raw.json.server_metadata).toEqual({ plan: 'pro', seats: 3 });
      expect(raw.json.display_name).toBe('Renamed User');

      // A session made by the server works for the user against GET /users/me.
      const session = await target.createSession({ expiresInMillis: 60 * 60 * 1000 });
      const tokens = await session.getTokens();
      expect(tokens.accessToken).toBeString();
      expect(tokens.refreshToken).toMatch(/^[0-9a-hjkmnp-tv-z]{45}$/);
      const me = await call(t, 'GET', '/users/me', { headers: as(project, 'client', tokens.accessToken!) });
      expect(me.status).toBe(200);
      expect(me.json.id).toBe(target.id);
      expect(me.json.display_name).toBe('Renamed User');
      expect(me.json.server_metadata).toBeUndefined();

      // The created users can sign in with their passwords through a client app.
      const client = clientApp(t, project);
      const signIn = await client.signInWithCredential({
        email: created[0]!.primaryEmail!,
        password: 'server passphrase 0',
        noRedirect: true,
      });
      expect(signIn.status).toBe('ok');
      expect((await client.getUser())!.id).toBe(ids[0]!);

      // Delete: the user is gone from the list, getUser(id) throws USER_NOT_FOUND, its session ends.
      await target.delete();
      const remaining = await server.listUsers();
      expect(remaining.map((u) => u.id)).toEqual(ids.filter((id) => id !== target.id));
      const error = await rejection(server.getUser(target.id));
      expect(error).toBeInstanceOf(KnownErrors.UserNotFound);
      await expectRefreshRefused(t, project, tokens.refreshToken!);
    },
    testTimeout,
  );
});
