// Route descriptions of teams, memberships, member profiles, permissions and invitations (see
// route-catalogue.ts).
import * as v from 'valibot';
import {
  listResponse,
  memberProfileResponse,
  permissionDefinitionResponse,
  successResponse,
  teamClientViewResponse,
  teamInvitationResponse,
  teamPermissionResponse,
  teamServerViewResponse,
} from '../../protocol/response-schemas';
import { teamCreateByAccess, teamUpdateByAccess } from '../../protocol/team-schemas';
import { routeGroup, type RouteDescription } from './route-description';

export const teamRouteCatalogue: Record<string, RouteDescription> = {
  ...routeGroup(
    { tag: 'Teams', access: 'client' },
    {
      'GET /teams': {
        summary: "Teams, oldest first, or one user's (clients list their own with user_id=me)",
        response: { schema: listResponse(teamServerViewResponse), clientSchema: listResponse(teamClientViewResponse) },
        textErrors: [{ status: 403, when: 'client access lists without user_id=me' }],
      },
      'POST /teams': {
        summary: 'Create a team (clients when the project allows it, always as its creator)',
        bodyByAccess: teamCreateByAccess,
        response: { status: 201, schema: teamServerViewResponse, clientSchema: teamClientViewResponse },
        textErrors: [{ status: 403, when: 'clients may not create teams here, or named a creator other than themselves' }],
      },
      'GET /teams/:team_id': {
        summary: 'One team (clients: a team they belong to)',
        response: { schema: teamServerViewResponse, clientSchema: teamClientViewResponse },
      },
      'PATCH /teams/:team_id': {
        summary: 'Change a team (clients need $update_team)',
        bodyByAccess: teamUpdateByAccess,
        response: { schema: teamServerViewResponse, clientSchema: teamClientViewResponse },
      },
      'DELETE /teams/:team_id': {
        summary: 'Delete a team with its memberships, grants and invitations (clients need $delete_team)',
        response: { schema: successResponse },
      },
      'POST /team-memberships/:team_id/:user_id': {
        summary: 'Add a member with the member default permissions',
        access: 'server',
        response: { status: 201, schema: v.object({ team_id: v.string(), user_id: v.string() }) },
      },
      'DELETE /team-memberships/:team_id/:user_id': {
        summary: 'Remove a member, or leave (clients need $remove_members for others)',
        response: { schema: successResponse },
        errors: ['TEAM_NOT_FOUND'],
      },
      'GET /team-member-profiles': {
        summary: "Member profiles of a team, or a user's across teams",
        response: { schema: listResponse(memberProfileResponse) },
      },
      'GET /team-member-profiles/:team_id/:user_id': {
        summary: "One member's profile in a team",
        response: { schema: memberProfileResponse },
      },
      'PATCH /team-member-profiles/:team_id/:user_id': {
        summary: "Change a member's per-team name and image (clients: their own)",
        response: { schema: memberProfileResponse },
      },
    },
  ),
  ...routeGroup(
    { tag: 'Permissions', access: 'admin' },
    {
      'GET /team-permissions': {
        summary: 'Permissions members hold (recursive adds contained ones)',
        access: 'client',
        response: { schema: listResponse(teamPermissionResponse) },
        errors: ['TEAM_NOT_FOUND', 'TEAM_PERMISSION_REQUIRED'],
      },
      'POST /team-permissions/:team_id/:user_id/:permission_id': {
        summary: 'Grant a permission to a team member',
        access: 'server',
        response: { status: 201, schema: teamPermissionResponse },
      },
      'DELETE /team-permissions/:team_id/:user_id/:permission_id': {
        summary: 'Revoke a directly granted permission',
        access: 'server',
        response: { schema: successResponse },
      },
      'GET /team-permission-definitions': {
        summary: 'Team permission definitions',
        response: { schema: listResponse(permissionDefinitionResponse) },
      },
      'POST /team-permission-definitions': {
        summary: 'Define a team permission (contained permissions may not form a cycle)',
        response: { status: 201, schema: permissionDefinitionResponse },
        textErrors: [{ status: 400, when: 'the id exists already, or the contained permissions would form a cycle' }],
      },
      'PATCH /team-permission-definitions/:permission_id': {
        summary: 'Change or rename a permission definition (grants follow a rename)',
        response: { schema: permissionDefinitionResponse },
      },
      'DELETE /team-permission-definitions/:permission_id': {
        summary: 'Delete a permission definition with its grants',
        response: { schema: successResponse },
      },
    },
  ),
  ...routeGroup(
    { tag: 'Invitations', access: 'client' },
    {
      'POST /team-invitations/send-code': {
        summary: 'Email an invitation to a team (clients need $invite_members)',
        response: { schema: v.object({ success: v.literal(true), id: v.string() }) },
      },
      'GET /team-invitations': {
        summary: "A team's pending invitations",
        response: { schema: listResponse(teamInvitationResponse) },
      },
      'DELETE /team-invitations/:id': {
        summary: 'Withdraw an invitation',
        response: { schema: successResponse },
        textErrors: [{ status: 404, when: 'no such invitation' }],
      },
      'POST /team-invitations/accept/check-code': {
        summary: 'Whether an invitation code is still usable',
        response: { schema: v.object({ is_code_valid: v.literal(true) }) },
      },
      'POST /team-invitations/accept/details': {
        summary: 'The team an invitation code is for, and the address it was sent to',
        signedInUser: true,
        response: {
          schema: v.object({
            team_id: v.string(),
            team_display_name: v.string(),
            recipient_email: v.string(),
            recipient_email_is_users: v.boolean(),
          }),
        },
      },
      'POST /team-invitations/accept': {
        summary: 'Join the team of an invitation code',
        signedInUser: true,
        response: { schema: v.object({}) },
      },
    },
  ),
};
