// Whether a user's ban holds at a given instant, and the refusal every way in gives while it does.
// A ban is its start (bannedAt) and an optional end (bannedUntil): it lifts itself at that end,
// with nothing to run then, because every check compares with the clock.
import { knownError } from '../../protocol/known-errors';
import type { Context } from '../storage/context';
import { findUserRow } from '../storage/user-queries';

export interface BanColumns {
  bannedAt: number | null;
  bannedUntil: number | null;
}

export function banHolds(user: BanColumns, now: number): boolean {
  return user.bannedAt !== null && (user.bannedUntil === null || user.bannedUntil > now);
}

/** Throws USER_BANNED while the ban holds. */
export function refuseBannedUser(user: BanColumns, now: number): void {
  if (banHolds(user, now)) throw knownError('USER_BANNED', user.bannedUntil);
}

/** Whether the ban of a user known only by id holds now; a user who is gone is not banned (callers refuse that themselves). */
export async function userBanned(ctx: Context, projectId: string, userId: string): Promise<boolean> {
  const row = await findUserRow(ctx.db, projectId, userId);
  return row !== undefined && banHolds(row, ctx.clock.now());
}
