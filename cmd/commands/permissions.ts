// `authd permissions define|update|list|delete` (a project's team permission definitions, as an
// admin key would manage them) and `authd permissions list --team/--user|grant|revoke` (members'
// permissions, as the server would), over the same core functions and schemas as the API.
import { Command } from 'commander';
import { confirmDestructive, destructiveProjectCommand, type DestructiveProjectOption } from '../terminal-prompts';
import {
  createPermissionDefinition,
  deletePermissionDefinition,
  listPermissionDefinitions,
  updatePermissionDefinition,
} from '../../server/core/projects/permission-definitions';
import { grantTeamPermission, listTeamPermissions, revokeTeamPermission } from '../../server/core/teams/team-permissions';
import { requireTeamRow } from '../../server/core/storage/team-queries';
import { serverCaller } from '../../server/core/teams/team-callers';
import { requireUserRow } from '../../server/core/storage/user-queries';
import {
  permissionDefinitionCreateSchema,
  permissionDefinitionUpdateSchema,
  type PermissionDefinitionView,
  type TeamPermissionView,
} from '../../server/protocol/team-schemas';
import {
  CliError,
  parseUuids,
  parseWithSchema,
  projectCommand,
  withProject,
  type ProjectOption,
  parseOptionalUuidFlag,
} from '../cli-support';
import { printJson, printLine, printList, printSuccess } from '../cli-output';

interface DefinitionOptions extends ProjectOption {
  id?: string;
  contains?: string;
  description?: string;
}

interface ListOptions extends ProjectOption {
  team?: string;
  user?: string;
  recursive?: boolean;
}

export function permissionsCommand(): Command {
  const permissions = new Command('permissions').description('manage team permission definitions and grant them to members');

  permissions.addCommand(
    projectCommand('define')
      .description('create a team permission definition')
      .option('--contains <ids>', 'comma-separated permission ids this one grants as well')
      .option('--description <text>', 'what the permission is for')
      .argument('<permission-id>')
      .action((permissionId: string, options: DefinitionOptions) =>
        withProject(options, async (ctx, projectId) => {
          const input = parseWithSchema(
            permissionDefinitionCreateSchema,
            { id: permissionId, ...definitionFields(options) },
            {
              ...definitionFlags,
              id: '<permission-id>',
            },
          );
          const definition = await createPermissionDefinition(ctx, projectId, input);
          if (options.json) return printJson(definition);
          printLine(`Defined ${describeDefinition(definition)}`);
        }),
      ),
  );

  permissions.addCommand(
    projectCommand('update')
      .description('change a definition; a new --id is carried into grants, other definitions and the defaults')
      .option('--id <new-id>', 'rename the permission')
      .option('--contains <ids>', 'comma-separated permission ids, replacing the current ones ("" for none)')
      .option('--description <text>', 'what the permission is for ("" clears it)')
      .argument('<permission-id>')
      .action((permissionId: string, options: DefinitionOptions) =>
        withProject(options, async (ctx, projectId) => {
          const fields = definitionFields(options);
          if (options.id !== undefined) fields.id = options.id;
          const input = parseWithSchema(permissionDefinitionUpdateSchema, fields, { ...definitionFlags, id: '--id' });
          const definition = await updatePermissionDefinition(ctx, projectId, permissionId, input);
          if (options.json) return printJson(definition);
          printLine(`Updated ${describeDefinition(definition)}`);
        }),
      ),
  );

  permissions.addCommand(
    projectCommand('list')
      .description("list the project's permission definitions, or with --team/--user the permissions members hold")
      .option('--team <team-id>', "list members' permissions in this team")
      .option('--user <user-id>', "list this user's permissions")
      .option('--recursive', 'with --team/--user, add the permissions the granted ones contain')
      .action((options: ListOptions) =>
        withProject(options, async (ctx, projectId) => {
          if (options.team === undefined && options.user === undefined) {
            if (options.recursive) throw new CliError('--recursive lists members\u2019 permissions: give --team and/or --user');
            const definitions = await listPermissionDefinitions(ctx, projectId);
            return printList(definitions, { json: options.json, line: describeDefinition });
          }
          const teamId = parseOptionalUuidFlag('--team', options.team);
          const userId = parseOptionalUuidFlag('--user', options.user);
          // The API answers an unknown id with an empty list; on the command line that hides a typo.
          if (teamId !== undefined) await requireTeamRow(ctx.db, projectId, teamId);
          if (userId !== undefined) await requireUserRow(ctx.db, projectId, userId);
          const items = await listTeamPermissions(ctx, projectId, serverCaller, {
            teamId,
            userId,
            recursive: options.recursive ?? false,
          });
          printList(items, { json: options.json, empty: 'No permissions.', line: describeGrant });
        }),
      ),
  );

  permissions.addCommand(
    destructiveProjectCommand('delete')
      .description('delete a definition with its grants; other definitions and the defaults stop containing it')
      .argument('<permission-id>')
      .action((permissionId: string, options: DestructiveProjectOption) =>
        withProject(options, async (ctx, projectId) => {
          await confirmDestructive(options, `Delete permission ${permissionId} with its grants?`);
          await deletePermissionDefinition(ctx, projectId, permissionId);
          printSuccess(options, `Deleted permission ${permissionId}.`);
        }),
      ),
  );

  permissions.addCommand(
    projectCommand('grant')
      .description('grant a permission to a team member (granting one already held changes nothing)')
      .argument('<team-id>')
      .argument('<user-id>')
      .argument('<permission-id>')
      .action((teamId: string, userId: string, permissionId: string, options: ProjectOption) =>
        withProject(options, async (ctx, projectId) => {
          const ids = parseUuids({ team_id: teamId, user_id: userId });
          const granted = await grantTeamPermission(ctx, projectId, ids.team_id, ids.user_id, permissionId);
          if (options.json) return printJson(granted);
          printLine(`Granted ${describeGrant(granted)}`);
        }),
      ),
  );

  permissions.addCommand(
    destructiveProjectCommand('revoke')
      .description('revoke a permission granted directly to a team member')
      .argument('<team-id>')
      .argument('<user-id>')
      .argument('<permission-id>')
      .action((teamId: string, userId: string, permissionId: string, options: DestructiveProjectOption) =>
        withProject(options, async (ctx, projectId) => {
          const ids = parseUuids({ team_id: teamId, user_id: userId });
          await confirmDestructive(options, `Revoke ${permissionId} from user ${ids.user_id} in team ${ids.team_id}?`);
          await revokeTeamPermission(ctx, projectId, ids.team_id, ids.user_id, permissionId);
          printSuccess(options, `Revoked ${permissionId} from user ${ids.user_id} in team ${ids.team_id}.`);
        }),
      ),
  );
  return permissions;
}

/** The wire fields of --contains and --description; `--contains ""` is an empty list. */
/** The wire fields of permissions define/update and the flags that set them, for validation errors. */
const definitionFlags = { contained_permission_ids: '--contains', description: '--description' };

function definitionFields(options: DefinitionOptions): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  if (options.contains !== undefined) {
    fields.contained_permission_ids = options.contains
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean);
  }
  if (options.description !== undefined) fields.description = options.description;
  return fields;
}

function describeDefinition(definition: PermissionDefinitionView): string {
  const contains =
    definition.contained_permission_ids.length > 0 ? `  contains ${definition.contained_permission_ids.join(', ')}` : '';
  return `${definition.id}${contains}${definition.description ? `  "${definition.description}"` : ''}`;
}

function describeGrant(grant: TeamPermissionView): string {
  return `${grant.id}  team ${grant.team_id}  user ${grant.user_id}`;
}
