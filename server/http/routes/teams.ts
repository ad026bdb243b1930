// /teams (wire §5.6): the server manages every team of the project; a signed-in client creates
// teams when the project allows it and reads or changes the teams it belongs to.
import type { Context } from '../../core/context';
import { requireAccess, requireUser, resolveUserIdForCaller } from '../../core/request-auth';
import { createTeam, deleteTeam, listTeams, readTeam, teamCallerOf, updateTeam } from '../../core/teams';
import { StatusError } from '../../protocol/status-error';
import {
  teamCreateClientSchema,
  teamCreateQuery,
  teamCreateServerSchema,
  teamListQuery,
  teamParams,
  teamUpdateClientSchema,
  teamUpdateServerSchema,
  toClientTeamView,
  type TeamServerView,
} from '../../protocol/team-schemas';
import { parseRequestPart } from '../../protocol/validation-messages';
import { noQueryParameters } from '../../protocol/wire-object';
import type { ApiApp } from '../api-app';
import { requestPath } from '../request-path';

export function teamRoutes(app: ApiApp, ctx: Context) {
  return app
    .get(
      '/teams',
      ({ auth, query }) => {
        const caller = requireAccess(auth, 'client');
        // A client lists only its own teams, so it must name itself.
        if (caller.accessType === 'client' && query.user_id === undefined) {
          throw new StatusError(403, 'Client access must list the teams of user_id=me.');
        }
        const userId = query.user_id === undefined ? undefined : resolveUserIdForCaller(caller, query.user_id);
        const view = (team: TeamServerView) => (caller.accessType === 'client' ? toClientTeamView(team) : team);
        return { items: listTeams(ctx, caller.projectId, userId).map(view), is_paginated: false };
      },
      { query: teamListQuery },
    )
    .post(
      '/teams',
      ({ auth, body, query, request, set }) => {
        const caller = requireAccess(auth, 'client');
        const isClient = caller.accessType === 'client';
        const input = parseRequestPart(isClient ? teamCreateClientSchema : teamCreateServerSchema, body, {
          method: 'POST',
          pathname: requestPath(request.url),
          part: 'body',
        });
        if (query.add_current_user !== undefined && input.creator_user_id !== undefined) {
          throw new StatusError(400, 'Use either creator_user_id or the deprecated add_current_user, not both.');
        }
        // The deprecated add_current_user=true names the signed-in user as creator.
        let creator: string | undefined;
        if (query.add_current_user === true) creator = requireUser(caller, 'USER_AUTHENTICATION_REQUIRED');
        else if (input.creator_user_id === 'me') creator = requireUser(caller, 'USER_AUTHENTICATION_REQUIRED');
        else creator = input.creator_user_id;
        const team = createTeam(ctx, caller.projectId, teamCallerOf(caller), input, creator);
        set.status = 201;
        return isClient ? toClientTeamView(team) : team;
      },
      { query: teamCreateQuery },
    )
    .get(
      '/teams/:team_id',
      ({ auth, params }) => {
        const caller = requireAccess(auth, 'client');
        const team = readTeam(ctx, caller.projectId, teamCallerOf(caller), params.team_id);
        return caller.accessType === 'client' ? toClientTeamView(team) : team;
      },
      { params: teamParams, query: noQueryParameters },
    )
    .patch(
      '/teams/:team_id',
      ({ auth, params, body, request }) => {
        const caller = requireAccess(auth, 'client');
        const isClient = caller.accessType === 'client';
        const input = parseRequestPart(isClient ? teamUpdateClientSchema : teamUpdateServerSchema, body, {
          method: 'PATCH',
          pathname: requestPath(request.url),
          part: 'body',
        });
        const team = updateTeam(ctx, caller.projectId, teamCallerOf(caller), params.team_id, input);
        return isClient ? toClientTeamView(team) : team;
      },
      { params: teamParams, query: noQueryParameters },
    )
    .delete(
      '/teams/:team_id',
      ({ auth, params }) => {
        const caller = requireAccess(auth, 'client');
        deleteTeam(ctx, caller.projectId, teamCallerOf(caller), params.team_id);
        return { success: true };
      },
      { params: teamParams, query: noQueryParameters },
    );
}
