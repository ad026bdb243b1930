// Refresh-token rotation, a per-project setting (off by default): each refresh returns a new
// refresh token, the used one is spent, and presenting a spent one ends that whole sign-in, unless
// it comes within the grace window after its rotation (it then answers the same new token). Off,
// the refresh token stays as it is (Stack's SDK behaviour). authd/client follows the rotation.
import { describe, expect, test } from 'bun:test';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { listUserSessions } from '../../server/core/auth/user-sessions';
import { createAuthClient } from '../../ui/client/index';
import type { TestInstance } from '../support/instance';
import { movableClock } from '../support/ui-client';
import { advanceClock } from '../support/webhooks';
import { refreshTokenReuseGraceMillis } from '../../server/core/auth/sessions';
import {
  as,
  call,
  expectOk,
  expectRefreshRefused,
  makeProject,
  refreshFor,
  setProjectConfig,
  signIn,
  signUp,
  uniqueEmail,
} from '../support/user-views';
import { withProject } from '../support/file-instance';

let t: TestInstance, rotating: BootstrappedProject;

withProject('Rotating', async (started) => {
  ({ t, project: rotating } = started);
  await setProjectConfig(t, rotating, { refresh_token_rotation_enabled: true });
});

describe('refresh-token rotation', () => {
  test('off by default: the same refresh token works again and none is handed out', async () => {
    const project = await makeProject(t, 'Not rotating');
    const admin = expectOk(await call(t, 'GET', '/projects/current', { headers: as(project, 'admin') }));
    expect(admin.config.refresh_token_rotation_enabled).toBe(false);
    const user = await signUp(t, project, uniqueEmail('plain'));
    for (let i = 0; i < 3; i++) {
      const body = expectOk(await refreshFor(t, project, user.refresh_token));
      expect(body.refresh_token).toBeUndefined();
    }
  });

  test('on: each refresh hands out the next token; the chain keeps working, one session is listed', async () => {
    const user = await signUp(t, rotating, uniqueEmail('rotating'));
    let token = user.refresh_token;
    for (let i = 0; i < 3; i++) {
      const body = expectOk(await refreshFor(t, rotating, token));
      expect(typeof body.access_token).toBe('string');
      expect(body.refresh_token).toMatch(/^[0-9a-z]{45}$/i);
      expect(body.refresh_token).not.toBe(token);
      token = body.refresh_token;
    }
    // The header refresh rotates too.
    const viaHeader = expectOk(
      await call(t, 'POST', '/auth/sessions/current/refresh', {
        headers: { ...as(rotating, 'client'), 'x-stack-refresh-token': token },
      }),
    );
    expect(viaHeader.refresh_token).not.toBe(token);
    expect(await listUserSessions(t.ctx, rotating.projectId, user.user_id)).toHaveLength(1);
  });

  test('within the grace window a spent token answers the token that replaced it, the same one each time', async () => {
    const user = await signUp(t, rotating, uniqueEmail('tabs'));
    const next = expectOk(await refreshFor(t, rotating, user.refresh_token)).refresh_token;
    for (let i = 0; i < 2; i++) {
      const again = expectOk(await refreshFor(t, rotating, user.refresh_token));
      expect(again.refresh_token).toBe(next);
      expect(again.access_token).toBeString();
    }
    // The new token goes on as usual and is the sign-in's only live one.
    expect(expectOk(await refreshFor(t, rotating, next)).refresh_token).not.toBe(next);
    expect(await listUserSessions(t.ctx, rotating.projectId, user.user_id)).toHaveLength(1);
  });

  test('a spent token presented again after the grace window ends the whole sign-in, for the thief and the owner alike', async () => {
    const user = await signUp(t, rotating, uniqueEmail('stolen'));
    const other = await signIn(t, rotating, user.email, user.password);
    const stolen = user.refresh_token;
    const ownersNext = expectOk(await refreshFor(t, rotating, stolen)).refresh_token;
    advanceClock(t, refreshTokenReuseGraceMillis + 1);
    // The thief replays the copy: refused, and the owner's current token with it.
    await expectRefreshRefused(t, rotating, stolen);
    await expectRefreshRefused(t, rotating, ownersNext);
    // The user's other sign-in is a session of its own and goes on.
    expect(expectOk(await refreshFor(t, rotating, other.refresh_token)).refresh_token).toBeString();
    expect(await listUserSessions(t.ctx, rotating.projectId, user.user_id)).toHaveLength(1);
  });

  test('sign-out ends the rotated session; turning rotation off keeps the current token working', async () => {
    const user = await signUp(t, rotating, uniqueEmail('signout'));
    const next = expectOk(await refreshFor(t, rotating, user.refresh_token)).refresh_token;
    expectOk(
      await call(t, 'DELETE', '/auth/sessions/current', {
        headers: { ...as(rotating, 'client'), 'x-stack-refresh-token': next },
      }),
    );
    await expectRefreshRefused(t, rotating, next);

    const project = await makeProject(t, 'Rotation turned off');
    await call(t, 'PATCH', '/projects/current', {
      headers: as(project, 'admin'),
      body: { config: { refresh_token_rotation_enabled: true } },
    });
    const later = await signUp(t, project, uniqueEmail('off'));
    const current = expectOk(await refreshFor(t, project, later.refresh_token)).refresh_token;
    await call(t, 'PATCH', '/projects/current', {
      headers: as(project, 'admin'),
      body: { config: { refresh_token_rotation_enabled: false } },
    });
    expect(expectOk(await refreshFor(t, project, current)).refresh_token).toBeUndefined();
    expect(expectOk(await refreshFor(t, project, current)).access_token).toBeString();
  });

  test('authd/client keeps the rotated token: a signed-in client refreshes again and again', async () => {
    const email = uniqueEmail('client');
    const clock = movableClock();
    const client = createAuthClient({
      baseUrl: t.url,
      projectId: rotating.projectId,
      publishableClientKey: rotating.keys.publishable_client_key!,
      tokenStore: 'memory',
      now: clock.now,
    });
    await client.signUpWithPassword({
      email,
      password: 'correct horse battery',
      verificationCallbackUrl: 'http://localhost:3000/v',
    });
    const seen = new Set([(await client.getTokens()).refreshToken]);
    for (let i = 0; i < 3; i++) {
      // Past the access token's lifetime on the client's clock: the next call refreshes first.
      clock.advance(11 * 60 * 1000);
      expect((await client.getCurrentUser())?.primaryEmail).toBe(email);
      seen.add((await client.getTokens()).refreshToken);
    }
    expect(seen.size).toBe(4);
  });
});
