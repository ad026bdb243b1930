// "Sign in with GitHub" on a fresh development instance with no provider credentials at all: the
// shared provider falls back to authd's own mock provider. Production mode refuses both the
// mock and a shared provider without instance credentials.
import { describe, expect, test } from 'bun:test';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { as, call, expectTextError, makeProject } from '../support/api-expectations';
import type { TestInstance } from '../support/instance';
import {
  appCallbackUrl,
  appErrorUrl,
  authorizeUrl,
  codeExchangeFields,
  pkcePair,
  TestBrowser,
  tokenRequest,
} from '../support/oauth-provider';
import { withInstance } from '../support/file-instance';

async function projectWithSharedGitHub(t: TestInstance): Promise<BootstrappedProject> {
  const project = await makeProject(t, 'Shared GitHub');
  const res = await call(t, 'PATCH', '/projects/current', {
    headers: as(project, 'admin'),
    body: { config: { oauth_providers: [{ id: 'github', enabled: true, type: 'shared' }] } },
  });
  expect(res.status).toBe(200);
  return project;
}

describe('development mode, no credentials', () => {
  let t: TestInstance;
  withInstance((started) => ({ t } = started), { instance: { mode: 'development' } });

  test('the mock page signs in whoever is typed, twice to the same user', async () => {
    const project = await projectWithSharedGitHub(t);
    const signInAs = async (email: string, name: string) => {
      const browser = new TestBrowser();
      const pkce = pkcePair();
      const authorize = await browser.get(authorizeUrl(t, project, pkce, 'outer-state', { provider: 'github' }));
      expect(authorize.status).toBe(307);
      const pageUrl = authorize.headers.get('location')!;
      expect(pageUrl).toStartWith(`${t.url}/api/v1/dev-oauth/github/authorize?`);
      const page = await browser.get(pageUrl);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toStartWith('text/html');
      expect(page.text).toContain('Sign in with github (authd development mock)');
      // Submit the form as a browser would: its hidden fields plus what was typed.
      const form = new URLSearchParams();
      for (const match of page.text.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
        form.set(match[1]!, match[2]!.replace(/&amp;/g, '&'));
      }
      form.set('email', email);
      form.set('name', name);
      const approved = await browser.get(pageUrl, { method: 'POST', body: form });
      expect(approved.status).toBe(303);
      const callback = await browser.get(approved.headers.get('location')!);
      expect(callback.status).toBe(307);
      const landing = new URL(callback.headers.get('location')!);
      expect(landing.origin + landing.pathname).toBe(appCallbackUrl);
      const res = await tokenRequest(
        t,
        codeExchangeFields(project, { verifier: pkce.verifier, redirectUri: appCallbackUrl }, landing.searchParams.get('code')!),
      );
      expect(res.status).toBe(200);
      return res.json;
    };
    const first = await signInAs('grace@example.com', 'Grace Hopper');
    expect(first.is_new_user).toBe(true);
    const me = await call(t, 'GET', '/users/me', { headers: as(project, 'client', first.access_token) });
    expect(me.json.primary_email).toBe('grace@example.com');
    expect(me.json.display_name).toBe('Grace Hopper');
    expect(me.json.oauth_providers).toHaveLength(1);
    expect(me.json.oauth_providers[0].id).toBe('github');
    const second = await signInAs('grace@example.com', 'Grace Hopper');
    expect(second.is_new_user).toBe(false);
    expect((await call(t, 'GET', '/users/me', { headers: as(project, 'client', second.access_token) })).json.id).toBe(me.json.id);
  });

  test("'Deny' on the mock page sends access_denied to the callback, which ends on the app's error page; no user is made", async () => {
    const project = await projectWithSharedGitHub(t);
    const browser = new TestBrowser();
    const authorize = await browser.get(authorizeUrl(t, project, pkcePair(), 'outer-state', { provider: 'github' }));
    const pageUrl = authorize.headers.get('location')!;
    const page = await browser.get(pageUrl);
    expect(page.text).toContain('>Deny</button>');
    const form = new URLSearchParams();
    for (const match of page.text.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
      form.set(match[1]!, match[2]!.replace(/&amp;/g, '&'));
    }
    // A denial sends no email field: the button skips the form's checks.
    form.set('decision', 'deny');
    const denied = await browser.get(pageUrl, { method: 'POST', body: form });
    expect(denied.status).toBe(303);
    const toCallback = new URL(denied.headers.get('location')!);
    expect(toCallback.pathname).toBe('/api/v1/auth/oauth/callback/github');
    expect(toCallback.searchParams.get('error')).toBe('access_denied');
    const callback = await browser.get(toCallback.toString());
    expect(callback.status).toBe(307);
    const landing = new URL(callback.headers.get('location')!);
    expect(landing.origin + landing.pathname).toBe(appErrorUrl);
    expect(landing.searchParams.get('errorCode')).toBe('OAUTH_PROVIDER_ACCESS_DENIED');
    const users = await call(t, 'GET', '/users', { headers: as(project, 'server') });
    expect(users.json.items).toHaveLength(0);
  });

  test("the mock only redirects to authd's own callback and wants PKCE S256", async () => {
    const form = new URLSearchParams({
      client_id: 'authd-development-mock',
      redirect_uri: 'https://attacker.example.net/steal',
      state: 's',
      code_challenge: 'c'.repeat(43),
      code_challenge_method: 'S256',
      email: 'x@example.com',
    });
    const res = await new TestBrowser().get(`${t.url}/api/v1/dev-oauth/github/authorize`, { method: 'POST', body: form });
    expectTextError(res, 400);
    form.set('redirect_uri', `${t.url}/api/v1/auth/oauth/callback/github`);
    form.set('code_challenge_method', 'plain');
    expectTextError(
      await new TestBrowser().get(`${t.url}/api/v1/dev-oauth/github/authorize`, { method: 'POST', body: form }),
      400,
    );
  });
});

describe('production mode', () => {
  let t: TestInstance;
  withInstance((started) => ({ t } = started), { instance: { mode: 'production' } });

  test('the mock provider does not exist and shared providers need instance credentials', async () => {
    const page = await call(t, 'GET', '/api/v1/dev-oauth/github/authorize?client_id=authd-development-mock');
    expectTextError(page, 404);
    const token = await call(t, 'POST', '/api/v1/dev-oauth/github/token', {
      rawBody: 'grant_type=authorization_code&code=x',
      contentType: 'application/x-www-form-urlencoded',
    });
    expectTextError(token, 404);
    const project = await projectWithSharedGitHub(t);
    const authorize = await call(t, 'GET', authorizeUrl(t, project, pkcePair(), 's', { provider: 'github' }).slice(t.url.length));
    expectTextError(authorize, 503);
    expect(authorize.text).toContain('AUTHD_OAUTH_GITHUB_CLIENT_ID');
  });
});
