// OAuth as the app's authorization server: authorize sends the browser to the
// provider, the callback brings it back to the app. No project headers: these are navigations.
// The token endpoint lives with the refresh grant in sessions.ts.
import type { Context } from '../../core/storage/context';
import { oauthAuthorizeQuerySchema } from '../../protocol/oauth-schemas';
import { parseRequestPart } from '../../protocol/validation-messages';
import type { AuthdOrigins } from '../../core/auth/authd-origins';
import type { RequestOrigin } from '../../core/credentials/rate-limits';
import { finishAuthorization, innerCookiePrefix, startAuthorization } from '../../core/auth/authorization-flow';
import type { ApiApp } from '../api-app';
import { knownErrorResponse } from '../error-responses';
import { navigationRefusal, projectOfState } from '../navigation-refusals';
import { requestPath } from '../request-path';

function readCookies(request: Request): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const equals = part.indexOf('=');
    if (equals > 0) cookies[part.slice(0, equals).trim()] = part.slice(equals + 1).trim();
  }
  return cookies;
}

function redirect(location: string, setCookie?: string): Response {
  const headers = new Headers({ location, 'content-type': 'application/json; charset=utf-8' });
  if (setCookie) headers.append('set-cookie', setCookie);
  return new Response('{}', { status: 307, headers });
}

async function callback(
  ctx: Context,
  request: Request,
  origins: AuthdOrigins,
  providerId: string,
  input: unknown,
): Promise<Response> {
  const fields = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  const text = (name: string) => (typeof fields[name] === 'string' ? (fields[name] as string) : undefined);
  const params = { state: text('state'), code: text('code'), error: text('error'), error_description: text('error_description') };
  // The inner cookie has done its job either way.
  const clearCookie = `${innerCookiePrefix}${params.state}=; Path=/; Expires=${new Date(0).toUTCString()}; Max-Age=0; HttpOnly`;
  let outcome;
  try {
    outcome = await finishAuthorization(ctx, providerId, params, readCookies(request), origins);
  } catch (error) {
    const toCard = await navigationRefusal(ctx, request, origins.public, projectOfState(params.state), error, {
      'set-cookie': clearCookie,
    });
    if (toCard) return toCard;
    throw error;
  }
  if (outcome.kind === 'redirect') return redirect(outcome.location, clearCookie);
  const toCard = await navigationRefusal(ctx, request, origins.public, projectOfState(params.state), outcome.error, {
    'set-cookie': clearCookie,
  });
  if (toCard) return toCard;
  const response = knownErrorResponse(outcome.error);
  response.headers.append('set-cookie', clearCookie);
  return response;
}

/** authorize as the wire has it: the redirect to the provider with the inner cookie. */
async function authorize(
  ctx: Context,
  request: Request,
  origins: AuthdOrigins,
  requestOrigin: RequestOrigin,
  providerId: string,
  query: unknown,
): Promise<Response> {
  const parsed = parseRequestPart(oauthAuthorizeQuerySchema, query, {
    method: 'GET',
    pathname: requestPath(request.url),
    part: 'query',
  });
  const { location, cookie } = await startAuthorization(ctx, providerId, parsed, origins, requestOrigin);
  // As Stack sets it: Expires as well as Max-Age, and no SameSite, because a provider that
  // returns by form POST (Apple) comes back cross-site and a Lax cookie would not be sent.
  const expires = new Date(ctx.clock.now() + cookie.maxAgeSeconds * 1000).toUTCString();
  const attributes = [`Path=/`, `Expires=${expires}`, `Max-Age=${cookie.maxAgeSeconds}`, 'HttpOnly'];
  if (cookie.secure) attributes.push('Secure');
  return redirect(location, `${cookie.name}=${cookie.value}; ${attributes.join('; ')}`);
}

export function oauthRoutes(app: ApiApp, ctx: Context) {
  return app
    .get('/auth/oauth/authorize/:provider_id', async ({ params, query, request, authdOrigins, origin }) => {
      const origins = authdOrigins();
      try {
        return await authorize(ctx, request, origins, origin, params.provider_id, query);
      } catch (error) {
        const clientId = (query as Record<string, unknown>).client_id;
        const projectId = typeof clientId === 'string' ? clientId : null;
        const toCard = await navigationRefusal(ctx, request, origins.public, projectId, error);
        if (toCard) return toCard;
        throw error;
      }
    })
    .get(
      '/auth/oauth/callback/:provider_id',
      async ({ params, query, request, authdOrigins }) => await callback(ctx, request, authdOrigins(), params.provider_id, query),
    )
    .post(
      '/auth/oauth/callback/:provider_id',
      async ({ params, body, request, authdOrigins }) => await callback(ctx, request, authdOrigins(), params.provider_id, body),
    );
}
