// Recent authentication: turning MFA off, removing a passkey, changing the primary email and
// replacing working recovery codes need a factor proved in this session within 10 minutes. A
// fresh sign-in qualifies; later, POST /auth/sessions/current/reauthenticate with the password,
// a TOTP code or a passkey does. A refused change leaves everything as it was; the server key is
// never asked.
import { describe, expect, test } from 'bun:test';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { recentAuthenticationWindowMillis } from '../../server/core/auth/recent-authentication';
import { assertCredential } from '../support/software-authenticator';
import type { TestInstance } from '../support/instance';
import {
  appOrigin,
  as,
  call,
  expectKnownError,
  expectOk,
  expectSchemaError,
  initiateAuthentication,
  newTotpSecret,
  passkeyProject,
  registerPasskey,
  refreshFor,
  setTotpSecretAsClient,
  shiftClock,
  totpAt,
  wrongTotp,
} from '../support/passkeys';
import { signUp, uniqueEmail } from '../support/user-views';
import { withInstance } from '../support/file-instance';

let t: TestInstance, project: BootstrappedProject;
let restoreClock: (() => void) | undefined;

withInstance(async (started) => {
  ({ t } = started);
  project = await passkeyProject(t, 'Recent authentication');
});

const later = recentAuthenticationWindowMillis + 60_000;

/** Moves the instance past the window; the session's refresh token gives a token of that time. */
async function afterWindow(refreshToken: string): Promise<string> {
  restoreClock?.();
  restoreClock = shiftClock(t, later);
  return expectOk(await refreshFor(t, project, refreshToken)).access_token;
}

function backToNow(): void {
  restoreClock?.();
  restoreClock = undefined;
}

const reauthenticate = (accessToken: string, body: unknown) =>
  call(t, 'POST', '/auth/sessions/current/reauthenticate', { headers: as(project, 'client', accessToken), body });

const expectRecentAuthRequired = (res: Awaited<ReturnType<typeof call>>) =>
  expectKnownError(res, 403, 'RECENT_AUTHENTICATION_REQUIRED', { window_minutes: 10 });

const totpOf = async (userId: string) =>
  (await t.rows('select totp_secret_base64 as secret from users where id = ?', userId))[0]!.secret;

/** A user of the file's project who just turned TOTP on with their fresh sign-up's token. */
async function signUpWithTotp(name: string) {
  const user = await signUp(t, project, uniqueEmail(name));
  const secret = newTotpSecret();
  expectOk(await setTotpSecretAsClient(t, project, user.access_token, secret.base64));
  return { user, secret };
}

describe('recent authentication', () => {
  test('a fresh sign-in may turn MFA off at once (as the SDK and its tests do)', async () => {
    const { user } = await signUpWithTotp('fresh');
    expectOk(await setTotpSecretAsClient(t, project, user.access_token, null));
    expect(await totpOf(user.user_id)).toBeNull();
  });

  test('after the window: MFA off refused and left on; the password makes it recent again', async () => {
    const { user } = await signUpWithTotp('mfa-off');
    try {
      const token = await afterWindow(user.refresh_token);
      expectRecentAuthRequired(await setTotpSecretAsClient(t, project, token, null));
      expect(await totpOf(user.user_id)).not.toBeNull();
      // Other changes are not sensitive.
      expectOk(
        await call(t, 'PATCH', '/users/me', { headers: as(project, 'client', token), body: { display_name: 'Still me' } }),
      );

      expectKnownError(await reauthenticate(token, { password: 'not my password' }), 400, 'PASSWORD_CONFIRMATION_MISMATCH');
      expectRecentAuthRequired(await setTotpSecretAsClient(t, project, token, null));
      const confirmed = expectOk(await reauthenticate(token, { password: user.password }));
      expect(confirmed.verified_at_millis).toBe(Math.floor(confirmed.verified_at_millis));
      expectOk(await setTotpSecretAsClient(t, project, token, null));
      expect(await totpOf(user.user_id)).toBeNull();
    } finally {
      backToNow();
    }
  });

  test('a TOTP code reauthenticates (a wrong one does not, nor the same one twice)', async () => {
    const { user, secret } = await signUpWithTotp('totp');
    try {
      const token = await afterWindow(user.refresh_token);
      expectKnownError(await reauthenticate(token, { totp: wrongTotp(t, secret) }), 400, 'INVALID_TOTP_CODE');
      const code = totpAt(t, secret);
      expectOk(await reauthenticate(token, { totp: code }));
      expectKnownError(await reauthenticate(token, { totp: code }), 400, 'INVALID_TOTP_CODE');
      // Replacing recovery codes that still work needs it; the first set did not.
      backToNow();
      const { user: first, secret: firstSecret } = await signUpWithTotp('codes');
      const made = expectOk(
        await call(t, 'POST', '/auth/mfa/recovery-codes', {
          headers: as(project, 'client', first.access_token),
          body: { user_id: 'me' },
        }),
      );
      const stale = await afterWindow(first.refresh_token);
      const replace = () =>
        call(t, 'POST', '/auth/mfa/recovery-codes', { headers: as(project, 'client', stale), body: { user_id: 'me' } });
      expectRecentAuthRequired(await replace());
      const [row] = await t.rows('select count(*) as n from mfa_recovery_codes where user_id = ?', first.user_id);
      expect(Number(row!.n)).toBe(made.codes.length);
      expectOk(await reauthenticate(stale, { totp: totpAt(t, firstSecret) }));
      expect(expectOk(await replace()).codes).toHaveLength(made.codes.length);
    } finally {
      backToNow();
    }
  });

  test("passkey removal: refused after the window, allowed after a passkey reauthentication; another user's passkey does not count", async () => {
    const user = await signUp(t, project, uniqueEmail('passkey'));
    const credential = await registerPasskey(t, project, user.access_token);
    await registerPasskey(t, project, user.access_token);
    const stranger = await signUp(t, project, uniqueEmail('stranger'));
    const strangersKey = await registerPasskey(t, project, stranger.access_token);
    const listed = expectOk(await call(t, 'GET', '/passkeys', { headers: as(project, 'client', user.access_token) })).items;
    expect(listed).toHaveLength(2);
    try {
      const token = await afterWindow(user.refresh_token);
      const remove = () => call(t, 'DELETE', `/passkeys/me/${listed[1].id}`, { headers: as(project, 'client', token) });
      expectRecentAuthRequired(await remove());
      expect(expectOk(await call(t, 'GET', '/passkeys', { headers: as(project, 'client', token) })).items).toHaveLength(2);

      const challenge = await initiateAuthentication(t, project);
      const foreign = {
        authentication_response: assertCredential(strangersKey, challenge.options_json, appOrigin),
        code: challenge.code,
      };
      expectKnownError(await reauthenticate(token, { passkey: foreign }), 400, 'PASSKEY_AUTHENTICATION_FAILED');
      expectRecentAuthRequired(await remove());

      const mine = await initiateAuthentication(t, project);
      const assertion = { authentication_response: assertCredential(credential, mine.options_json, appOrigin), code: mine.code };
      expectOk(await reauthenticate(token, { passkey: assertion }));
      expectOk(await remove());
      expect(expectOk(await call(t, 'GET', '/passkeys', { headers: as(project, 'client', token) })).items).toHaveLength(1);
    } finally {
      backToNow();
    }
  });

  test('primary email: making another address primary is refused after the window; the server key is never asked', async () => {
    const user = await signUp(t, project, uniqueEmail('primary'));
    const second = expectOk(
      await call(t, 'POST', '/contact-channels', {
        headers: as(project, 'client', user.access_token),
        body: { user_id: 'me', type: 'email', value: uniqueEmail('second'), used_for_auth: false },
      }),
      201,
    );
    try {
      const token = await afterWindow(user.refresh_token);
      const makePrimary = (headers: Record<string, string>) =>
        call(t, 'PATCH', `/contact-channels/${user.user_id}/${second.id}`, { headers, body: { is_primary: true } });
      expectRecentAuthRequired(await makePrimary(as(project, 'client', token)));
      const view = expectOk(await call(t, 'GET', '/users/me', { headers: as(project, 'client', token) }));
      expect(view.primary_email).toBe(user.email);
      expect(expectOk(await makePrimary(as(project, 'server'))).is_primary).toBe(true);
    } finally {
      backToNow();
    }
  });

  test('the reauthentication call takes exactly one factor', async () => {
    const user = await signUp(t, project, uniqueEmail('schema'));
    expectSchemaError(await reauthenticate(user.access_token, {}));
    expectSchemaError(await reauthenticate(user.access_token, { password: user.password, totp: '123456' }));
    const anonymous = await call(t, 'POST', '/auth/sessions/current/reauthenticate', {
      headers: as(project, 'client'),
      body: { password: 'x' },
    });
    expectKnownError(anonymous, 401, 'USER_AUTHENTICATION_REQUIRED');
  });
});
