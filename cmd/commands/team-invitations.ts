// `authd teams invitations send|list|revoke`: emailed invitations to join a team, through the
// same core functions and schema as the API's /team-invitations, acting as the server would.
import { Command } from 'commander';
import { listTeamInvitations, revokeTeamInvitation, sendTeamInvitation } from '../../server/core/teams/team-invitations';
import { serverCaller } from '../../server/core/teams/team-callers';
import { invitationSendSchema, type TeamInvitationView } from '../../server/protocol/team-schemas';
import { parseWithSchema, projectCommand, withProject, type ProjectOption } from '../cli-support';
import { printSuccess } from '../cli-output';
import { idDestructiveCommand, idListCommand } from '../id-argument-commands';

/**
 * The CLI has no client address. Its sends share one per-IP window under this name (the
 * per-address limit applies as for any caller), so a script cannot send more than a browser.
 */
export const cliRequestOrigin = { ip: 'authd-cli' };

export function teamInvitationsCommand(): Command {
  const invitations = new Command('invitations').description(
    'invite people to a team by email; list and withdraw pending invitations',
  );

  invitations.addCommand(
    projectCommand('send')
      .description('email an invitation link to join the team (an address without an account is asked to sign up first)')
      .argument('<team-id>')
      .requiredOption('--email <email>', 'who is invited')
      .requiredOption(
        '--callback-url <url>',
        "the app's team-invitation page, a trusted domain of the project (e.g. https://app.example.com/handler/team-invitation)",
      )
      .action((teamId: string, options: ProjectOption & { email: string; callbackUrl: string }) =>
        withProject(options, async (ctx, projectId) => {
          const input = parseWithSchema(
            invitationSendSchema,
            { team_id: teamId, email: options.email, callback_url: options.callbackUrl },
            { team_id: '<team-id>', email: '--email', callback_url: '--callback-url' },
          );
          const { id } = await sendTeamInvitation(ctx, projectId, serverCaller, input, cliRequestOrigin);
          printSuccess(options, `Invited ${input.email} to team ${input.team_id} (invitation ${id}).`, { id });
        }),
      ),
  );

  invitations.addCommand(
    idListCommand({
      description: "a team's pending invitations (neither used nor expired), oldest first",
      ids: ['team_id'],
      list: (ctx, projectId, ids) => listTeamInvitations(ctx, projectId, serverCaller, ids.team_id),
      empty: 'No pending invitations.',
      line: describeInvitation,
    }),
  );

  invitations.addCommand(
    idDestructiveCommand({
      name: 'revoke',
      description: 'withdraw a pending invitation; its link stops working',
      ids: ['team_id', 'invitation_id'],
      question: (ids) => `Withdraw invitation ${ids.invitation_id} to team ${ids.team_id}?`,
      change: (ctx, projectId, ids) => revokeTeamInvitation(ctx, projectId, serverCaller, ids.team_id, ids.invitation_id),
      done: (ids) => `Withdrew invitation ${ids.invitation_id}.`,
    }),
  );
  return invitations;
}

function describeInvitation(invitation: TeamInvitationView): string {
  return `${invitation.id}  ${invitation.recipient_email}  expires ${new Date(invitation.expires_at_millis).toISOString()}`;
}
