// Every resource under /api/v1: the request pipeline of api-app.ts with each route file's
// routes added.
import type { Context } from '../core/storage/context';
import { createBaseApp, type ApiApp } from './api-app';
import { unknownClientIp, type ClientIpResolver } from './client-ip';
import { apiKeyRoutes } from './routes/api-keys';
import { connectedAccountRoutes } from './routes/connected-accounts';
import { contactChannelRoutes } from './routes/contact-channels';
import { devOAuthRoutes } from './routes/dev-oauth';
import { emailTemplateRoutes } from './routes/email-templates';
import { projectEmailRoutes } from './routes/project-emails';
import { jwksRoutes } from './routes/jwks';
import { accountUnlockRoutes } from './routes/account-unlock';
import { passkeyAuthRoutes } from './routes/passkey-auth';
import { passkeyRoutes } from './routes/passkeys';
import { mfaAuthRoutes } from './routes/mfa-auth';
import { miscRoutes } from './routes/misc';
import { oauthRoutes } from './routes/oauth';
import { oidcRoutes } from './routes/oidc';
import { oidcClientRoutes } from './routes/oidc-clients';
import { connectedAppRoutes } from './routes/connected-apps';
import { openApiRoutes } from './routes/openapi';
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
import { auditEventRoutes } from './routes/audit-events';
import { userRoutes } from './routes/users';
import { userSupportActionRoutes } from './routes/user-support-actions';
import { userTransferRoutes } from './routes/user-transfers';
import { svixApiRoutes } from './routes/svix-api';
import { webhookRoutes } from './routes/webhooks';

/** The resources served under /api/v1, one route file each. */
const routeFiles = [
  miscRoutes,
  projectRoutes,
  ownedProjectRoutes,
  usageMetricsRoutes,
  auditEventRoutes,
  apiKeyRoutes,
  jwksRoutes,
  userTransferRoutes,
  userRoutes,
  userSupportActionRoutes,
  passwordAuthRoutes,
  otpAuthRoutes,
  mfaAuthRoutes,
  passkeyAuthRoutes,
  passkeyRoutes,
  accountUnlockRoutes,
  sessionRoutes,
  contactChannelRoutes,
  emailTemplateRoutes,
  projectEmailRoutes,
  teamRoutes,
  teamMembershipRoutes,
  teamMemberProfileRoutes,
  teamPermissionRoutes,
  teamPermissionDefinitionRoutes,
  teamInvitationRoutes,
  webhookRoutes,
  svixApiRoutes,
  oauthRoutes,
  devOAuthRoutes,
  connectedAccountRoutes,
  oidcRoutes,
  oidcClientRoutes,
  connectedAppRoutes,
  openApiRoutes,
];

/** `listeningUrl` is the server's own address; in-process use (tests) has none. */
export function createApiApp(
  ctx: Context,
  clientIp: ClientIpResolver = unknownClientIp,
  listeningUrl: () => string | undefined = () => undefined,
): ApiApp {
  const app = createBaseApp(ctx, clientIp, listeningUrl);
  // Elysia registers routes on the instance itself; the returned, wider-typed app is the same.
  for (const addRoutes of routeFiles) addRoutes(app, ctx);
  return app;
}
