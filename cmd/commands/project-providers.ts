// `authd projects providers list|set|remove PROJECT_ID …`: a project's OAuth providers one at a
// time, with shared (authd's development) or standard (the project's own) credentials. The client
// secret is read from standard input or asked without echo, never taken from a flag.
import { Command } from 'commander';
import {
  listOAuthProviderSettings,
  removeOAuthProvider,
  setOAuthProvider,
  type OAuthProviderChange,
  type OAuthProviderSummary,
} from '../../server/core/projects/oauth-provider-settings';
import { oauthProviderIds } from '../../server/protocol/oauth-provider-ids';
import { CliError, parseOnOff, withCommonOptions, withContext, type CommonOptions } from '../cli-support';
import { printJson, printLine, printList, printSuccess } from '../cli-output';
import { confirmDestructive, yesOption, readSecretFromStdin } from '../terminal-prompts';

interface SetOptions extends CommonOptions {
  type?: string;
  enabled?: boolean;
  clientId?: string;
  clientSecretStdin?: boolean;
  facebookConfigId?: string;
  microsoftTenantId?: string;
}

function describe(provider: OAuthProviderSummary): string {
  const state = provider.enabled ? 'on' : 'off';
  if (provider.type === 'shared') return `${provider.id}  ${state}  shared credentials`;
  const secret = provider.client_secret_set ? 'client secret set' : 'no client secret';
  return `${provider.id}  ${state}  own credentials: client id ${provider.client_id ?? '(none)'}, ${secret}`;
}

function parseType(value: string | undefined): 'shared' | 'standard' | undefined {
  if (value === undefined || value === 'shared' || value === 'standard') return value;
  throw new CliError(`--type must be "shared" or "standard", not "${value}"`);
}

export function projectProvidersCommand(): Command {
  const providers = new Command('providers').description(`a project's OAuth providers (${oauthProviderIds.join(', ')})`);

  providers.addCommand(
    withCommonOptions(new Command('list'))
      .description("a project's OAuth providers; secrets are never shown, only whether one is set")
      .argument('<project-id>')
      .action((projectId: string, options: CommonOptions) =>
        withContext(options, async (ctx) => {
          const items = await listOAuthProviderSettings(ctx, projectId);
          printList(items, { json: options.json, empty: 'No OAuth providers.', line: describe });
        }),
      ),
  );

  providers.addCommand(
    withCommonOptions(new Command('set'))
      .description('add a provider or change one; what is left out keeps its stored value')
      .argument('<project-id>')
      .argument('<provider-id>')
      .option('--type <shared|standard>', "shared (authd's development credentials) or standard (your own)")
      .option('--enabled <on|off>', 'offer it on the sign-in screens (default for a new provider: on)', parseOnOff('--enabled'))
      .option('--client-id <id>', "the OAuth app's client id (standard)")
      .option('--client-secret-stdin', "read the OAuth app's client secret from standard input (standard)")
      .option('--facebook-config-id <id>', 'Facebook business configuration id (standard)')
      .option('--microsoft-tenant-id <id>', 'Microsoft tenant id (standard)')
      .action((projectId: string, providerId: string, options: SetOptions) =>
        withContext(options, async (ctx) => {
          const change: OAuthProviderChange = { id: providerId, type: parseType(options.type), enabled: options.enabled };
          if (options.clientId !== undefined) change.client_id = options.clientId;
          if (options.clientSecretStdin) change.client_secret = await readSecretFromStdin('client secret');
          if (options.facebookConfigId !== undefined) change.facebook_config_id = options.facebookConfigId;
          if (options.microsoftTenantId !== undefined) change.microsoft_tenant_id = options.microsoftTenantId;
          const saved = await setOAuthProvider(ctx, projectId, change);
          if (options.json) return printJson(saved);
          printLine(describe(saved));
        }),
      ),
  );

  providers.addCommand(
    withCommonOptions(new Command('remove'))
      .description('remove a provider and its stored credentials (to keep them, set --enabled off instead)')
      .argument('<project-id>')
      .argument('<provider-id>')
      .option(...yesOption)
      .action((projectId: string, providerId: string, options: CommonOptions & { yes?: boolean }) =>
        withContext(options, async (ctx) => {
          await confirmDestructive(options, `Remove the ${providerId} provider and its credentials from project ${projectId}?`);
          await removeOAuthProvider(ctx, projectId, providerId);
          printSuccess(options, `Removed the ${providerId} provider.`);
        }),
      ),
  );
  return providers;
}
