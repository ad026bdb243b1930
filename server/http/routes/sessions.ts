// Sessions (wire §3.4–3.6): the OAuth-style token endpoint the SDK refreshes through, the
// header-based refresh, sign-out, and server-created sessions.
import type { Context } from '../../core/context';
import { requireAccess, requireUser } from '../../core/request-auth';
import { createSession, endSession, exchangeTokenGrant, refreshAccessToken } from '../../core/sessions';
import { sessionCreateSchema, tokenRequestSchema } from '../../protocol/auth-schemas';
import { knownError } from '../../protocol/known-errors';
import { parseRequestPart } from '../../protocol/validation-messages';
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
      const accessToken = await exchangeTokenGrant(ctx, form);
      return new Response(
        JSON.stringify({
          access_token: accessToken,
          token_type: 'Bearer',
          expires_in: Math.floor(ctx.settings.accessTokenLifetimeMillis / 1000),
          scope: 'legacy',
        }),
        { status: 200, headers: { 'content-type': 'application/json; charset=utf-8', pragma: 'no-cache' } },
      );
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
        const userId = body.user_id === 'me' ? requireUser(caller, 'CANNOT_GET_OWN_USER_WITHOUT_USER') : body.user_id;
        return createSession(ctx, caller.projectId, userId, body.expires_in_millis);
      },
      { body: sessionCreateSchema },
    );
}
