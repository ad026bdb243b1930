// OAuth sign-in of a banned user, against the real OAuth server on 127.0.0.1: the provider says
// who they are, and authd's token exchange then answers USER_BANNED instead of a session.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { as, call, expectKnownError, expectOk } from '../support/api-expectations';
import type { TestInstance } from '../support/instance';
import { codeExchangeFields, makeOAuthProject, runFlow, startOAuthInstance, startTestProvider, tokenRequest, type TestProvider } from '../support/oauth-provider';

let provider: TestProvider;
let t: TestInstance;
let project: BootstrappedProject;

beforeAll(async () => {
  provider = await startTestProvider();
  t = await startOAuthInstance(provider);
  project = await makeOAuthProject(t, 'OAuth bans');
});

afterAll(async () => {
  await t?.stop();
  await provider?.stop();
});

async function exchange() {
  const flow = await runFlow(t, project);
  const code = flow.landing.searchParams.get('code');
  expect(code).toBeString();
  return await tokenRequest(t, codeExchangeFields(project, flow, code!));
}

test('a banned user signing in with a provider gets USER_BANNED, and a session again once unbanned', async () => {
  provider.signedIn = { sub: `banned-${Date.now()}`, email: `banned-${Date.now()}@example.com`, name: 'Banned' };
  const first = expectOk(await exchange());
  const userId = expectOk(await call(t, 'GET', '/users/me', { headers: as(project, 'client', first.access_token) })).id;
  expectOk(await call(t, 'POST', `/users/${userId}/ban`, { headers: as(project, 'server'), body: {} }));
  expectKnownError(await exchange(), 403, 'USER_BANNED', { banned_until_millis: null });
  expectOk(await call(t, 'POST', `/users/${userId}/unban`, { headers: as(project, 'server') }));
  const again = expectOk(await exchange());
  expect(expectOk(await call(t, 'GET', '/users/me', { headers: as(project, 'client', again.access_token) })).id).toBe(userId);
});
