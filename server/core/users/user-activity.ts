// User activity: every access token issued is activity. It moves the user's
// last_active_at and, at the user's first activity of a UTC day, adds one to that day's count
// of active users, which usage metrics report without scanning users.
import { and, eq, ne, or, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/connection';
import { dailyActiveUserCounts, users } from '../storage/tables';
import type { Context } from '../storage/context';
import { afterCommit, writeTransaction } from '../storage/transactions';
import { perDatabase, rememberBounded } from '../storage/database-memory';
import { prepared } from '../storage/prepared-queries';
import { activeDaysCountedByDatabase } from '../storage/dialect-sql';

export const dayMillis = 24 * 60 * 60 * 1000;

/** Days since the epoch of a UTC instant. */
export function utcDayOf(millis: number): number {
  return Math.floor(millis / dayMillis);
}

const updateLastActive = (db: Db) =>
  db
    .update(users)
    .set({ lastActiveAt: sql.placeholder('lastActiveAt') as unknown as number })
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare();

// Matches only when the user was not yet counted for the day, so two processes (server and CLI)
// recording the same user's first activity of a day count it once.
const markActiveDay = (db: Db) =>
  db
    .update(users)
    .set({
      lastActiveAt: sql.placeholder('lastActiveAt') as unknown as number,
      lastActiveDay: sql.placeholder('day') as unknown as number,
    })
    .where(
      and(
        eq(users.id, sql.placeholder('userId')),
        or(isNull(users.lastActiveDay), ne(users.lastActiveDay, sql.placeholder('day'))),
      ),
    )
    .returning({ projectId: users.projectId })
    .prepare();

const countActiveUser = (db: Db) =>
  db
    .insert(dailyActiveUserCounts)
    .values({
      projectId: sql.placeholder('projectId') as unknown as string,
      day: sql.placeholder('day') as unknown as number,
      activeUsers: 1,
    })
    .onConflictDoUpdate({
      target: [dailyActiveUserCounts.projectId, dailyActiveUserCounts.day],
      set: { activeUsers: sql`${dailyActiveUserCounts.activeUsers} + 1` },
    })
    .prepare();

// A user refreshing many times a second is written down at most once a second: the write would
// otherwise be most of a refresh's cost, and it empties the read caches each time. A new day
// is always written, so the daily count never misses a user active just after midnight.
const activityWriteIntervalMillis = 1000;
const maxRememberedWrites = 10_000;
const lastActivityWritesOf = perDatabase(() => new Map<string, number>());

export async function recordUserActivity(ctx: Context, userId: string, nowMillis: number): Promise<void> {
  const lastWrites = lastActivityWritesOf(ctx);
  const lastWrite = lastWrites.get(userId);
  const sameDayAsLastWrite = lastWrite !== undefined && utcDayOf(lastWrite) === utcDayOf(nowMillis);
  if (sameDayAsLastWrite && nowMillis - lastWrite < activityWriteIntervalMillis && nowMillis >= lastWrite) return;
  // Joins the caller's transaction when there is one (a sign-in records it with its session).
  await writeTransaction(ctx, async () => {
    if (sameDayAsLastWrite) {
      await prepared(ctx, updateLastActive).run({ userId, lastActiveAt: nowMillis });
      return;
    }
    const day = utcDayOf(nowMillis);
    const firstToday = await prepared(ctx, markActiveDay).get({ userId, lastActiveAt: nowMillis, day });
    if (firstToday) {
      if (!activeDaysCountedByDatabase()) await prepared(ctx, countActiveUser).run({ projectId: firstToday.projectId, day });
    } else await prepared(ctx, updateLastActive).run({ userId, lastActiveAt: nowMillis });
  });
  // Remembered once committed: joined to a caller's transaction that then fails and runs again,
  // the write was rolled back, and remembering it would make the second run skip it.
  afterCommit(ctx, () => rememberBounded(lastWrites, userId, nowMillis, maxRememberedWrites));
}
