// Microsoft identity platform (v2.0) for the project's tenant, profile from Microsoft Graph.
import { requireAccountId, stringOrNull, type OAuthProviderDefinition } from './provider-definition';

export const microsoftProvider: OAuthProviderDefinition = {
  id: 'microsoft',
  endpoints: {
    authorizeUrl: 'https://login.microsoftonline.com/{tenant}/oauth2/v2.0/authorize',
    tokenUrl: 'https://login.microsoftonline.com/{tenant}/oauth2/v2.0/token',
    userinfoUrl: 'https://graph.microsoft.com/v1.0/me',
  },
  defaultScopes: ['openid', 'profile', 'email', 'offline_access', 'User.Read'],
  async readProfile(info) {
    return {
      accountId: requireAccountId(info.id, 'microsoft'),
      email: stringOrNull(info.mail) ?? stringOrNull(info.userPrincipalName),
      // Graph's `mail` is whatever the tenant admin typed; it proves nothing about the inbox.
      emailVerified: false,
      displayName: stringOrNull(info.displayName),
      profileImageUrl: null,
    };
  },
};
