// Finds the access token a request carries (Authorization: Bearer, the `x-stack-auth` header the
// client's getAuthHeaders() makes, or the `stack-access` cookie the browser client writes) and
// verifies it.
import { verifyAccessToken, type AccessTokenClaims, type AccessTokenVerifier, type VerifyOptions } from './access-token-verifier';
import { AccessTokenError } from './errors';

/** A Fetch `Request`, or anything with its headers: a `Headers`, or Node's `{ headers: { name: value } }`. */
export type RequestLike =
  { headers: Headers | { get(name: string): string | null } } | { headers: Record<string, string | string[] | undefined> };

export interface RequestOptions extends VerifyOptions {
  /** A verifier to reuse (its JWKS cache); default the one shared per base URL and project. */
  verifier?: AccessTokenVerifier;
}

function headerOf(request: RequestLike, name: string): string | null {
  const headers = request.headers as { get?: unknown } & Record<string, unknown>;
  if (typeof headers.get === 'function') return (headers.get as (n: string) => string | null).call(headers, name);
  const value = headers[name] ?? headers[name.toLowerCase()];
  if (Array.isArray(value)) return value.join(name === 'cookie' ? '; ' : ', ');
  return typeof value === 'string' ? value : null;
}

function cookieOf(cookieHeader: string | null, name: string): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) {
      try {
        return decodeURIComponent(part.slice(at + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** The access token a request carries, unverified, or null when it carries none. */
export function accessTokenFromRequest(request: RequestLike): string | null {
  const authorization = headerOf(request, 'authorization');
  const bearer = authorization ? /^Bearer\s+(\S+)$/i.exec(authorization.trim()) : null;
  if (bearer) return bearer[1]!;
  const stackAuth = headerOf(request, 'x-stack-auth');
  if (stackAuth) {
    try {
      const parsed = JSON.parse(stackAuth) as { accessToken?: unknown };
      if (typeof parsed.accessToken === 'string' && parsed.accessToken) return parsed.accessToken;
    } catch {
      // Not JSON: fall through to the cookie.
    }
  }
  // The browser client keeps `["<refresh token>", "<access token>"]` in this cookie.
  const pair = cookieOf(headerOf(request, 'cookie'), 'stack-access');
  if (pair) {
    try {
      const parsed: unknown = JSON.parse(pair);
      if (Array.isArray(parsed) && typeof parsed[1] === 'string' && parsed[1]) return parsed[1];
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * The signed-in user of a request: the claims of its access token, or null when it carries
 * none or one that is refused (expired, foreign, forged). Throws JwksUnavailableError when
 * authd's keys cannot be fetched, since that is no verdict on the token.
 */
export async function getUserFromRequest(request: RequestLike, options: RequestOptions): Promise<AccessTokenClaims | null> {
  const token = accessTokenFromRequest(request);
  if (!token) return null;
  try {
    return await (options.verifier ? options.verifier.verify(token) : verifyAccessToken(token, options));
  } catch (error) {
    if (error instanceof AccessTokenError && error.code !== 'JWKS_UNAVAILABLE') return null;
    throw error;
  }
}
