// Route descriptions of projects, keys, users, contact channels, email templates, metrics and
// webhooks (see route-catalogue.ts).
import { auditEventView } from '../../protocol/audit-schemas';
import * as v from 'valibot';
import { contactChannelCreateByAccess, contactChannelUpdateByAccess } from '../../protocol/auth-schemas';
import {
  apiKeySetCreatedResponse,
  apiKeySetResponse,
  contactChannelResponse,
  emailTemplateResponse,
  listResponse,
  paginatedListResponse,
  projectAdminViewResponse,
  projectClientViewResponse,
  successResponse,
  usageMetricsResponse,
  userClientViewResponse,
  userServerViewResponse,
  webhookDeliveryResponse,
  webhookEndpointCreatedResponse,
  webhookEndpointResponse,
} from '../../protocol/response-schemas';
import { userUpdateByAccess } from '../../protocol/user-schemas';
import { userImportReportResponse } from '../../protocol/user-transfer-schemas';
import { routeGroup, type RouteDescription } from './route-description';

const clientOnlyActsOnItself = { status: 403, when: 'client access names a user other than the signed-in one' };

export const resourceRouteCatalogue: Record<string, RouteDescription> = {
  ...routeGroup(
    { tag: 'Projects', access: 'admin' },
    {
      'GET /projects/current': {
        summary: 'The project: its client view, or for admin access its full configuration',
        access: 'client',
        response: { schema: projectAdminViewResponse, clientSchema: projectClientViewResponse },
      },
      'PATCH /projects/current': {
        summary: 'Change the project configuration',
        response: { schema: projectAdminViewResponse },
      },
      'DELETE /projects/current': {
        summary: 'Delete the project with everything in it',
        response: { schema: successResponse },
        textErrors: [{ status: 400, when: 'the project is the internal one' }],
      },
      'GET /internal/projects': {
        summary: 'The projects the signed-in admin owns (internal project only)',
        access: 'client',
        signedInUser: true,
        response: { schema: listResponse(projectAdminViewResponse) },
      },
      'POST /internal/projects': {
        summary: 'Create a project owned by the signed-in admin (internal project only)',
        access: 'client',
        signedInUser: true,
        response: { status: 201, schema: projectAdminViewResponse },
      },
      'GET /audit-events': {
        summary:
          "The audit log, newest first (authd's own): filter by user_id, type (comma list), since/until (ms); `cursor` is the previous page's next_cursor",
        query: v.object({
          user_id: v.optional(v.string()),
          type: v.optional(v.string()),
          since: v.optional(v.string()),
          until: v.optional(v.string()),
          cursor: v.optional(v.string()),
          limit: v.optional(v.string()),
        }),
        response: {
          schema: v.object({
            items: v.array(auditEventView),
            is_paginated: v.literal(true),
            pagination: v.object({ next_cursor: v.nullable(v.string()) }),
          }),
        },
      },
      'GET /internal/metrics': {
        summary: 'Usage: totals, daily sign-ups and active users, recent users, sign-in methods',
        response: { schema: usageMetricsResponse },
      },
    },
  ),
  ...routeGroup(
    { tag: 'API keys', access: 'admin' },
    {
      'GET /internal/api-keys': {
        summary: 'API key sets, with the last four characters of each key',
        response: { schema: listResponse(apiKeySetResponse) },
      },
      'POST /internal/api-keys': {
        summary: 'Create an API key set; the keys are in this answer only',
        response: { schema: apiKeySetCreatedResponse },
      },
      'GET /internal/api-keys/:api_key_id': {
        summary: 'One API key set',
        response: { schema: apiKeySetResponse },
      },
      'PATCH /internal/api-keys/:api_key_id': {
        summary: 'Change or revoke an API key set',
        response: { schema: apiKeySetResponse },
      },
    },
  ),
  ...routeGroup(
    { tag: 'Sessions', access: 'none' },
    {
      'GET /projects/:project_id/.well-known/jwks.json': {
        summary: "The project's public keys for verifying access tokens",
        response: { schema: v.object({ keys: v.array(v.object({ kty: v.string(), kid: v.string() })) }) },
        errors: ['PROJECT_NOT_FOUND'],
      },
    },
  ),
  ...routeGroup(
    { tag: 'Users', access: 'server' },
    {
      'GET /users/me': {
        summary: 'The signed-in user',
        access: 'client',
        signedInUser: true,
        response: { schema: userServerViewResponse, clientSchema: userClientViewResponse },
      },
      'PATCH /users/me': {
        summary: 'Change the signed-in user (clients may change only their own client fields)',
        access: 'client',
        signedInUser: true,
        bodyByAccess: userUpdateByAccess,
        response: { schema: userServerViewResponse, clientSchema: userClientViewResponse },
      },
      'DELETE /users/me': {
        summary: 'Delete the signed-in user (clients only when the project allows it)',
        access: 'client',
        signedInUser: true,
        response: { schema: successResponse },
      },
      'GET /users': {
        summary:
          'Users by sign-up time, a page at a time, optionally searched; authd also filters by primary_email_verified, requires_totp_mfa and signed_up_after/signed_up_before (ms)',
        response: { schema: paginatedListResponse(userServerViewResponse) },
      },
      'POST /users': {
        summary: 'Create a user',
        response: { status: 201, schema: userServerViewResponse },
      },
      'POST /users/import': {
        summary:
          "Import users from another system's export file (or authd's own), streamed as the body: auth0, supabase, clerk, firebase, stack, jsonl or csv; a second run skips who is there",
        access: 'admin',
        bodyMediaType: 'application/octet-stream',
        response: { schema: userImportReportResponse },
        textErrors: [
          { status: 400, when: 'the format is not one of the list (Unknown import format "…")' },
          {
            status: 400,
            when: 'the file is not of its format as a whole, e.g. a Firebase export that is not JSON (The import file cannot be read: …); single bad users are refused in the report instead',
          },
        ],
      },
      'GET /users/export': {
        summary:
          "The project's users as JSONL (default) or CSV, streamed; password hashes and TOTP secrets only with include_password_hashes=true",
        access: 'admin',
        response: { mediaType: ['application/x-ndjson', 'text/csv'] },
        textErrors: [{ status: 400, when: 'the format is not jsonl or csv (Unknown export format "…")' }],
      },
      'GET /users/:user_id': {
        summary: 'One user',
        response: { schema: userServerViewResponse },
      },
      'PATCH /users/:user_id': {
        summary: 'Change a user (metadata, email, password, TOTP secret, selected team…)',
        response: { schema: userServerViewResponse },
      },
      'DELETE /users/:user_id': {
        summary: 'Delete a user and end their sessions',
        response: { schema: successResponse },
      },
    },
  ),
  ...routeGroup(
    { tag: 'Contact channels', access: 'client' },
    {
      'GET /contact-channels': {
        summary: "A user's email addresses",
        response: { schema: listResponse(contactChannelResponse) },
        errors: ['USER_NOT_FOUND'],
        textErrors: [clientOnlyActsOnItself],
      },
      'POST /contact-channels': {
        summary: 'Add an email address to a user',
        bodyByAccess: contactChannelCreateByAccess,
        response: { status: 201, schema: contactChannelResponse },
        textErrors: [clientOnlyActsOnItself],
      },
      'POST /contact-channels/send-verification-code': {
        summary: "Email a verification link for the signed-in user's primary address",
        signedInUser: true,
        response: { schema: successResponse },
      },
      'POST /contact-channels/verify/check-code': {
        summary: 'Whether an email-verification code is still usable',
        response: { schema: v.object({ is_code_valid: v.literal(true) }) },
      },
      'POST /contact-channels/verify': {
        summary: 'Verify an email address with the emailed code',
        response: { schema: successResponse },
      },
      'GET /contact-channels/:user_id/:contact_channel_id': {
        summary: 'One email address of a user',
        response: { schema: contactChannelResponse },
        errors: ['USER_NOT_FOUND'],
        textErrors: [clientOnlyActsOnItself, { status: 404, when: 'no such contact channel' }],
      },
      'PATCH /contact-channels/:user_id/:contact_channel_id': {
        summary: 'Change an email address (value, primary, used for sign-in)',
        bodyByAccess: contactChannelUpdateByAccess,
        response: { schema: contactChannelResponse },
        errors: ['USER_NOT_FOUND'],
        textErrors: [clientOnlyActsOnItself, { status: 404, when: 'no such contact channel' }],
      },
      'DELETE /contact-channels/:user_id/:contact_channel_id': {
        summary: 'Remove an email address',
        response: { schema: successResponse },
        errors: ['USER_NOT_FOUND'],
        textErrors: [clientOnlyActsOnItself, { status: 404, when: 'no such contact channel' }],
      },
      'POST /contact-channels/:user_id/:contact_channel_id/send-verification-code': {
        summary: 'Email a verification link for one address',
        response: { schema: successResponse },
        errors: ['USER_NOT_FOUND'],
        textErrors: [clientOnlyActsOnItself],
      },
    },
  ),
  ...routeGroup(
    { tag: 'Email templates', access: 'admin' },
    {
      'GET /email-templates': {
        summary: 'The four email templates, edited or default',
        response: { schema: listResponse(emailTemplateResponse) },
      },
      'GET /email-templates/:type': {
        summary: 'One email template',
        response: { schema: emailTemplateResponse },
      },
      'PATCH /email-templates/:type': {
        summary: 'Edit an email template (subject and content)',
        response: { schema: emailTemplateResponse },
      },
      'DELETE /email-templates/:type': {
        summary: 'Reset an email template to the default',
        response: { schema: successResponse },
      },
      'GET /email-templates/:type/preview': {
        summary: 'An email template rendered with sample values, as sent (an unedited one in ?locale=, English by default)',
        response: { schema: v.object({ subject: v.string(), html: v.string(), text: v.string() }) },
      },
      'POST /emails/test': {
        summary: "Send a test email now with the project's email settings (kept in the outbox in development without SMTP)",
        response: {
          schema: v.object({ success: v.literal(true), sent: v.picklist(['smtp', 'outbox']), server: v.optional(v.string()) }),
        },
        textErrors: [
          { status: 502, when: "the project's SMTP server refused the message or could not be reached (TEST_EMAIL_NOT_SENT)" },
          { status: 429, when: 'too many emails to this address or from this client; Retry-After says when to try again' },
        ],
      },
      'GET /emails/outbox': {
        summary: 'The development outbox: the newest 50 emails kept instead of sent, with their links',
        response: {
          schema: listResponse(
            v.object({
              id: v.string(),
              recipient: v.string(),
              subject: v.string(),
              html: v.string(),
              text: v.string(),
              created_at_millis: v.number(),
            }),
          ),
        },
      },
    },
  ),
  ...routeGroup(
    { tag: 'Webhooks', access: 'admin' },
    {
      'POST /webhooks/svix-token': {
        summary: "A one-hour token that manages this project's webhooks and nothing else",
        response: { status: 201, schema: v.object({ token: v.string() }) },
      },
      'GET /webhooks/endpoints': {
        summary: 'Webhook endpoints, oldest first (admin access or a management token as Bearer)',
        response: { schema: listResponse(webhookEndpointResponse) },
      },
      'POST /webhooks/endpoints': {
        summary: 'Add an endpoint; its signing secret is in this answer only',
        response: { status: 201, schema: webhookEndpointCreatedResponse },
        textErrors: [{ status: 400, when: 'the URL is not acceptable or the project has 20 endpoints' }],
      },
      'GET /webhooks/endpoints/:endpoint_id': {
        summary: 'One webhook endpoint',
        response: { schema: webhookEndpointResponse },
        textErrors: [{ status: 404, when: 'no such endpoint' }],
      },
      'DELETE /webhooks/endpoints/:endpoint_id': {
        summary: 'Remove an endpoint with its pending deliveries and log',
        response: { schema: successResponse },
        textErrors: [{ status: 404, when: 'no such endpoint' }],
      },
      'GET /webhooks/endpoints/:endpoint_id/deliveries': {
        summary: "An endpoint's deliveries, newest first, with every attempt",
        response: { schema: listResponse(webhookDeliveryResponse) },
        textErrors: [{ status: 404, when: 'no such endpoint' }],
      },
      'GET /webhooks/deliveries/:delivery_id': {
        summary: 'One delivery with its attempts',
        response: { schema: webhookDeliveryResponse },
        textErrors: [{ status: 404, when: 'no such delivery' }],
      },
      'POST /webhooks/deliveries/:delivery_id/retry': {
        summary: 'Send a delivery again now',
        response: { schema: webhookDeliveryResponse },
        textErrors: [{ status: 404, when: 'no such delivery' }],
      },
    },
  ),
};
