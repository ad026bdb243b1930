// Connected accounts in Chromium against a real authd and a real local OAuth provider
// (oauth2-mock-server serving "google" on the project's own credentials): the Security page's
// "Connected accounts" section, connecting Google through the provider and back (`type=link`),
// and the client library's calls (list, link URL, provider access token) for the linked user.
// The page's origin also carries foreign cookies with malformed `%` escapes:
// the cookie token store must skip them, and the whole flow must still work.
import { describe, expect, test } from 'bun:test';
import type { Browser } from 'playwright-core';
import { createAuthClient, type StoredTokens } from '../../ui/client/index';
import { as, call, uniqueEmail } from '../support/api-expectations';
import type { TestInstance } from '../support/instance';
import { googleClient, withOAuthInstance, type TestProvider } from '../support/oauth-provider';
import { launchBrowser, openPage } from './browser-support';

let provider: TestProvider, t: TestInstance, browser: Browser;

withOAuthInstance(async (started) => {
  ({ provider, t } = started);
  const configured = await call(t, 'PATCH', '/projects/current', {
    headers: as(t.demo!, 'admin'),
    body: {
      config: {
        oauth_providers: [
          { id: 'google', enabled: true, type: 'standard', ...googleClient },
          { id: 'github', enabled: true, type: 'shared' },
        ],
      },
    },
  });
  expect(configured.status).toBe(200);
  browser = await launchBrowser();
}, { timeoutMillis: 180_000, beforeStop: () => browser?.close() });

describe('connected accounts', () => {
  test('Security › Connected accounts: connect Google through the provider and back; the client lists it and gets its token; malformed foreign cookies are skipped', async () => {
    const email = uniqueEmail('linker');
    const signUp = await call(t, 'POST', '/auth/password/sign-up', {
      headers: as(t.demo!, 'client'),
      body: { email, password: 'linking passphrase 1', verification_callback_url: `${t.url}/handler/email-verification` },
    });
    expect(signUp.status).toBe(200);
    const userId: string = signUp.json.user_id;

    const opened = await openPage(browser);
    const { page, context } = opened;
    await context.addCookies([
      { name: `stack-refresh-${t.demo!.projectId}`, value: encodeURIComponent(signUp.json.refresh_token), url: t.url },
      // Set by other code on the site: a name and a value that decodeURIComponent refuses.
      { name: 'bad%E0%A4%A', value: 'x', url: t.url },
      { name: 'promo', value: '100%off', url: t.url },
    ]);
    await page.goto(`${t.url}/handler/account-settings/security`);
    const section = page.getByTestId('connected-accounts-section');
    await section.getByText('No accounts are connected.').waitFor();
    expect(await page.evaluate(() => document.cookie)).toContain('bad%E0%A4%A=x');
    await section.getByRole('button', { name: 'Connect GitHub' }).waitFor();
    await opened.screenshot('connected-accounts-none');

    provider.signedIn = { sub: 'google-account-4711', email: 'linked.person@example.com', name: 'Linked Person' };
    await section.getByRole('button', { name: 'Connect Google' }).click();
    // Provider, authd's callback, the hosted callback page, and back where the user started.
    await page.waitForURL((url) => url.pathname === '/handler/account-settings/security', { timeout: 60_000 });
    const linked = page.getByTestId('connected-account');
    await linked.getByText('linked.person@example.com').waitFor();
    expect(await linked.innerText()).toContain('Google');
    expect(await section.getByRole('button', { name: 'Connect Google' }).count()).toBe(0);
    expect(await section.getByRole('button', { name: 'Connect GitHub' }).count()).toBe(1);
    await opened.screenshot('connected-accounts-google');
    expect(opened.problems).toEqual([]);

    // The same user, not a new one; the account is stored on them.
    const user = await call(t, 'GET', `/users/${userId}`, { headers: as(t.demo!, 'server') });
    expect(user.json.oauth_providers).toEqual([
      { id: 'google', account_id: 'google-account-4711', email: 'linked.person@example.com' },
    ]);

    // The client library, as this browser's session (its refresh cookie, now the linked one).
    const refreshCookie = (await context.cookies(t.url)).find((c) => c.name === `stack-refresh-${t.demo!.projectId}`)!;
    let held: StoredTokens = { accessToken: null, refreshToken: decodeURIComponent(refreshCookie.value) };
    const client = createAuthClient({
      baseUrl: t.url,
      projectId: t.demo!.projectId,
      publishableClientKey: t.demo!.keys.publishable_client_key!,
      appUrl: t.url,
      tokenStore: { read: () => held, write: (tokens) => void (held = tokens) },
      cookieDocument: { cookie: '' },
    });
    expect(await client.listConnectedAccounts()).toEqual([
      { provider: 'google', accountId: 'google-account-4711', email: 'linked.person@example.com' },
    ]);
    const token = await client.getConnectedAccountAccessToken('google');
    expect(provider.issuedAccessTokens).toContain(token!);
    // Scopes never granted, and a provider not connected: no token, not an error.
    expect(await client.getConnectedAccountAccessToken('google', { scopes: ['https://example.com/never-granted'] })).toBeNull();
    const linkUrl = new URL(
      await client.createOAuthLinkUrl('google', {
        scopes: ['drive.readonly', 'calendar'],
        afterCallbackRedirectUrl: `${t.url}/back`,
      }),
    );
    expect(linkUrl.pathname).toBe('/api/v1/auth/oauth/authorize/google');
    expect(linkUrl.searchParams.get('type')).toBe('link');
    expect(linkUrl.searchParams.get('token')).toBe((await client.getTokens()).accessToken);
    expect(linkUrl.searchParams.get('provider_scope')).toBe('drive.readonly calendar');
    expect(linkUrl.searchParams.get('after_callback_redirect_url')).toBe(`${t.url}/back`);
    expect(linkUrl.searchParams.get('redirect_uri')).toBe(`${t.url}/handler/oauth-callback`);
    await opened.close();
  }, 150_000);
});
