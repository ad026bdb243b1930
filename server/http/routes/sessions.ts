// Sessions: the OAuth-style token endpoint the SDK refreshes through (and
// exchanges OAuth authorization codes at), the header-based refresh, sign-out, and
// server-created sessions.
import type { Context } from '../../core/storage/context';
import * as v from 'valibot';
import { requireAccess, requireUser, resolveMe, resolveUserIdForCaller } from '../../core/credentials/callers';
import { endUserSession, listUserSessions } from '../../core/auth/user-sessions';
import { userIdOrMeSchema, uuidSchema } from '../../protocol/user-schemas';
import { wireObject } from '../../protocol/wire-object';
import { createSession, endSession, exchangeTokenGrant, refreshAccessToken, type RefreshOrigin } from '../../core/auth/sessions';
import { reauthenticationSchema, sessionCreateSchema, tokenRequestSchema } from '../../protocol/auth-schemas';
import { reauthenticate } from '../../core/auth/recent-authentication';
import { knownError } from '../../protocol/known-errors';
import { parseRequestPart } from '../../protocol/validation-messages';
import { exchangeAuthorizationCode, OAuthRequestError } from '../../core/auth/authorization-code-grant';
import type { ApiApp } from '../api-app';
import { requestLine } from '../request-path';

function refreshTokenHeader(request: Request): string {
  const token = request.headers.get('x-stack-refresh-token');
  if (!token) {
    throw knownError(
      'SCHEMA_ERROR',
      `Request validation failed on ${requestLine(request)}:\n  - headers.x-stack-refresh-token must be defined`,
    );
  }
  return token;
}

const sessionListQuery = wireObject({ user_id: userIdOrMeSchema });
const sessionParams = v.strictObject({ session_id: uuidSchema });

function refreshOrigin(ip: string | null | undefined, request: Request): RefreshOrigin {
  return { ip: ip ?? null, userAgent: request.headers.get('user-agent') };
}

export function sessionRoutes(app: ApiApp, ctx: Context) {
  return app
    .post('/auth/oauth/token', async ({ body, origin, request }) => {
      const form = parseRequestPart(tokenRequestSchema, body, {
        method: 'POST',
        pathname: '/api/v1/auth/oauth/token',
        part: 'body',
      });
      const tokenAnswer = (body: Record<string, unknown>, status = 200) =>
        new Response(JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json; charset=utf-8', pragma: 'no-cache' },
        });
      const grantFields = {
        token_type: 'Bearer',
        expires_in: Math.floor(ctx.settings.accessTokenLifetimeMillis / 1000),
        scope: 'legacy',
      };
      if (form.grant_type === 'authorization_code') {
        let granted;
        try {
          granted = await exchangeAuthorizationCode(ctx, form);
        } catch (error) {
          if (!(error instanceof OAuthRequestError)) throw error;
          return tokenAnswer({ error: error.error, error_description: error.description }, 400);
        }
        // The camelCase copies are deprecated duplicates the SDK once read.
        return tokenAnswer({
          access_token: granted.access_token,
          ...grantFields,
          refresh_token: granted.refresh_token,
          is_new_user: granted.is_new_user,
          newUser: granted.is_new_user,
          after_callback_redirect_url: granted.after_callback_redirect_url,
          afterCallbackRedirectUrl: granted.after_callback_redirect_url,
        });
      }
      const refreshed = await exchangeTokenGrant(ctx, form, refreshOrigin(origin.ip, request));
      return tokenAnswer({
        access_token: refreshed.access_token,
        ...grantFields,
        ...(refreshed.refresh_token ? { refresh_token: refreshed.refresh_token } : {}),
      });
    })
    .post('/auth/sessions/current/refresh', async ({ auth, request, origin }) => {
      const caller = requireAccess(auth, 'client');
      return await refreshAccessToken(ctx, caller.projectId, refreshTokenHeader(request), refreshOrigin(origin.ip, request));
    })
    .post(
      '/auth/sessions/current/reauthenticate',
      async ({ auth, body, origin }) => {
        const caller = requireAccess(auth, 'client');
        return await reauthenticate(ctx, caller, requireUser(caller, 'USER_AUTHENTICATION_REQUIRED'), body, origin);
      },
      { body: reauthenticationSchema },
    )
    .get(
      '/auth/sessions',
      async ({ auth, request, query }) => {
        const caller = requireAccess(auth, 'client');
        const userId = resolveUserIdForCaller(caller, query.user_id);
        const current = request.headers.get('x-stack-refresh-token') ?? undefined;
        return { items: await listUserSessions(ctx, caller.projectId, userId, current), is_paginated: false };
      },
      { query: sessionListQuery },
    )
    .delete(
      '/auth/sessions/:session_id',
      async ({ auth, params, query }) => {
        const caller = requireAccess(auth, 'client');
        await endUserSession(ctx, caller.projectId, resolveUserIdForCaller(caller, query.user_id), params.session_id);
        return { success: true };
      },
      { params: sessionParams, query: sessionListQuery },
    )
    .delete('/auth/sessions/current', async ({ auth, request }) => {
      await endSession(ctx, requireAccess(auth, 'client').projectId, refreshTokenHeader(request));
      return { success: true };
    })
    .post(
      '/auth/sessions',
      async ({ auth, body }) => {
        const caller = requireAccess(auth, 'server');
        return await createSession(ctx, caller.projectId, resolveMe(caller, body.user_id), body.expires_in_millis);
      },
      { body: sessionCreateSchema },
    );
}
