// Route descriptions of the support actions on a user: ban, unban and impersonation (see
// route-catalogue.ts).
import * as v from 'valibot';
import { userServerViewResponse } from '../../protocol/response-schemas';
import { routeGroup, type RouteDescription } from './route-description';

const impersonationTokens = v.object({ access_token: v.string(), refresh_token: v.string(), expires_at_millis: v.number() });

export const supportRouteCatalogue: Record<string, RouteDescription> = {
  ...routeGroup(
    { tag: 'Users', access: 'server' },
    {
      'POST /users/:user_id/ban': {
        summary:
          'Ban a user until banned_until_millis (absent: until unbanned): sign-in, refresh and codes answer USER_BANNED, and every session of the user ends now',
        response: { schema: userServerViewResponse },
        errors: ['USER_NOT_FOUND'],
        textErrors: [{ status: 400, when: 'banned_until_millis is not in the future' }],
      },
      'POST /users/:user_id/unban': {
        summary: 'Lift the ban of a user (a user who is not banned is left as they are)',
        response: { schema: userServerViewResponse },
        errors: ['USER_NOT_FOUND'],
      },
      'POST /users/:user_id/impersonate': {
        summary:
          'Start a one-hour session as the user; its access tokens carry an RFC 8693 act claim naming the admin (or the server key), and passwords, MFA and passkeys cannot be changed in it',
        response: { schema: impersonationTokens },
        errors: ['USER_NOT_FOUND', 'USER_BANNED'],
      },
      'POST /users/:user_id/impersonation-link': {
        summary:
          "A single-use link (valid two minutes) that opens the project's hosted screens in a one-hour impersonation session as the user",
        response: { schema: v.object({ url: v.string(), expires_at_millis: v.number() }) },
        errors: ['USER_NOT_FOUND', 'USER_BANNED'],
      },
      'GET /projects/:project_id/impersonation': {
        summary:
          "An impersonation link's entry, opened by the browser: the single-use code becomes the session, written into the hosted screens' cookies, and the browser goes on to account settings",
        access: 'none',
        response: { status: 303, redirect: "the project's hosted account settings" },
        textErrors: [
          {
            status: 400,
            when: 'the code is unknown, used or expired, or the user is banned (This impersonation link cannot be used: …)',
          },
        ],
      },
    },
  ),
};
