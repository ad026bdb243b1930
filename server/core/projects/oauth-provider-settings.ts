// One OAuth provider of a project at a time, for the CLI and the TUI: the API's project update
// takes the whole provider list (and refuses to drop one, which would lose its credentials), so
// setting one provider merges it into the stored list, and removing one is its own write.
import { and, eq } from 'drizzle-orm';
import { projectOAuthProviders } from '../storage/tables';
import { knownError } from '../../protocol/known-errors';
import { oauthProviderIds } from '../../protocol/oauth-provider-ids';
import type { OAuthProviderConfig } from '../../protocol/project-schemas';
import type { Context } from '../storage/context';
import { writeTransaction } from '../storage/transactions';
import { readProjectAdminView, requireProjectRow, updateProject } from './projects';

/** A provider as admins list it: whether a client secret is stored, never the secret. */
export interface OAuthProviderSummary {
  id: string;
  type: 'shared' | 'standard';
  enabled: boolean;
  client_id: string | null;
  client_secret_set: boolean;
  facebook_config_id?: string;
  microsoft_tenant_id?: string;
}

export interface OAuthProviderChange {
  id: string;
  type?: 'shared' | 'standard';
  enabled?: boolean;
  client_id?: string;
  client_secret?: string;
  facebook_config_id?: string;
  microsoft_tenant_id?: string;
}

function summaryOf(provider: OAuthProviderConfig): OAuthProviderSummary {
  const standard = provider.type === 'standard';
  return {
    id: provider.id,
    type: provider.type,
    enabled: provider.enabled,
    client_id: standard && provider.client_id ? provider.client_id : null,
    client_secret_set: standard && Boolean(provider.client_secret),
    ...(provider.facebook_config_id ? { facebook_config_id: provider.facebook_config_id } : {}),
    ...(provider.microsoft_tenant_id ? { microsoft_tenant_id: provider.microsoft_tenant_id } : {}),
  };
}

export async function listOAuthProviderSettings(ctx: Context, projectId: string): Promise<OAuthProviderSummary[]> {
  return (await readProjectAdminView(ctx, projectId)).config.oauth_providers.map(summaryOf);
}

/**
 * Adds the provider or changes it; what the change leaves out keeps its stored value (so a new
 * client id does not need the secret again). Every rule of the project update applies: known ids,
 * shared credentials only for the providers that have them, both credentials when standard.
 */
export async function setOAuthProvider(ctx: Context, projectId: string, change: OAuthProviderChange): Promise<OAuthProviderSummary> {
  const providers = (await readProjectAdminView(ctx, projectId)).config.oauth_providers;
  const stored = providers.find((provider) => provider.id === change.id);
  const type = change.type ?? stored?.type ?? 'shared';
  const merged: OAuthProviderConfig = { id: change.id, type, enabled: change.enabled ?? stored?.enabled ?? true };
  if (type === 'standard') {
    const keep = stored?.type === 'standard' ? stored : undefined;
    const clientId = change.client_id ?? keep?.client_id;
    const clientSecret = change.client_secret ?? keep?.client_secret;
    const facebookConfigId = change.facebook_config_id ?? keep?.facebook_config_id;
    const microsoftTenantId = change.microsoft_tenant_id ?? keep?.microsoft_tenant_id;
    if (clientId) merged.client_id = clientId;
    if (clientSecret) merged.client_secret = clientSecret;
    if (facebookConfigId) merged.facebook_config_id = facebookConfigId;
    if (microsoftTenantId) merged.microsoft_tenant_id = microsoftTenantId;
  }
  const updated = stored
    ? providers.map((provider) => (provider.id === change.id ? merged : provider))
    : [...providers, merged];
  const view = await updateProject(ctx, projectId, { config: { oauth_providers: updated } });
  return summaryOf(view.config.oauth_providers.find((provider) => provider.id === change.id)!);
}

/** Drops the provider and its stored credentials; its users keep their accounts. */
export async function removeOAuthProvider(ctx: Context, projectId: string, providerId: string): Promise<void> {
  await writeTransaction(ctx, async (tx) => {
    await requireProjectRow(tx, projectId);
    const removed = await tx
      .delete(projectOAuthProviders)
      .where(and(eq(projectOAuthProviders.projectId, projectId), eq(projectOAuthProviders.providerId, providerId)))
      .returning({ id: projectOAuthProviders.providerId });
    if (removed.length === 0) {
      throw (oauthProviderIds as readonly string[]).includes(providerId)
        ? knownError('OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED')
        : knownError('INVALID_STANDARD_OAUTH_PROVIDER_ID', providerId);
    }
  });
}
