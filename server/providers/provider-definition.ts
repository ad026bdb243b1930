// What authd needs to know about one OAuth provider: its endpoints, the scopes it asks for at
// sign-in, and how its user-info answer maps to a profile. One module per provider implements it.
import type { OAuthProviderId } from '../protocol/oauth-provider-ids';

/** The provider account as authd keeps it. */
export interface ProviderProfile {
  accountId: string;
  email: string | null;
  /** Only a provider that vouches for the address makes it verified on a new user. */
  emailVerified: boolean;
  displayName: string | null;
  profileImageUrl: string | null;
}

export interface ProviderEndpoints {
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
}

/** Reads another resource of the provider with the user's access token (e.g. GitHub's emails). */
export type ProviderResourceReader = (url: string) => Promise<unknown>;

export interface OAuthProviderDefinition {
  id: OAuthProviderId;
  /** Endpoints; `{tenant}` is replaced by the project's Microsoft tenant (or `common`). */
  endpoints: ProviderEndpoints;
  /** Asked for at every sign-in; extra scopes come from the app's `provider_scope`. */
  defaultScopes: string[];
  /** Facebook separates scopes with commas; everyone else with spaces. */
  scopeSeparator?: string;
  extraAuthorizeParams?: Record<string, string>;
  /** `endpoints` are the ones in force (overrides applied), for providers reading more than one resource. */
  readProfile(
    userinfo: Record<string, unknown>,
    readResource: ProviderResourceReader,
    endpoints: ProviderEndpoints,
  ): Promise<ProviderProfile>;
}

export function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 ? value : null;
}

/** Account ids arrive as numbers from some providers (GitHub, GitLab); authd keeps strings. */
export function requireAccountId(value: unknown, providerId: string): string {
  if ((typeof value === 'string' && value.length > 0) || typeof value === 'number') return String(value);
  throw new Error(`${providerId} answered user info without an account id`);
}

/** A provider ready to talk to: its definition with the endpoints and credentials core chose. */
export interface ResolvedOAuthProvider {
  id: OAuthProviderId;
  type: 'shared' | 'standard';
  definition: OAuthProviderDefinition;
  endpoints: ProviderEndpoints;
  clientId: string;
  clientSecret: string;
  /**
   * Authorize parameters of this project's own keys: Facebook Login for Business's `config_id`
   * (the project's facebook_config_id), which names the permissions configured at Facebook.
   */
  projectAuthorizeParams?: Record<string, string>;
  /** The built-in development mock stands in for the real provider. */
  isDevMock: boolean;
  readProfile: OAuthProviderDefinition['readProfile'];
}

/** The tokens a provider grant or refresh hands back. */
export interface ProviderTokenSet {
  accessToken: string;
  refreshToken?: string;
  /** Lifetime of the access token in seconds, when the provider says. */
  expiresIn?: number;
  scopes: string[];
}
