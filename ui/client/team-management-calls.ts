// The client's calls for managing the signed-in user's teams: create, rename,
// leave, invite, the member list, the user's own per-team profile and their permissions in a team.
// Kept apart from auth-client.ts, which holds the session and sign-in calls.
import type { AuthClient, TeamMemberProfile } from './index';
import type { Answer, Call } from './transport';
import { teamFromWire } from './wire-shapes';


export type TeamManagementCalls = Pick<
  AuthClient,
  | 'createTeam'
  | 'updateTeam'
  | 'leaveTeam'
  | 'sendTeamInvitation'
  | 'listTeamMemberProfiles'
  | 'getMyTeamMemberProfile'
  | 'updateMyTeamMemberProfile'
  | 'listMyTeamPermissions'
>;

function memberProfileFromWire(profile: Answer): TeamMemberProfile {
  return {
    teamId: profile.team_id,
    userId: profile.user_id,
    displayName: profile.display_name ?? null,
    profileImageUrl: profile.profile_image_url ?? null,
    primaryEmail: profile.primary_email ?? null,
  };
}

const teamPath = (teamId: string) => `/teams/${encodeURIComponent(teamId)}`;

export function teamManagementCalls(asUser: Call): TeamManagementCalls {
  return {
    async createTeam(input) {
      const body: Answer = { display_name: input.displayName, creator_user_id: 'me' };
      if (input.profileImageUrl !== undefined) body.profile_image_url = input.profileImageUrl;
      return teamFromWire(await asUser({ method: 'POST', path: '/teams', body }));
    },
    async updateTeam(teamId, update) {
      const body: Answer = {};
      if (update.displayName !== undefined) body.display_name = update.displayName;
      if (update.profileImageUrl !== undefined) body.profile_image_url = update.profileImageUrl;
      return teamFromWire(await asUser({ method: 'PATCH', path: teamPath(teamId), body }));
    },
    async leaveTeam(teamId) {
      await asUser({ method: 'DELETE', path: `/team-memberships/${encodeURIComponent(teamId)}/me`, body: {} });
    },
    async sendTeamInvitation(input) {
      await asUser({
        method: 'POST',
        path: '/team-invitations/send-code',
        body: { team_id: input.teamId, email: input.email, callback_url: input.callbackUrl },
      });
    },
    async listTeamMemberProfiles(teamId) {
      const answer = await asUser({ method: 'GET', path: `/team-member-profiles?team_id=${encodeURIComponent(teamId)}` });
      return ((answer.items ?? []) as Answer[]).map(memberProfileFromWire);
    },
    async getMyTeamMemberProfile(teamId) {
      return memberProfileFromWire(
        await asUser({ method: 'GET', path: `/team-member-profiles/${encodeURIComponent(teamId)}/me` }),
      );
    },
    async updateMyTeamMemberProfile(teamId, update) {
      const body: Answer = {};
      if (update.displayName !== undefined) body.display_name = update.displayName;
      if (update.profileImageUrl !== undefined) body.profile_image_url = update.profileImageUrl;
      return memberProfileFromWire(
        await asUser({ method: 'PATCH', path: `/team-member-profiles/${encodeURIComponent(teamId)}/me`, body }),
      );
    },
    async listMyTeamPermissions(teamId) {
      const query = new URLSearchParams({ team_id: teamId, user_id: 'me', recursive: 'true' });
      const answer = await asUser({ method: 'GET', path: `/team-permissions?${query}` });
      return ((answer.items ?? []) as Answer[]).map((permission) => String(permission.id));
    },
  };
}
