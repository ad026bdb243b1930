// The OAuth flow end to end against a real OAuth 2 / OIDC server on 127.0.0.1: the
// browser walks authorize → provider → callback, and the token endpoint is driven by
// oauth4webapi, an OAuth client library independent of authd and of the SDK.
import { describe, expect, test } from 'bun:test';
import * as oauth from 'oauth4webapi';
import { users } from '../../server/core/storage/tables';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { as, call, expectKnownError, expectTextError } from '../support/api-expectations';
import type { TestInstance } from '../support/instance';
import { expectUserView, setProjectConfig, shiftClock, signUp } from '../support/user-views';
import {
  appCallbackUrl,
  appErrorUrl,
  codeExchangeFields,
  goToProvider,
  runFlow,
  tokenRequest,
  withOAuthInstance,
  type FlowAtCallback,
  type TestProvider,
} from '../support/oauth-provider';
import { requireTotpInStorage } from '../support/totp';

let provider: TestProvider, t: TestInstance, project: BootstrappedProject;

withOAuthInstance((started) => ({ provider, t, project } = started), { projectName: 'OAuth flow' });

let identityCounter = 0;
function signInAtProvider(name = 'Ada Lovelace') {
  identityCounter++;
  const identity = {
    sub: `google-sub-${identityCounter}-${Date.now()}`,
    email: `ada-${identityCounter}-${Date.now()}@example.com`,
    name,
  };
  provider.signedIn = identity;
  return identity;
}

/** oauth4webapi's view of authd as an authorization server (the SDK's, too). */
function oauthClient(p: BootstrappedProject) {
  const as: oauth.AuthorizationServer = { issuer: t.url, token_endpoint: `${t.url}/api/v1/auth/oauth/token` };
  const client: oauth.Client = { client_id: p.projectId };
  return { as, client, auth: oauth.ClientSecretPost(p.keys.publishable_client_key!) };
}

async function exchangeWithLibrary(p: BootstrappedProject, flow: FlowAtCallback & { landing: URL }) {
  const { as: server, client, auth } = oauthClient(p);
  const params = oauth.validateAuthResponse(server, client, flow.landing, flow.state);
  const response = await oauth.authorizationCodeGrantRequest(server, client, auth, params, flow.redirectUri, flow.verifier, {
    [oauth.allowInsecureRequests]: true,
  });
  return oauth.processAuthorizationCodeResponse(server, client, response);
}

async function userCount(): Promise<number> {
  return (await call(t, 'GET', '/users', { headers: as(project, 'server') })).json.items.length;
}

describe('sign-up and sign-in through the provider', () => {
  test('authorize → provider → callback → token exchange with the PKCE verifier → /users/me', async () => {
    const identity = signInAtProvider();
    const flow = await runFlow(t, project);
    expect(flow.landing.origin + flow.landing.pathname).toBe(appCallbackUrl);
    expect(flow.landing.searchParams.get('state')).toBe(flow.state);
    expect(flow.landing.searchParams.get('code')).toMatch(/^[0-9a-hjkmnp-tv-z]{45}$/);
    // The provider was asked for Google's scopes with PKCE S256, and its code was redeemed with a verifier.
    const providerExchange = provider.tokenRequests.at(-1)!;
    expect(providerExchange.grant_type).toBe('authorization_code');
    expect(providerExchange.code_verifier).toBeString();
    expect(providerExchange.redirect_uri).toBe(`${t.url}/api/v1/auth/oauth/callback/google`);

    const tokens = await exchangeWithLibrary(project, flow);
    expect(tokens.token_type.toLowerCase()).toBe('bearer');
    expect(tokens.refresh_token).toMatch(/^[0-9a-hjkmnp-tv-z]{45}$/);
    expect(tokens.scope).toBe('legacy');
    expect(tokens.is_new_user).toBe(true);
    expect(tokens.after_callback_redirect_url).toBeNull();

    const me = await call(t, 'GET', '/users/me', { headers: as(project, 'client', tokens.access_token) });
    expect(me.status).toBe(200);
    expectUserView(me.json, 'client');
    expect(me.json.primary_email).toBe(identity.email);
    expect(me.json.primary_email_verified).toBe(true);
    expect(me.json.display_name).toBe('Ada Lovelace');
    expect(me.json.has_password).toBe(false);
    expect(me.json.oauth_providers).toEqual([{ id: 'google', account_id: identity.sub, email: identity.email }]);
    const server = await call(t, 'GET', `/users/${me.json.id}`, { headers: as(project, 'server') });
    expect(server.json.primary_email_auth_enabled).toBe(true);

    // The refresh token works with the refresh grant of the same endpoint.
    const { as: authServer, client, auth } = oauthClient(project);
    const refreshed = await oauth.processRefreshTokenResponse(
      authServer,
      client,
      await oauth.refreshTokenGrantRequest(authServer, client, auth, tokens.refresh_token!, {
        [oauth.allowInsecureRequests]: true,
      }),
    );
    expect(refreshed.access_token).toBeString();
  });

  test('the same provider account signs the same user in again, not up', async () => {
    const identity = signInAtProvider();
    const first = await exchangeWithLibrary(project, await runFlow(t, project));
    expect(first.is_new_user).toBe(true);
    const before = await userCount();
    const second = await exchangeWithLibrary(project, await runFlow(t, project));
    expect(second.is_new_user).toBe(false);
    expect(await userCount()).toBe(before);
    const me = await call(t, 'GET', '/users/me', { headers: as(project, 'client', second.access_token) });
    expect(me.json.oauth_providers).toEqual([{ id: 'google', account_id: identity.sub, email: identity.email }]);
    const firstMe = await call(t, 'GET', '/users/me', { headers: as(project, 'client', first.access_token) });
    expect(me.json.id).toBe(firstMe.json.id);
  });

  test('an email already used to sign in elsewhere is kept but not usable for sign-in (no merging)', async () => {
    const existing = await signUp(t, project);
    provider.signedIn = { sub: `merge-${Date.now()}`, email: existing.email, name: 'Someone' };
    const tokens = await exchangeWithLibrary(project, await runFlow(t, project));
    expect(tokens.is_new_user).toBe(true);
    const me = await call(t, 'GET', '/users/me', { headers: as(project, 'server', tokens.access_token) });
    expect(me.json.id).not.toBe(existing.user_id);
    expect(me.json.primary_email).toBe(existing.email);
    expect(me.json.primary_email_auth_enabled).toBe(false);
  });

  test('sign-up disabled: a new provider account is refused, a known one still signs in', async () => {
    signInAtProvider();
    const known = await exchangeWithLibrary(project, await runFlow(t, project));
    await setProjectConfig(t, project, { sign_up_enabled: false });
    try {
      const again = await exchangeWithLibrary(project, await runFlow(t, project));
      expect(again.is_new_user).toBe(false);
      expect(known.is_new_user).toBe(true);
      signInAtProvider();
      const before = await userCount();
      const refused = await runFlow(t, project);
      expect(refused.landing.origin + refused.landing.pathname).toBe(appErrorUrl);
      expect(refused.landing.searchParams.get('errorCode')).toBe('SIGN_UP_NOT_ENABLED');
      expect(JSON.parse(refused.landing.searchParams.get('details')!)).toEqual({});
      expect(refused.landing.searchParams.get('message')).toContain('Creation of new accounts is not enabled');
      expect(await userCount()).toBe(before);
    } finally {
      await setProjectConfig(t, project, { sign_up_enabled: true });
    }
  });

  test('a user with TOTP on gets the MFA challenge from the token endpoint, not tokens', async () => {
    signInAtProvider();
    const first = await exchangeWithLibrary(project, await runFlow(t, project));
    const me = await call(t, 'GET', '/users/me', { headers: as(project, 'client', first.access_token) });
    await requireTotpInStorage(t, me.json.id);
    const flow = await runFlow(t, project);
    const res = await tokenRequest(t, codeExchangeFields(project, flow, flow.landing.searchParams.get('code')!));
    expectKnownError(res, 400, 'MULTI_FACTOR_AUTHENTICATION_REQUIRED');
    expect(res.json.details.attempt_code).toMatch(/^[0-9a-hjkmnp-tv-z]{45}$/);
  });

  test('the provider denying access goes to the error page', async () => {
    signInAtProvider();
    provider.denyNext = true;
    const flow = await runFlow(t, project);
    expect(flow.landing.searchParams.get('errorCode')).toBe('OAUTH_PROVIDER_ACCESS_DENIED');
  });
});

describe('refusals', () => {
  test('a tampered state finds no cookie: 400 text, nothing created', async () => {
    signInAtProvider();
    const flow = await goToProvider(t, project);
    const url = new URL(flow.callbackUrl);
    const state = url.searchParams.get('state')!;
    url.searchParams.set('state', state.slice(0, -1) + (state.endsWith('a') ? 'b' : 'a'));
    const before = await userCount();
    expectTextError(await flow.browser.get(url.toString()), 400);
    // Even with a cookie forged for the tampered state, the flow it names does not exist.
    flow.browser.cookies.set(`stack-oauth-inner-${url.searchParams.get('state')}`, 'true');
    const forged = await flow.browser.get(url.toString());
    expectTextError(forged, 400);
    expect(forged.text).toStartWith('Invalid OAuth cookie');
    expect(await userCount()).toBe(before);
  });

  test('a callback without the inner cookie is refused', async () => {
    signInAtProvider();
    const flow = await goToProvider(t, project);
    expect([...flow.browser.cookies.keys()].some((name) => name.startsWith('stack-oauth-inner-'))).toBe(true);
    const res = await flow.browser.get(flow.callbackUrl, { sendCookies: false });
    expectTextError(res, 400);
    expect(res.text).toStartWith('OAuth cookie not found');
    // The flow itself was not used up by the refused attempt.
    expect((await flow.browser.get(flow.callbackUrl)).status).toBe(307);
  });

  test('the inner cookie is HttpOnly, lives 600 s, and is spent by the callback', async () => {
    signInAtProvider();
    const flow = await goToProvider(t, project);
    expect(flow.browser.cookies.size).toBe(1);
    expect((await flow.browser.get(flow.callbackUrl)).status).toBe(307);
    expect(flow.browser.cookies.size).toBe(0);
    const authorize = await fetch(
      (await import('../support/oauth-provider')).authorizeUrl(t, project, { challenge: 'x'.repeat(43) }, 'some-state'),
      { redirect: 'manual' },
    );
    const setCookie = authorize.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/^stack-oauth-inner-[^=]+=true; /);
    expect(setCookie).toContain('Max-Age=600');
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('Path=/');
    // As Stack's: an Expires date about ten minutes ahead, and no SameSite (form-POST returns are cross-site).
    const expires = Date.parse(/Expires=([^;]+)/.exec(setCookie)![1]!);
    expect(Math.abs(expires - (Date.now() + 600_000))).toBeLessThan(60_000);
    expect(setCookie).not.toContain('SameSite');
  });

  test('a wrong PKCE verifier is refused and leaves the code usable; a used code is refused', async () => {
    signInAtProvider();
    const flow = await runFlow(t, project);
    const code = flow.landing.searchParams.get('code')!;
    const wrong = await tokenRequest(t, { ...codeExchangeFields(project, flow, code), code_verifier: 'w'.repeat(43) });
    expectKnownError(wrong, 400, 'INVALID_AUTHORIZATION_CODE');
    const right = await tokenRequest(t, codeExchangeFields(project, flow, code));
    expect(right.status).toBe(200);
    expect(right.headers.get('cache-control')).toContain('no-store');
    expectKnownError(await tokenRequest(t, codeExchangeFields(project, flow, code)), 400, 'INVALID_AUTHORIZATION_CODE');
  });

  test('a redirect_uri differing from the authorize one uses up the code and is refused', async () => {
    signInAtProvider();
    const flow = await runFlow(t, project);
    const code = flow.landing.searchParams.get('code')!;
    const res = await tokenRequest(t, {
      ...codeExchangeFields(project, flow, code),
      redirect_uri: 'http://localhost:3000/elsewhere',
    });
    expectKnownError(res, 400, 'REDIRECT_URL_NOT_WHITELISTED');
    expectKnownError(await tokenRequest(t, codeExchangeFields(project, flow, code)), 400, 'INVALID_AUTHORIZATION_CODE');
  });

  test('a bad client, a malformed request and an unknown grant get their own errors', async () => {
    signInAtProvider();
    const flow = await runFlow(t, project);
    const fields = codeExchangeFields(project, flow, flow.landing.searchParams.get('code')!);
    expectKnownError(await tokenRequest(t, { ...fields, client_secret: 'pck_wrong' }), 400, 'INVALID_OAUTH_CLIENT_ID_OR_SECRET', {
      client_id: null,
    });
    const { code_verifier: _omitted, ...withoutVerifier } = fields;
    const malformed = await tokenRequest(t, withoutVerifier);
    expect(malformed.status).toBe(400);
    expect(malformed.json).toEqual({ error: 'invalid_request', error_description: expect.stringContaining('code_verifier') });
    expectKnownError(await tokenRequest(t, { ...fields, grant_type: 'password' }), 400, 'SCHEMA_ERROR');
    expect((await tokenRequest(t, fields)).status).toBe(200);
  });

  test('a flow older than 10 minutes times out at the callback (clock moved)', async () => {
    signInAtProvider();
    const flow = await goToProvider(t, project);
    const before = await userCount();
    const restore = shiftClock(t, 11 * 60 * 1000);
    try {
      const res = await flow.browser.get(flow.callbackUrl);
      expect(res.status).toBe(307);
      const landing = new URL(res.headers.get('location')!);
      expect(landing.origin + landing.pathname).toBe(appErrorUrl);
      expect(landing.searchParams.get('errorCode')).toBe('OUTER_OAUTH_TIMEOUT');
    } finally {
      restore();
    }
    expect(await userCount()).toBe(before);
  });

  test('without a trusted error page, callback errors are shown as known-error JSON', async () => {
    signInAtProvider();
    const flow = await goToProvider(t, project, { errorRedirectUrl: null });
    const restore = shiftClock(t, 11 * 60 * 1000);
    try {
      expectKnownError(await flow.browser.get(flow.callbackUrl), 408, 'OUTER_OAUTH_TIMEOUT');
    } finally {
      restore();
    }
  });

  test('an untrusted redirect_uri is refused at authorize, before the provider or any account', async () => {
    signInAtProvider();
    const before = await userCount();
    const requestsBefore = provider.tokenRequests.length;
    const res = await fetch(
      (await import('../support/oauth-provider')).authorizeUrl(t, project, { challenge: 'c'.repeat(43) }, 'state-1', {
        redirectUri: 'https://attacker.example.net/handler/oauth-callback',
      }),
      { redirect: 'manual' },
    );
    expect(res.status).toBe(400);
    expect(res.headers.get('x-stack-known-error')).toBe('REDIRECT_URL_NOT_WHITELISTED');
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(provider.tokenRequests.length).toBe(requestsBefore);
    expect(await userCount()).toBe(before);
  });

  test('a redirect_uri no longer trusted at callback time is refused before the account is created', async () => {
    signInAtProvider();
    const flow = await goToProvider(t, project);
    const before = await userCount();
    await setProjectConfig(t, project, { allow_localhost: false });
    try {
      const res = await flow.browser.get(flow.callbackUrl);
      // The error page is on localhost too, so it is not trusted either: JSON it is.
      expectKnownError(res, 400, 'REDIRECT_URL_NOT_WHITELISTED');
    } finally {
      await setProjectConfig(t, project, { allow_localhost: true });
    }
    expect(await userCount()).toBe(before);
  });

  test('authorize checks: PKCE plain, unknown project, bad key, provider, scope, unknown parameters', async () => {
    const { authorizeUrl } = await import('../support/oauth-provider');
    const get = (url: string) => call(t, 'GET', url.slice(t.url.length));
    const pkce = { challenge: 'c'.repeat(43) };
    const plain = await get(authorizeUrl(t, project, pkce, 's', { extra: { code_challenge_method: 'plain' } }));
    expectKnownError(plain, 400, 'SCHEMA_ERROR');
    expect(plain.json.error).toContain('S256');
    const unknownProject = { ...project, projectId: crypto.randomUUID() };
    expectKnownError(await get(authorizeUrl(t, unknownProject, pkce, 's')), 400, 'INVALID_OAUTH_CLIENT_ID_OR_SECRET', {
      client_id: unknownProject.projectId,
    });
    const badKey = { ...project, keys: { ...project.keys, publishable_client_key: 'pck_nope' } };
    expectKnownError(await get(authorizeUrl(t, badKey, pkce, 's')), 401, 'INVALID_PUBLISHABLE_CLIENT_KEY');
    expectKnownError(
      await get(authorizeUrl(t, project, pkce, 's', { provider: 'gitlab' })),
      400,
      'OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED',
    );
    expectKnownError(
      await get(authorizeUrl(t, project, pkce, 's', { provider: 'myspace' })),
      400,
      'OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED',
    );
    expectKnownError(await get(authorizeUrl(t, project, pkce, 's', { extra: { scope: 'openid' } })), 400, 'INVALID_SCOPE', {
      scope: 'openid',
    });
    expectKnownError(await get(authorizeUrl(t, project, pkce, 's', { extra: { surprise: '1' } })), 400, 'SCHEMA_ERROR');
  });
});
