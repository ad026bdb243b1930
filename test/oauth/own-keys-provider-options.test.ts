// A project's own keys for Facebook and Microsoft carry one option each, which the authorize
// redirect must pass on: Facebook Login for Business's `config_id` (facebook_config_id) and the
// Microsoft Entra tenant in the authority's path (microsoft_tenant_id, else `common`).
import { expect, test } from 'bun:test';
import type { TestInstance } from '../support/instance';
import { authorizeUrl, makeOAuthProject, pkcePair } from '../support/oauth-provider';
import { withInstance } from '../support/file-instance';

let t: TestInstance;
withInstance((started) => ({ t } = started));

const ownKeys = { enabled: true, type: 'standard', client_id: 'own-client', client_secret: 'own-secret' };

async function providerRedirect(projectName: string, providers: Record<string, unknown>[], provider: string): Promise<URL> {
  const project = await makeOAuthProject(t, projectName, providers);
  const answer = await fetch(authorizeUrl(t, project, pkcePair(), 'state-1', { provider }), { redirect: 'manual' });
  expect(answer.status).toBe(307);
  return new URL(answer.headers.get('location')!);
}

test("Facebook's config id goes to the authorize URL as config_id; without one there is none", async () => {
  const withId = await providerRedirect('Facebook for Business', [{ id: 'facebook', ...ownKeys, facebook_config_id: '1234567890' }], 'facebook');
  expect(withId.origin).toBe('https://www.facebook.com');
  expect(withId.searchParams.get('config_id')).toBe('1234567890');
  expect(withId.searchParams.get('client_id')).toBe('own-client');
  const without = await providerRedirect('Facebook plain', [{ id: 'facebook', ...ownKeys }], 'facebook');
  expect(without.searchParams.has('config_id')).toBe(false);
});

test("Microsoft's tenant id is the authority's tenant; without one it is common", async () => {
  const tenant = await providerRedirect('Contoso only', [{ id: 'microsoft', ...ownKeys, microsoft_tenant_id: 'contoso.onmicrosoft.com' }], 'microsoft');
  expect(tenant.pathname).toStartWith('/contoso.onmicrosoft.com/');
  const common = await providerRedirect('Any Microsoft account', [{ id: 'microsoft', ...ownKeys }], 'microsoft');
  expect(common.pathname).toStartWith('/common/');
});
