// OAuth redirect sign-in through ui/client: the authorize URL with its PKCE S256
// challenge and the verifier cookie (600 s), callback checks, and a whole flow against a real
// authd with its development mock provider, the browser's redirects followed by hand.
import { describe, expect, test } from 'bun:test';
import { createHash } from 'node:crypto';
import { codeChallengeFor, KnownErrors, OAuthCallbackError } from '../../ui/client/index';
import { setProjectConfig } from '../support/mail';
import type { TestInstance } from '../support/instance';
import { CookieJar } from './cookie-jar';
import { recordingClient, rejection } from '../support/ui-client';
import { withInstance } from '../support/file-instance';

const callbackUrl = 'http://localhost:3000/handler/oauth-callback';
let t: TestInstance;

withInstance(async (started) => {
  ({ t } = started);
  // A shared provider without credentials is served by authd's development mock provider.
  await setProjectConfig(t, t.demo!, { oauth_providers: [{ id: 'github', type: 'shared', enabled: true }] });
});

function verifierCookies(jar: CookieJar): [string, string][] {
  return [...jar.cookies.keys()]
    .filter((name) => name.startsWith('stack-oauth-outer-'))
    .map((name) => [name, jar.valueOf(name)!]);
}

describe('authorize URL and verifier cookie', () => {
  test('S256 challenge of RFC 7636 appendix B', async () => {
    expect(await codeChallengeFor('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  test("the URL carries every parameter Stack's authorize takes; the cookie holds the verifier whose SHA-256 is the challenge", async () => {
    const jar = new CookieJar();
    const { client } = recordingClient(t, t.demo!, { cookieDocument: jar });
    const url = new URL(
      await client.createOAuthSignInUrl('github', {
        afterCallbackRedirectUrl: 'http://localhost:3000/after',
        redirectUrl: `${callbackUrl}?keep=1#frag`,
      }),
    );
    expect(`${url.origin}${url.pathname}`).toBe(`${t.url}/api/v1/auth/oauth/authorize/github`);
    const query = Object.fromEntries(url.searchParams);
    const state = query.state!;
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(query).toEqual({
      client_id: t.demo!.projectId,
      client_secret: t.demo!.keys.publishable_client_key!,
      redirect_uri: `${callbackUrl}?keep=1`,
      scope: 'legacy',
      state,
      grant_type: 'authorization_code',
      code_challenge: query.code_challenge!,
      code_challenge_method: 'S256',
      response_type: 'code',
      type: 'authenticate',
      error_redirect_url: 'http://localhost:3000/handler/error',
      after_callback_redirect_url: 'http://localhost:3000/after',
    });

    const cookies = verifierCookies(jar);
    expect(cookies).toHaveLength(1);
    const [name, verifier] = cookies[0]!;
    expect(name).toBe(`stack-oauth-outer-${state}`);
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(query.code_challenge).toBe(createHash('sha256').update(verifier).digest('base64url'));
    const attributes = jar.cookies.get(name)!.attributes;
    expect(attributes['max-age']).toBe('600');
    expect(attributes.secure).toBe(true);

    // Each flow has its own state and verifier.
    const second = new URL(await client.createOAuthSignInUrl('github'));
    expect(second.searchParams.get('state')).not.toBe(state);
    expect(verifierCookies(jar)).toHaveLength(2);
  });

  test('signInWithOAuth navigates to that URL', async () => {
    const jar = new CookieJar();
    const visited: string[] = [];
    const { client } = recordingClient(t, t.demo!, { cookieDocument: jar, navigate: (url) => visited.push(url) });
    await client.signInWithOAuth('google');
    expect(visited).toHaveLength(1);
    expect(new URL(visited[0]!).pathname).toBe('/api/v1/auth/oauth/authorize/google');
  });
});

describe('callback checks', () => {
  test('missing code or state, or a state without its verifier cookie, is an OAuthCallbackError with its message', async () => {
    const jar = new CookieJar();
    const { client, calls } = recordingClient(t, t.demo!, { cookieDocument: jar });
    const missing = await rejection(client.handleOAuthCallback({ url: `${callbackUrl}?code=abc` }));
    expect(missing).toBeInstanceOf(OAuthCallbackError);
    expect((missing as OAuthCallbackError).reason).toBe('missing-parameters');
    expect((missing as Error).message).toBe(
      'Invalid OAuth callback URL parameters. It seems like the OAuth flow was interrupted, so please try again.',
    );
    const unknown = await rejection(client.handleOAuthCallback({ url: `${callbackUrl}?code=abc&state=never-issued` }));
    expect((unknown as OAuthCallbackError).reason).toBe('unknown-state');
    expect(calls).toEqual([]);
  });

  test('a stale code at the token endpoint is a typed INVALID_AUTHORIZATION_CODE, and the verifier is used up', async () => {
    const jar = new CookieJar();
    const { client, calls } = recordingClient(t, t.demo!, { cookieDocument: jar });
    const state = new URL(await client.createOAuthSignInUrl('github')).searchParams.get('state')!;
    const url = `${callbackUrl}?code=${'x'.repeat(45)}&state=${state}`;
    const error = await rejection(client.handleOAuthCallback({ url }));
    expect(error).toBeInstanceOf(KnownErrors.INVALID_AUTHORIZATION_CODE);
    const form = new URLSearchParams(calls[0]!.body);
    expect(form.get('grant_type')).toBe('authorization_code');
    expect(form.get('redirect_uri')).toBe(callbackUrl);
    expect(form.get('client_id')).toBe(t.demo!.projectId);
    expect(form.get('code_verifier')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(verifierCookies(jar)).toEqual([]);
    expect(((await rejection(client.handleOAuthCallback({ url }))) as OAuthCallbackError).reason).toBe('unknown-state');
  });
});

/** Follows one redirect by hand (a browser would), carrying `cookie`; answers the Location and any Set-Cookie. */
async function follow(
  url: string,
  init: RequestInit = {},
): Promise<{ status: number; location: string; setCookie: string | null; text: string }> {
  const response = await fetch(url, { ...init, redirect: 'manual' });
  return {
    status: response.status,
    location: response.headers.get('location') ?? '',
    setCookie: response.headers.get('set-cookie'),
    text: await response.text(),
  };
}

describe('whole flow with the development mock provider', () => {
  test('authorize, provider sign-in, callback, code exchange: a new user with a session', async () => {
    const jar = new CookieJar();
    const { client } = recordingClient(t, t.demo!, { cookieDocument: jar });
    const authorize = await follow(
      await client.createOAuthSignInUrl('github', { afterCallbackRedirectUrl: 'http://localhost:3000/welcome' }),
    );
    expect(authorize.status).toBe(307);
    const innerCookie = authorize.setCookie!.split(';')[0]!;

    // The mock provider's page posts its hidden fields plus who to sign in as.
    const providerPage = new URL(authorize.location);
    const form = new URLSearchParams(providerPage.searchParams);
    form.set('email', 'oauth-client@example.com');
    form.set('name', 'OAuth Client');
    const approved = await follow(`${providerPage.origin}${providerPage.pathname}`, { method: 'POST', body: form });
    expect(approved.status).toBe(303);
    const callback = await follow(approved.location, { headers: { cookie: innerCookie } });
    expect(callback.status).toBe(307);
    expect(callback.location.startsWith(`${callbackUrl}?`)).toBe(true);

    const outcome = await client.handleOAuthCallback({ url: callback.location });
    expect(outcome).toEqual({ status: 'signed-in', isNewUser: true, afterCallbackRedirectUrl: 'http://localhost:3000/welcome' });
    const user = await client.getCurrentUser();
    expect(user!.displayName).toBe('OAuth Client');
    expect(user!.oauthProviders.map((p) => p.id)).toEqual(['github']);
  });
});
