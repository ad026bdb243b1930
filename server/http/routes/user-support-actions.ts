// A support person's actions on a user: ban and unban, and impersonation (a short session as the
// user, or a link that opens the hosted screens in one), with the link's entry.
import * as v from 'valibot';
import type { Context } from '../../core/storage/context';
import { requireAccess } from '../../core/credentials/callers';
import { banUser, unbanUser } from '../../core/auth/user-bans';
import {
  createImpersonationLink,
  exchangeImpersonationCode,
  impersonateUser,
  impersonationLifetimeMillis,
  type Impersonator,
} from '../../core/auth/impersonation';
import { sessionCookieName } from '../../core/oidc/oidc-browser-session';
import { KnownError } from '../../protocol/known-errors';
import { plainTextError } from '../../protocol/plain-text-errors';
import { isLocalhostName } from '../../protocol/localhost-names';
import { impersonationMarkerCookie } from '../impersonation-banner';
import { banRequestSchema, impersonationLinkQuery, uuidSchema } from '../../protocol/user-schemas';
import { noQueryParameters } from '../../protocol/wire-object';
import type { ApiApp } from '../api-app';

const userParams = v.strictObject({ user_id: uuidSchema });

/**
 * The link an admin opens: the code becomes the session, written into the cookies the hosted
 * screens keep it in (`stack-refresh-{project}`, and `stack-access` with the access token), which
 * last as long as the session; then the browser goes on to the project's account settings.
 */
async function openImpersonationLink(ctx: Context, request: Request, projectId: string, code: string): Promise<Response> {
  let tokens;
  try {
    tokens = await exchangeImpersonationCode(ctx, projectId, code);
  } catch (error) {
    if (error instanceof KnownError) throw plainTextError('IMPERSONATION_LINK_UNUSABLE', error.message);
    throw error;
  }
  const url = new URL(request.url);
  const secure = url.protocol === 'https:' || !isLocalhostName(url.hostname);
  const attributes = `Path=/; Max-Age=${Math.floor(impersonationLifetimeMillis / 1000)}; SameSite=Lax${secure ? '; Secure' : ''}`;
  const headers = new Headers({ location: `/projects/${encodeURIComponent(projectId)}/handler/account-settings`, 'cache-control': 'no-store' });
  headers.append('set-cookie', `${encodeURIComponent(sessionCookieName(projectId))}=${encodeURIComponent(tokens.refresh_token)}; ${attributes}`);
  headers.append('set-cookie', `stack-access=${encodeURIComponent(JSON.stringify([tokens.refresh_token, tokens.access_token]))}; ${attributes}`);
  // Tells the hosted pages to look for the session's banner (impersonation-banner.ts).
  headers.append('set-cookie', `${impersonationMarkerCookie}=1; ${attributes}`);
  return new Response(null, { status: 303, headers });
}

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
    .get(
      '/projects/:project_id/impersonation',
      async ({ params, query, request }) => await openImpersonationLink(ctx, request, params.project_id, query.code),
      { params: v.strictObject({ project_id: v.string() }), query: impersonationLinkQuery },
    );
}
