// `authd teams list|get|create|update|delete` and `authd teams members add|remove|list`, acting
// as the server would (serverCaller) through the same core functions and schemas as the API.
import { Command } from 'commander';
import * as v from 'valibot';
import {
  addTeamMember,
  createTeam,
  deleteTeam,
  listMemberProfiles,
  listTeams,
  readMemberProfile,
  readTeam,
  removeTeamMember,
  serverCaller,
  updateTeam,
  type MemberProfileServerView,
} from '../../server/core/teams';
import { requireUserRow } from '../../server/core/users';
import { teamCreateServerSchema, teamUpdateServerSchema, type TeamServerView } from '../../server/protocol/team-schemas';
import { uuidSchema } from '../../server/protocol/user-schemas';
import {
  CliError,
  parseJsonFlag,
  parseWithSchema,
  printJson,
  projectOption,
  withCommonOptions,
  withProject,
  type CommonOptions,
  type ProjectOption,
} from '../cli-support';

interface TeamFieldOptions extends ProjectOption {
  name?: string;
  serverMetadata?: string;
  clientMetadata?: string;
}

/** Path ids as the API checks them; the CLI has no signed-in user, so `me` is not among them. */
const teamIdParams = v.strictObject({ team_id: uuidSchema });
const teamUserIdParams = v.strictObject({ team_id: uuidSchema, user_id: uuidSchema });
const userIdParams = v.strictObject({ user_id: uuidSchema });

export const parseTeamId = (teamId: string) => parseWithSchema(teamIdParams, { team_id: teamId }).team_id;
export const parseUserId = (userId: string) => parseWithSchema(userIdParams, { user_id: userId }).user_id;
export const parseTeamUserIds = (teamId: string, userId: string) =>
  parseWithSchema(teamUserIdParams, { team_id: teamId, user_id: userId });

export function teamsCommand(): Command {
  const teamsCmd = new Command('teams').description("manage a project's teams and their members");

  teamsCmd.addCommand(
    withCommonOptions(new Command('list'))
      .description('list teams, oldest first')
      .option(...projectOption)
      .option('--user <user-id>', "only this user's teams")
      .action((options: ProjectOption & { user?: string }) =>
        withProject(options, (ctx, projectId) => {
          const userId = options.user === undefined ? undefined : parseUserId(options.user);
          if (userId !== undefined) requireUserRow(ctx.db, projectId, userId);
          const teams = listTeams(ctx, projectId, userId);
          if (options.json) return printJson({ items: teams });
          if (teams.length === 0) console.log('No teams.');
          for (const team of teams) console.log(describeTeam(team));
        }),
      ),
  );

  teamsCmd.addCommand(
    withCommonOptions(new Command('get'))
      .description('show one team (the server view)')
      .option(...projectOption)
      .argument('<team-id>')
      .action((teamId: string, options: ProjectOption) =>
        withProject(options, (ctx, projectId) => {
          const id = parseTeamId(teamId);
          printTeam(readTeam(ctx, projectId, serverCaller, id), options);
        }),
      ),
  );

  teamsCmd.addCommand(
    withCommonOptions(new Command('create'))
      .description('create a team; a creator becomes its first member with the creator default permissions')
      .option(...projectOption)
      .requiredOption('--name <name>', 'team display name')
      .option('--creator <user-id>', 'user who creates the team and joins it')
      .option('--server-metadata <json>', 'server metadata as JSON')
      .action((options: TeamFieldOptions & { creator?: string }) =>
        withProject(options, (ctx, projectId) => {
          const fields = teamFields(options);
          if (options.creator !== undefined) fields.creator_user_id = options.creator;
          const input = parseWithSchema(teamCreateServerSchema, fields);
          // The API's `me` is the signed-in user, which the CLI does not have.
          if (input.creator_user_id === 'me') throw new CliError('--creator: give a user id; the CLI has no signed-in user');
          const team = createTeam(ctx, projectId, serverCaller, input, input.creator_user_id);
          if (options.json) return printJson(team);
          console.log(`Created team ${team.id} "${team.display_name}".`);
        }),
      ),
  );

  teamsCmd.addCommand(
    withCommonOptions(new Command('update'))
      .description('change a team')
      .option(...projectOption)
      .option('--name <name>', 'team display name')
      .option('--server-metadata <json>', 'server metadata as JSON (null clears it)')
      .option('--client-metadata <json>', 'client metadata as JSON (null clears it)')
      .argument('<team-id>')
      .action((teamId: string, options: TeamFieldOptions) =>
        withProject(options, (ctx, projectId) => {
          const id = parseTeamId(teamId);
          const input = parseWithSchema(teamUpdateServerSchema, teamFields(options));
          printTeam(updateTeam(ctx, projectId, serverCaller, id, input), options);
        }),
      ),
  );

  teamsCmd.addCommand(
    withCommonOptions(new Command('delete'))
      .description('delete a team with its memberships, permissions and pending invitations')
      .option(...projectOption)
      .argument('<team-id>')
      .action((teamId: string, options: ProjectOption) =>
        withProject(options, (ctx, projectId) => {
          const id = parseTeamId(teamId);
          deleteTeam(ctx, projectId, serverCaller, id);
          if (options.json) return printJson({ success: true });
          console.log(`Deleted team ${id}.`);
        }),
      ),
  );

  teamsCmd.addCommand(membersCommand());
  return teamsCmd;
}

function membersCommand(): Command {
  const members = new Command('members').description("manage a team's members");

  members.addCommand(
    withCommonOptions(new Command('add'))
      .description('add a user to a team with the member default permissions')
      .option(...projectOption)
      .argument('<team-id>')
      .argument('<user-id>')
      .action((teamId: string, userId: string, options: ProjectOption) =>
        withProject(options, (ctx, projectId) => {
          const ids = parseTeamUserIds(teamId, userId);
          addTeamMember(ctx, projectId, ids.team_id, ids.user_id);
          const profile = readMemberProfile(ctx, projectId, serverCaller, ids.team_id, ids.user_id);
          if (options.json) return printJson(profile);
          console.log(`Added ${describeMember(profile)} to team ${ids.team_id}.`);
        }),
      ),
  );

  members.addCommand(
    withCommonOptions(new Command('remove'))
      .description('remove a user from a team, with the permissions they held in it')
      .option(...projectOption)
      .argument('<team-id>')
      .argument('<user-id>')
      .action((teamId: string, userId: string, options: ProjectOption) =>
        withProject(options, (ctx, projectId) => {
          const ids = parseTeamUserIds(teamId, userId);
          removeTeamMember(ctx, projectId, serverCaller, ids.team_id, ids.user_id);
          if (options.json) return printJson({ success: true });
          console.log(`Removed user ${ids.user_id} from team ${ids.team_id}.`);
        }),
      ),
  );

  members.addCommand(
    withCommonOptions(new Command('list'))
      .description("list a team's members (their team profiles), by membership age")
      .option(...projectOption)
      .argument('<team-id>')
      .action((teamId: string, options: ProjectOption) =>
        withProject(options, (ctx, projectId) => {
          const id = parseTeamId(teamId);
          const profiles = listMemberProfiles(ctx, projectId, serverCaller, { teamId: id });
          if (options.json) return printJson({ items: profiles });
          if (profiles.length === 0) console.log('No members.');
          for (const profile of profiles) console.log(describeMember(profile));
        }),
      ),
  );
  return members;
}

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
  console.log(describeTeam(team));
}

function describeMember(profile: MemberProfileServerView): string {
  const email = profile.user.primary_email ?? '(no email)';
  return `${profile.user_id}  ${email}${profile.display_name ? `  ${profile.display_name}` : ''}`;
}
