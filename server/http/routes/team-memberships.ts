// /team-memberships (wire §5.7): the server adds members; any member may leave, and a client
// with $remove_members may remove others.
import type { Context } from '../../core/context';
import { requireAccess, resolveUserIdForCaller } from '../../core/request-auth';
import { addTeamMember, removeTeamMember, teamCallerOf } from '../../core/teams';
import { knownError } from '../../protocol/known-errors';
import { teamUserParams } from '../../protocol/team-schemas';
import { noQueryParameters } from '../../protocol/wire-object';
import type { ApiApp } from '../api-app';

export function teamMembershipRoutes(app: ApiApp, ctx: Context) {
  return app
    .post(
      '/team-memberships/:team_id/:user_id',
      ({ auth, params, set }) => {
        const caller = requireAccess(auth, 'server');
        const userId = params.user_id === 'me' ? resolveUserIdForCaller(caller, 'me') : params.user_id;
        addTeamMember(ctx, caller.projectId, params.team_id, userId);
        set.status = 201;
        return { team_id: params.team_id, user_id: userId };
      },
      { params: teamUserParams, query: noQueryParameters },
    )
    .delete(
      '/team-memberships/:team_id/:user_id',
      ({ auth, params }) => {
        const caller = requireAccess(auth, 'client');
        // "me" needs a user; a client may name others (the core then asks for $remove_members).
        let userId = params.user_id;
        if (userId === 'me') {
          if (caller.userId === null) throw knownError('CANNOT_GET_OWN_USER_WITHOUT_USER');
          userId = caller.userId;
        }
        removeTeamMember(ctx, caller.projectId, teamCallerOf(caller), params.team_id, userId);
        return { success: true };
      },
      { params: teamUserParams, query: noQueryParameters },
    );
}
