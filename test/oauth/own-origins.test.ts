// Where authd sends OAuth traffic comes from its configuration and listening address, never from
// the request's Host header (development mode, with the built-in mock
// provider): the code and verifier are posted to authd itself, the browser is only ever sent
// back to this instance, and a malformed percent-escape in the provider id is a 4xx known error.
import { describe, expect, test } from 'bun:test';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { as, call, expectKnownError, expectTextError } from '../support/api-expectations';
import type { TestInstance } from '../support/instance';
import { rawRequest } from '../support/raw-http';
import { appCallbackUrl, authorizeUrl, pkcePair, TestBrowser } from '../support/oauth-provider';
import { withProject } from '../support/file-instance';
import { setProjectConfig } from '../support/user-views';

let t: TestInstance, project: BootstrappedProject;

withProject(
  'Own origins',
  async (started) => {
    ({ t, project } = started);
    await setProjectConfig(t, project, { oauth_providers: [{ id: 'github', enabled: true, type: 'shared' }] });
  },
  { instance: { mode: 'development' } },
);

const foreignHost = 'attacker.example.net:8443';
const pathOf = (url: string) => url.slice(t.url.length);

describe('a foreign Host header', () => {
  test('authorize still sends the browser to this instance: its mock page and its callback', async () => {
    const target = pathOf(authorizeUrl(t, project, pkcePair(), 'state-1', { provider: 'github' }));
    const res = await rawRequest(t.url, [`GET ${target} HTTP/1.1`, `Host: ${foreignHost}`, 'Connection: close']);
    expect(res.status).toBe(307);
    const location = new URL(res.headers.location!);
    expect(location.origin).toBe(t.url);
    expect(location.pathname).toBe('/api/v1/dev-oauth/github/authorize');
    expect(location.searchParams.get('redirect_uri')).toBe(`${t.url}/api/v1/auth/oauth/callback/github`);
  });

  test('the callback exchanges the code and verifier with authd itself, not with the Host', async () => {
    const browser = new TestBrowser();
    const authorize = await browser.get(authorizeUrl(t, project, pkcePair(), 'state-2', { provider: 'github' }));
    expect(authorize.status).toBe(307);
    const page = await browser.get(authorize.headers.get('location')!);
    const form = new URLSearchParams();
    for (const match of page.text.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
      form.set(match[1]!, match[2]!.replace(/&amp;/g, '&'));
    }
    form.set('email', 'own-origins@example.com');
    const approved = await browser.get(authorize.headers.get('location')!, { method: 'POST', body: form });
    expect(approved.status).toBe(303);
    // Nothing listens at 127.0.0.1:1: a token request sent where the Host says would fail.
    const cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const callback = await rawRequest(t.url, [
      `GET ${pathOf(approved.headers.get('location')!)} HTTP/1.1`,
      'Host: 127.0.0.1:1',
      `Cookie: ${cookie}`,
      'Connection: close',
    ]);
    expect(`${callback.status} ${callback.status === 307 ? '' : callback.body}`).toBe('307 ');
    const landing = new URL(callback.headers.location!);
    expect(landing.origin + landing.pathname).toBe(appCallbackUrl);
    expect(landing.searchParams.get('code')).toBeTruthy();
  });
});

describe('the mock provider', () => {
  const approval = (redirectUri: string) =>
    new URLSearchParams({
      client_id: 'authd-development-mock',
      redirect_uri: redirectUri,
      state: 's',
      code_challenge: 'c'.repeat(43),
      code_challenge_method: 'S256',
      email: 'x@example.com',
    });

  test("redirects only to this instance's own callback, whatever the path says", async () => {
    for (const foreign of [
      `http://${foreignHost}/api/v1/auth/oauth/callback/github`,
      `${t.url.replace('127.0.0.1', '127.0.0.2')}/api/v1/auth/oauth/callback/github`,
      `${t.url}.attacker.example/api/v1/auth/oauth/callback/github`,
    ]) {
      const res = await new TestBrowser().get(`${t.url}/api/v1/dev-oauth/github/authorize`, {
        method: 'POST',
        body: approval(foreign),
      });
      expectTextError(res, 400);
    }
  });

  test('accepts the callback under the loopback names of its own port', async () => {
    for (const own of [t.url, t.url.replace('127.0.0.1', 'localhost')]) {
      const res = await new TestBrowser().get(`${t.url}/api/v1/dev-oauth/github/authorize`, {
        method: 'POST',
        body: approval(`${own}/api/v1/auth/oauth/callback/github`),
      });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toStartWith(`${own}/api/v1/auth/oauth/callback/github?code=`);
    }
  });
});

describe('a malformed percent-escape in the provider id', () => {
  for (const [method, path] of [
    ['GET', '/api/v1/dev-oauth/%E0%A4%A/authorize'],
    ['POST', '/api/v1/dev-oauth/git%ZZhub/authorize'],
    ['POST', '/api/v1/dev-oauth/%/token'],
    ['GET', '/api/v1/auth/oauth/authorize/%E0%A4%A?client_id=x'],
    ['GET', '/api/v1/auth/oauth/callback/%C3%28?state=x&code=y'],
  ] as const) {
    test(`${method} ${path} is a 400 SCHEMA_ERROR`, async () => {
      const res = await call(t, method, path, method === 'POST' ? { body: {} } : {});
      expectKnownError(res, 400, 'SCHEMA_ERROR');
      expect(res.json.error).toContain('params.provider_id: is not valid percent-encoding');
    });
  }
});
