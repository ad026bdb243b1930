// Usage metrics of a project (`GET /internal/metrics`). Every figure comes from a
// counter row, a counter table's last 31 days or the first rows of an index, never from a
// pass over every user, so the call stays fast with a million users (`bench/metrics.ts`).
import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/connection';
import { dailyActiveUserCounts, dailySignUpCounts, oauthAccounts, projectUserCounts, users } from '../storage/tables';
import type { UserServerView } from '../../protocol/user-schemas';
import type { Context } from '../storage/context';
import { prepared } from '../storage/prepared-queries';
import { dayMillis, utcDayOf } from './user-activity';
import { userServerViews } from './user-views';

export interface DailyFigure {
  /** UTC date, YYYY-MM-DD. */
  date: string;
  activity: number;
}

export interface UsageMetrics {
  total_users: number;
  daily_users: DailyFigure[];
  daily_active_users: DailyFigure[];
  users_by_country: Record<string, number>;
  recently_registered: UserServerView[];
  recently_active: UserServerView[];
  login_methods: { method: string; count: number }[];
}

/** Days before today that the series start at: today and the 30 days before it, as Stack reports. */
const seriesDaysBeforeToday = 30;
const recentUsersShown = 5;

// Kept by triggers on `users` (db/schema.ts), so no user row is counted here.
const selectUserCounts = (db: Db) =>
  db
    .select()
    .from(projectUserCounts)
    .where(eq(projectUserCounts.projectId, sql.placeholder('projectId')))
    .prepare();

// Kept by triggers on `users` (migration 0018): a month of a fast-growing project is 31 rows,
// where counting its users by sign-up day read every one of them (263 ms at a million).
const selectSignUpsByDay = (db: Db) =>
  db
    .select({ day: dailySignUpCounts.day, n: dailySignUpCounts.signUps })
    .from(dailySignUpCounts)
    .where(
      and(eq(dailySignUpCounts.projectId, sql.placeholder('projectId')), gte(dailySignUpCounts.day, sql.placeholder('since'))),
    )
    .prepare();

const selectActiveUsersByDay = (db: Db) =>
  db
    .select({ day: dailyActiveUserCounts.day, n: dailyActiveUserCounts.activeUsers })
    .from(dailyActiveUserCounts)
    .where(
      and(
        eq(dailyActiveUserCounts.projectId, sql.placeholder('projectId')),
        gte(dailyActiveUserCounts.day, sql.placeholder('since')),
      ),
    )
    .prepare();

const selectNewestUsers = (db: Db) =>
  db
    .select()
    .from(users)
    .where(eq(users.projectId, sql.placeholder('projectId')))
    .orderBy(desc(users.signedUpAt))
    .limit(recentUsersShown)
    .prepare();

const selectRecentlyActiveUsers = (db: Db) =>
  db
    .select()
    .from(users)
    .where(eq(users.projectId, sql.placeholder('projectId')))
    .orderBy(desc(users.lastActiveAt))
    .limit(recentUsersShown)
    .prepare();

// Read from the (project, provider, account) unique index alone.
const countOAuthAccountsByProvider = (db: Db) =>
  db
    .select({ method: oauthAccounts.providerId, n: count() })
    .from(oauthAccounts)
    .where(eq(oauthAccounts.projectId, sql.placeholder('projectId')))
    .groupBy(oauthAccounts.providerId)
    .prepare();

function isoDate(day: number): string {
  return new Date(day * dayMillis).toISOString().slice(0, 10);
}

/** One figure per day from `firstDay` to `lastDay`, zero where nothing was counted. */
function dailySeries(firstDay: number, lastDay: number, counted: { day: number; n: number }[]): DailyFigure[] {
  const byDay = new Map(counted.map((row) => [Number(row.day), row.n]));
  const series: DailyFigure[] = [];
  for (let day = firstDay; day <= lastDay; day++) series.push({ date: isoDate(day), activity: byDay.get(day) ?? 0 });
  return series;
}

export async function readUsageMetrics(ctx: Context, projectId: string): Promise<UsageMetrics> {
  const today = utcDayOf(ctx.clock.now());
  const firstDay = today - seriesDaysBeforeToday;
  const newest = await prepared(ctx, selectNewestUsers).all({ projectId });
  // Both lists' views in one batch: a handful of queries rather than several per user.
  const recentViews = await userServerViews(ctx.db, [
    ...newest,
    ...(await prepared(ctx, selectRecentlyActiveUsers).all({ projectId })),
  ]);

  const counts = await prepared(ctx, selectUserCounts).get({ projectId });
  const loginMethods = [
    { method: 'password', count: counts?.passwordUserCount ?? 0 },
    { method: 'otp', count: counts?.otpUserCount ?? 0 },
    ...(await prepared(ctx, countOAuthAccountsByProvider).all({ projectId })).map((row) => ({
      method: row.method,
      count: row.n,
    })),
  ]
    // As in Stack, a method nobody uses is not listed.
    .filter((entry) => entry.count > 0)
    .sort((a, b) => b.count - a.count || a.method.localeCompare(b.method));

  return {
    total_users: counts?.userCount ?? 0,
    daily_users: dailySeries(firstDay, today, await prepared(ctx, selectSignUpsByDay).all({ projectId, since: firstDay })),
    daily_active_users: dailySeries(
      firstDay,
      today,
      await prepared(ctx, selectActiveUsersByDay).all({ projectId, since: firstDay }),
    ),
    // authd keeps no address-to-country database, so it reports no countries.
    users_by_country: {},
    recently_registered: recentViews.slice(0, newest.length),
    recently_active: recentViews.slice(newest.length),
    login_methods: loginMethods,
  };
}
