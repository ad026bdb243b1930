// The provider list is written once (server/protocol/oauth-provider-ids.ts); what is keyed by
// provider elsewhere must cover exactly that list.
import { expect, test } from 'bun:test';
import { oauthProviderDefinitions } from '../../server/core/auth/provider-registry';
import { oauthProviderIds, sharedOAuthProviderIds } from '../../server/protocol/oauth-provider-ids';
import { providerBrands } from '../../ui/react/components/oauth-buttons';
import { providerNames } from '../../ui/react/components/provider-names';

const sorted = (ids: Iterable<string>) => [...ids].sort();

test('every listed provider has a definition under its own id, and nothing else has one', () => {
  expect(sorted(Object.keys(oauthProviderDefinitions))).toEqual(sorted(oauthProviderIds));
  for (const id of oauthProviderIds) expect(oauthProviderDefinitions[id].id).toBe(id);
});

test('every listed provider has a branded sign-in button, and nothing else has one', () => {
  expect(sorted(Object.keys(providerBrands))).toEqual(sorted(oauthProviderIds));
});

test('every listed provider has a display name, and nothing else has one', () => {
  expect(sorted(Object.keys(providerNames))).toEqual(sorted(oauthProviderIds));
});

test('the shared-credential providers are listed providers', () => {
  for (const id of sharedOAuthProviderIds) expect(oauthProviderIds).toContain(id);
});
