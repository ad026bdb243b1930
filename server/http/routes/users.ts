// /users and /users/me: the server manages any user of the project; a signed-in
// client reads and changes only itself, through the narrower client schema.
import * as v from 'valibot';
import type { Context } from '../../core/storage/context';
import { refuseInsideImpersonation, requireAccess, requireUser } from '../../core/credentials/callers';
import { deleteUser, deleteUserAsClient, listUsers, updateUser, updateUserAsClient } from '../../core/users/users';
import { createUser } from '../../core/accounts/new-accounts';
import { readUserServerView } from '../../core/users/user-views';
import {
  toClientUserView,
  userCreateSchema,
  userListQuerySchema,
  userUpdateByAccess,
  userUpdateSchema,
  uuidSchema,
} from '../../protocol/user-schemas';
import { noQueryParameters } from '../../protocol/wire-object';
import type { ApiApp } from '../api-app';
import { created, succeeded } from '../resource-answers';
import { requireRecentAuthentication } from '../../core/auth/recent-authentication';
import { parseBodyForAccess } from '../body-parsing';

const userParams = v.strictObject({ user_id: uuidSchema });

export function userRoutes(app: ApiApp, ctx: Context) {
  return app
    .get(
      '/users/me',
      async ({ auth }) => {
        const caller = requireAccess(auth, 'client');
        const view = await readUserServerView(ctx, caller.projectId, requireUser(caller, 'CANNOT_GET_OWN_USER_WITHOUT_USER'));
        return caller.accessType === 'client' ? toClientUserView(view) : view;
      },
      { query: noQueryParameters },
    )
    .patch(
      '/users/me',
      async ({ auth, body, request }) => {
        const caller = requireAccess(auth, 'client');
        const userId = requireUser(caller, 'CANNOT_GET_OWN_USER_WITHOUT_USER');
        const update = parseBodyForAccess(request, body, caller.accessType, userUpdateByAccess);
        // MFA on or off, or a password (server access), is how the user signs in: never an impersonator's to change.
        if (update.totp_secret_base64 !== undefined || 'password' in update) refuseInsideImpersonation(caller);
        if (update.totp_secret_base64 === null) await requireRecentAuthentication(ctx, caller);
        const view = await (caller.accessType === 'client' ? updateUserAsClient : updateUser)(
          ctx,
          caller.projectId,
          userId,
          update,
        );
        return caller.accessType === 'client' ? toClientUserView(view) : view;
      },
      { query: noQueryParameters },
    )
    .delete(
      '/users/me',
      async ({ auth }) => {
        const caller = requireAccess(auth, 'client');
        const userId = requireUser(caller, 'CANNOT_GET_OWN_USER_WITHOUT_USER');
        await (caller.accessType === 'client' ? deleteUserAsClient : deleteUser)(ctx, caller.projectId, userId);
        return { success: true };
      },
      { query: noQueryParameters },
    )
    .get(
      '/users',
      async ({ auth, query }) => {
        const caller = requireAccess(auth, 'server');
        const page = await listUsers(ctx, caller.projectId, query);
        return { items: page.items, is_paginated: true, pagination: { next_cursor: page.nextCursor } };
      },
      { query: userListQuerySchema },
    )
    .post(
      '/users',
      async ({ auth, body, set }) => await created(set, createUser(ctx, requireAccess(auth, 'server').projectId, body)),
      { body: userCreateSchema, query: noQueryParameters },
    )
    .get(
      '/users/:user_id',
      async ({ auth, params }) => await readUserServerView(ctx, requireAccess(auth, 'server').projectId, params.user_id),
      {
        params: userParams,
        query: noQueryParameters,
      },
    )
    .patch(
      '/users/:user_id',
      async ({ auth, params, body }) => await updateUser(ctx, requireAccess(auth, 'server').projectId, params.user_id, body),
      { params: userParams, body: userUpdateSchema, query: noQueryParameters },
    )
    .delete(
      '/users/:user_id',
      async ({ auth, params }) => await succeeded(deleteUser(ctx, requireAccess(auth, 'server').projectId, params.user_id)),
      { params: userParams, query: noQueryParameters },
    );
}
