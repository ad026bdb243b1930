// The published @stackframe/js 2.7.23 SDK on the OAuth flow: it builds the authorize URL and
// calls the token endpoint itself (through its own oauth4webapi 2.x); outside a browser its
// redirects are driven here with fetch and a cookie jar. Then getConnectedAccount/getAccessToken.
import { expect, test } from 'bun:test';
import { randomBytes } from 'node:crypto';
import { StackClientApp } from '@stackframe/js';
import { KnownErrors } from '@stackframe/stack-shared';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import type { TestInstance } from '../support/instance';
import {
  appCallbackUrl,
  appErrorUrl,
  pkcePair,
  TestBrowser,
  withOAuthInstance,
  type TestProvider,
} from '../support/oauth-provider';
import { requireTotpInStorage } from '../support/totp';

let provider: TestProvider, t: TestInstance, project: BootstrappedProject;
const originalWarn = console.warn;

withOAuthInstance(
  (started) => {
    console.warn = () => {};
    ({ provider, t, project } = started);
  },
  { projectName: 'OAuth SDK', beforeStop: () => void (console.warn = originalWarn) },
);

function sdkApp(tokenStore: 'memory' | { accessToken: string; refreshToken: string } = 'memory') {
  return new StackClientApp({
    baseUrl: t.url,
    projectId: project.projectId,
    publishableClientKey: project.keys.publishable_client_key!,
    tokenStore,
    redirectMethod: 'none',
    urls: { oauthCallback: appCallbackUrl, error: appErrorUrl },
  });
}

/** The SDK's signInWithOAuth and callOAuthCallback, minus `window`: same interface calls. */
async function signInThroughSdk() {
  const iface = (sdkApp() as any)._interface;
  const pkce = pkcePair();
  const state = randomBytes(32).toString('base64url');
  const url: string = await iface.getOAuthUrl({
    provider: 'google',
    redirectUrl: appCallbackUrl,
    errorRedirectUrl: appErrorUrl,
    codeChallenge: pkce.challenge,
    state,
    type: 'authenticate',
  });
  const browser = new TestBrowser();
  const authorize = await browser.get(url);
  expect(authorize.status).toBe(307);
  const atProvider = await browser.get(authorize.headers.get('location')!);
  const callback = await browser.get(atProvider.headers.get('location')!);
  expect(callback.status).toBe(307);
  const landing = new URL(callback.headers.get('location')!);
  return iface.callOAuthCallback({
    oauthParams: landing.searchParams,
    redirectUri: appCallbackUrl,
    codeVerifier: pkce.verifier,
    state,
  }) as Promise<{ newUser: boolean; accessToken: string; refreshToken: string; afterCallbackRedirectUrl?: string | null }>;
}

test('the SDK signs up and in through the provider and reads the connected account token', async () => {
  const identity = { sub: `sdk-${Date.now()}`, email: `sdk-${Date.now()}@example.com`, name: 'Sdk User' };
  provider.signedIn = identity;
  const first = await signInThroughSdk();
  expect(first.newUser).toBe(true);
  expect(first.afterCallbackRedirectUrl ?? null).toBeNull();
  const second = await signInThroughSdk();
  expect(second.newUser).toBe(false);

  const app = sdkApp({ accessToken: second.accessToken, refreshToken: second.refreshToken });
  const user = await app.getUser({ or: 'throw' });
  expect(user.primaryEmail).toBe(identity.email);
  expect(user.displayName).toBe('Sdk User');
  // The SDK types it as {id}; authd sends the wire's whole entry.
  expect(user.oauthProviders as unknown[]).toEqual([{ id: 'google', account_id: identity.sub, email: identity.email }]);
  const account = await user.getConnectedAccount('google');
  expect(account).not.toBeNull();
  expect((await account!.getAccessToken()).accessToken).toBe(provider.issuedAccessTokens.at(-1)!);
  // A scope never granted means "not connected" to the SDK, which would then start a link flow.
  expect(await user.getConnectedAccount('google', { scopes: ['https://www.googleapis.com/auth/drive'] })).toBeNull();
});

test("the SDK's code exchange reports the MFA challenge for a user with TOTP on", async () => {
  provider.signedIn = { sub: `sdk-mfa-${Date.now()}`, email: `sdk-mfa-${Date.now()}@example.com` };
  const first = await signInThroughSdk();
  const userId = (await sdkApp({ accessToken: first.accessToken, refreshToken: first.refreshToken }).getUser({ or: 'throw' })).id;
  await requireTotpInStorage(t, userId);
  const error = await signInThroughSdk().catch((e) => e);
  expect(error).toBeInstanceOf(KnownErrors.MultiFactorAuthenticationRequired);
});
