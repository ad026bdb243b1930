// The session rules against a real authd with short-lived access tokens: a token the
// client knows to be expired is refreshed before the call, a token the server refuses is dropped
// and the call retried once after a refresh, concurrent calls share one refresh, and a revoked
// refresh token ends the session. Clocks are moved by hand; nothing waits for real time.
import { describe, expect, test } from 'bun:test';
import { KnownErrors, type StoredTokens } from '../../ui/client/index';
import { as, call, uniqueEmail } from '../support/api-expectations';
import type { TestInstance } from '../support/instance';
import { shiftClock } from '../support/user-views';
import { movableClock, recordingClient, rejection } from '../support/ui-client';
import { withInstance } from '../support/file-instance';

const accessTokenLifetimeMillis = 60_000;
let t: TestInstance;

withInstance((started) => ({ t } = started), { instance: { settings: { accessTokenLifetimeMillis } } });

async function signedInClient(options: Parameters<typeof recordingClient>[2] = {}) {
  const recording = recordingClient(t, t.demo!, options);
  const email = uniqueEmail('session');
  await recording.client.signUpWithPassword({
    email,
    password: 'session passphrase 1',
    verificationCallbackUrl: 'http://localhost:3000/v',
  });
  recording.calls.length = 0;
  return { ...recording, email };
}

function expSeconds(token: string): number {
  return JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))).exp;
}

describe('access-token refresh', () => {
  test('a token known to be expired is refreshed before the call, which then succeeds', async () => {
    const clock = movableClock();
    const { client, lines, calls, email } = await signedInClient({ now: clock.now });
    const before = (await client.getTokens()).accessToken!;

    expect((await client.getCurrentUser())!.primaryEmail).toBe(email);
    expect(lines()).toEqual(['GET /users/me']);

    // Both clocks pass the token's expiry: the server would now refuse it too.
    clock.advance(accessTokenLifetimeMillis + 1000);
    const restore = shiftClock(t, accessTokenLifetimeMillis + 1000);
    try {
      const user = await client.getCurrentUser();
      expect(user!.primaryEmail).toBe(email);
    } finally {
      restore();
    }
    expect(lines()).toEqual(['GET /users/me', 'POST /auth/oauth/token', 'GET /users/me']);
    const refresh = calls[1]!;
    expect(refresh.status).toBe(200);
    expect(new URLSearchParams(refresh.body).get('grant_type')).toBe('refresh_token');
    expect(refresh.headers.has('x-stack-override-error-status')).toBe(false);
    // The refreshed token was stored, is newer, and was the one sent.
    const after = (await client.getTokens()).accessToken!;
    expect(after).not.toBe(before);
    expect(expSeconds(after)).toBeGreaterThan(expSeconds(before));
    expect(calls[2]!.headers.get('x-stack-access-token')).toBe(after);
    expect(calls[2]!.status).toBe(200);
  });

  test('a token the server refuses as expired is dropped, refreshed and the call retried once', async () => {
    const { client, lines, calls, email } = await signedInClient();
    // Only the server's clock moves: the client still believes its token is fresh.
    const restore = shiftClock(t, accessTokenLifetimeMillis + 1000);
    try {
      const updated = await client.updateCurrentUser({ displayName: 'Refreshed' });
      expect(updated.displayName).toBe('Refreshed');
      expect(updated.primaryEmail).toBe(email);
    } finally {
      restore();
    }
    expect(lines()).toEqual(['PATCH /users/me', 'POST /auth/oauth/token', 'PATCH /users/me']);
    expect(calls[0]!.knownError).toBe('ACCESS_TOKEN_EXPIRED');
    expect(calls[2]!.status).toBe(200);
  });

  test('a garbled token is treated the same way (UNPARSABLE_ACCESS_TOKEN)', async () => {
    const { client } = await signedInClient();
    const tokens = await client.getTokens();
    // Same session, but the stored access token's signature is damaged.
    const [header, payload] = tokens.accessToken!.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(86)}`;
    const damaged = recordingClient(t, t.demo!, { tokenStore: { accessToken: forged, refreshToken: tokens.refreshToken } });
    expect((await damaged.client.getCurrentUser())!.id).toBe((await client.getCurrentUser())!.id);
    expect(damaged.lines()).toEqual(['GET /users/me', 'POST /auth/oauth/token', 'GET /users/me']);
    expect(damaged.calls[0]!.knownError).toBe('UNPARSABLE_ACCESS_TOKEN');
    expect((await damaged.client.getTokens()).accessToken).not.toBe(forged);
  });

  test('concurrent calls share one refresh', async () => {
    const clock = movableClock();
    const { client, lines } = await signedInClient({ now: clock.now });
    clock.advance(accessTokenLifetimeMillis + 1000);
    const users = await Promise.all([
      client.getCurrentUser(),
      client.getCurrentUser(),
      client.getAccessToken(),
      client.getCurrentUser(),
    ]);
    expect(users.every((u) => u !== null)).toBe(true);
    expect(lines().filter((l) => l === 'POST /auth/oauth/token')).toHaveLength(1);
    expect(lines().filter((l) => l === 'GET /users/me')).toHaveLength(3);
  });

  test("a client clock far ahead of the server's judges expiry on the server's clock", async () => {
    const clock = movableClock();
    clock.advance(10 * accessTokenLifetimeMillis);
    const { client, lines } = await signedInClient({ now: clock.now });
    await client.getCurrentUser();
    await client.getCurrentUser();
    expect(lines()).toEqual(['GET /users/me', 'GET /users/me']);
    // Expiry still counts: a lifetime later on either clock, the token is refreshed first.
    clock.advance(accessTokenLifetimeMillis + 1000);
    const restore = shiftClock(t, accessTokenLifetimeMillis + 1000);
    try {
      expect(await client.getCurrentUser()).not.toBeNull();
    } finally {
      restore();
    }
    expect(lines().slice(2)).toEqual(['POST /auth/oauth/token', 'GET /users/me']);
  });

  test('getAuthHeaders carries fresh tokens in x-stack-auth', async () => {
    const clock = movableClock();
    const { client, lines } = await signedInClient({ now: clock.now });
    clock.advance(accessTokenLifetimeMillis + 1000);
    const headers = await client.getAuthHeaders();
    const carried = JSON.parse(headers['x-stack-auth']);
    expect(lines()).toEqual(['POST /auth/oauth/token']);
    expect(carried).toEqual(await client.getTokens());
    // Another client built from that header is signed in as the same user.
    const backend = recordingClient(t, t.demo!, { tokenStore: { headers: new Headers(headers) } });
    expect((await backend.client.getCurrentUser())!.id).toBe((await client.getCurrentUser())!.id);
  });
});

describe('ending sessions', () => {
  test('a refresh token revoked by a sign-out elsewhere ends the session: tokens cleared, no user', async () => {
    const clock = movableClock();
    const { client, lines } = await signedInClient({ now: clock.now });
    const changes: StoredTokens[] = [];
    const unsubscribe = client.onSessionChange((tokens) => changes.push(tokens));

    // The same session, signed out from another place (another device holding the same tokens).
    const elsewhere = recordingClient(t, t.demo!, { tokenStore: await client.getTokens() });
    await elsewhere.client.signOut();

    clock.advance(accessTokenLifetimeMillis + 1000);
    expect(await client.getCurrentUser()).toBeNull();
    expect(lines()).toEqual(['POST /auth/oauth/token']);
    expect(await client.getTokens()).toEqual({ accessToken: null, refreshToken: null });
    expect(changes).toEqual([{ accessToken: null, refreshToken: null }]);
    unsubscribe();
    // Calls that need a user now fail as anonymous calls, without another refresh attempt.
    const error = await rejection(client.updateCurrentUser({ displayName: 'gone' }));
    expect(error).toBeInstanceOf(KnownErrors.CANNOT_GET_OWN_USER_WITHOUT_USER);
    expect(lines().filter((l) => l === 'POST /auth/oauth/token')).toHaveLength(1);
  });

  test('a password set through the server API revokes every session; the refused token leads to the end of the session', async () => {
    const { client, lines, calls } = await signedInClient();
    const user = await client.getCurrentUser();
    const setPassword = await call(t, 'PATCH', `/users/${user!.id}`, {
      headers: as(t.demo!, 'server'),
      body: { password: 'server set passphrase 9' },
    });
    expect(setPassword.status).toBe(200);
    const callsBefore = lines().length;

    // The access token still verifies until it expires; once the server refuses it (clock moved),
    // the client refreshes, the refresh is refused, and the session ends.
    const restore = shiftClock(t, accessTokenLifetimeMillis + 1000);
    try {
      expect(await client.getCurrentUser()).toBeNull();
    } finally {
      restore();
    }
    // The retry goes out without user headers (the session is over) and reads as "no user".
    expect(lines().slice(callsBefore)).toEqual(['GET /users/me', 'POST /auth/oauth/token', 'GET /users/me']);
    expect(calls.at(-1)!.headers.has('x-stack-access-token')).toBe(false);
    expect(calls.at(-1)!.knownError).toBe('CANNOT_GET_OWN_USER_WITHOUT_USER');
    expect(await client.getTokens()).toEqual({ accessToken: null, refreshToken: null });
  });

  test('sign-out of an already-ended session with an expired access token clears the local tokens without error', async () => {
    const clock = movableClock();
    const { client, lines } = await signedInClient({ now: clock.now });
    const elsewhere = recordingClient(t, t.demo!, { tokenStore: await client.getTokens() });
    await elsewhere.client.signOut();
    clock.advance(accessTokenLifetimeMillis + 1000);
    await client.signOut();
    expect(lines()).toEqual(['DELETE /auth/sessions/current']);
    expect(await client.getTokens()).toEqual({ accessToken: null, refreshToken: null });
  });
});
