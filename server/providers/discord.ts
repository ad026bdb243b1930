// Discord: /users/@me; the avatar is a hash to be turned into a CDN URL.
import { requireAccountId, stringOrNull, type OAuthProviderDefinition } from './provider-definition';

export const discordProvider: OAuthProviderDefinition = {
  id: 'discord',
  endpoints: {
    authorizeUrl: 'https://discord.com/oauth2/authorize',
    tokenUrl: 'https://discord.com/api/oauth2/token',
    userinfoUrl: 'https://discord.com/api/users/@me',
  },
  defaultScopes: ['identify', 'email'],
  async readProfile(info) {
    const accountId = requireAccountId(info.id, 'discord');
    const avatar = stringOrNull(info.avatar);
    return {
      accountId,
      email: stringOrNull(info.email),
      emailVerified: info.verified === true,
      displayName: stringOrNull(info.global_name) ?? stringOrNull(info.username),
      profileImageUrl: avatar ? `https://cdn.discordapp.com/avatars/${accountId}/${avatar}.png` : null,
    };
  },
};
