// /contact-channels: a user's email addresses and their verification. Clients act
// only on themselves; servers on any user of the project.
import type { Context } from '../../core/storage/context';
import {
  createContactChannel,
  deleteContactChannel,
  listContactChannels,
  readContactChannel,
  sendContactChannelVerificationCode,
  updateContactChannel,
} from '../../core/users/contact-channels';
import { sendPrimaryEmailVerificationCode, verifyEmail } from '../../core/users/email-verification';
import { requireAccess, requireUser, resolveChannelOwnerForCaller } from '../../core/credentials/callers';
import { checkVerificationCode } from '../../core/credentials/verification-codes';
import {
  callbackUrlBodySchema,
  codeBodySchema,
  contactChannelCreateByAccess,
  contactChannelListQuery,
  contactChannelParams,
  contactChannelUpdateByAccess,
  sendVerificationCodeSchema,
} from '../../protocol/auth-schemas';
import { noQueryParameters } from '../../protocol/wire-object';
import type { ApiApp } from '../api-app';
import { codeIsValid, succeeded } from '../resource-answers';
import { requireRecentAuthentication } from '../../core/auth/recent-authentication';
import { parseBodyForAccess } from '../body-parsing';

export function contactChannelRoutes(app: ApiApp, ctx: Context) {
  return app
    .get(
      '/contact-channels',
      async ({ auth, query }) => {
        const caller = requireAccess(auth, 'client');
        const userId = resolveChannelOwnerForCaller(caller, query.user_id);
        return { items: await listContactChannels(ctx, caller.projectId, userId, query.contact_channel_id), is_paginated: false };
      },
      { query: contactChannelListQuery },
    )
    .post(
      '/contact-channels',
      async ({ auth, body, request, set }) => {
        const caller = requireAccess(auth, 'client');
        // Only the server may declare an address verified; each level has its own schema.
        const input = parseBodyForAccess(request, body, caller.accessType, contactChannelCreateByAccess);
        const view = await createContactChannel(
          ctx,
          caller.projectId,
          resolveChannelOwnerForCaller(caller, input.user_id),
          input,
        );
        set.status = 201;
        return view;
      },
      { query: noQueryParameters },
    )
    .post(
      '/contact-channels/send-verification-code',
      async ({ auth, body, origin }) => {
        const caller = requireAccess(auth, 'client');
        await sendPrimaryEmailVerificationCode(
          ctx,
          caller.projectId,
          requireUser(caller, 'SCHEMA_ERROR'),
          body.email,
          body.callback_url,
          origin,
        );
        return { success: true };
      },
      { body: sendVerificationCodeSchema },
    )
    .post(
      '/contact-channels/verify/check-code',
      async ({ auth, body }) =>
        await codeIsValid(checkVerificationCode(ctx, requireAccess(auth, 'client').projectId, 'email_verification', body.code)),
      { body: codeBodySchema },
    )
    .post(
      '/contact-channels/verify',
      async ({ auth, body }) => await succeeded(verifyEmail(ctx, requireAccess(auth, 'client').projectId, body.code)),
      { body: codeBodySchema },
    )
    .get(
      '/contact-channels/:user_id/:contact_channel_id',
      async ({ auth, params }) => {
        const caller = requireAccess(auth, 'client');
        return await readContactChannel(
          ctx,
          caller.projectId,
          resolveChannelOwnerForCaller(caller, params.user_id),
          params.contact_channel_id,
        );
      },
      { params: contactChannelParams, query: noQueryParameters },
    )
    .patch(
      '/contact-channels/:user_id/:contact_channel_id',
      async ({ auth, params, body, request }) => {
        const caller = requireAccess(auth, 'client');
        const input = parseBodyForAccess(request, body, caller.accessType, contactChannelUpdateByAccess);
        return await updateContactChannel(
          ctx,
          caller.projectId,
          resolveChannelOwnerForCaller(caller, params.user_id),
          params.contact_channel_id,
          input,
          async () => await requireRecentAuthentication(ctx, caller),
        );
      },
      { params: contactChannelParams, query: noQueryParameters },
    )
    .delete(
      '/contact-channels/:user_id/:contact_channel_id',
      async ({ auth, params }) => {
        const caller = requireAccess(auth, 'client');
        await deleteContactChannel(
          ctx,
          caller.projectId,
          resolveChannelOwnerForCaller(caller, params.user_id),
          params.contact_channel_id,
        );
        return { success: true };
      },
      { params: contactChannelParams, query: noQueryParameters },
    )
    .post(
      '/contact-channels/:user_id/:contact_channel_id/send-verification-code',
      async ({ auth, params, body, origin }) => {
        const caller = requireAccess(auth, 'client');
        // This one endpoint answers a client naming someone else with 400, not 403.
        const userId = resolveChannelOwnerForCaller(caller, params.user_id, 'CLIENT_ACTS_ONLY_ON_SIGNED_IN_USER_BAD_REQUEST');
        await sendContactChannelVerificationCode(
          ctx,
          caller.projectId,
          userId,
          params.contact_channel_id,
          body.callback_url,
          origin,
        );
        return { success: true };
      },
      { params: contactChannelParams, body: callbackUrlBodySchema },
    );
}
