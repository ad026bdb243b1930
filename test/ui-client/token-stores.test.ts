// Token stores: memory, cookies (over a document.cookie
// stand-in; the real-browser check is in ui-react's Chromium tests), a custom asynchronous store,
// and the x-stack-auth header, each driving a real session against a real authd.
import { describe, expect, test } from 'bun:test';
import {
  authHeaderValue,
  cookieTokenStore,
  memoryTokenStore,
  tokensFromAuthHeader,
  type StoredTokens,
  type TokenStore,
} from '../../ui/client/index';
import type { TestInstance } from '../support/instance';
import { CookieJar } from './cookie-jar';
import { recordingClient } from '../support/ui-client';
import { uniqueEmail } from '../support/api-expectations';
import { withInstance } from '../support/file-instance';

let t: TestInstance;

withInstance((started) => ({ t } = started));

async function signUp(client: ReturnType<typeof recordingClient>['client']) {
  const email = uniqueEmail('store');
  await client.signUpWithPassword({ email, password: 'store passphrase 1', verificationCallbackUrl: 'http://localhost:3000/v' });
  return email;
}

/** Resolves with the first change reported to an onSessionChange-style subscription. */
function nextChange(subscribe: (listener: (tokens: StoredTokens) => void) => () => void): Promise<StoredTokens> {
  return new Promise((resolve) => {
    const unsubscribe = subscribe((tokens) => {
      unsubscribe();
      resolve(tokens);
    });
  });
}

describe('memory store', () => {
  test('keeps the session in this client only', async () => {
    const store = memoryTokenStore();
    const { client } = recordingClient(t, t.demo!, { tokenStore: store });
    const email = await signUp(client);
    const held = await store.read();
    expect(held.refreshToken).toBe((await client.getTokens()).refreshToken);
    expect((await client.getCurrentUser())!.primaryEmail).toBe(email);
    const other = recordingClient(t, t.demo!, { tokenStore: 'memory' }).client;
    expect(await other.getCurrentUser()).toBeNull();
  });

  test('the null choice never keeps a session', async () => {
    const { client } = recordingClient(t, t.demo!, { tokenStore: null });
    await signUp(client);
    expect(await client.getTokens()).toEqual({ accessToken: null, refreshToken: null });
    expect(await client.getCurrentUser()).toBeNull();
  });
});

describe('cookie store', () => {
  test('writes the wire cookie names with their lifetimes, secure, path / and SameSite=Lax', async () => {
    const jar = new CookieJar();
    const { client } = recordingClient(t, t.demo!, { tokenStore: 'cookie', cookieDocument: jar });
    await signUp(client);
    const tokens = await client.getTokens();
    const refresh = jar.cookies.get(`stack-refresh-${t.demo!.projectId}`)!;
    expect(jar.valueOf(`stack-refresh-${t.demo!.projectId}`)).toBe(tokens.refreshToken!);
    expect(refresh.attributes['max-age']).toBe(String(365 * 24 * 3600));
    expect(refresh.attributes.secure).toBe(true);
    expect(refresh.attributes.path).toBe('/');
    expect(refresh.attributes.samesite).toBe('lax');
    const access = jar.cookies.get('stack-access')!;
    expect(JSON.parse(jar.valueOf('stack-access')!)).toEqual([tokens.refreshToken, tokens.accessToken]);
    expect(access.attributes['max-age']).toBe(String(24 * 3600));
    expect(access.attributes.secure).toBe(true);

    await client.signOut();
    expect(jar.cookies.size).toBe(0);
  });

  test('another tab sharing the cookies shares the session, and its sign-out is noticed by polling', async () => {
    const jar = new CookieJar();
    const first = recordingClient(t, t.demo!, { tokenStore: 'cookie', cookieDocument: jar }).client;
    const email = await signUp(first);
    const second = recordingClient(t, t.demo!, { tokenStore: 'cookie', cookieDocument: jar }).client;
    expect((await second.getCurrentUser())!.primaryEmail).toBe(email);

    const noticed = nextChange((listener) => first.onSessionChange(listener));
    await second.signOut();
    expect(await noticed).toEqual({ accessToken: null, refreshToken: null });
    expect(await first.getCurrentUser()).toBeNull();
    first.dispose();
    second.dispose();
  });

  test('an access cookie from another session is ignored; the legacy refresh cookie is read and replaced', () => {
    const jar = new CookieJar();
    jar.cookie = 'stack-refresh=legacy-refresh; path=/';
    jar.cookie = `stack-access=${encodeURIComponent(JSON.stringify(['some-other-refresh', 'an-access-token']))}; path=/`;
    const store = cookieTokenStore({ projectId: 'p1', cookieDocument: jar, secure: false });
    expect(store.read()).toEqual({ accessToken: null, refreshToken: 'legacy-refresh' });
    store.write({ accessToken: 'a2', refreshToken: 'r2' });
    expect(jar.valueOf('stack-refresh')).toBeUndefined();
    expect(jar.valueOf('stack-refresh-p1')).toBe('r2');
    expect(jar.cookies.get('stack-refresh-p1')!.attributes.secure).toBeUndefined();
    expect(store.read()).toEqual({ accessToken: 'a2', refreshToken: 'r2' });
  });

  test('foreign cookies with a malformed % escape in the name or value are skipped, not thrown on', () => {
    const jar = new CookieJar();
    const store = cookieTokenStore({ projectId: 'p1', cookieDocument: jar, secure: false });
    // Set by other code on the site, byte for byte (the jar's own setter would decode the name).
    jar.cookies.set('bad%E0%A4%A', { value: 'x', attributes: {} });
    jar.cookies.set('promo', { value: '100%off', attributes: {} });
    store.write({ accessToken: 'a1', refreshToken: 'r1' });
    expect(store.read()).toEqual({ accessToken: 'a1', refreshToken: 'r1' });
    // A cookie under our own name whose value does not decode is no session either.
    jar.cookies.set('stack-refresh-p2', { value: '%zz', attributes: {} });
    expect(cookieTokenStore({ projectId: 'p2', cookieDocument: jar }).read()).toEqual({ accessToken: null, refreshToken: null });
  });

  test('cookies of another project are not this project’s session', () => {
    const jar = new CookieJar();
    cookieTokenStore({ projectId: 'p1', cookieDocument: jar }).write({ accessToken: 'a', refreshToken: 'r' });
    expect(cookieTokenStore({ projectId: 'p2', cookieDocument: jar }).read()).toEqual({ accessToken: null, refreshToken: null });
  });
});

describe('custom store', () => {
  test('an asynchronous store receives every change and supplies the session', async () => {
    const writes: StoredTokens[] = [];
    let saved: StoredTokens = { accessToken: null, refreshToken: null };
    const store: TokenStore = {
      read: async () => saved,
      write: async (tokens) => {
        writes.push(tokens);
        saved = tokens;
      },
    };
    const { client } = recordingClient(t, t.demo!, { tokenStore: store });
    const email = await signUp(client);
    expect(writes).toHaveLength(1);
    expect(writes[0]!.refreshToken).toBeString();
    // A fresh client over the same store is signed in.
    const again = recordingClient(t, t.demo!, { tokenStore: store }).client;
    expect((await again.getCurrentUser())!.primaryEmail).toBe(email);
    await again.signOut();
    expect(writes.at(-1)).toEqual({ accessToken: null, refreshToken: null });
  });
});

describe('x-stack-auth header', () => {
  test('round-trips tokens and tolerates malformed values', () => {
    const tokens = { accessToken: 'a.b.c', refreshToken: 'r' };
    expect(tokensFromAuthHeader(authHeaderValue(tokens))).toEqual(tokens);
    expect(tokensFromAuthHeader(new Headers({ 'X-Stack-Auth': authHeaderValue(tokens) }))).toEqual(tokens);
    expect(tokensFromAuthHeader({ 'x-stack-auth': authHeaderValue(tokens) })).toEqual(tokens);
    expect(tokensFromAuthHeader('not json')).toEqual({ accessToken: null, refreshToken: null });
    expect(tokensFromAuthHeader('{"accessToken":5}')).toEqual({ accessToken: null, refreshToken: null });
    expect(tokensFromAuthHeader(null)).toEqual({ accessToken: null, refreshToken: null });
  });

  test("a backend client built from a request's headers acts as that user", async () => {
    const browser = recordingClient(t, t.demo!).client;
    const email = await signUp(browser);
    const request = new Request('http://localhost:3000/api/profile', { headers: await browser.getAuthHeaders() });
    const backend = recordingClient(t, t.demo!, { tokenStore: request }).client;
    expect((await backend.getCurrentUser())!.primaryEmail).toBe(email);
  });
});
