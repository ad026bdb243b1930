// Banning a user through the API, against a real instance with a real SMTP receiver: every way in
// (password, the emailed code, the MFA step, a passkey, a server-made session, the refresh
// grant) answers USER_BANNED while the ban holds, the user's sessions end when it is set, it lifts
// itself at banned_until_millis and at once on unban, and both leave audit events.
import { describe, expect, test } from 'bun:test';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { withMailInstance } from '../support/mail-instance';
import type { SmtpReceiver } from '../support/smtp-receiver';
import type { TestInstance } from '../support/instance';
import {
  as,
  call,
  expectKnownError,
  expectOk,
  expectTextError,
  expectRefreshRefused,
  refreshFor,
  shiftClock,
  signIn,
  signInCall,
  signUp,
  uniqueEmail,
  unknownUuid,
} from '../support/user-views';
import { magicLinkProject, otpSignIn, receiveMagicLink, receivedCount, sendSignInCode } from '../support/magic-links';
import { expectMfaRequired, mfaSignIn, newTotpSecret, setTotpSecretAsServer, totpAt } from '../support/totp';
import { registerPasskey, signInWithPasskey } from '../support/passkeys';

let t: TestInstance;
let smtp: SmtpReceiver;
let project: BootstrappedProject;

withMailInstance(async (started) => {
  ({ t, smtp } = started);
  project = await magicLinkProject(t, 'Bans');
  const res = await call(t, 'PATCH', '/projects/current', { headers: as(project, 'admin'), body: { config: { passkey_enabled: true } } });
  expectOk(res);
});

const ban = (userId: string, body: Record<string, unknown> = {}) =>
  call(t, 'POST', `/users/${userId}/ban`, { headers: as(project, 'server'), body });
const unban = (userId: string) => call(t, 'POST', `/users/${userId}/unban`, { headers: as(project, 'server') });
const me = (accessToken: string) => call(t, 'GET', '/users/me', { headers: as(project, 'client', accessToken) });

function expectBanned(res: Awaited<ReturnType<typeof call>>, until: number | null = null): void {
  expectKnownError(res, 403, 'USER_BANNED', { banned_until_millis: until });
}

describe('setting a ban', () => {
  test('answers the user with the ban, ends every session at once, and records who did it', async () => {
    const user = await signUp(t, project);
    const second = await signIn(t, project, user.email, user.password);
    const view = expectOk(await ban(user.user_id, { ban_reason: '  chargeback fraud  ' }));
    expect(view.banned_at_millis).toBeNumber();
    expect(view.banned_until_millis).toBeNull();
    expect(view.ban_reason).toBe('chargeback fraud');

    // Both sessions are gone: their access tokens stop now, their refresh tokens are unknown.
    expectKnownError(await me(user.access_token), 401, 'ACCESS_TOKEN_EXPIRED', { expired_at_millis: null });
    expectKnownError(await me(second.access_token), 401, 'ACCESS_TOKEN_EXPIRED', { expired_at_millis: null });
    await expectRefreshRefused(t, project, user.refresh_token);
    await expectRefreshRefused(t, project, second.refresh_token);

    const events = expectOk(await call(t, 'GET', `/audit-events?user_id=${user.user_id}`, { headers: as(project, 'admin') })).items;
    const banned = events.find((e: any) => e.type === 'user.banned');
    expect(banned.actor.type).toBe('server');
    expect(banned.details).toEqual({ banned_until_millis: null, reason: 'chargeback fraud', ended_sessions: 2 });
  });

  test("the client view never shows the ban; the server's list does", async () => {
    const user = await signUp(t, project);
    const own = expectOk(await me(user.access_token));
    expect(own.ban_reason).toBeUndefined();
    expect(own.banned_at_millis).toBeUndefined();
    expectOk(await ban(user.user_id, { ban_reason: 'spam' }));
    const listed = expectOk(await call(t, 'GET', `/users?query=${encodeURIComponent(user.email)}`, { headers: as(project, 'server') })).items;
    expect(listed.map((u: any) => [u.id, u.ban_reason])).toEqual([[user.user_id, 'spam']]);
  });

  test('bad requests change nothing', async () => {
    const user = await signUp(t, project);
    expectTextError(await ban(user.user_id, { banned_until_millis: Date.now() - 1000 }), 400);
    expectKnownError(await ban(unknownUuid()), 404, 'USER_NOT_FOUND');
    expectKnownError(await ban(user.user_id, { ban_reason: 'x'.repeat(501) }), 400, 'SCHEMA_ERROR');
    expectKnownError(await ban(user.user_id, { until: 5 }), 400, 'SCHEMA_ERROR');
    // Client access may not ban anyone, itself included.
    const asClient = await call(t, 'POST', `/users/${user.user_id}/ban`, { headers: as(project, 'client', user.access_token), body: {} });
    expectKnownError(asClient, 401, 'INSUFFICIENT_ACCESS_TYPE');
    expectOk(await me(user.access_token));
    expect(expectOk(await call(t, 'GET', `/users/${user.user_id}`, { headers: as(project, 'server') })).banned_at_millis).toBeNull();
  });
});

describe('while banned, every way in is refused', () => {
  test('password sign-in, but only once the password is right', async () => {
    const user = await signUp(t, project);
    expectOk(await ban(user.user_id));
    expectBanned(await signInCall(t, project, user.email, user.password));
    // A wrong password says nothing of the ban.
    expectKnownError(await signInCall(t, project, user.email, 'not the password at all'), 400, 'EMAIL_PASSWORD_MISMATCH');
  });

  test('the emailed sign-in code', async () => {
    const email = uniqueEmail('coded');
    expectOk(await sendSignInCode(t, project, email));
    const first = expectOk(await otpSignIn(t, project, (await receiveMagicLink(smtp, email)).code));
    expectOk(await ban(first.user_id));
    const seen = receivedCount(smtp, email);
    expectOk(await sendSignInCode(t, project, email));
    const mail = await receiveMagicLink(smtp, email, seen);
    expectBanned(await otpSignIn(t, project, mail.code));
  });

  test('the second factor of a user banned between password and code', async () => {
    const user = await signUp(t, project);
    const secret = newTotpSecret();
    expectOk(await setTotpSecretAsServer(t, project, user.user_id, secret.base64));
    const attempt = expectMfaRequired(await signInCall(t, project, user.email, user.password));
    expectOk(await ban(user.user_id));
    expectBanned(await mfaSignIn(t, project, attempt, totpAt(t, secret)));
  });

  test('a passkey', async () => {
    const user = await signUp(t, project);
    const credential = await registerPasskey(t, project, user.access_token);
    expectOk(await ban(user.user_id));
    expectBanned(await signInWithPasskey(t, project, credential));
  });

  test("a server-made session, and a refresh of one made in a race with the ban", async () => {
    const user = await signUp(t, project);
    expectOk(await ban(user.user_id));
    expectBanned(await call(t, 'POST', '/auth/sessions', { headers: as(project, 'server'), body: { user_id: user.user_id } }));
    // A session row the ban did not see (written straight to the database, as a racing sign-in would).
    const raced = await signIn(t, project, (await signUp(t, project)).email, 'correct horse battery');
    await t.rows('UPDATE refresh_tokens SET user_id = ? WHERE user_id = ?', user.user_id, raced.user_id);
    expectBanned(await refreshFor(t, project, raced.refresh_token));
  });
});

describe('lifting a ban', () => {
  test('a ban until a time ends by itself then', async () => {
    const user = await signUp(t, project);
    const until = Date.now() + 60 * 60 * 1000;
    expect(expectOk(await ban(user.user_id, { banned_until_millis: until })).banned_until_millis).toBe(until);
    expectBanned(await signInCall(t, project, user.email, user.password), until);
    const restore = shiftClock(t, 60 * 60 * 1000 + 1000);
    try {
      const again = expectOk(await signInCall(t, project, user.email, user.password));
      expectOk(await me(again.access_token));
    } finally {
      restore();
    }
  });

  test('unban lets the user in again at once, and is recorded; a second unban records nothing', async () => {
    const user = await signUp(t, project);
    expectOk(await ban(user.user_id));
    expectBanned(await signInCall(t, project, user.email, user.password));
    const view = expectOk(await unban(user.user_id));
    expect([view.banned_at_millis, view.banned_until_millis, view.ban_reason]).toEqual([null, null, null]);
    expectOk(await signInCall(t, project, user.email, user.password));
    expectOk(await unban(user.user_id));
    const events = expectOk(await call(t, 'GET', `/audit-events?user_id=${user.user_id}&type=user.unbanned`, { headers: as(project, 'admin') })).items;
    expect(events.length).toBe(1);
    expect(events[0].actor.type).toBe('server');
  });
});
