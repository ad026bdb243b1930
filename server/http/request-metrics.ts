// `serve --metrics` on the HTTP side: GET /metrics and its access rule, the route pattern each
// request is counted under, and sign-in/sign-up outcomes read off the answers of the routes that
// sign people in. Nothing here runs unless the Context has metrics.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context } from '../core/storage/context';
import type { AuthAction } from '../core/storage/context';
import { isLoopbackAddress } from '../protocol/localhost-names';
import { textResponse } from './error-responses';

/** The Elysia route pattern each API request matched, recorded by api-app.ts when metrics are on. */
const matchedRoutes = new WeakMap<Request, string>();

export function rememberMatchedRoute(ctx: Context, request: Request, route: string): void {
  if (ctx.metrics) matchedRoutes.set(request, route);
}

/**
 * The `route` label: a pattern with its parameters (`/api/v1/users/:user_id`), never the raw path,
 * so ids do not make a series each. Paths outside the API fall into a few fixed names.
 */
export function routeLabel(request: Request, pathname: string): string {
  const matched = matchedRoutes.get(request);
  if (matched) return matched;
  if (pathname === '/health' || pathname === '/health/ready' || pathname === '/metrics' || pathname === '/') return pathname;
  if (pathname === '/api' || pathname.startsWith('/api/')) return '/api/v1 (no route)';
  if (/^\/(projects\/[^/]+\/)?handler(\/|$)/.test(pathname)) return '/handler (screens)';
  return '(other)';
}

/** The routes that sign someone in or up, by `METHOD pattern`. */
const authRoutes: Record<string, { method: string; action: AuthAction | 'from_answer' }> = {
  'POST /api/v1/auth/password/sign-in': { method: 'password', action: 'sign_in' },
  'POST /api/v1/auth/password/sign-up': { method: 'password', action: 'sign_up' },
  'POST /api/v1/auth/passkey/sign-in': { method: 'passkey', action: 'sign_in' },
  'POST /api/v1/auth/mfa/sign-in': { method: 'totp', action: 'sign_in' },
  // A magic link's first use creates the user: the answer's is_new_user tells which it was.
  'POST /api/v1/auth/otp/sign-in': { method: 'magic_link', action: 'from_answer' },
  // Also the refresh grant: only the code exchange's answer has is_new_user (see countAuthAttempt).
  'POST /api/v1/auth/oauth/token': { method: 'oauth', action: 'from_answer' },
};

/** Known errors of the OAuth code exchange (the token route's other grant, refresh, is not a sign-in). */
const oauthCodeExchangeErrors = new Set(['INVALID_AUTHORIZATION_CODE', 'REDIRECT_URL_NOT_WHITELISTED']);

/** Counts a sign-in or sign-up from an API answer before the wire headers are added. */
export async function countAuthAttempt(ctx: Context, request: Request, response: Response): Promise<void> {
  const metrics = ctx.metrics;
  const route = matchedRoutes.get(request);
  if (!metrics || !route) return;
  const auth = authRoutes[`${request.method} ${route}`];
  if (!auth) return;
  const knownError = response.headers.get('x-stack-known-error');
  if (response.status >= 200 && response.status < 300) {
    let action = auth.action;
    if (action === 'from_answer') {
      const answer = (await response
        .clone()
        .json()
        .catch(() => null)) as { is_new_user?: unknown } | null;
      if (typeof answer?.is_new_user !== 'boolean') return; // a token refresh
      action = answer.is_new_user ? 'sign_up' : 'sign_in';
    }
    metrics.countAuthAttempt(action, auth.method, 'success');
    return;
  }
  if (auth.method === 'oauth' && !(knownError && oauthCodeExchangeErrors.has(knownError))) return;
  const action = auth.action === 'from_answer' ? 'sign_in' : auth.action;
  metrics.countAuthAttempt(action, auth.method, knownError ? knownError.toLowerCase() : `http_${response.status}`);
}

export interface MetricsAccess {
  /** The caller's address as the socket (or authd's own TLS front) gives it, never a forwarded one. */
  socketAddress: string;
  /** `--metrics-token`: lets non-loopback callers in with `Authorization: Bearer <token>`. */
  token?: string;
}

/**
 * GET /metrics. A loopback caller gets it freely, unless the request came through a proxy (it
 * carries X-Forwarded-For or Forwarded): a reverse proxy on the same host would otherwise hand the
 * metrics to the whole internet. Anyone else needs the configured bearer token; without one
 * configured they get 403, which says how to allow them.
 */
export async function metricsResponse(ctx: Context, request: Request, access: MetricsAccess): Promise<Response> {
  const metrics = ctx.metrics!;
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    const response = textResponse(405, `Method ${request.method} is not allowed`);
    response.headers.set('allow', 'GET, HEAD');
    return response;
  }
  const presented = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '')?.[1];
  const proxied = request.headers.has('x-forwarded-for') || request.headers.has('forwarded');
  const allowed =
    (access.token !== undefined && presented !== undefined && sameSecret(presented, access.token)) ||
    (presented === undefined && !proxied && isLoopbackAddress(access.socketAddress));
  if (!allowed) {
    if (access.token === undefined) {
      return textResponse(
        403,
        'GET /metrics answers loopback callers only; start authd with --metrics-token to let others in with a bearer token.',
      );
    }
    const response = textResponse(401, 'GET /metrics needs Authorization: Bearer <the --metrics-token value>.');
    response.headers.set('www-authenticate', 'Bearer realm="authd metrics"');
    return response;
  }
  const body = await metrics.exposition();
  return new Response(request.method === 'HEAD' ? null : body, {
    headers: { 'content-type': metrics.contentType, 'cache-control': 'no-store' },
  });
}

/** Compared as SHA-256 digests: equal length, so the time taken says nothing about the token. */
function sameSecret(presented: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(presented), digest(expected));
}
