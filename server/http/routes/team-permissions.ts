// /team-permissions: what members may do in their teams. Clients read their own;
// the server grants and revokes.
import type { Context } from '../../core/storage/context';
import { requireAccess, resolveListedUserForCaller, resolveUserIdForCaller } from '../../core/credentials/callers';
import { teamCallerOf } from '../../core/teams/team-callers';
import { grantTeamPermission, listTeamPermissions, revokeTeamPermission } from '../../core/teams/team-permissions';
import { teamPermissionListQuery, teamPermissionParams } from '../../protocol/team-schemas';
import { noQueryParameters } from '../../protocol/wire-object';
import type { ApiApp } from '../api-app';

export function teamPermissionRoutes(app: ApiApp, ctx: Context) {
  return app
    .get(
      '/team-permissions',
      async ({ auth, query }) => {
        const caller = requireAccess(auth, 'client');
        const items = await listTeamPermissions(ctx, caller.projectId, teamCallerOf(caller), {
          teamId: query.team_id,
          userId: resolveListedUserForCaller(caller, query.user_id),
          permissionId: query.permission_id,
          recursive: query.recursive,
        });
        return { items, is_paginated: false };
      },
      { query: teamPermissionListQuery },
    )
    .post(
      '/team-permissions/:team_id/:user_id/:permission_id',
      async ({ auth, params, set }) => {
        const caller = requireAccess(auth, 'server');
        const userId = resolveUserIdForCaller(caller, params.user_id);
        const granted = await grantTeamPermission(ctx, caller.projectId, params.team_id, userId, params.permission_id);
        set.status = 201;
        return granted;
      },
      { params: teamPermissionParams, query: noQueryParameters },
    )
    .delete(
      '/team-permissions/:team_id/:user_id/:permission_id',
      async ({ auth, params }) => {
        const caller = requireAccess(auth, 'server');
        await revokeTeamPermission(
          ctx,
          caller.projectId,
          params.team_id,
          resolveUserIdForCaller(caller, params.user_id),
          params.permission_id,
        );
        return { success: true };
      },
      { params: teamPermissionParams, query: noQueryParameters },
    );
}
