// /team-permissions (wire §5.10): what members may do in their teams. Clients read their own;
// the server grants and revokes.
import type { Context } from '../../core/context';
import { requireAccess, resolveUserIdForCaller } from '../../core/request-auth';
import { grantTeamPermission, listTeamPermissions, revokeTeamPermission } from '../../core/team-permissions';
import { StatusError } from '../../protocol/status-error';
import { teamPermissionListQuery, teamPermissionParams } from '../../protocol/team-schemas';
import { noQueryParameters } from '../../protocol/wire-object';
import type { ApiApp } from '../api-app';

export function teamPermissionRoutes(app: ApiApp, ctx: Context) {
  return app
    .get(
      '/team-permissions',
      ({ auth, query }) => {
        const caller = requireAccess(auth, 'client');
        const isClient = caller.accessType === 'client';
        if (isClient && query.user_id === undefined)
          throw new StatusError(403, 'Client access must list the permissions of user_id=me.');
        const userId = query.user_id === undefined ? undefined : resolveUserIdForCaller(caller, query.user_id);
        const items = listTeamPermissions(ctx, caller.projectId, {
          teamId: query.team_id,
          userId,
          permissionId: query.permission_id,
          // Clients ask "may I do this?", which contained permissions answer too (issue #4).
          recursive: query.recursive ?? isClient,
        });
        return { items, is_paginated: false };
      },
      { query: teamPermissionListQuery },
    )
    .post(
      '/team-permissions/:team_id/:user_id/:permission_id',
      ({ auth, params, set }) => {
        const caller = requireAccess(auth, 'server');
        const userId = resolveUserIdForCaller(caller, params.user_id);
        const granted = grantTeamPermission(ctx, caller.projectId, params.team_id, userId, params.permission_id);
        set.status = 201;
        return granted;
      },
      { params: teamPermissionParams, query: noQueryParameters },
    )
    .delete(
      '/team-permissions/:team_id/:user_id/:permission_id',
      ({ auth, params }) => {
        const caller = requireAccess(auth, 'server');
        revokeTeamPermission(
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
