// GitLab (gitlab.com): /api/v4/user; an address is confirmed once `confirmed_at` is set.
import { requireAccountId, stringOrNull, type OAuthProviderDefinition } from './provider-definition';

export const gitlabProvider: OAuthProviderDefinition = {
  id: 'gitlab',
  endpoints: {
    authorizeUrl: 'https://gitlab.com/oauth/authorize',
    tokenUrl: 'https://gitlab.com/oauth/token',
    userinfoUrl: 'https://gitlab.com/api/v4/user',
  },
  defaultScopes: ['read_user'],
  async readProfile(info) {
    return {
      accountId: requireAccountId(info.id, 'gitlab'),
      email: stringOrNull(info.email),
      emailVerified: stringOrNull(info.confirmed_at) !== null,
      displayName: stringOrNull(info.name) ?? stringOrNull(info.username),
      profileImageUrl: stringOrNull(info.avatar_url),
    };
  },
};
