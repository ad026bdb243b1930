// The /api/v1 Elysia application: body parsing, then request authentication, then schema
// validation and the handler (Stack's order, wire §1.3). Route files add their resources.
import { Elysia } from 'elysia';
import { KnownError } from '../protocol/known-errors';
import type { Context } from '../core/context';
import { authenticateRequest, type AuthHeaders } from '../core/request-auth';
import { parseRequestBody } from './body-parsing';
import { unknownClientIp, type ClientIpResolver } from './client-ip';
import { requestLine } from './request-path';
import { errorResponse, schemaErrorFromValidation, textResponse } from './error-responses';
import { apiKeyRoutes } from './routes/api-keys';
import { connectedAccountRoutes } from './routes/connected-accounts';
import { contactChannelRoutes } from './routes/contact-channels';
import { devOAuthRoutes } from './routes/dev-oauth';
import { emailTemplateRoutes } from './routes/email-templates';
import { jwksRoutes } from './routes/jwks';
import { mfaAuthRoutes } from './routes/mfa-auth';
import { miscRoutes } from './routes/misc';
import { oauthRoutes } from './routes/oauth';
import { otpAuthRoutes } from './routes/otp-auth';
import { ownedProjectRoutes } from './routes/owned-projects';
import { passwordAuthRoutes } from './routes/password-auth';
import { projectRoutes } from './routes/projects';
import { sessionRoutes } from './routes/sessions';
import { teamInvitationRoutes } from './routes/team-invitations';
import { teamMemberProfileRoutes } from './routes/team-member-profiles';
import { teamMembershipRoutes } from './routes/team-memberships';
import { teamPermissionDefinitionRoutes } from './routes/team-permission-definitions';
import { teamPermissionRoutes } from './routes/team-permissions';
import { teamRoutes } from './routes/teams';
import { usageMetricsRoutes } from './routes/usage-metrics';
import { userRoutes } from './routes/users';
import { webhookRoutes } from './routes/webhooks';

function readAuthHeaders(headers: Headers): AuthHeaders {
  const read = (name: string) => headers.get(name) ?? undefined;
  return {
    projectId: read('x-stack-project-id'),
    accessType: read('x-stack-access-type'),
    publishableClientKey: read('x-stack-publishable-client-key'),
    secretServerKey: read('x-stack-secret-server-key'),
    superSecretAdminKey: read('x-stack-super-secret-admin-key'),
    adminAccessToken: read('x-stack-admin-access-token'),
    accessToken: read('x-stack-access-token'),
  };
}

function createBaseApp(ctx: Context, clientIp: ClientIpResolver) {
  return new Elysia({ prefix: '/api/v1' })
    .onParse(({ request }) => parseRequestBody(request))
    .derive(async ({ request }) => ({
      auth: await authenticateRequest(ctx, readAuthHeaders(request.headers), requestLine(request)),
      origin: {
        get ip() {
          return clientIp(request);
        },
      },
    }))
    .onError(async ({ code, error, request }) => {
      switch (code) {
        case 'VALIDATION':
          return errorResponse(schemaErrorFromValidation(error, request), ctx.log);
        case 'PARSE':
          // Our parser throws known errors; Elysia wraps them, keeping the original as cause.
          return errorResponse(error.cause instanceof KnownError ? error.cause : error, ctx.log);
        case 'NOT_FOUND':
          try {
            // Unknown API paths still parse their body and authenticate before their 404, as
            // Stack's do (wire §1.3 step 0).
            if (!request.bodyUsed) await parseRequestBody(request);
            await authenticateRequest(ctx, readAuthHeaders(request.headers));
          } catch (authError) {
            return errorResponse(authError, ctx.log);
          }
          return textResponse(404, `No API endpoint at ${requestLine(request)}`);
        default:
          return errorResponse(error, ctx.log);
      }
    });
}

export type ApiApp = ReturnType<typeof createBaseApp>;

/** The resources served under /api/v1, one route file each. */
const routeFiles = [
  miscRoutes,
  projectRoutes,
  ownedProjectRoutes,
  usageMetricsRoutes,
  apiKeyRoutes,
  jwksRoutes,
  userRoutes,
  passwordAuthRoutes,
  otpAuthRoutes,
  mfaAuthRoutes,
  sessionRoutes,
  contactChannelRoutes,
  emailTemplateRoutes,
  teamRoutes,
  teamMembershipRoutes,
  teamMemberProfileRoutes,
  teamPermissionRoutes,
  teamPermissionDefinitionRoutes,
  teamInvitationRoutes,
  webhookRoutes,
  oauthRoutes,
  devOAuthRoutes,
  connectedAccountRoutes,
];

export function createApiApp(ctx: Context, clientIp: ClientIpResolver = unknownClientIp): ApiApp {
  const app = createBaseApp(ctx, clientIp);
  // Elysia registers routes on the instance itself; the returned, wider-typed app is the same.
  for (const addRoutes of routeFiles) addRoutes(app, ctx);
  return app;
}
