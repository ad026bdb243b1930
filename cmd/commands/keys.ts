// `authd keys create|list|revoke --project ID`.
import { Command } from 'commander';
import {
  createApiKeySet,
  listApiKeySets,
  nonExpiringKeyMillis,
  revokeApiKeySet,
  type RequestedKeys,
} from '../../server/core/api-keys';
import { parseTimeSpan } from '../../server/core/time-span';
import { apiKeyKinds, type ApiKeySetObfuscatedView } from '../../server/protocol/api-key-schemas';
import { CliError, printJson, withCommonOptions, withContext, type CommonOptions } from '../cli-support';

interface ProjectOption extends CommonOptions {
  project: string;
}

interface CreateOptions extends ProjectOption {
  description: string;
  expiresIn?: string;
  kinds?: string;
  publishableClientKey?: string;
  secretServerKey?: string;
  superSecretAdminKey?: string;
}

const kindNames = { client: 'publishable_client_key', server: 'secret_server_key', admin: 'super_secret_admin_key' } as const;

export function keysCommand(): Command {
  const keys = new Command('keys').description("manage a project's API key sets");

  keys.addCommand(
    withCommonOptions(new Command('create'))
      .description('create a key set; generated keys are printed once')
      .requiredOption('--project <id>', 'project id')
      .option('--description <text>', 'what the keys are for', '')
      .option('--expires-in <span>', 'lifetime such as 90d, 12h or 2w (a bare number means weeks); default: no expiry')
      .option(
        '--kinds <list>',
        'key kinds to generate, comma-separated from client, server, admin (default: all three, or only the imported ones)',
      )
      .option('--publishable-client-key <key>', 'import an existing publishable client key instead of generating one')
      .option('--secret-server-key <key>', 'import an existing secret server key instead of generating one')
      .option('--super-secret-admin-key <key>', 'import an existing super secret admin key instead of generating one')
      .action((options: CreateOptions) =>
        withContext(options, (ctx) => {
          const requested = requestedKeys(options);
          let expiresAtMillis = nonExpiringKeyMillis;
          if (options.expiresIn !== undefined) {
            const span = parseTimeSpan(options.expiresIn);
            if (span === null)
              throw new CliError(`--expires-in: "${options.expiresIn}" is not a time span such as 90d, 12h or 2w`);
            expiresAtMillis = ctx.clock.now() + span;
          }
          const created = createApiKeySet(ctx, options.project, {
            description: options.description,
            expiresAtMillis,
            keys: requested,
          });
          const full = {
            id: created.id,
            description: created.description,
            expires_at_millis: created.expires_at_millis,
            publishable_client_key: created.publishable_client_key ?? null,
            secret_server_key: created.secret_server_key ?? null,
            super_secret_admin_key: created.super_secret_admin_key ?? null,
          };
          if (options.json) return printJson(full);
          console.log(`Created key set ${created.id}, expiring ${new Date(created.expires_at_millis).toISOString()}.`);
          for (const kind of apiKeyKinds) {
            if (full[kind]) console.log(`  ${kind.replaceAll('_', ' ')}: ${full[kind]}`);
          }
          console.log('Generated keys are shown only now; authd keeps only their hashes.');
        }),
      ),
  );

  keys.addCommand(
    withCommonOptions(new Command('list'))
      .description("list a project's key sets (only the last four characters of each key)")
      .requiredOption('--project <id>', 'project id')
      .action((options: ProjectOption) =>
        withContext(options, (ctx) => {
          const sets = listApiKeySets(ctx, options.project);
          if (options.json) return printJson({ items: sets });
          if (sets.length === 0) console.log('No key sets.');
          for (const set of sets) console.log(describeKeySet(set, ctx.clock.now()));
        }),
      ),
  );

  keys.addCommand(
    withCommonOptions(new Command('revoke'))
      .description('revoke a key set at once; running servers refuse it from the next request')
      .requiredOption('--project <id>', 'project id')
      .argument('<key-id>', 'key set id')
      .action((keyId: string, options: ProjectOption) =>
        withContext(options, (ctx) => {
          const revoked = revokeApiKeySet(ctx, options.project, keyId);
          if (options.json) return printJson(revoked);
          console.log(`Revoked key set ${keyId}.`);
        }),
      ),
  );
  return keys;
}

function requestedKeys(options: CreateOptions): RequestedKeys {
  const imported: RequestedKeys = {};
  if (options.publishableClientKey !== undefined) imported.publishable_client_key = options.publishableClientKey;
  if (options.secretServerKey !== undefined) imported.secret_server_key = options.secretServerKey;
  if (options.superSecretAdminKey !== undefined) imported.super_secret_admin_key = options.superSecretAdminKey;

  let kinds: string[];
  if (options.kinds !== undefined)
    kinds = options.kinds
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean);
  else kinds = Object.keys(imported).length > 0 ? [] : Object.keys(kindNames);
  const requested: RequestedKeys = {};
  for (const kind of kinds) {
    if (!(kind in kindNames)) throw new CliError(`--kinds: unknown key kind "${kind}"; use client, server or admin`);
    requested[kindNames[kind as keyof typeof kindNames]] = true;
  }
  return { ...requested, ...imported };
}

function describeKeySet(set: ApiKeySetObfuscatedView, now: number): string {
  const state = set.manually_revoked_at_millis !== undefined ? 'revoked' : set.expires_at_millis <= now ? 'expired' : 'active';
  const lastFours = apiKeyKinds
    .filter((kind) => set[kind])
    .map((kind) => `${kind.split('_')[0]} …${set[kind]!.last_four}`)
    .join(', ');
  return `${set.id}  ${state}  ${lastFours}  expires ${new Date(set.expires_at_millis).toISOString()}${set.description ? `  "${set.description}"` : ''}`;
}
