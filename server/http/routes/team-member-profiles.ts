// /team-member-profiles: each member's name and image within a team.
import type { Context } from '../../core/storage/context';
import { requireAccess, resolveMe, type RequestAuth } from '../../core/credentials/callers';
import { listMemberProfiles, readMemberProfile, toClientMemberProfile, updateMemberProfile, type MemberProfileServerView } from '../../core/teams/teams';
import { teamCallerOf } from '../../core/teams/team-callers';
import { memberProfileListQuery, memberProfileUpdateSchema, teamUserParams } from '../../protocol/team-schemas';
import { noQueryParameters } from '../../protocol/wire-object';
import type { ApiApp } from '../api-app';

export function teamMemberProfileRoutes(app: ApiApp, ctx: Context) {
  const view = (auth: Extract<RequestAuth, { kind: 'project' }>, profile: MemberProfileServerView) =>
    auth.accessType === 'client' ? toClientMemberProfile(profile) : profile;
  return app
    .get(
      '/team-member-profiles',
      async ({ auth, query }) => {
        const caller = requireAccess(auth, 'client');
        const userId = query.user_id === undefined ? undefined : resolveMe(caller, query.user_id);
        const profiles = await listMemberProfiles(ctx, caller.projectId, teamCallerOf(caller), { teamId: query.team_id, userId });
        return { items: profiles.map((profile) => view(caller, profile)), is_paginated: false };
      },
      { query: memberProfileListQuery },
    )
    .get(
      '/team-member-profiles/:team_id/:user_id',
      async ({ auth, params }) => {
        const caller = requireAccess(auth, 'client');
        const userId = resolveMe(caller, params.user_id);
        return view(caller, await readMemberProfile(ctx, caller.projectId, teamCallerOf(caller), params.team_id, userId));
      },
      { params: teamUserParams, query: noQueryParameters },
    )
    .patch(
      '/team-member-profiles/:team_id/:user_id',
      async ({ auth, params, body }) => {
        const caller = requireAccess(auth, 'client');
        const userId = resolveMe(caller, params.user_id);
        return view(caller, await updateMemberProfile(ctx, caller.projectId, teamCallerOf(caller), params.team_id, userId, body));
      },
      { params: teamUserParams, body: memberProfileUpdateSchema, query: noQueryParameters },
    );
}
