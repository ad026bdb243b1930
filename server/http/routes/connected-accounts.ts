// POST /connected-accounts/{user_id}/{provider_id}/access-token: a provider access
// token of a user, for the app to call the provider's API. A client may ask only for itself.
import * as v from 'valibot';
import type { Context } from '../../core/storage/context';
import { requireAccess, resolveUserIdForCaller } from '../../core/credentials/callers';
import { getConnectedAccountAccessToken } from '../../core/auth/connected-accounts';
import { connectedAccountTokenBodySchema } from '../../protocol/oauth-schemas';
import { userIdOrMeSchema } from '../../protocol/user-schemas';
import type { ApiApp } from '../api-app';

const connectedAccountParams = v.strictObject({ user_id: userIdOrMeSchema, provider_id: v.string() });

export function connectedAccountRoutes(app: ApiApp, ctx: Context) {
  return app.post(
    '/connected-accounts/:user_id/:provider_id/access-token',
    async ({ auth, params, body, set, authdOrigins }) => {
      const caller = requireAccess(auth, 'client');
      const userId = resolveUserIdForCaller(caller, params.user_id);
      const token = await getConnectedAccountAccessToken(
        ctx,
        caller.projectId,
        userId,
        params.provider_id,
        body.scope,
        authdOrigins(),
      );
      set.status = 201;
      return token;
    },
    { params: connectedAccountParams, body: connectedAccountTokenBodySchema },
  );
}
