// /passkeys: authd's own endpoints for a user's named passkeys. Clients act only on themselves;
// servers on any user of the project.
import { listPasskeys, removePasskey, renamePasskey } from '../../core/auth/passkey-management';
import { requireAccess, resolveUserIdForCaller, refuseInsideImpersonation } from '../../core/credentials/callers';
import { requireRecentAuthentication } from '../../core/auth/recent-authentication';
import type { Context } from '../../core/storage/context';
import { passkeyListQuery, passkeyParams, passkeyUpdateSchema } from '../../protocol/passkey-schemas';
import { noQueryParameters } from '../../protocol/wire-object';
import type { ApiApp } from '../api-app';

export function passkeyRoutes(app: ApiApp, ctx: Context) {
  return app
    .get(
      '/passkeys',
      async ({ auth, query }) => {
        const caller = requireAccess(auth, 'client');
        return {
          items: await listPasskeys(ctx, caller.projectId, resolveUserIdForCaller(caller, query.user_id)),
          is_paginated: false,
        };
      },
      { query: passkeyListQuery },
    )
    .patch(
      '/passkeys/:user_id/:passkey_id',
      async ({ auth, params, body }) => {
        const caller = requireAccess(auth, 'client');
        return await renamePasskey(
          ctx,
          caller.projectId,
          resolveUserIdForCaller(caller, params.user_id),
          params.passkey_id,
          body.name,
        );
      },
      { params: passkeyParams, query: noQueryParameters, body: passkeyUpdateSchema },
    )
    .delete(
      '/passkeys/:user_id/:passkey_id',
      async ({ auth, params }) => {
        const caller = requireAccess(auth, 'client');
        refuseInsideImpersonation(caller);
        const userId = resolveUserIdForCaller(caller, params.user_id);
        await requireRecentAuthentication(ctx, caller);
        await removePasskey(ctx, caller.projectId, userId, params.passkey_id);
        return { success: true };
      },
      { params: passkeyParams, query: noQueryParameters },
    );
}
