// The OAuth navigations' refusals on the wire: a browser navigation (Sec-Fetch-Mode: navigate,
// or Accept: text/html without fetch metadata) is sent on with a 303 to the project's hosted
// error card; the same request from a program keeps its JSON or text answer (flow.test.ts has the rest).
import { describe, expect, test } from 'bun:test';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { expectKnownError, expectTextError } from '../support/api-expectations';
import { readApiResult, type TestInstance } from '../support/instance';
import { authorizeUrl, goToProvider, withOAuthInstance, type TestProvider } from '../support/oauth-provider';

let provider: TestProvider, t: TestInstance, project: BootstrappedProject;

withOAuthInstance((started) => ({ provider, t, project } = started), { projectName: 'Navigation refusals' });

const navigation = { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', accept: 'text/html,application/xhtml+xml' };

async function get(url: string, headers: Record<string, string> = {}) {
  return await readApiResult(await fetch(url, { headers, redirect: 'manual' }));
}

/** The error card a 303 leads to: its page path and the three parameters the card reads. */
function cardOf(response: { status: number; headers: Headers }) {
  expect(response.status).toBe(303);
  const location = new URL(response.headers.get('location')!);
  expect(location.origin).toBe(t.url);
  return {
    path: location.pathname,
    code: location.searchParams.get('errorCode'),
    message: location.searchParams.get('message'),
    details: JSON.parse(location.searchParams.get('details')!),
  };
}

const untrustedReturn = 'https://attacker.example.net/handler/oauth-callback';

describe('authorize', () => {
  test('an untrusted redirect_uri: a navigation goes to the project card, a program gets the JSON', async () => {
    const url = authorizeUrl(t, project, { challenge: 'c'.repeat(43) }, 'state-1', { redirectUri: untrustedReturn });
    const card = cardOf(await get(url, navigation));
    expect(card.path).toBe(`/projects/${project.projectId}/handler/error`);
    expect(card.code).toBe('REDIRECT_URL_NOT_WHITELISTED');
    expect(card.message).toStartWith('Redirect URL not whitelisted');
    expectKnownError(await get(url), 400, 'REDIRECT_URL_NOT_WHITELISTED');
    // fetch() from a page says cors even when it asks for HTML: still the JSON.
    expectKnownError(await get(url, { 'sec-fetch-mode': 'cors', accept: 'text/html' }), 400, 'REDIRECT_URL_NOT_WHITELISTED');
    // Without fetch metadata (an older browser, or plain http on a LAN address), Accept decides.
    expect(cardOf(await get(url, { accept: 'text/html' })).code).toBe('REDIRECT_URL_NOT_WHITELISTED');
  });

  test('a malformed error URL and a switched-off provider end on the card too', async () => {
    const malformed = authorizeUrl(t, project, { challenge: 'c'.repeat(43) }, 'state-2', { errorRedirectUrl: 'not a url' });
    expect(cardOf(await get(malformed, navigation)).code).toBe('SCHEMA_ERROR');
    const off = authorizeUrl(t, project, { challenge: 'c'.repeat(43) }, 'state-3', { provider: 'github' });
    const card = cardOf(await get(off, navigation));
    expect(card.code).toBe('OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED');
    expect(card.path).toBe(`/projects/${project.projectId}/handler/error`);
  });

  test('an unknown client_id has no project of its own: the default project card', async () => {
    const url = authorizeUrl(t, project, { challenge: 'c'.repeat(43) }, 'state-4', { extra: { client_id: 'no-such-project' } });
    const card = cardOf(await get(url, navigation));
    expect(card.path).toBe('/handler/error');
    expect(card.code).toBe('INVALID_OAUTH_CLIENT_ID_OR_SECRET');
    expectKnownError(await get(url), 400, 'INVALID_OAUTH_CLIENT_ID_OR_SECRET');
  });
});

describe('callback', () => {
  test('without the inner cookie: the card with OAUTH_COOKIE_NOT_FOUND, and the flow is not used up', async () => {
    provider.signedIn = { sub: `nav-${Date.now()}`, email: `nav-${Date.now()}@example.com` };
    const flow = await goToProvider(t, project);
    const refused = await get(flow.callbackUrl, navigation);
    const card = cardOf(refused);
    expect(card.path).toBe(`/projects/${project.projectId}/handler/error`);
    expect(card.code).toBe('OAUTH_COOKIE_NOT_FOUND');
    expect(card.message).toStartWith('OAuth cookie not found');
    expect(card.details).toEqual({});
    expect(refused.headers.get('set-cookie')).toContain('Max-Age=0');
    const programmatic = await get(flow.callbackUrl);
    expectTextError(programmatic, 400);
    expect(programmatic.text).toStartWith('OAuth cookie not found');
    expect((await flow.browser.get(flow.callbackUrl)).status).toBe(307);
  });

  test('a callback error without a trusted error page: the card instead of the known-error JSON', async () => {
    provider.signedIn = { sub: `deny-${Date.now()}`, email: `deny-${Date.now()}@example.com` };
    provider.denyNext = true;
    const flow = await goToProvider(t, project, { errorRedirectUrl: null });
    const cookie = [...flow.browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const card = cardOf(await get(flow.callbackUrl, { ...navigation, cookie }));
    expect(card.code).toBe('OAUTH_PROVIDER_ACCESS_DENIED');
    expect(card.path).toBe(`/projects/${project.projectId}/handler/error`);
  });

  test('no state at all names no project: the default project card', async () => {
    const card = cardOf(await get(`${t.url}/api/v1/auth/oauth/callback/google?code=x`, navigation));
    expect(card.path).toBe('/handler/error');
    expect(card.code).toBe('OAUTH_COOKIE_NOT_FOUND');
  });
});
