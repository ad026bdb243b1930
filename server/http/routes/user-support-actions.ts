// A support person's actions on a user: ban and unban, and impersonation (a short session as the
// user, or a link that opens the hosted screens in one), with the exchange the screens make.
import * as v from 'valibot';
import type { Context } from '../../core/storage/context';
import { requireAccess } from '../../core/credentials/callers';
import { banUser, unbanUser } from '../../core/auth/user-bans';
import { createImpersonationLink, exchangeImpersonationCode, impersonateUser, type Impersonator } from '../../core/auth/impersonation';
import { banRequestSchema, impersonationExchangeSchema, uuidSchema } from '../../protocol/user-schemas';
import { noQueryParameters } from '../../protocol/wire-object';
import type { ApiApp } from '../api-app';

const userParams = v.strictObject({ user_id: uuidSchema });

function impersonatorOf(caller: ReturnType<typeof requireAccess>): Impersonator {
  return caller.adminUserId === undefined ? { kind: 'server' } : { kind: 'admin', userId: caller.adminUserId };
}

export function userSupportActionRoutes(app: ApiApp, ctx: Context) {
  return app
    .post(
      '/users/:user_id/ban',
      async ({ auth, params, body }) => await banUser(ctx, requireAccess(auth, 'server').projectId, params.user_id, body),
      { params: userParams, body: banRequestSchema, query: noQueryParameters },
    )
    .post(
      '/users/:user_id/unban',
      async ({ auth, params }) => await unbanUser(ctx, requireAccess(auth, 'server').projectId, params.user_id),
      { params: userParams, query: noQueryParameters },
    )
    .post(
      '/users/:user_id/impersonate',
      async ({ auth, params }) => {
        const caller = requireAccess(auth, 'server');
        return await impersonateUser(ctx, caller.projectId, params.user_id, impersonatorOf(caller));
      },
      { params: userParams, query: noQueryParameters },
    )
    .post(
      '/users/:user_id/impersonation-link',
      async ({ auth, params }) => {
        const caller = requireAccess(auth, 'server');
        return await createImpersonationLink(ctx, caller.projectId, params.user_id, impersonatorOf(caller));
      },
      { params: userParams, query: noQueryParameters },
    )
    .post(
      '/auth/impersonation/exchange',
      async ({ auth, body }) => await exchangeImpersonationCode(ctx, requireAccess(auth, 'client').projectId, body.code),
      { body: impersonationExchangeSchema, query: noQueryParameters },
    );
}
