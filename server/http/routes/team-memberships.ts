// /team-memberships: the server adds members; any member may leave, and a client
// with $remove_members may remove others.
import type { Context } from '../../core/storage/context';
import { requireAccess, resolveMe } from '../../core/credentials/callers';
import { addTeamMember, removeTeamMember } from '../../core/teams/team-memberships';
import { teamCallerOf } from '../../core/teams/team-callers';
import { teamUserParams } from '../../protocol/team-schemas';
import { noQueryParameters } from '../../protocol/wire-object';
import type { ApiApp } from '../api-app';

export function teamMembershipRoutes(app: ApiApp, ctx: Context) {
  return app
    .post(
      '/team-memberships/:team_id/:user_id',
      async ({ auth, params, set }) => {
        const caller = requireAccess(auth, 'server');
        const userId = resolveMe(caller, params.user_id);
        await addTeamMember(ctx, caller.projectId, params.team_id, userId);
        set.status = 201;
        return { team_id: params.team_id, user_id: userId };
      },
      { params: teamUserParams, query: noQueryParameters },
    )
    .delete(
      '/team-memberships/:team_id/:user_id',
      async ({ auth, params }) => {
        const caller = requireAccess(auth, 'client');
        // A client may name others too: the core then asks for $remove_members.
        await removeTeamMember(ctx, caller.projectId, teamCallerOf(caller), params.team_id, resolveMe(caller, params.user_id));
        return { success: true };
      },
      { params: teamUserParams, query: noQueryParameters },
    );
}
