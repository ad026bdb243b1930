// Google (OpenID Connect): the standard claims of its user-info endpoint.
import { requireAccountId, stringOrNull, type OAuthProviderDefinition } from './provider-definition';

export const googleProvider: OAuthProviderDefinition = {
  id: 'google',
  endpoints: {
    authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    userinfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
  },
  defaultScopes: ['openid', 'email', 'profile'],
  // Google hands out a refresh token only for offline access, and only on consent.
  extraAuthorizeParams: { access_type: 'offline', prompt: 'consent' },
  async readProfile(info) {
    return {
      accountId: requireAccountId(info.sub, 'google'),
      email: stringOrNull(info.email),
      emailVerified: info.email_verified === true,
      displayName: stringOrNull(info.name),
      profileImageUrl: stringOrNull(info.picture),
    };
  },
};
