// The provider table: each of the seven maps its own user-info shape to authd's profile, and the
// instance settings come from AUTHD_OAUTH_* variables.
import { expect, test } from 'bun:test';
import type { ProviderProfile } from '../../server/providers/provider-definition';
import { oauthProviderDefinitions, oauthSettingsFromEnvironment } from '../../server/core/auth/provider-registry';

const noResource = async () => {
  throw new Error('not served');
};

const samples: Record<string, { info: Record<string, unknown>; profile: ProviderProfile }> = {
  google: {
    info: { sub: '1071', email: 'a@gmail.com', email_verified: true, name: 'A B', picture: 'https://lh3/p.png' },
    profile: {
      accountId: '1071',
      email: 'a@gmail.com',
      emailVerified: true,
      displayName: 'A B',
      profileImageUrl: 'https://lh3/p.png',
    },
  },
  github: {
    info: { id: 583231, login: 'octocat', name: null, email: 'o@github.com', avatar_url: 'https://avatars/u/1' },
    profile: {
      accountId: '583231',
      email: 'o@github.com',
      emailVerified: false,
      displayName: 'octocat',
      profileImageUrl: 'https://avatars/u/1',
    },
  },
  facebook: {
    info: { id: '10', name: 'F B', email: 'f@b.com', picture: { data: { url: 'https://fb/p.jpg' } } },
    profile: { accountId: '10', email: 'f@b.com', emailVerified: false, displayName: 'F B', profileImageUrl: 'https://fb/p.jpg' },
  },
  microsoft: {
    info: { id: 'ms-1', displayName: 'M S', mail: null, userPrincipalName: 'm@contoso.com' },
    profile: { accountId: 'ms-1', email: 'm@contoso.com', emailVerified: false, displayName: 'M S', profileImageUrl: null },
  },
  spotify: {
    info: { id: 'sp', display_name: 'S P', email: 's@p.com', images: [{ url: 'https://i.scdn/p' }] },
    profile: { accountId: 'sp', email: 's@p.com', emailVerified: false, displayName: 'S P', profileImageUrl: 'https://i.scdn/p' },
  },
  discord: {
    info: { id: '80351', username: 'nelly', global_name: 'Nelly', email: 'n@d.com', verified: true, avatar: 'abc' },
    profile: {
      accountId: '80351',
      email: 'n@d.com',
      emailVerified: true,
      displayName: 'Nelly',
      profileImageUrl: 'https://cdn.discordapp.com/avatars/80351/abc.png',
    },
  },
  gitlab: {
    info: { id: 1, username: 'gl', name: 'G L', email: 'g@l.com', confirmed_at: '2020-01-01', avatar_url: 'https://gl/a' },
    profile: { accountId: '1', email: 'g@l.com', emailVerified: true, displayName: 'G L', profileImageUrl: 'https://gl/a' },
  },
};

test('each provider maps its user info to a profile', async () => {
  expect(Object.keys(oauthProviderDefinitions).sort()).toEqual(Object.keys(samples).sort());
  for (const [id, sample] of Object.entries(samples)) {
    const definition = oauthProviderDefinitions[id as keyof typeof oauthProviderDefinitions];
    expect(definition.endpoints.authorizeUrl).toStartWith('https://');
    expect(definition.defaultScopes.length).toBeGreaterThan(0);
    expect(await definition.readProfile(sample.info, noResource, definition.endpoints)).toEqual(sample.profile);
  }
});

test('GitHub takes the verified primary address from /user/emails', async () => {
  const github = oauthProviderDefinitions.github;
  const endpoints = { ...github.endpoints, userinfoUrl: 'https://ghe.example/api/user' };
  const asked: string[] = [];
  const profile = await github.readProfile(
    { id: 1, login: 'x', email: null },
    async (url) => {
      asked.push(url);
      return [
        { email: 'other@x.com', primary: false, verified: true },
        { email: 'main@x.com', primary: true, verified: true },
      ];
    },
    endpoints,
  );
  expect(asked).toEqual(['https://ghe.example/api/user/emails']);
  expect(profile.email).toBe('main@x.com');
  expect(profile.emailVerified).toBe(true);
});

test('AUTHD_OAUTH_* variables give shared credentials and endpoint overrides', () => {
  const settings = oauthSettingsFromEnvironment({
    AUTHD_OAUTH_GITHUB_CLIENT_ID: 'id',
    AUTHD_OAUTH_GITHUB_CLIENT_SECRET: 'secret',
    AUTHD_OAUTH_GOOGLE_CLIENT_ID: 'only-an-id',
    AUTHD_OAUTH_GITLAB_AUTHORIZE_URL: 'https://gitlab.example/oauth/authorize',
  });
  expect(settings.sharedCredentials).toEqual({ github: { clientId: 'id', clientSecret: 'secret' } });
  expect(settings.endpointOverrides).toEqual({
    gitlab: { authorizeUrl: 'https://gitlab.example/oauth/authorize', tokenUrl: undefined, userinfoUrl: undefined },
  });
});
