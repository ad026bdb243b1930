// /teams: the server manages every team of the project; a signed-in client creates
// teams when the project allows it and reads or changes the teams it belongs to.
import type { Context } from '../../core/storage/context';
import { requireAccess, requireUser, resolveListedUserForCaller, type AccessType } from '../../core/credentials/callers';
import { createTeam, deleteTeam, listTeams, readTeam, updateTeam } from '../../core/teams/teams';
import { teamCallerOf } from '../../core/teams/team-callers';
import { plainTextError } from '../../protocol/plain-text-errors';
import { teamCreateByAccess, teamCreateQuery, teamListQuery, teamParams, teamUpdateByAccess } from '../../protocol/team-schemas';
import { toClientTeamView, type TeamServerView } from '../../protocol/team-views';
import { noQueryParameters } from '../../protocol/wire-object';
import type { ApiApp } from '../api-app';
import { parseBodyForAccess } from '../body-parsing';

const teamViewFor = (accessType: AccessType, team: TeamServerView) => (accessType === 'client' ? toClientTeamView(team) : team);

export function teamRoutes(app: ApiApp, ctx: Context) {
  return app
    .get(
      '/teams',
      async ({ auth, query }) => {
        const caller = requireAccess(auth, 'client');
        const userId = resolveListedUserForCaller(caller, query.user_id);
        return {
          items: (await listTeams(ctx, caller.projectId, userId)).map((team) => teamViewFor(caller.accessType, team)),
          is_paginated: false,
        };
      },
      { query: teamListQuery },
    )
    .post(
      '/teams',
      async ({ auth, body, query, request, set }) => {
        const caller = requireAccess(auth, 'client');
        const input = parseBodyForAccess(request, body, caller.accessType, teamCreateByAccess);
        if (query.add_current_user !== undefined && input.creator_user_id !== undefined) {
          throw plainTextError('TEAM_CREATOR_GIVEN_TWICE');
        }
        // `me` and the deprecated add_current_user=true both name the signed-in user as creator.
        const namesSelf = query.add_current_user === true || input.creator_user_id === 'me';
        const creator = namesSelf ? requireUser(caller, 'USER_AUTHENTICATION_REQUIRED') : input.creator_user_id;
        const team = await createTeam(ctx, caller.projectId, teamCallerOf(caller), input, creator);
        set.status = 201;
        return teamViewFor(caller.accessType, team);
      },
      { query: teamCreateQuery },
    )
    .get(
      '/teams/:team_id',
      async ({ auth, params }) => {
        const caller = requireAccess(auth, 'client');
        const team = await readTeam(ctx, caller.projectId, teamCallerOf(caller), params.team_id);
        return teamViewFor(caller.accessType, team);
      },
      { params: teamParams, query: noQueryParameters },
    )
    .patch(
      '/teams/:team_id',
      async ({ auth, params, body, request }) => {
        const caller = requireAccess(auth, 'client');
        const input = parseBodyForAccess(request, body, caller.accessType, teamUpdateByAccess);
        const team = await updateTeam(ctx, caller.projectId, teamCallerOf(caller), params.team_id, input);
        return teamViewFor(caller.accessType, team);
      },
      { params: teamParams, query: noQueryParameters },
    )
    .delete(
      '/teams/:team_id',
      async ({ auth, params }) => {
        const caller = requireAccess(auth, 'client');
        await deleteTeam(ctx, caller.projectId, teamCallerOf(caller), params.team_id);
        return { success: true };
      },
      { params: teamParams, query: noQueryParameters },
    );
}
