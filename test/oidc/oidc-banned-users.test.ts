// The OpenID Provider and users who may no longer sign in: openid-client, as the relying party,
// holds a refresh token from a real code flow; once the user is banned its refresh_token grant is
// refused (invalid_grant), userinfo with the access token too, and the authorization endpoint
// sends no code; after unban the same refresh token works again. A deleted user's refresh token
// is refused for good. The browser's authd session is the cookie the hosted screens write.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import * as oidc from 'openid-client';
import { startTestInstance, type TestInstance } from '../support/instance';
import { signIn, signUp, type SignedIn } from '../support/accounts';
import { as, call, expectOk } from '../support/api-expectations';
import { createOidcClient, type OidcClientCreation } from '../../server/core/oidc/oidc-clients';
import { sessionCookieName } from '../../server/core/oidc/oidc-browser-session';
import { pkceAuthorization } from '../support/oidc-relying-party';

let t: TestInstance;
let client: OidcClientCreation;
let config: oidc.Configuration;
const redirectUri = 'http://localhost:9/callback';
const insecure = { execute: [oidc.allowInsecureRequests] };

beforeAll(async () => {
  t = await startTestInstance();
  client = await createOidcClient(t.ctx, t.demo!.projectId, { name: 'Wiki', redirect_uris: [redirectUri], first_party: true });
  config = await oidc.discovery(new URL(client.issuer), client.client_id, client.client_secret!, undefined, insecure);
}, 60_000);

afterAll(async () => await t?.stop());

const server = () => as(t.demo!, 'server');

/** The authorization request as the relying party builds it, sent with the user's authd session cookie. */
async function authorize(user: SignedIn): Promise<{ response: Response; verifier: string; state: string }> {
  const { url, verifier, state } = await pkceAuthorization(config, { redirectUri, scope: 'openid email offline_access' });
  const cookie = `${sessionCookieName(t.demo!.projectId)}=${encodeURIComponent(user.refresh_token)}`;
  return { response: await fetch(url, { redirect: 'manual', headers: { cookie } }), verifier, state };
}

async function codeFlowTokens(user: SignedIn) {
  const { response, verifier, state } = await authorize(user);
  expect(response.status).toBe(303);
  const callback = new URL(response.headers.get('location')!);
  const tokens = await oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier, expectedState: state });
  expect(tokens.refresh_token).toMatch(/^oidcr_/);
  return tokens;
}

async function refreshError(refreshToken: string): Promise<string> {
  try {
    await oidc.refreshTokenGrant(config, refreshToken);
  } catch (error) {
    if (error instanceof oidc.ResponseBodyError) return error.error;
    throw error;
  }
  throw new Error('the refresh was answered with tokens');
}

test("a banned user's refresh is refused with invalid_grant, userinfo too; after unban the grant works again", async () => {
  const user = await signUp(t, t.demo!);
  const tokens = await codeFlowTokens(user);
  const claims = tokens.claims()!;
  expect(claims.sub).toBe(user.user_id);

  expectOk(await call(t, 'POST', `/users/${user.user_id}/ban`, { headers: server(), body: { ban_reason: 'abuse' } }));
  expect(await refreshError(tokens.refresh_token!)).toBe('invalid_grant');
  await expect(oidc.fetchUserInfo(config, tokens.access_token, user.user_id)).rejects.toThrow();

  expectOk(await call(t, 'POST', `/users/${user.user_id}/unban`, { headers: server() }));
  const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
  expect(refreshed.claims()!.sub).toBe(user.user_id);
  expect((await oidc.fetchUserInfo(config, refreshed.access_token, user.user_id)).sub).toBe(user.user_id);
});

test('the authorization endpoint hands no code to a banned user', async () => {
  const user = await signUp(t, t.demo!);
  expectOk(await call(t, 'POST', `/users/${user.user_id}/ban`, { headers: server(), body: {} }));
  // The ban ended the session of the cookie: the browser is sent to sign in, where the ban answers.
  const { response } = await authorize(user);
  expect(response.headers.get('location') ?? '').not.toContain('code=');
  // A session made past the ban (a raced sign-in) is refused at the endpoint itself.
  const other = await signUp(t, t.demo!);
  const raced = await signIn(t, t.demo!, other.email, other.password);
  await t.rows('UPDATE refresh_tokens SET user_id = ? WHERE user_id = ?', user.user_id, other.user_id);
  const refused = await authorize(raced);
  expect(refused.response.status).toBe(303);
  const location = new URL(refused.response.headers.get('location')!);
  expect(location.searchParams.get('error')).toBe('access_denied');
  expect(location.searchParams.get('code')).toBeNull();
});

test("a deleted user's refresh is refused with invalid_grant", async () => {
  const user = await signUp(t, t.demo!);
  const tokens = await codeFlowTokens(user);
  expectOk(await call(t, 'DELETE', `/users/${user.user_id}`, { headers: server() }));
  expect(await refreshError(tokens.refresh_token!)).toBe('invalid_grant');
});
