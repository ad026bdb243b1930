// /team-member-profiles (wire §5.8): each member's name and image within a team.
import type { Context } from '../../core/context';
import { requireAccess, resolveUserIdForCaller } from '../../core/request-auth';
import {
  listMemberProfiles,
  readMemberProfile,
  teamCallerOf,
  toClientMemberProfile,
  updateMemberProfile,
  type MemberProfileServerView,
} from '../../core/teams';
import { knownError } from '../../protocol/known-errors';
import { memberProfileListQuery, memberProfileUpdateSchema, teamUserParams } from '../../protocol/team-schemas';
import { noQueryParameters } from '../../protocol/wire-object';
import type { ApiApp } from '../api-app';
import type { RequestAuth } from '../../core/request-auth';

/** `me` is the signed-in user; other ids are checked against the caller's rights in core. */
function resolveMember(auth: Extract<RequestAuth, { kind: 'project' }>, requested: string): string {
  if (requested !== 'me') return requested;
  if (auth.userId === null) throw knownError('CANNOT_GET_OWN_USER_WITHOUT_USER');
  return auth.userId;
}

export function teamMemberProfileRoutes(app: ApiApp, ctx: Context) {
  const view = (auth: Extract<RequestAuth, { kind: 'project' }>, profile: MemberProfileServerView) =>
    auth.accessType === 'client' ? toClientMemberProfile(profile) : profile;
  return app
    .get(
      '/team-member-profiles',
      ({ auth, query }) => {
        const caller = requireAccess(auth, 'client');
        const userId = query.user_id === undefined ? undefined : resolveMember(caller, query.user_id);
        const profiles = listMemberProfiles(ctx, caller.projectId, teamCallerOf(caller), { teamId: query.team_id, userId });
        return { items: profiles.map((profile) => view(caller, profile)), is_paginated: false };
      },
      { query: memberProfileListQuery },
    )
    .get(
      '/team-member-profiles/:team_id/:user_id',
      ({ auth, params }) => {
        const caller = requireAccess(auth, 'client');
        const userId = resolveMember(caller, params.user_id);
        return view(caller, readMemberProfile(ctx, caller.projectId, teamCallerOf(caller), params.team_id, userId));
      },
      { params: teamUserParams, query: noQueryParameters },
    )
    .patch(
      '/team-member-profiles/:team_id/:user_id',
      ({ auth, params, body }) => {
        const caller = requireAccess(auth, 'client');
        const userId = resolveUserIdForCaller(caller, params.user_id);
        return view(caller, updateMemberProfile(ctx, caller.projectId, teamCallerOf(caller), params.team_id, userId, body));
      },
      { params: teamUserParams, body: memberProfileUpdateSchema, query: noQueryParameters },
    );
}
