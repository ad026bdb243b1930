// Decides whether an access token is known to be expired by reading its `exp` and `iat` claims
// without verifying the signature (the server verifies; the client only avoids sending stale tokens),
// on the server's clock as estimated from the `iat` of tokens just received.

/** Refresh this long before `exp` (the SDK's margin), but never more than a quarter of the token's life. */
const refreshMarginMillis = 20_000;

function decodeClaims(token: string): { exp?: unknown; iat?: unknown } | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return claims && typeof claims === 'object' ? (claims as { exp?: unknown; iat?: unknown }) : null;
  } catch {
    return null;
  }
}

/**
 * True when the token cannot be used any more at `nowMillis`: undecodable, or within the refresh
 * margin of its expiry. A token without `exp` never expires (as for the SDK).
 */
export function isAccessTokenExpired(token: string, nowMillis: number): boolean {
  const claims = decodeClaims(token);
  if (!claims) return true;
  if (typeof claims.exp !== 'number') return false;
  const expiresAt = claims.exp * 1000;
  const lifetime = typeof claims.iat === 'number' ? expiresAt - claims.iat * 1000 : Infinity;
  const margin = Math.min(refreshMarginMillis, Math.max(0, lifetime / 4));
  return nowMillis >= expiresAt - margin;
}

/** Below this, a difference between the clocks is noise (iat has one-second precision; the refresh margin absorbs it). */
const negligibleSkewMillis = 5_000;

/**
 * How far the server's clock is ahead of ours, judged from a token it has just issued (its `iat`
 * is the server's "now"). A client clock far ahead of the server's would otherwise see every
 * fresh token as expired and refresh before every call.
 */
export function serverClockOffsetMillis(freshToken: string, nowMillis: number): number {
  const issuedAt = decodeClaims(freshToken)?.iat;
  if (typeof issuedAt !== 'number') return 0;
  const offset = issuedAt * 1000 - nowMillis;
  return Math.abs(offset) < negligibleSkewMillis ? 0 : offset;
}
