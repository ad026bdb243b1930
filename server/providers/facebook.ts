// Facebook (Graph API): the fields are asked for in the user-info URL itself.
import { requireAccountId, stringOrNull, type OAuthProviderDefinition } from './provider-definition';

export const facebookProvider: OAuthProviderDefinition = {
  id: 'facebook',
  endpoints: {
    authorizeUrl: 'https://www.facebook.com/v19.0/dialog/oauth',
    tokenUrl: 'https://graph.facebook.com/v19.0/oauth/access_token',
    userinfoUrl: 'https://graph.facebook.com/v19.0/me?fields=id,name,email,picture',
  },
  defaultScopes: ['public_profile', 'email'],
  scopeSeparator: ',',
  async readProfile(info) {
    const picture = (info.picture as { data?: { url?: unknown } } | undefined)?.data?.url;
    return {
      accountId: requireAccountId(info.id, 'facebook'),
      email: stringOrNull(info.email),
      // Facebook does not say whether the address was confirmed.
      emailVerified: false,
      displayName: stringOrNull(info.name),
      profileImageUrl: stringOrNull(picture),
    };
  },
};
