// A user's sessions (one per sign-in: a refresh token, or a rotated chain of them): listed with
// when and from where each was last used, ended one at a time or all at once. The user manages
// their own (client access), the server and the admin CLI and TUI anyone's. The tokens themselves
// are never shown; only their digests are stored. An ended session's access tokens are refused
// from then on (session-revocations.ts).
import { and, desc, eq, isNull, or } from 'drizzle-orm';
import { plainTextError } from '../../protocol/plain-text-errors';
import { sha256Hex } from '../credentials/random-tokens';
import { refreshTokens } from '../storage/tables';
import type { Context } from '../storage/context';
import { writeTransaction } from '../storage/transactions';
import { requireUserRow } from '../storage/user-queries';
import { recordAuditEvent } from '../audit/audit-log';
import { recordSessionRevocations } from '../credentials/session-revocations';

export interface UserSessionView {
  /** Stays the same across rotations: the sign-in's first token's id. */
  id: string;
  user_id: string;
  created_at_millis: number;
  expires_at_millis: number;
  last_used_at_millis: number | null;
  last_used_ip: string | null;
  last_used_user_agent: string | null;
  /** The session whose refresh token came with the request (the caller's own device). */
  is_current_session: boolean;
}

/** Newest first; `currentRefreshToken` marks the caller's own session. */
export async function listUserSessions(ctx: Context, projectId: string, userId: string, currentRefreshToken?: string): Promise<UserSessionView[]> {
  await requireUserRow(ctx.db, projectId, userId);
  const currentHash = currentRefreshToken === undefined ? undefined : sha256Hex(currentRefreshToken);
  return (
    (
      await ctx.db
        .select()
        .from(refreshTokens)
        // A rotated session's replaced tokens are kept only to recognise their reuse.
        .where(and(eq(refreshTokens.projectId, projectId), eq(refreshTokens.userId, userId), isNull(refreshTokens.replacedAt)))
        .orderBy(desc(refreshTokens.createdAt))
    ).map((row) => ({
      id: row.sessionId ?? row.id,
      user_id: row.userId,
      created_at_millis: row.createdAt,
      expires_at_millis: row.expiresAt,
      last_used_at_millis: row.lastUsedAt,
      last_used_ip: row.lastUsedIp,
      last_used_user_agent: row.lastUsedUserAgent,
      is_current_session: row.tokenHash === currentHash,
    }))
  );
}

/** Ends one session of the user (every token of that sign-in); 404 text when it is not theirs. */
export async function endUserSession(ctx: Context, projectId: string, userId: string, sessionId: string): Promise<void> {
  await writeTransaction(ctx, async (tx) => {
    await requireUserRow(tx, projectId, userId);
    const ended = await tx
      .delete(refreshTokens)
      .where(
        and(
          eq(refreshTokens.projectId, projectId),
          eq(refreshTokens.userId, userId),
          or(eq(refreshTokens.id, sessionId), eq(refreshTokens.sessionId, sessionId)),
        ),
      )
      .returning({ id: refreshTokens.id });
    if (ended.length === 0) throw plainTextError('SESSION_NOT_FOUND');
    await recordSessionRevocations(ctx, tx, projectId, [sessionId]);
    await recordAuditEvent(ctx, { projectId, type: 'session.revoked', userId, details: { session_id: sessionId } });
  });
}

/** Ends every session of the user, and their access tokens with them. Returns how many ended. */
export async function signOutEverywhere(ctx: Context, projectId: string, userId: string): Promise<number> {
  return await writeTransaction(ctx, async (tx) => {
    await requireUserRow(tx, projectId, userId);
    const deleted = await tx
      .delete(refreshTokens)
      .where(and(eq(refreshTokens.projectId, projectId), eq(refreshTokens.userId, userId)))
      .returning({ id: refreshTokens.id, sessionId: refreshTokens.sessionId, replacedAt: refreshTokens.replacedAt });
    await recordSessionRevocations(
      ctx,
      tx,
      projectId,
      deleted.map((token) => token.sessionId ?? token.id),
    );
    const ended = deleted.filter((token) => token.replacedAt === null).length;
    await recordAuditEvent(ctx, { projectId, type: 'session.revoked', userId, details: { all: true, ended } });
    return ended;
  });
}
