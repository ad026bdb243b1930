// The seven providers, and how a project's provider entry becomes something to talk to: the
// project's own app (`standard`), the instance's app (`shared`, AUTHD_OAUTH_<ID>_CLIENT_ID and
// _SECRET), or in development mode with no instance app, authd's own mock provider.
import { and, eq } from 'drizzle-orm';
import { projectOAuthProviders } from '../storage/tables';
import type { Context, OAuthInstanceSettings } from '../storage/context';
import { openOptionalSecret } from '../storage/read-back-secrets';
import { knownError } from '../../protocol/known-errors';
import { oauthProviderIds, type OAuthProviderId } from '../../protocol/oauth-provider-ids';
import { plainTextError } from '../../protocol/plain-text-errors';
import type { AuthdOrigins } from './authd-origins';
import { devMockClientId, devMockEndpoints, readDevMockProfile } from './dev-mock-provider';
import type { OAuthProviderDefinition, ProviderEndpoints, ResolvedOAuthProvider } from '../../providers/provider-definition';
import { discordProvider } from '../../providers/discord';
import { facebookProvider } from '../../providers/facebook';
import { githubProvider } from '../../providers/github';
import { gitlabProvider } from '../../providers/gitlab';
import { googleProvider } from '../../providers/google';
import { microsoftProvider } from '../../providers/microsoft';
import { spotifyProvider } from '../../providers/spotify';
import { firstRow } from '../storage/query-results';

export const oauthProviderDefinitions: Record<OAuthProviderId, OAuthProviderDefinition> = {
  google: googleProvider,
  github: githubProvider,
  facebook: facebookProvider,
  microsoft: microsoftProvider,
  spotify: spotifyProvider,
  discord: discordProvider,
  gitlab: gitlabProvider,
};

/** A provider as one project uses it, ready for the authorize, token and user-info calls. */
export function isOAuthProviderId(id: string): id is OAuthProviderId {
  return (oauthProviderIds as readonly string[]).includes(id);
}

/**
 * The project's enabled provider `providerId`. `authdOrigins` place the development mock's
 * endpoints: its page where browsers reach authd, its token and user-info where authd reaches
 * itself.
 */
export async function resolveProjectProvider(
  ctx: Context,
  projectId: string,
  providerId: string,
  authdOrigins: Pick<AuthdOrigins, 'public' | 'local'>,
): Promise<ResolvedOAuthProvider> {
  const entry = isOAuthProviderId(providerId)
    ? firstRow(
        await ctx.db
          .select()
          .from(projectOAuthProviders)
          .where(and(eq(projectOAuthProviders.projectId, projectId), eq(projectOAuthProviders.providerId, providerId)))
          .limit(1),
      )
    : undefined;
  if (!entry || !entry.enabled) throw knownError('OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED');
  const id = providerId as OAuthProviderId;
  const definition = oauthProviderDefinitions[id];
  const base = {
    id,
    type: entry.type,
    definition,
    isDevMock: false,
    readProfile: definition.readProfile,
  };
  if (entry.type === 'standard') {
    if (!entry.clientId || !entry.clientSecret) throw knownError('OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED');
    const endpoints = providerEndpoints(ctx.settings.oauth, definition, entry.microsoftTenantId);
    return {
      ...base,
      endpoints,
      clientId: entry.clientId,
      clientSecret: openOptionalSecret(ctx, entry.clientSecret)!,
      ...(id === 'facebook' && entry.facebookConfigId ? { projectAuthorizeParams: { config_id: entry.facebookConfigId } } : {}),
    };
  }
  const shared = ctx.settings.oauth?.sharedCredentials?.[id];
  if (shared) {
    const endpoints = providerEndpoints(ctx.settings.oauth, definition, null);
    return { ...base, endpoints, clientId: shared.clientId, clientSecret: shared.clientSecret };
  }
  if (ctx.mode !== 'development') {
    const envName = `AUTHD_OAUTH_${id.toUpperCase()}`;
    throw plainTextError('SHARED_OAUTH_CREDENTIALS_MISSING', id, envName);
  }
  return {
    ...base,
    isDevMock: true,
    endpoints: devMockEndpoints(authdOrigins, id),
    clientId: devMockClientId,
    clientSecret: devMockClientId,
    readProfile: readDevMockProfile,
  };
}

function providerEndpoints(
  settings: OAuthInstanceSettings | undefined,
  definition: OAuthProviderDefinition,
  microsoftTenantId: string | null,
): ProviderEndpoints {
  const tenant = encodeURIComponent(microsoftTenantId || 'common');
  const withTenant = (url: string) => url.replace('{tenant}', tenant);
  const override = settings?.endpointOverrides?.[definition.id] ?? {};
  return {
    authorizeUrl: override.authorizeUrl ?? withTenant(definition.endpoints.authorizeUrl),
    tokenUrl: override.tokenUrl ?? withTenant(definition.endpoints.tokenUrl),
    userinfoUrl: override.userinfoUrl ?? withTenant(definition.endpoints.userinfoUrl),
  };
}

/**
 * OAuth settings from the environment: AUTHD_OAUTH_<ID>_CLIENT_ID / _CLIENT_SECRET for shared
 * providers, and AUTHD_OAUTH_<ID>_AUTHORIZE_URL / _TOKEN_URL / _USERINFO_URL to replace endpoints.
 */
export function oauthSettingsFromEnvironment(env: Record<string, string | undefined>): OAuthInstanceSettings {
  const settings: Required<OAuthInstanceSettings> = { sharedCredentials: {}, endpointOverrides: {} };
  for (const id of oauthProviderIds) {
    const prefix = `AUTHD_OAUTH_${id.toUpperCase()}_`;
    const clientId = env[`${prefix}CLIENT_ID`];
    const clientSecret = env[`${prefix}CLIENT_SECRET`];
    if (clientId && clientSecret) settings.sharedCredentials[id] = { clientId, clientSecret };
    const override = {
      authorizeUrl: env[`${prefix}AUTHORIZE_URL`] || undefined,
      tokenUrl: env[`${prefix}TOKEN_URL`] || undefined,
      userinfoUrl: env[`${prefix}USERINFO_URL`] || undefined,
    };
    if (override.authorizeUrl || override.tokenUrl || override.userinfoUrl) settings.endpointOverrides[id] = override;
  }
  return settings;
}
