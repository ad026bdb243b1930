// Impersonation through the API against a real instance: a server key or a console admin (an
// internal-project owner's admin access token) starts a one-hour session as a user; its access
// tokens, refreshed ones included, carry an RFC 8693 `act` claim naming the actor; passwords, MFA
// and passkeys cannot be changed inside it; the audit log records it on the user and on the
// admin; the link for the hosted screens works once; the session ends after its hour.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { decodeJwt } from 'jose';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { startTestInstance, type TestInstance } from '../support/instance';
import {
  as,
  call,
  expectKnownError,
  expectOk,
  goodPassword,
  makeProject,
  refreshFor,
  shiftClock,
  signUp,
  type SignedIn,
} from '../support/user-views';
import { newTotpSecret } from '../support/totp';
import { ownerHeaders, setServerMetadata, signUpAdmin } from '../support/admins';

let t: TestInstance;
let project: BootstrappedProject;
let admin: { userId: string; accessToken: string };

beforeAll(async () => {
  t = await startTestInstance();
  ({ project, admin } = await adminWithProject());
}, 60_000);
afterAll(() => t.stop());

/** A project with keys, and an internal user who owns it: the console's admin, as it signs in. */
async function adminWithProject(): Promise<{ project: BootstrappedProject; admin: { userId: string; accessToken: string } }> {
  const made = await makeProject(t, 'Impersonation');
  const owner = await signUpAdmin(t);
  await setServerMetadata(t, owner.user_id, { managedProjectIds: [made.projectId] });
  return { project: made, admin: { userId: owner.user_id, accessToken: owner.access_token } };
}

const asAdmin = () => ownerHeaders(project.projectId, admin.accessToken);
const impersonate = (userId: string, headers: Record<string, string> = as(project, 'server')) =>
  call(t, 'POST', `/users/${userId}/impersonate`, { headers });

async function impersonated(user: SignedIn, headers?: Record<string, string>) {
  return expectOk(await impersonate(user.user_id, headers)) as { access_token: string; refresh_token: string; expires_at_millis: number };
}

describe('the session', () => {
  test("a server key's session: act names the key, the token is the user's, and it lasts an hour", async () => {
    const user = await signUp(t, project);
    const before = Date.now();
    const session = await impersonated(user);
    const claims = decodeJwt(session.access_token);
    expect(claims.sub).toBe(user.user_id);
    expect(claims.act).toEqual({ sub: 'authd:secret-server-key' });
    expect(session.expires_at_millis).toBeGreaterThanOrEqual(before + 60 * 60 * 1000);
    expect(session.expires_at_millis).toBeLessThanOrEqual(Date.now() + 60 * 60 * 1000);
    expect(expectOk(await call(t, 'GET', '/users/me', { headers: as(project, 'client', session.access_token) })).id).toBe(user.user_id);
    // The user's own tokens carry no act claim.
    expect(decodeJwt(user.access_token).act).toBeUndefined();
  });

  test("a console admin's session: act names the admin, refreshed tokens too; both sides are audited", async () => {
    const user = await signUp(t, project);
    const session = await impersonated(user, asAdmin());
    expect(decodeJwt(session.access_token).act).toEqual({ sub: admin.userId });
    const refreshed = expectOk(await refreshFor(t, project, session.refresh_token));
    expect(decodeJwt(refreshed.access_token).act).toEqual({ sub: admin.userId });

    const onUser = expectOk(await call(t, 'GET', `/audit-events?user_id=${user.user_id}&type=impersonation.started`, { headers: as(project, 'admin') })).items;
    expect(onUser.length).toBe(1);
    expect(onUser[0].actor).toEqual({ type: 'admin', id: null });
    expect(onUser[0].details).toEqual({ actor: admin.userId, via: 'tokens' });
    const onAdmin = expectOk(
      await call(t, 'GET', `/audit-events?user_id=${admin.userId}&type=impersonation.started`, { headers: as(t.internal, 'admin') }),
    ).items;
    expect(onAdmin.map((e: any) => e.details)).toContainEqual({ impersonated_project_id: project.projectId, impersonated_user_id: user.user_id, via: 'tokens' });
  });

  test('it ends after its hour: the refresh token is refused', async () => {
    const user = await signUp(t, project);
    const session = await impersonated(user);
    const restore = shiftClock(t, 60 * 60 * 1000 + 1000);
    try {
      expectKnownError(await refreshFor(t, project, session.refresh_token), 401, 'REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED');
    } finally {
      restore();
    }
  });

  test('client access cannot impersonate, and a banned user cannot be impersonated', async () => {
    const user = await signUp(t, project);
    expectKnownError(await impersonate(user.user_id, as(project, 'client', user.access_token)), 401, 'INSUFFICIENT_ACCESS_TYPE');
    expectOk(await call(t, 'POST', `/users/${user.user_id}/ban`, { headers: as(project, 'server'), body: {} }));
    expectKnownError(await impersonate(user.user_id), 403, 'USER_BANNED');
  });
});

describe('inside it, how the user signs in cannot change', () => {
  const forbidden = (res: Awaited<ReturnType<typeof call>>) => expectKnownError(res, 403, 'IMPERSONATION_FORBIDS_THIS');

  test('password change and set, MFA on and off, passkey registration and removal, recovery codes', async () => {
    const user = await signUp(t, project);
    const { access_token: token } = await impersonated(user);
    const client = as(project, 'client', token);
    forbidden(await call(t, 'POST', '/auth/password/update', { headers: client, body: { old_password: goodPassword, new_password: 'another long passphrase' } }));
    forbidden(await call(t, 'POST', '/auth/password/set', { headers: client, body: { password: 'another long passphrase' } }));
    forbidden(await call(t, 'PATCH', '/users/me', { headers: client, body: { totp_secret_base64: newTotpSecret().base64 } }));
    forbidden(await call(t, 'PATCH', '/users/me', { headers: client, body: { totp_secret_base64: null } }));
    forbidden(await call(t, 'POST', '/auth/passkey/initiate-passkey-registration', { headers: client, body: {} }));
    forbidden(await call(t, 'DELETE', `/passkeys/me/${crypto.randomUUID()}`, { headers: client }));
    forbidden(await call(t, 'POST', '/auth/mfa/recovery-codes', { headers: client, body: { user_id: 'me' } }));
    // Other changes go through: the support person may fix a display name.
    expect(expectOk(await call(t, 'PATCH', '/users/me', { headers: client, body: { display_name: 'Fixed' } })).display_name).toBe('Fixed');
    // Nothing changed: the old password still signs in, and no MFA is on.
    const signedIn = expectOk(await call(t, 'POST', '/auth/password/sign-in', { headers: as(project, 'client'), body: { email: user.email, password: goodPassword } }));
    expect(expectOk(await call(t, 'GET', '/users/me', { headers: as(project, 'client', signedIn.access_token) })).requires_totp_mfa).toBe(false);
  });

  test('an impersonated admin has no admin rights', async () => {
    const session = expectOk(await call(t, 'POST', `/users/${admin.userId}/impersonate`, { headers: as(t.internal, 'server') }));
    const res = await call(t, 'GET', '/users', { headers: ownerHeaders(project.projectId, session.access_token) });
    expectKnownError(res, 401, 'ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN');
  });
});

describe('the link for the hosted screens', () => {
  const codeOf = (url: string) => new URL(url).searchParams.get('code')!;
  const open = (url: string) => fetch(url.replace(/^http:\/\/[^/]+/, t.url), { redirect: 'manual' });

  test("a single-use code, stored as a digest, that writes the session into the hosted screens' cookies", async () => {
    const user = await signUp(t, project);
    const link = expectOk(await call(t, 'POST', `/users/${user.user_id}/impersonation-link`, { headers: asAdmin() }));
    expect(new URL(link.url).pathname).toBe(`/api/v1/projects/${project.projectId}/impersonation`);
    const code = codeOf(link.url);
    expect(code).toMatch(/^[0-9a-z]{45}$/);
    expect((await t.rows("SELECT code_hash FROM verification_codes WHERE kind = 'impersonation_link'")).map((r) => r.code_hash)).not.toContain(code);

    const opened = await open(link.url);
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe(`/projects/${project.projectId}/handler/account-settings`);
    const cookies = opened.headers.getSetCookie();
    const refreshCookie = cookies.find((c) => c.startsWith(`stack-refresh-${project.projectId}=`))!;
    expect(refreshCookie).toContain('Max-Age=3600');
    expect(refreshCookie).toContain('SameSite=Lax');
    const refreshToken = decodeURIComponent(refreshCookie.split(';')[0]!.split('=')[1]!);
    const accessPair = JSON.parse(decodeURIComponent(cookies.find((c) => c.startsWith('stack-access='))!.split(';')[0]!.slice('stack-access='.length)));
    expect(accessPair[0]).toBe(refreshToken);
    expect(decodeJwt(accessPair[1])).toMatchObject({ sub: user.user_id, act: { sub: admin.userId } });
    const refreshed = expectOk(await refreshFor(t, project, refreshToken));
    expect(decodeJwt(refreshed.access_token).act).toEqual({ sub: admin.userId });

    // Used up: a second open is a plain refusal, and sets no cookie.
    const again = await open(link.url);
    expect(again.status).toBe(400);
    expect(await again.text()).toStartWith('This impersonation link cannot be used:');
    expect(again.headers.getSetCookie()).toEqual([]);
  });

  test("the hosted pages of that session carry the banner, in the page's language; other sessions' pages do not", async () => {
    const user = await signUp(t, project);
    const link = expectOk(await call(t, 'POST', `/users/${user.user_id}/impersonation-link`, { headers: asAdmin() }));
    const cookies = (await open(link.url)).headers.getSetCookie().map((c) => c.split(';')[0]!);
    expect(cookies.some((c) => c.startsWith('authd-impersonation='))).toBe(true);
    const page = (path: string, cookie: string) => fetch(`${t.url}/projects/${project.projectId}/handler/${path}`, { headers: { cookie } });
    const impersonating = await page('account-settings?lang=de', cookies.join('; '));
    expect(impersonating.headers.get('cache-control')).toBe('no-store');
    const html = await impersonating.text();
    expect(html).toContain('data-testid="impersonation-banner"');
    expect(html).toContain(`Identitätsübernahme: Sie sind als ${user.email} angemeldet.`);
    // The user's own session, even with the marker cookie, gets the ordinary page.
    const own = await page('account-settings', `authd-impersonation=1; stack-refresh-${project.projectId}=${encodeURIComponent(user.refresh_token)}`);
    expect(await own.text()).not.toContain('impersonation-banner');
    expect(own.headers.get('cache-control')).toBe('no-cache');
  });

  test('an expired link is refused', async () => {
    const user = await signUp(t, project);
    const link = expectOk(await call(t, 'POST', `/users/${user.user_id}/impersonation-link`, { headers: as(project, 'server') }));
    const restore = shiftClock(t, 3 * 60 * 1000);
    try {
      const opened = await open(link.url);
      expect(opened.status).toBe(400);
      expect(opened.headers.getSetCookie()).toEqual([]);
    } finally {
      restore();
    }
  });
});
