// /team-invitations: emailed links that let someone join a team.
import type { Context } from '../../core/storage/context';
import { requireAccess } from '../../core/credentials/callers';
import {
  acceptTeamInvitation,
  checkTeamInvitationCode,
  listTeamInvitations,
  readTeamInvitationDetails,
  revokeTeamInvitation,
  sendTeamInvitation,
} from '../../core/teams/team-invitations';
import { teamCallerOf } from '../../core/teams/team-callers';
import { codeBodySchema } from '../../protocol/auth-schemas';
import { invitationParams, invitationSendSchema, invitationTeamQuery } from '../../protocol/team-schemas';
import { noQueryParameters } from '../../protocol/wire-object';
import type { ApiApp } from '../api-app';
import { codeIsValid } from '../resource-answers';

export function teamInvitationRoutes(app: ApiApp, ctx: Context) {
  return app
    .post(
      '/team-invitations/send-code',
      async ({ auth, body, origin }) => {
        const caller = requireAccess(auth, 'client');
        const { id } = await sendTeamInvitation(ctx, caller.projectId, teamCallerOf(caller), body, origin);
        return { success: true, id };
      },
      { body: invitationSendSchema, query: noQueryParameters },
    )
    .get(
      '/team-invitations',
      async ({ auth, query }) => {
        const caller = requireAccess(auth, 'client');
        return {
          items: await listTeamInvitations(ctx, caller.projectId, teamCallerOf(caller), query.team_id),
          is_paginated: false,
        };
      },
      { query: invitationTeamQuery },
    )
    .delete(
      '/team-invitations/:id',
      async ({ auth, params, query }) => {
        const caller = requireAccess(auth, 'client');
        await revokeTeamInvitation(ctx, caller.projectId, teamCallerOf(caller), query.team_id, params.id);
        return { success: true };
      },
      { params: invitationParams, query: invitationTeamQuery },
    )
    .post(
      '/team-invitations/accept/check-code',
      async ({ auth, body }) =>
        await codeIsValid(checkTeamInvitationCode(ctx, requireAccess(auth, 'client').projectId, body.code)),
      { body: codeBodySchema, query: noQueryParameters },
    )
    .post(
      '/team-invitations/accept/details',
      async ({ auth, body }) => {
        const caller = requireAccess(auth, 'client');
        return await readTeamInvitationDetails(ctx, caller.projectId, body.code, caller.userId);
      },
      { body: codeBodySchema, query: noQueryParameters },
    )
    .post(
      '/team-invitations/accept',
      async ({ auth, body }) => {
        const caller = requireAccess(auth, 'client');
        await acceptTeamInvitation(ctx, caller.projectId, body.code, caller.userId);
        return {};
      },
      { body: codeBodySchema, query: noQueryParameters },
    );
}
