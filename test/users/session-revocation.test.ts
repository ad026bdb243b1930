// A revoked session's access tokens are refused at once, not when they expire: ended by its owner
// from another device, by signing out, by a password change, by the CLI (another process, so
// within the revocation list's few seconds). And every sign-in records the device it came from.
import { describe, expect, test } from 'bun:test';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { maxStoredUserAgentLength } from '../../server/core/auth/sessions';
import { revokeSessionWithCli } from '../support/cli';
import { pollUntil } from '../support/poll-until';
import type { TestInstance } from '../support/instance';
import {
  as,
  call,
  expectKnownError,
  expectOk,
  shiftClock,
  signIn,
  signUp,
  uniqueEmail,
  type SignedIn,
} from '../support/user-views';
import { withProject } from '../support/file-instance';

let t: TestInstance, project: BootstrappedProject;

withProject('Session revocation', (started) => ({ t, project } = started));

const me = (accessToken: string) => call(t, 'GET', '/users/me', { headers: as(project, 'client', accessToken) });

function expectRevoked(res: Awaited<ReturnType<typeof me>>): void {
  // The SDK parses this (expired_at_millis null), refreshes, finds the refresh token gone too,
  // and drops the session.
  expectKnownError(res, 401, 'ACCESS_TOKEN_EXPIRED', { expired_at_millis: null });
}

async function sessionIdOf(owner: SignedIn, device: SignedIn): Promise<string> {
  const listed = expectOk(
    await call(t, 'GET', '/auth/sessions?user_id=me', {
      headers: { ...as(project, 'client', device.access_token), 'x-stack-refresh-token': device.refresh_token },
    }),
  );
  expect(listed.items.length).toBeGreaterThan(0);
  return listed.items.find((session: any) => session.is_current_session).id;
}

describe('revoked sessions', () => {
  test("access tokens name their session (sid), which the session list's id matches", async () => {
    const user = await signUp(t, project, uniqueEmail('sid'));
    const claims = JSON.parse(Buffer.from(user.access_token.split('.')[1]!, 'base64url').toString());
    expect(claims.sid).toBe(await sessionIdOf(user, user));
  });

  test("ended from another device: that device's access token is refused at once, the others' still work", async () => {
    const laptop = await signUp(t, project, uniqueEmail('laptop'));
    const phone = await signIn(t, project, laptop.email, laptop.password);
    expectOk(await me(phone.access_token));
    const phoneSession = await sessionIdOf(laptop, phone);
    expectOk(
      await call(t, 'DELETE', `/auth/sessions/${phoneSession}?user_id=me`, {
        headers: as(project, 'client', laptop.access_token),
      }),
    );
    expectRevoked(await me(phone.access_token));
    expect(expectOk(await me(laptop.access_token)).id).toBe(laptop.user_id);
    const rows = await t.rows('select session_id, project_id from revoked_sessions where session_id = ?', phoneSession);
    expect(rows).toEqual([{ session_id: phoneSession, project_id: project.projectId }]);
  });

  test('signing out refuses that access token too', async () => {
    const user = await signUp(t, project, uniqueEmail('sign-out'));
    expectOk(
      await call(t, 'DELETE', '/auth/sessions/current', {
        headers: { ...as(project, 'client', user.access_token), 'x-stack-refresh-token': user.refresh_token },
        body: {},
      }),
    );
    expectRevoked(await me(user.access_token));
  });

  test("a password change ends the other devices' access tokens; the device that changed it keeps working", async () => {
    const laptop = await signUp(t, project, uniqueEmail('password'));
    const phone = await signIn(t, project, laptop.email, laptop.password);
    expectOk(
      await call(t, 'POST', '/auth/password/update', {
        headers: { ...as(project, 'client', laptop.access_token), 'x-stack-refresh-token': laptop.refresh_token },
        body: { old_password: laptop.password, new_password: 'another good passphrase 42' },
      }),
    );
    expectRevoked(await me(phone.access_token));
    expectOk(await me(laptop.access_token));
  });

  test('ended by the CLI (another process): the server refuses the token within seconds', async () => {
    const laptop = await signUp(t, project, uniqueEmail('cli'));
    expectOk(await me(laptop.access_token));
    const sessionId = await sessionIdOf(laptop, laptop);
    const cli = await revokeSessionWithCli(t, project.projectId, laptop.user_id, sessionId);
    expect(cli.code).toBe(0);
    const refused = await pollUntil(
      () => me(laptop.access_token),
      (res) => res.status !== 200,
    );
    expectRevoked(refused);
  });

  test('rows go once the longest access token they cover has expired (at the next revocation)', async () => {
    const first = await signUp(t, project, uniqueEmail('prune-1'));
    const firstSession = await sessionIdOf(first, first);
    expectOk(
      await call(t, 'DELETE', `/auth/sessions/${firstSession}?user_id=me`, {
        headers: as(project, 'client', first.access_token),
      }),
    );
    const [row] = await t.rows('select revoked_at, expires_at from revoked_sessions where session_id = ?', firstSession);
    expect(Number(row!.expires_at) - Number(row!.revoked_at)).toBe(t.ctx.settings.accessTokenLifetimeMillis);
    const restore = shiftClock(t, t.ctx.settings.accessTokenLifetimeMillis + 60_000);
    try {
      const second = await signUp(t, project, uniqueEmail('prune-2'));
      const secondSession = await sessionIdOf(second, second);
      expectOk(
        await call(t, 'DELETE', `/auth/sessions/${secondSession}?user_id=me`, {
          headers: as(project, 'client', second.access_token),
        }),
      );
      expect(await t.rows('select session_id from revoked_sessions where session_id = ?', firstSession)).toEqual([]);
      expect(await t.rows('select session_id from revoked_sessions where session_id = ?', secondSession)).toHaveLength(1);
    } finally {
      restore();
    }
  });
});

describe('where a session was signed in from', () => {
  const signInFrom = (email: string, password: string, userAgent: string) =>
    call(t, 'POST', '/auth/password/sign-in', {
      headers: { ...as(project, 'client'), 'user-agent': userAgent },
      body: { email, password },
    });

  test('a sign-in records its user agent and address before any refresh', async () => {
    const user = await signUp(t, project, uniqueEmail('device'));
    const firefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
    const phone = expectOk(await signInFrom(user.email, user.password, firefox));
    const listed = expectOk(
      await call(t, 'GET', '/auth/sessions?user_id=me', {
        headers: { ...as(project, 'client', phone.access_token), 'x-stack-refresh-token': phone.refresh_token },
      }),
    );
    const current = listed.items.find((session: any) => session.is_current_session);
    expect(current.last_used_user_agent).toBe(firefox);
    expect(current.last_used_ip).toBe('127.0.0.1');
    expect(current.last_used_at_millis).toBe(current.created_at_millis);
  });

  test('a 12 KB user agent is stored cut to its first 300 characters', async () => {
    const user = await signUp(t, project, uniqueEmail('long-agent'));
    const huge = `Agent/${'x'.repeat(12_000)}`;
    const signedIn = expectOk(await signInFrom(user.email, user.password, huge));
    const [row] = await t.rows(
      'select last_used_user_agent as agent from refresh_tokens where user_id = ? order by created_at desc',
      signedIn.user_id,
    );
    expect(String(row!.agent)).toBe(huge.slice(0, maxStoredUserAgentLength));
    expect(maxStoredUserAgentLength).toBe(300);
  });

  test("a session the app's server creates records no device (the caller is the server, not the user's)", async () => {
    const user = await signUp(t, project, uniqueEmail('server-made'));
    const created = expectOk(
      await call(t, 'POST', '/auth/sessions', {
        headers: { ...as(project, 'server'), 'user-agent': 'node' },
        body: { user_id: user.user_id },
      }),
    );
    const [row] = await t.rows(
      'select last_used_user_agent as agent, last_used_ip as ip from refresh_tokens where user_id = ? order by created_at desc',
      user.user_id,
    );
    expect(created.refresh_token).toBeString();
    expect(row).toEqual({ agent: null, ip: null });
  });
});
