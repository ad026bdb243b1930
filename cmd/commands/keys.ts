// `authd keys create|list|revoke|rotate-signing --project ID`.
import { Command } from 'commander';
import {
  createApiKeySet,
  listApiKeySets,
  nonExpiringKeyMillis,
  revokeApiKeySet,
  type RequestedKeys,
} from '../../server/core/projects/api-keys';
import { rotateProjectSigningKey } from '../../server/core/auth/signing-keys';
import { parseTimeSpan } from '../../server/core/projects/time-span';
import { apiKeyKinds, type ApiKeySetObfuscatedView } from '../../server/protocol/api-key-schemas';
import { confirmDestructive, yesOption } from '../terminal-prompts';
import { CliError, withCommonOptions, withProject, type ProjectOption } from '../cli-support';
import { printJson, printLine, printList } from '../cli-output';

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
        withProject(options, async (ctx) => {
          const requested = requestedKeys(options);
          let expiresAtMillis = nonExpiringKeyMillis;
          if (options.expiresIn !== undefined) {
            const span = parseTimeSpan(options.expiresIn);
            if (span === null)
              throw new CliError(`--expires-in: "${options.expiresIn}" is not a time span such as 90d, 12h or 2w`);
            expiresAtMillis = ctx.clock.now() + span;
          }
          const created = await createApiKeySet(ctx, options.project, {
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
          printLine(`Created key set ${created.id}, ${describeExpiry(created.expires_at_millis)}.`);
          for (const kind of apiKeyKinds) {
            if (full[kind]) printLine(`  ${kind.replaceAll('_', ' ')}: ${full[kind]}`);
          }
          printLine('Generated keys are shown only now; authd keeps only their hashes.');
        }),
      ),
  );

  keys.addCommand(
    withCommonOptions(new Command('list'))
      .description("list a project's key sets (only the last four characters of each key)")
      .requiredOption('--project <id>', 'project id')
      .action((options: ProjectOption) =>
        withProject(options, async (ctx) => {
          const sets = await listApiKeySets(ctx, options.project);
          printList(sets, { json: options.json, empty: 'No key sets.', line: (set) => describeKeySet(set, ctx.clock.now()) });
        }),
      ),
  );

  keys.addCommand(
    withCommonOptions(new Command('revoke'))
      .description('revoke a key set at once; running servers refuse it from the next request')
      .requiredOption('--project <id>', 'project id')
      .argument('<key-id>', 'key set id')
      .option(...yesOption)
      .action((keyId: string, options: ProjectOption & { yes?: boolean }) =>
        withProject(options, async (ctx) => {
          await confirmDestructive(options, `Revoke key set ${keyId}? Apps using it stop working at once.`);
          const revoked = await revokeApiKeySet(ctx, options.project, keyId);
          if (options.json) return printJson(revoked);
          printLine(`Revoked key set ${keyId}.`);
        }),
      ),
  );
  keys.addCommand(
    withCommonOptions(new Command('rotate-signing'))
      .description(
        "start signing the project's access tokens with a new key; tokens already issued keep working until they expire",
      )
      .requiredOption('--project <id>', 'project id')
      .action((options: ProjectOption) =>
        withProject(options, async (ctx) => {
          const rotation = await rotateProjectSigningKey(ctx, options.project);
          if (options.json) return printJson(rotation);
          printLine(`Project ${options.project} now signs with key ${rotation.new_key_id}.`);
          const older = rotation.verifying_key_ids.filter((id) => id !== rotation.new_key_id);
          if (older.length > 0) printLine(`Still verifying (until their tokens expire): ${older.join(', ')}`);
          if (rotation.dropped_key_ids.length > 0) printLine(`Dropped: ${rotation.dropped_key_ids.join(', ')}`);
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
  return `${set.id}  ${state}  ${lastFours}  ${describeExpiry(set.expires_at_millis)}${set.description ? `  "${set.description}"` : ''}`;
}

/** Key sets made without an expiry carry a far-future date; people should read "never expires". */
function describeExpiry(expiresAtMillis: number): string {
  return expiresAtMillis >= nonExpiringKeyMillis ? 'never expires' : `expiring ${new Date(expiresAtMillis).toISOString()}`;
}
