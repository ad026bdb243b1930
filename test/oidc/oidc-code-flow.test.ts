// authd as an OpenID Provider, driven by openid-client as the relying party against a real
// instance on 127.0.0.1, with Chromium doing the browser part (hosted sign-in, consent): discovery,
// the code flow with PKCE, ID-token validation, userinfo, refresh with rotation, revocation and
// RP-initiated logout, for a confidential and a public client; and a user with TOTP on signing in
// through the flow with their code.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import * as oidc from 'openid-client';
import type { Browser, Page } from 'playwright-core';
import { startTestInstance, type TestInstance } from '../support/instance';
import { signUp, goodPassword } from '../support/accounts';
import { as, call, uniqueEmail } from '../support/api-expectations';
import { launchBrowser, openPage, signInWhereRedirected, type TestPage } from '../browser/browser-support';
import { createOidcClient } from '../../server/core/oidc/oidc-clients';
import { expectOk } from '../support/api-expectations';
import { pkceAuthorization } from '../support/oidc-relying-party';
import { newTotpSecret, setTotpSecretAsServer, totpAt } from '../support/totp';

let t: TestInstance, browser: Browser;
const pages: TestPage[] = [];
const flowTimeout = 90_000;
// The relying party's own web server, which records where the browser arrives.
let relyingParty: ReturnType<typeof Bun.serve>;
const arrivals: string[] = [];
let redirectUri: string, postLogoutUri: string;

beforeAll(async () => {
  t = await startTestInstance();
  relyingParty = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch(request) {
      if (!request.url.endsWith('/favicon.ico')) arrivals.push(request.url.replace('127.0.0.1', 'localhost'));
      return new Response('<h1 data-testid="rp">back at the app</h1>', { headers: { 'content-type': 'text/html' } });
    },
  });
  redirectUri = `http://localhost:${relyingParty.port}/callback`;
  postLogoutUri = `http://localhost:${relyingParty.port}/signed-out`;
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  for (const p of pages) await p.close().catch(() => undefined);
  await browser?.close();
  relyingParty?.stop(true);
  await t?.stop();
});

const insecure = { execute: [oidc.allowInsecureRequests] };

async function relyingPartyPage(): Promise<{ opened: TestPage; arrivals: string[] }> {
  const opened = await openPage(browser);
  pages.push(opened);
  return { opened, arrivals };
}

async function arrivalAtCallback(page: Page, arrivals: string[]): Promise<URL> {
  await page.waitForURL((url) => url.port === String(relyingParty.port));
  await page.getByTestId('rp').waitFor();
  const last = page.url();
  expect(last.startsWith(redirectUri)).toBe(true);
  return new URL(last);
}

describe('the OpenID Provider with openid-client as the relying party', () => {
  test(
    'a confidential client: discovery, code + PKCE through the hosted sign-in and consent, ID token, userinfo, refresh, revocation, logout',
    async () => {
      const project = t.demo!;
      const email = uniqueEmail('oidc');
      await signUp(t, project, { email });
      const created = await createOidcClient(t.ctx, project.projectId, {
        name: 'Grafana',
        redirect_uris: [redirectUri],
        post_logout_redirect_uris: [postLogoutUri],
      });
      expect(created.client_secret).toMatch(/^oidcs_/);
      const config = await oidc.discovery(new URL(created.issuer), created.client_id, created.client_secret!, undefined, insecure);
      expect(config.serverMetadata().issuer).toBe(created.issuer);

      const nonce = oidc.randomNonce();
      const authorization = await pkceAuthorization(config, { redirectUri, scope: 'openid profile email offline_access teams', nonce });
      const { verifier, state } = authorization;
      const { opened, arrivals } = await relyingPartyPage();
      await opened.page.goto(authorization.url.href);
      await signInWhereRedirected(opened.page, email, goodPassword);
      // Not first-party: the consent screen names the client and what it asks for.
      await opened.page.getByTestId('oidc-consent').waitFor();
      expect(await opened.page.getByTestId('oidc-consent').innerText()).toContain('Grafana');
      expect(await opened.page.locator('main').innerText()).toContain('See your email address');
      await opened.page.getByTestId('oidc-allow').click();
      const callback = await arrivalAtCallback(opened.page, arrivals);

      const tokens = await oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce, idTokenExpected: true });
      const claims = tokens.claims()!;
      expect(claims.email).toBe(email);
      expect(claims.email_verified).toBe(false);
      expect(claims.nonce).toBe(nonce);
      expect(claims.aud).toBe(created.client_id);
      expect(typeof claims.auth_time).toBe('number');
      expect(claims.amr).toEqual(['pwd']);
      expect(claims.teams).toEqual([]);
      expect(tokens.refresh_token).toMatch(/^oidcr_/);

      const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
      expect(info.email).toBe(email);
      expect(info.sub).toBe(claims.sub);

      // The API does not take the provider's access tokens as its own.
      const apiCall = await call(t, 'GET', '/users/me', { headers: as(project, 'client', tokens.access_token) });
      expect(apiCall.status).toBe(401);

      const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
      expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
      expect(refreshed.claims()!.sub).toBe(claims.sub);
      // Rotation: the used refresh token is spent.
      await expect(oidc.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });

      // A second sign-in of the same user skips the consent it remembers.
      const again = oidc.buildAuthorizationUrl(config, { redirect_uri: redirectUri, scope: 'openid email', code_challenge: await oidc.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256', state });
      await opened.page.goto(again.href);
      const second = await arrivalAtCallback(opened.page, arrivals);
      expect(second.searchParams.get('code')).toBeTruthy();

      // Revocation (RFC 7009) ends the grant: its refresh token and its access token.
      await oidc.tokenRevocation(config, refreshed.refresh_token!);
      await expect(oidc.refreshTokenGrant(config, refreshed.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
      await expect(oidc.fetchUserInfo(config, refreshed.access_token, claims.sub)).rejects.toBeDefined();

      // RP-initiated logout ends the authd session and returns to the registered URI with state.
      const logout = oidc.buildEndSessionUrl(config, { id_token_hint: tokens.id_token!, post_logout_redirect_uri: postLogoutUri, state: 'bye' });
      await opened.page.goto(logout.href);
      await opened.page.waitForURL(`${postLogoutUri}?state=bye`);
      expect(arrivals.at(-1)).toBe(`${postLogoutUri}?state=bye`);
      // Signed out: prompt=none now answers login_required.
      const silent = oidc.buildAuthorizationUrl(config, { redirect_uri: redirectUri, scope: 'openid', code_challenge: await oidc.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256', state, prompt: 'none' });
      await opened.page.goto(silent.href);
      const refused = await arrivalAtCallback(opened.page, arrivals);
      expect(refused.searchParams.get('error')).toBe('login_required');
      expect(refused.searchParams.get('state')).toBe(state);
      expect(opened.problems).toEqual([]);
    },
    flowTimeout,
  );

  test(
    'a public first-party client: PKCE with no secret, no consent screen, refresh',
    async () => {
      const project = t.demo!;
      const email = uniqueEmail('oidc-public');
      await signUp(t, project, { email });
      const created = await createOidcClient(t.ctx, project.projectId, { name: 'Internal tool', redirect_uris: [redirectUri], public: true, first_party: true });
      expect(created.client_secret).toBeUndefined();
      const config = await oidc.discovery(new URL(created.issuer), created.client_id, undefined, oidc.None(), insecure);
      const { url, verifier, state } = await pkceAuthorization(config, { redirectUri, scope: 'openid email offline_access' });
      const { opened, arrivals } = await relyingPartyPage();
      await opened.page.goto(url.href);
      await signInWhereRedirected(opened.page, email, goodPassword);
      const callback = await arrivalAtCallback(opened.page, arrivals);
      const tokens = await oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier, expectedState: state });
      expect(tokens.claims()!.email).toBe(email);
      const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
      expect((await oidc.fetchUserInfo(config, refreshed.access_token, tokens.claims()!.sub)).email).toBe(email);
      expect(opened.problems).toEqual([]);
    },
    flowTimeout,
  );

  test(
    'a user with TOTP on signs in through the flow with their code, and the relying party gets tokens',
    async () => {
      const project = t.demo!;
      const email = uniqueEmail('oidc-totp');
      const user = await signUp(t, project, { email });
      const secret = newTotpSecret();
      expectOk(await setTotpSecretAsServer(t, project, user.user_id, secret.base64));
      const created = await createOidcClient(t.ctx, project.projectId, { name: 'Gitea', redirect_uris: [redirectUri], first_party: true });
      const config = await oidc.discovery(new URL(created.issuer), created.client_id, created.client_secret!, undefined, insecure);
      const nonce = oidc.randomNonce();
      const { url, verifier, state } = await pkceAuthorization(config, { redirectUri, scope: 'openid email', nonce });
      const { opened, arrivals } = await relyingPartyPage();
      await opened.page.goto(url.href);
      await signInWhereRedirected(opened.page, email, goodPassword);
      // The password alone is not enough: the hosted sign-in asks for the authenticator's code.
      await opened.page.getByTestId('mfa-page').waitFor();
      expect(opened.page.url().startsWith(redirectUri)).toBe(false);
      await opened.page.getByRole('textbox', { name: 'Code' }).pressSequentially(totpAt(t, secret));
      const callback = await arrivalAtCallback(opened.page, arrivals);
      const tokens = await oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce, idTokenExpected: true });
      const claims = tokens.claims()!;
      expect(claims.email).toBe(email);
      expect(claims.sub).toBe(user.user_id);
      expect(claims.amr).toEqual(expect.arrayContaining(['pwd', 'otp', 'mfa']));
      expect((await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)).email).toBe(email);
      expect(opened.problems).toEqual([]);
    },
    flowTimeout,
  );
});
