// `authd teams list|get|create|update|delete`, `authd teams members add|remove|list` and
// `authd teams invitations send|list|revoke` (team-invitations.ts), acting
// as the server would (serverCaller) through the same core functions and schemas as the API.
import { teamImportCommand } from './team-transfers';
import { Command } from 'commander';
import { idDestructiveCommand, idListCommand } from '../id-argument-commands';
import { teamInvitationsCommand } from './team-invitations';
import { addTeamMember, removeTeamMember } from '../../server/core/teams/team-memberships';
import {
  createTeam,
  deleteTeam,
  listMemberProfiles,
  listTeams,
  readMemberProfile,
  readTeam,
  updateTeam,
  type MemberProfileServerView,
} from '../../server/core/teams/teams';
import { serverCaller } from '../../server/core/teams/team-callers';
import { requireUserRow } from '../../server/core/storage/user-queries';
import { teamCreateServerSchema, teamUpdateServerSchema } from '../../server/protocol/team-schemas';
import type { TeamServerView } from '../../server/protocol/team-views';
import {
  CliError,
  parseJsonFlag,
  parseUuids,
  parseWithSchema,
  projectCommand,
  withProject,
  type CommonOptions,
  type ProjectOption,
  parseOptionalUuidFlag,
} from '../cli-support';
import { printJson, printLine, printList } from '../cli-output';

interface TeamFieldOptions extends ProjectOption {
  name?: string;
  serverMetadata?: string;
  clientMetadata?: string;
}

export function teamsCommand(): Command {
  const teamsCmd = new Command('teams').description("manage a project's teams and their members");

  teamsCmd.addCommand(
    projectCommand('list')
      .description('list teams, oldest first')
      .option('--user <user-id>', "only this user's teams")
      .action((options: ProjectOption & { user?: string }) =>
        withProject(options, async (ctx, projectId) => {
          const userId = parseOptionalUuidFlag('--user', options.user);
          if (userId !== undefined) await requireUserRow(ctx.db, projectId, userId);
          const teams = await listTeams(ctx, projectId, userId);
          printList(teams, { json: options.json, empty: 'No teams.', line: describeTeam });
        }),
      ),
  );

  teamsCmd.addCommand(
    projectCommand('get')
      .description('show one team (the server view)')
      .argument('<team-id>')
      .action((teamId: string, options: ProjectOption) =>
        withProject(options, async (ctx, projectId) => {
          const id = parseUuids({ team_id: teamId }).team_id;
          printTeam(await readTeam(ctx, projectId, serverCaller, id), options);
        }),
      ),
  );

  teamsCmd.addCommand(
    projectCommand('create')
      .description('create a team; a creator becomes its first member with the creator default permissions')
      .requiredOption('--name <name>', 'team display name')
      .option('--creator <user-id>', 'user who creates the team and joins it')
      .option('--server-metadata <json>', 'server metadata as JSON')
      .action((options: TeamFieldOptions & { creator?: string }) =>
        withProject(options, async (ctx, projectId) => {
          const fields = teamFields(options);
          if (options.creator !== undefined) fields.creator_user_id = options.creator;
          const input = parseWithSchema(teamCreateServerSchema, fields, teamFlags);
          // The API's `me` is the signed-in user, which the CLI does not have.
          if (input.creator_user_id === 'me') throw new CliError('--creator: give a user id; the CLI has no signed-in user');
          const team = await createTeam(ctx, projectId, serverCaller, input, input.creator_user_id);
          if (options.json) return printJson(team);
          printLine(`Created team ${team.id} "${team.display_name}".`);
        }),
      ),
  );

  teamsCmd.addCommand(
    projectCommand('update')
      .description('change a team')
      .option('--name <name>', 'team display name')
      .option('--server-metadata <json>', 'server metadata as JSON (null clears it)')
      .option('--client-metadata <json>', 'client metadata as JSON (null clears it)')
      .argument('<team-id>')
      .action((teamId: string, options: TeamFieldOptions) =>
        withProject(options, async (ctx, projectId) => {
          const id = parseUuids({ team_id: teamId }).team_id;
          const input = parseWithSchema(teamUpdateServerSchema, teamFields(options), teamFlags);
          printTeam(await updateTeam(ctx, projectId, serverCaller, id, input), options);
        }),
      ),
  );

  teamsCmd.addCommand(
    idDestructiveCommand({
      name: 'delete',
      description: 'delete a team with its memberships, permissions and pending invitations',
      ids: ['team_id'],
      question: (ids) => `Delete team ${ids.team_id} with its memberships and invitations?`,
      change: (ctx, projectId, ids) => deleteTeam(ctx, projectId, serverCaller, ids.team_id),
      done: (ids) => `Deleted team ${ids.team_id}.`,
    }),
  );

  teamsCmd.addCommand(teamImportCommand());
  teamsCmd.addCommand(membersCommand());
  teamsCmd.addCommand(teamInvitationsCommand());
  return teamsCmd;
}

function membersCommand(): Command {
  const members = new Command('members').description("manage a team's members");

  members.addCommand(
    projectCommand('add')
      .description('add a user to a team with the member default permissions')
      .argument('<team-id>')
      .argument('<user-id>')
      .action((teamId: string, userId: string, options: ProjectOption) =>
        withProject(options, async (ctx, projectId) => {
          const ids = parseUuids({ team_id: teamId, user_id: userId });
          await addTeamMember(ctx, projectId, ids.team_id, ids.user_id);
          const profile = await readMemberProfile(ctx, projectId, serverCaller, ids.team_id, ids.user_id);
          if (options.json) return printJson(profile);
          printLine(`Added ${describeMember(profile)} to team ${ids.team_id}.`);
        }),
      ),
  );

  members.addCommand(
    idDestructiveCommand({
      name: 'remove',
      description: 'remove a user from a team, with the permissions they held in it',
      ids: ['team_id', 'user_id'],
      question: (ids) => `Remove user ${ids.user_id} from team ${ids.team_id} with their permissions in it?`,
      change: (ctx, projectId, ids) => removeTeamMember(ctx, projectId, serverCaller, ids.team_id, ids.user_id),
      done: (ids) => `Removed user ${ids.user_id} from team ${ids.team_id}.`,
    }),
  );

  members.addCommand(
    idListCommand({
      description: "list a team's members (their team profiles), by membership age",
      ids: ['team_id'],
      list: (ctx, projectId, ids) => listMemberProfiles(ctx, projectId, serverCaller, { teamId: ids.team_id }),
      empty: 'No members.',
      line: describeMember,
    }),
  );
  return members;
}

/** The wire fields of teams create/update and the flags that set them, for validation errors. */
const teamFlags = {
  display_name: '--name',
  creator_user_id: '--creator',
  server_metadata: '--server-metadata',
  client_metadata: '--client-metadata',
};

function teamFields(options: TeamFieldOptions): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  if (options.name !== undefined) fields.display_name = options.name;
  if (options.serverMetadata !== undefined) fields.server_metadata = parseJsonFlag('--server-metadata', options.serverMetadata);
  if (options.clientMetadata !== undefined) fields.client_metadata = parseJsonFlag('--client-metadata', options.clientMetadata);
  return fields;
}

function describeTeam(team: TeamServerView): string {
  return `${team.id}  "${team.display_name}"  created ${new Date(team.created_at_millis).toISOString()}`;
}

function printTeam(team: TeamServerView, options: CommonOptions): void {
  if (options.json) return printJson(team);
  printLine(describeTeam(team));
}

function describeMember(profile: MemberProfileServerView): string {
  const email = profile.user.primary_email ?? '(no email)';
  return `${profile.user_id}  ${email}${profile.display_name ? `  ${profile.display_name}` : ''}`;
}
