// The client's team calls: the signed-in user's teams and the three calls of an
// emailed team invitation. Kept apart from auth-client.ts, which holds the session and sign-in calls.
import type { AuthClient, Team } from './index';
import type { Answer, Call } from './transport';
import { teamFromWire } from './wire-shapes';


export type TeamCalls = Pick<
  AuthClient,
  'listTeams' | 'checkTeamInvitationCode' | 'getTeamInvitationDetails' | 'acceptTeamInvitation'
>;

export function teamCalls(calls: { asUser: Call; anonymously: Call }): TeamCalls {
  return {
    async listTeams(): Promise<Team[]> {
      const answer = await calls.asUser({ method: 'GET', path: '/teams?user_id=me' });
      return ((answer.items ?? []) as Answer[]).map(teamFromWire);
    },
    async checkTeamInvitationCode(code) {
      // Needs no user: a signed-out visitor's link can be checked before they sign in.
      await calls.anonymously({ method: 'POST', path: '/team-invitations/accept/check-code', body: { code } });
    },
    async getTeamInvitationDetails(code) {
      const answer = await calls.asUser({ method: 'POST', path: '/team-invitations/accept/details', body: { code } });
      return {
        teamId: String(answer.team_id),
        teamDisplayName: String(answer.team_display_name),
        recipientEmail: String(answer.recipient_email),
        recipientEmailIsUsers: answer.recipient_email_is_users === true,
      };
    },
    async acceptTeamInvitation(code) {
      await calls.asUser({ method: 'POST', path: '/team-invitations/accept', body: { code } });
    },
  };
}
