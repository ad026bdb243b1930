// The signed-in user's connected apps: OpenID Provider clients they approved, and withdrawing
// that approval. Client access on the user's own access token; the rules are in server/core/oidc.
import type { Context } from '../../core/storage/context';
import * as v from 'valibot';
import { requireAccess, requireUser } from '../../core/credentials/callers';
import { disconnectApp, listConnectedApps } from '../../core/oidc/oidc-connected-apps';
import type { ApiApp } from '../api-app';

const connectedAppParams = v.strictObject({ client_id: v.pipe(v.string(), v.minLength(1), v.maxLength(200)) });

export function connectedAppRoutes(app: ApiApp, ctx: Context) {
  return app
    .get('/users/me/connected-apps', async ({ auth }) => {
      const caller = requireAccess(auth, 'client');
      const userId = requireUser(caller, 'CANNOT_GET_OWN_USER_WITHOUT_USER');
      return { items: await listConnectedApps(ctx, caller.projectId, userId), is_paginated: false };
    })
    .delete(
      '/users/me/connected-apps/:client_id',
      async ({ auth, params }) => {
        const caller = requireAccess(auth, 'client');
        await disconnectApp(ctx, caller.projectId, requireUser(caller, 'CANNOT_GET_OWN_USER_WITHOUT_USER'), params.client_id);
        return { success: true };
      },
      { params: connectedAppParams },
    );
}
