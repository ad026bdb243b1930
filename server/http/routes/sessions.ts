// Sessions (wire §3.4–3.6): the OAuth-style token endpoint the SDK refreshes through (and
// exchanges OAuth authorization codes at, wire §7.3), the header-based refresh, sign-out, and
// server-created sessions.
import type { Context } from '../../core/context';
import { requireAccess, resolveMe } from '../../core/request-auth';
import { createSession, endSession, exchangeTokenGrant, refreshAccessToken } from '../../core/sessions';
import { sessionCreateSchema, tokenRequestSchema } from '../../protocol/auth-schemas';
import { knownError } from '../../protocol/known-errors';
import { parseRequestPart } from '../../protocol/validation-messages';
import { exchangeAuthorizationCode, OAuthRequestError } from '../../oauth/authorization-code-grant';
import type { ApiApp } from '../api-app';
import { requestLine } from '../request-path';

function refreshTokenHeader(request: Request): string {
  const token = request.headers.get('x-stack-refresh-token');
  if (!token) {
    throw knownError(
      'SCHEMA_ERROR',
      `Request validation failed on ${requestLine(request)}:\n  - headers.x-stack-refresh-token: is required`,
    );
  }
  return token;
}

export function sessionRoutes(app: ApiApp, ctx: Context) {
  return app
    .post('/auth/oauth/token', async ({ body }) => {
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
        // The camelCase copies are deprecated duplicates the SDK once read (wire §7.3).
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
      const accessToken = await exchangeTokenGrant(ctx, form);
      return tokenAnswer({ access_token: accessToken, ...grantFields });
    })
    .post('/auth/sessions/current/refresh', async ({ auth, request }) => {
      const caller = requireAccess(auth, 'client');
      return { access_token: await refreshAccessToken(ctx, caller.projectId, refreshTokenHeader(request)) };
    })
    .delete('/auth/sessions/current', ({ auth, request }) => {
      endSession(ctx, requireAccess(auth, 'client').projectId, refreshTokenHeader(request));
      return { success: true };
    })
    .post(
      '/auth/sessions',
      async ({ auth, body }) => {
        const caller = requireAccess(auth, 'server');
        return createSession(ctx, caller.projectId, resolveMe(caller, body.user_id), body.expires_in_millis);
      },
      { body: sessionCreateSchema },
    );
}
