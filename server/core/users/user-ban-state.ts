// Whether a user's ban holds at a given instant, and the refusal every way in gives while it does.
// A ban is its start (bannedAt) and an optional end (bannedUntil): it lifts itself at that end,
// with nothing to run then, because every check compares with the clock.
import { KnownError, knownError } from '../../protocol/known-errors';
import { readUserServerView } from './user-views';
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

/**
 * USER_BANNED for a user known only by id while the ban holds. Refreshes are frequent, so this
 * reads the cached server view (emptied by any write, a ban included), not the row.
 */
export async function refuseIfUserBanned(ctx: Context, projectId: string, userId: string): Promise<void> {
  let view;
  try {
    view = await readUserServerView(ctx, projectId, userId);
  } catch (error) {
    if (error instanceof KnownError && error.code === 'USER_NOT_FOUND') return;
    throw error;
  }
  refuseBannedUser({ bannedAt: view.banned_at_millis, bannedUntil: view.banned_until_millis }, ctx.clock.now());
}
