// Banning a user (a support action): from then on, until `until` or until lifted, every sign-in,
// refresh and code is refused with USER_BANNED, and the sessions the user had are ended in the
// same transaction, so their access tokens stop at once. The reason is for the project's admins
// only; the user is never shown it.
import { eq } from 'drizzle-orm';
import { plainTextError } from '../../protocol/plain-text-errors';
import { users } from '../storage/tables';
import type { Context } from '../storage/context';
import { writeTransaction } from '../storage/transactions';
import { requireUserRow } from '../storage/user-queries';
import { recordAuditEvent } from '../audit/audit-log';
import { readUserServerView } from '../users/user-views';
import type { UserServerView } from '../../protocol/user-schemas';
import { signOutEverywhere } from './user-sessions';

export interface BanRequest {
  /** When the ban ends by itself (ms since 1970); absent or null: until lifted. */
  banned_until_millis?: number | null;
  /** Why, for the project's admins. */
  ban_reason?: string | null;
}

export async function banUser(ctx: Context, projectId: string, userId: string, request: BanRequest): Promise<Readonly<UserServerView>> {
  const now = ctx.clock.now();
  const until = request.banned_until_millis ?? null;
  if (until !== null && until <= now) throw plainTextError('BAN_UNTIL_IN_THE_PAST');
  const reason = request.ban_reason?.trim() || null;
  await writeTransaction(ctx, async (tx) => {
    await requireUserRow(tx, projectId, userId);
    await tx.update(users).set({ bannedAt: now, bannedUntil: until, banReason: reason }).where(eq(users.id, userId));
    const ended = await signOutEverywhere(ctx, projectId, userId);
    await recordAuditEvent(ctx, {
      projectId,
      type: 'user.banned',
      userId,
      details: { banned_until_millis: until, reason, ended_sessions: ended },
    });
  });
  return await readUserServerView(ctx, projectId, userId);
}

/** Lifts the ban (a user who is not banned stays as they are, and nothing is recorded). */
export async function unbanUser(ctx: Context, projectId: string, userId: string): Promise<Readonly<UserServerView>> {
  await writeTransaction(ctx, async (tx) => {
    const row = await requireUserRow(tx, projectId, userId);
    if (row.bannedAt === null) return;
    await tx.update(users).set({ bannedAt: null, bannedUntil: null, banReason: null }).where(eq(users.id, userId));
    await recordAuditEvent(ctx, { projectId, type: 'user.unbanned', userId });
  });
  return await readUserServerView(ctx, projectId, userId);
}
