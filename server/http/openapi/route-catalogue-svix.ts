// Route descriptions of the Svix-compatible webhook API (routes/svix-api.ts; see
// route-catalogue.ts). Authorised by the Bearer token of POST /webhooks/svix-token, not by keys.
import type { RouteDescription } from './route-description';

const svix = (summary: string, status = 200): RouteDescription => ({
  summary: `${summary} (Svix API; Bearer token of POST /webhooks/svix-token; app_id is the project id)`,
  tag: 'Webhooks (Svix API)',
  access: 'none',
  ownErrorFormat: 'svix',
  response: { status },
  textErrors: [
    { status: 401, when: 'the token is missing, forged or expired' },
    { status: 404, when: 'the app is not the token\'s project, or the endpoint or message does not exist' },
  ],
});

export const svixRouteCatalogue: Record<string, RouteDescription> = {
  'GET /app/:app_id/endpoint': svix('The endpoints, oldest first'),
  'POST /app/:app_id/endpoint': svix('Add an endpoint', 201),
  'GET /app/:app_id/endpoint/:endpoint_id': svix('One endpoint'),
  'PUT /app/:app_id/endpoint/:endpoint_id': svix("Replace an endpoint's URL and description"),
  'PATCH /app/:app_id/endpoint/:endpoint_id': svix("Change an endpoint's URL or description"),
  'DELETE /app/:app_id/endpoint/:endpoint_id': svix('Remove an endpoint with its deliveries', 204),
  'GET /app/:app_id/endpoint/:endpoint_id/secret': svix("An endpoint's whsec_ signing secret"),
  'GET /app/:app_id/msg': svix('Messages (events), newest first, a page at a time'),
  'GET /app/:app_id/msg/:msg_id': svix('One message with its payload'),
  'GET /app/:app_id/attempt/endpoint/:endpoint_id': svix('Attempts at an endpoint, newest first; waiting deliveries included'),
};
