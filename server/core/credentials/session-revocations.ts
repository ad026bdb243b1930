// Revoked sessions, so that their access tokens (which name their session in `sid`) are refused
// within seconds instead of running to their expiry. The list is in the database, so every
// instance on one PostgreSQL sees it; each instance keeps a copy in memory, read again at most
// every few seconds, so checking a token costs no query. A revocation made by this process counts
// at once, one made by another instance once this one's copy is next read.
import { and, eq, gt, lt, ne } from 'drizzle-orm';
import type { Context } from '../storage/context';
import { perDatabase } from '../storage/database-memory';
import { refreshTokens, revokedSessions } from '../storage/tables';
import { afterCommit, type DbWriter, type Tx } from '../storage/transactions';
import { sha256Hex } from './random-tokens';

/** How old this instance's copy of the list may be before a token check reads it again. */
export const revocationListMaxAgeMillis = 2_000;

const revocationListOf = perDatabase(() => ({
  /** Session id → when the last access token it covers expires. */
  revoked: new Map<string, number>(),
  /** performance.now() when the copy was read, not the Context's clock, which tests may stop. */
  readAt: -Infinity,
  reading: null as Promise<void> | null,
}));

/**
 * Records, inside the caller's transaction, that these sessions ended: their access tokens are
 * refused from now on. Rows whose tokens have all expired are deleted here, so the list stays as
 * long as the revocations of one access-token lifetime.
 */
export async function recordSessionRevocations(
  ctx: Context,
  tx: Tx,
  projectId: string,
  sessionIds: readonly string[],
): Promise<void> {
  const unique = [...new Set(sessionIds)];
  if (unique.length === 0) return;
  const now = ctx.clock.now();
  // Tokens issued up to now live at most one lifetime more.
  const expiresAt = now + ctx.settings.accessTokenLifetimeMillis;
  await tx.delete(revokedSessions).where(lt(revokedSessions.expiresAt, now));
  await tx
    .insert(revokedSessions)
    .values(unique.map((sessionId) => ({ sessionId, projectId, revokedAt: now, expiresAt })))
    .onConflictDoUpdate({ target: revokedSessions.sessionId, set: { expiresAt } });
  afterCommit(ctx, () => {
    const list = revocationListOf(ctx);
    for (const sessionId of unique) list.revoked.set(sessionId, expiresAt);
  });
}

async function readRevocationList(ctx: Context): Promise<void> {
  const list = revocationListOf(ctx);
  const startedAt = performance.now();
  const rows = await ctx.db
    .select({ sessionId: revokedSessions.sessionId, expiresAt: revokedSessions.expiresAt })
    .from(revokedSessions)
    .where(gt(revokedSessions.expiresAt, ctx.clock.now()));
  list.revoked = new Map(rows.map((row) => [row.sessionId, row.expiresAt]));
  list.readAt = startedAt;
}

/** Whether the session an access token names was revoked since the token was issued. */
export async function isSessionRevoked(ctx: Context, sessionId: string): Promise<boolean> {
  const list = revocationListOf(ctx);
  if (performance.now() - list.readAt >= revocationListMaxAgeMillis) {
    // Concurrent requests share one reading.
    list.reading ??= readRevocationList(ctx).finally(() => (list.reading = null));
    await list.reading;
  }
  const expiresAt = list.revoked.get(sessionId);
  return expiresAt !== undefined && expiresAt > ctx.clock.now();
}

/** Ends every session of the user except, optionally, the one holding `keepRefreshToken`. */
export async function endOtherSessions(
  ctx: Context,
  tx: DbWriter,
  projectId: string,
  userId: string,
  keepRefreshToken?: string,
): Promise<void> {
  const condition = keepRefreshToken
    ? and(eq(refreshTokens.userId, userId), ne(refreshTokens.tokenHash, sha256Hex(keepRefreshToken)))
    : eq(refreshTokens.userId, userId);
  const ended = await tx
    .delete(refreshTokens)
    .where(condition)
    .returning({ id: refreshTokens.id, sessionId: refreshTokens.sessionId });
  // The kept token's own replaced predecessors go too, but its session lives on.
  const kept = keepRefreshToken
    ? await tx
        .select({ id: refreshTokens.id, sessionId: refreshTokens.sessionId })
        .from(refreshTokens)
        .where(eq(refreshTokens.userId, userId))
    : [];
  const keptSessions = new Set(kept.map((row) => row.sessionId ?? row.id));
  const endedSessions = ended.map((row) => row.sessionId ?? row.id).filter((id) => !keptSessions.has(id));
  await recordSessionRevocations(ctx, tx, projectId, endedSessions);
}
