// GitHub: /user gives the profile; whether the address is verified is only in /user/emails.
import { requireAccountId, stringOrNull, type OAuthProviderDefinition } from './provider-definition';

interface GitHubEmail {
  email: string;
  primary: boolean;
  verified: boolean;
}

export const githubProvider: OAuthProviderDefinition = {
  id: 'github',
  endpoints: {
    authorizeUrl: 'https://github.com/login/oauth/authorize',
    tokenUrl: 'https://github.com/login/oauth/access_token',
    userinfoUrl: 'https://api.github.com/user',
  },
  defaultScopes: ['user:email'],
  async readProfile(info, readResource, endpoints) {
    let email = stringOrNull(info.email);
    let emailVerified = false;
    try {
      const emails = (await readResource(`${endpoints.userinfoUrl}/emails`)) as GitHubEmail[];
      const chosen = emails.find((e) => e.primary) ?? emails.find((e) => e.email === email);
      if (chosen) {
        email = chosen.email;
        emailVerified = chosen.verified === true;
      }
    } catch {
      // Without the emails scope (or on a GitHub-compatible server lacking it) the public
      // address stays, unverified.
    }
    return {
      accountId: requireAccountId(info.id, 'github'),
      email,
      emailVerified,
      displayName: stringOrNull(info.name) ?? stringOrNull(info.login),
      profileImageUrl: stringOrNull(info.avatar_url),
    };
  },
};
