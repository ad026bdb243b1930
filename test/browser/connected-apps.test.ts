// Account settings › Connected apps in Chromium, with openid-client as the relying party: a user
// approves two apps on the consent screen, sees both (with what each may see), revokes one after
// confirming (Cancel first changes nothing); that app's refresh token is then refused and its
// next authorization asks for consent again; revoking the other leaves the empty state. axe-core
// and screenshots in light and dark at 390 and 1280 px.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import * as oidc from 'openid-client';
import type { Browser, Page } from 'playwright-core';
import { startTestInstance, type TestInstance } from '../support/instance';
import { goodPassword, signUp } from '../support/accounts';
import { uniqueEmail } from '../support/api-expectations';
import { createOidcClient } from '../../server/core/oidc/oidc-clients';
import { pkceAuthorization } from '../support/oidc-relying-party';
import { launchBrowser, openPage } from './browser-support';
import { screenshotAtBothWidths, signInContext } from './widget-checks';

let t: TestInstance;
let browser: Browser;
let relyingParty: ReturnType<typeof Bun.serve>;
let redirectUri: string;
const insecure = { execute: [oidc.allowInsecureRequests] };

beforeAll(async () => {
  t = await startTestInstance();
  relyingParty = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch: () => new Response('<h1 data-testid="rp">back at the app</h1>', { headers: { 'content-type': 'text/html' } }),
  });
  redirectUri = `http://localhost:${relyingParty.port}/callback`;
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  relyingParty?.stop(true);
  await t?.stop();
});

/** One relying party: its client, discovered configuration, and an authorization URL with PKCE. */
async function relyingPartyFor(name: string) {
  const created = await createOidcClient(t.ctx, t.demo!.projectId, { name, redirect_uris: [redirectUri] });
  const config = await oidc.discovery(new URL(created.issuer), created.client_id, created.client_secret!, undefined, insecure);
  return {
    created,
    config,
    authorization: () => pkceAuthorization(config, { redirectUri, scope: 'openid email offline_access' }),
  };
}

/** Approves the app on the consent screen and exchanges the code for its tokens. */
async function approve(page: Page, rp: Awaited<ReturnType<typeof relyingPartyFor>>) {
  const { url, verifier, state } = await rp.authorization();
  await page.goto(url.href);
  await page.getByTestId('oidc-consent').waitFor();
  await page.getByTestId('oidc-allow').click();
  await page.getByTestId('rp').waitFor();
  return oidc.authorizationCodeGrant(rp.config, new URL(page.url()), { pkceCodeVerifier: verifier, expectedState: state });
}

test('approved apps are listed with what they may see; revoking one (after confirming) ends its tokens and its consent', async () => {
  const email = uniqueEmail('apps');
  const { user_id: userId } = await signUp(t, t.demo!, { email });
  const grafana = await relyingPartyFor('Grafana');
  const gitea = await relyingPartyFor('Gitea');

  const light = await openPage(browser);
  const dark = await openPage(browser, { colorScheme: 'dark' });
  const { page } = light;
  // The first authorization goes through the hosted sign-in.
  const first = await grafana.authorization();
  await page.goto(first.url.href);
  await page.waitForURL(/\/handler\/sign-in\?after_auth_return_to=/);
  await page.getByRole('tab', { name: 'Password' }).click();
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(goodPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByTestId('oidc-consent').waitFor();
  await page.getByTestId('oidc-allow').click();
  await page.getByTestId('rp').waitFor();
  const grafanaTokens = await oidc.authorizationCodeGrant(grafana.config, new URL(page.url()), { pkceCodeVerifier: first.verifier, expectedState: first.state });
  expect(grafanaTokens.refresh_token).toMatch(/^oidcr_/);
  await approve(page, gitea);

  await page.goto(`${t.url}/handler/account-settings/connected-apps`);
  const rows = page.getByTestId('connected-app-row');
  await rows.nth(1).waitFor();
  expect(await rows.allInnerTexts()).toEqual([expect.stringContaining('Gitea'), expect.stringContaining('Grafana')]);
  const grafanaRow = rows.filter({ hasText: 'Grafana' });
  expect(await grafanaRow.innerText()).toContain('See your email address');
  expect(await grafanaRow.innerText()).toContain('Stay signed in when you are not using it');
  expect(await page.getByTestId('settings-item-connected-apps').getAttribute('aria-current')).toBe('page');
  await screenshotAtBothWidths(page, 'connected-apps-light');

  await signInContext(t, t.demo!, dark.context, userId);
  await dark.page.goto(`${t.url}/handler/account-settings/connected-apps`);
  await dark.page.getByTestId('connected-app-row').nth(1).waitFor();
  await screenshotAtBothWidths(dark.page, 'connected-apps-dark');

  // Cancel changes nothing.
  await grafanaRow.getByRole('button', { name: 'Revoke access' }).click();
  await grafanaRow.getByText('Revoke access for Grafana?').waitFor();
  await screenshotAtBothWidths(page, 'connected-apps-confirm-light');
  await grafanaRow.getByRole('button', { name: 'Cancel' }).click();
  expect(await rows.count()).toBe(2);
  // The app still refreshes (rotation: the new refresh token is the one it holds now).
  const latest = (await oidc.refreshTokenGrant(grafana.config, grafanaTokens.refresh_token!)).refresh_token!;
  expect(latest).toMatch(/^oidcr_/);

  await grafanaRow.getByRole('button', { name: 'Revoke access' }).click();
  await grafanaRow.getByRole('button', { name: 'Revoke', exact: true }).click();
  await page.getByText('Grafana no longer has access to your account.').waitFor();
  expect(await rows.allInnerTexts()).toEqual([expect.stringContaining('Gitea')]);
  // Its refresh token is refused.
  await expect(oidc.refreshTokenGrant(grafana.config, latest)).rejects.toMatchObject({ error: 'invalid_grant' });

  // The next authorization asks again.
  const again = await grafana.authorization();
  await page.goto(again.url.href);
  await page.getByTestId('oidc-consent').waitFor();
  expect(await page.getByTestId('oidc-consent').innerText()).toContain('Grafana');

  // Revoking the last one: the empty state.
  await page.goto(`${t.url}/handler/account-settings/connected-apps`);
  await rows.first().getByRole('button', { name: 'Revoke access' }).click();
  await rows.first().getByRole('button', { name: 'Revoke', exact: true }).click();
  await page.getByTestId('connected-apps-empty').waitFor();
  expect(await page.getByTestId('connected-apps-empty').innerText()).toBe('No apps are connected to your account.');
  await screenshotAtBothWidths(page, 'connected-apps-empty-light');
  await dark.page.reload();
  await dark.page.getByTestId('connected-apps-empty').waitFor();
  await screenshotAtBothWidths(dark.page, 'connected-apps-empty-dark');

  for (const device of [light, dark]) {
    await device.closeWithoutProblems();
  }
}, 150_000);
