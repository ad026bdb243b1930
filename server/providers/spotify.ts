// Spotify Web API: /v1/me with the email scope.
import { requireAccountId, stringOrNull, type OAuthProviderDefinition } from './provider-definition';

export const spotifyProvider: OAuthProviderDefinition = {
  id: 'spotify',
  endpoints: {
    authorizeUrl: 'https://accounts.spotify.com/authorize',
    tokenUrl: 'https://accounts.spotify.com/api/token',
    userinfoUrl: 'https://api.spotify.com/v1/me',
  },
  defaultScopes: ['user-read-email', 'user-read-private'],
  async readProfile(info) {
    const images = Array.isArray(info.images) ? (info.images as { url?: unknown }[]) : [];
    return {
      accountId: requireAccountId(info.id, 'spotify'),
      email: stringOrNull(info.email),
      // Spotify does not tell whether the address was confirmed.
      emailVerified: false,
      displayName: stringOrNull(info.display_name),
      profileImageUrl: stringOrNull(images[0]?.url),
    };
  },
};
