// The authd session a browser brings to the authorization and logout endpoints: the hosted
// screens keep the refresh token in the `stack-refresh-{project}` cookie on authd's own origin
// (ui/client/token-stores.ts), so a navigation to the provider carries it.
import { and, eq } from 'drizzle-orm';
import { refreshTokens } from '../storage/tables';
import type { Context } from '../storage/context';
import { sha256Hex } from '../credentials/random-tokens';
import { firstRow } from '../storage/query-results';

export interface BrowserSession {
  userId: string;
  sessionId: string;
  /** When the user last proved a factor in this session: the ID token's `auth_time`. */
  authTime: number;
  refreshToken: string;
}

export function sessionCookieName(projectId: string): string {
  return `stack-refresh-${projectId}`;
}

/** The cookie's decoded value (the screens write it percent-encoded), or undefined. */
export function readSessionCookie(cookieHeader: string | null, projectId: string): string | undefined {
  const name = sessionCookieName(projectId);
  for (const part of (cookieHeader ?? '').split(';')) {
    const equals = part.indexOf('=');
    if (equals < 0 || part.slice(0, equals).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(equals + 1).trim()) || undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The live session of that refresh token in the project; a replaced or expired one is none. */
export async function findBrowserSession(ctx: Context, projectId: string, refreshToken: string | undefined): Promise<BrowserSession | null> {
  if (!refreshToken) return null;
  const row = firstRow(
    await ctx.db
      .select()
      .from(refreshTokens)
      .where(and(eq(refreshTokens.projectId, projectId), eq(refreshTokens.tokenHash, sha256Hex(refreshToken))))
      .limit(1),
  );
  if (!row || row.replacedAt !== null || row.expiresAt <= ctx.clock.now()) return null;
  return { userId: row.userId, sessionId: row.sessionId ?? row.id, authTime: row.verifiedAt ?? row.createdAt, refreshToken };
}
