// GET /internal/metrics on a project seeded over HTTP under a controlled clock:
// sign-ups and token issues placed on chosen UTC days, then every figure checked exactly.
import { describe, expect, test } from 'bun:test';
import { writeTransaction } from '../../server/core/storage/transactions';
import { oauthAccounts } from '../../server/core/storage/tables';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import type { TestInstance } from '../support/instance';
import {
  as,
  call,
  createOwnedProject,
  createUser,
  expectKnownError,
  expectOk,
  expectUserView,
  makeProject,
  ownerHeaders,
  refreshFor,
  setProjectConfig,
  signUp,
  signUpAdmin,
} from '../support/admins';
import { withInstance } from '../support/file-instance';

const day = 24 * 60 * 60 * 1000;
const today = Math.floor(Date.now() / day);
/** Milliseconds of `dayOffset` days from today (UTC) at the given time of day. */
const at = (dayOffset: number, hours: number, minutes = 0, millis = 0) =>
  (today + dayOffset) * day + hours * 3_600_000 + minutes * 60_000 + millis;
const isoDate = (dayOffset: number) => new Date((today + dayOffset) * day).toISOString().slice(0, 10);

let t: TestInstance, project: BootstrappedProject, other: BootstrappedProject;
let now = 0;
const ids: Record<string, string> = {};

async function metricsOf(p: BootstrappedProject): Promise<any> {
  return expectOk(await call(t, 'GET', '/internal/metrics', { headers: as(p, 'admin') }));
}

withInstance(async (started) => {
  ({ t } = started);
  project = await makeProject(t, 'Measured');
  other = await makeProject(t, 'Elsewhere');
  await setProjectConfig(t, project, { magic_link_enabled: true });
  t.ctx.clock = { now: () => now };

  // old: signed up 40 days ago (before the series), active again 3 days ago.
  now = at(-40, 9);
  const old = await signUp(t, project);
  ids.old = old.user_id;
  // early and late: signed up 10 days ago, a minute apart; both active that day.
  now = at(-10, 10);
  const early = await signUp(t, project);
  ids.early = early.user_id;
  now = at(-10, 10, 1);
  const late = await signUp(t, project);
  ids.late = late.user_id;
  // A second token the same day counts once.
  now = at(-10, 15);
  expectOk(await refreshFor(t, project, early.refresh_token));

  now = at(-3, 8);
  expectOk(await refreshFor(t, project, old.refresh_token));
  now = at(-3, 9);
  expectOk(await refreshFor(t, project, early.refresh_token));
  // `late` is active just before and just after midnight: one count on each day.
  now = at(-3, 23, 59, 59_900);
  expectOk(await refreshFor(t, project, late.refresh_token));
  now = at(-2, 0, 0, 100);
  expectOk(await refreshFor(t, project, late.refresh_token));

  // Today: three users made by the server (no activity); one may sign in with a code.
  now = at(0, 1);
  ids.otp = (
    await createUser(t, project, { primary_email: 'otp@example.com', primary_email_auth_enabled: true, otp_auth_enabled: true })
  ).id;
  now = at(0, 2);
  ids.plain1 = (await createUser(t, project, { display_name: 'plain one' })).id;
  now = at(0, 3);
  ids.plain2 = (await createUser(t, project, { display_name: 'plain two' })).id;

  // Another project's users count only there.
  now = at(-1, 12);
  await signUp(t, other);
  now = at(0, 12);
});

describe('GET /internal/metrics', () => {
  test("has exactly the fields Stack's dashboard reads, with 31 daily points ending today", async () => {
    const metrics = await metricsOf(project);
    expect(Object.keys(metrics).sort()).toEqual(
      [
        'daily_active_users',
        'daily_users',
        'login_methods',
        'recently_active',
        'recently_registered',
        'total_users',
        'users_by_country',
      ].sort(),
    );
    for (const series of [metrics.daily_users, metrics.daily_active_users]) {
      expect(series).toHaveLength(31);
      expect(series[0].date).toBe(isoDate(-30));
      expect(series[30].date).toBe(isoDate(0));
      for (const point of series) {
        expect(Object.keys(point).sort()).toEqual(['activity', 'date']);
        expect(point.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(Number.isInteger(point.activity)).toBe(true);
      }
    }
    expect(metrics.users_by_country).toEqual({});
    for (const user of [...metrics.recently_registered, ...metrics.recently_active]) expectUserView(user, 'server');
  });

  test('counts users, daily sign-ups and distinct daily active users', async () => {
    const metrics = await metricsOf(project);
    expect(metrics.total_users).toBe(6);
    const nonZero = (series: { date: string; activity: number }[]) =>
      Object.fromEntries(series.filter((p) => p.activity !== 0).map((p) => [p.date, p.activity]));
    // `old` signed up 40 days ago, outside the series.
    expect(nonZero(metrics.daily_users)).toEqual({ [isoDate(-10)]: 2, [isoDate(0)]: 3 });
    expect(nonZero(metrics.daily_active_users)).toEqual({ [isoDate(-10)]: 2, [isoDate(-3)]: 3, [isoDate(-2)]: 1 });
  });

  test('lists the five newest users and the five most recently active', async () => {
    const metrics = await metricsOf(project);
    expect(metrics.recently_registered.map((u: any) => u.id)).toEqual([ids.plain2, ids.plain1, ids.otp, ids.late, ids.early]);
    expect(metrics.recently_active.map((u: any) => u.id)).toEqual([ids.plain2, ids.plain1, ids.otp, ids.late, ids.early]);
    const late = metrics.recently_active.find((u: any) => u.id === ids.late);
    expect(late.last_active_at_millis).toBe(at(-2, 0, 0, 100));
  });

  test('counts the sign-in methods users have', async () => {
    expect((await metricsOf(project)).login_methods).toEqual([
      { method: 'password', count: 3 },
      { method: 'otp', count: 1 },
    ]);
  });

  test('the counts follow deletions and sign-in method changes, whichever way they are made', async () => {
    const changing = await makeProject(t, 'Changing');
    await setProjectConfig(t, changing, { magic_link_enabled: true });
    const counts = async () => {
      const metrics = await metricsOf(changing);
      // daily_users comes from its own trigger-kept counter (migration 0018): it must follow too.
      return { total: metrics.total_users, signedUpToday: metrics.daily_users[30].activity, methods: metrics.login_methods };
    };
    const withPassword = await createUser(t, changing, { password: 'correct horse battery' });
    const withCode = await createUser(t, changing, {
      primary_email: 'code@example.com',
      primary_email_auth_enabled: true,
      otp_auth_enabled: true,
    });
    const bare = await createUser(t, changing, {});
    expect(await counts()).toEqual({
      total: 3,
      signedUpToday: 3,
      methods: [
        { method: 'otp', count: 1 },
        { method: 'password', count: 1 },
      ],
    });

    const update = (userId: string, body: Record<string, unknown>) =>
      call(t, 'PATCH', `/users/${userId}`, { headers: as(changing, 'server'), body });
    expectOk(await update(bare.id, { password: 'another good password' }));
    expectOk(await update(withCode.id, { otp_auth_enabled: false }));
    expectOk(await update(withPassword.id, { password: null }));
    expect(await counts()).toEqual({ total: 3, signedUpToday: 3, methods: [{ method: 'password', count: 1 }] });

    expectOk(await call(t, 'DELETE', `/users/${bare.id}`, { headers: as(changing, 'server') }));
    expect(await counts()).toEqual({ total: 2, signedUpToday: 2, methods: [] });
  });

  test('counts connected provider accounts by provider', async () => {
    const social = await makeProject(t, 'Social');
    const [first, second] = [
      await createUser(t, social, { display_name: 'first' }),
      await createUser(t, social, { display_name: 'second' }),
    ];
    const account = (userId: string, providerId: string) => ({
      id: crypto.randomUUID(),
      projectId: social.projectId,
      userId,
      providerId,
      providerAccountId: crypto.randomUUID(),
      createdAt: now,
    });
    await writeTransaction(
      t.ctx,
      async (tx) =>
        await tx
          .insert(oauthAccounts)
          .values([account(first.id, 'github'), account(second.id, 'github'), account(second.id, 'google')]),
    );
    expect((await metricsOf(social)).login_methods).toEqual([
      { method: 'github', count: 2 },
      { method: 'google', count: 1 },
    ]);
  });

  test('a day later the series moves on', async () => {
    now = at(1, 12);
    try {
      const metrics = await metricsOf(project);
      expect(metrics.daily_users[0].date).toBe(isoDate(-29));
      expect(metrics.daily_users[30]).toEqual({ date: isoDate(1), activity: 0 });
      expect(metrics.daily_users[29]).toEqual({ date: isoDate(0), activity: 3 });
    } finally {
      now = at(0, 12);
    }
  });

  test('another project sees only its own users', async () => {
    const metrics = await metricsOf(other);
    expect(metrics.total_users).toBe(1);
    expect(metrics.daily_users.find((p: any) => p.date === isoDate(-1)).activity).toBe(1);
    expect(metrics.daily_active_users.find((p: any) => p.date === isoDate(-1)).activity).toBe(1);
    expect(metrics.login_methods).toEqual([{ method: 'password', count: 1 }]);
  });

  test('an empty project has zeros and empty lists', async () => {
    const empty = await makeProject(t, 'Empty');
    const metrics = await metricsOf(empty);
    expect(metrics.total_users).toBe(0);
    expect(metrics.daily_users.every((p: any) => p.activity === 0)).toBe(true);
    expect(metrics.daily_active_users.every((p: any) => p.activity === 0)).toBe(true);
    expect(metrics.recently_registered).toEqual([]);
    expect(metrics.recently_active).toEqual([]);
    expect(metrics.login_methods).toEqual([]);
  });

  test('an owner reads its project’s metrics with its admin access token', async () => {
    const owner = await signUpAdmin(t);
    const owned = await createOwnedProject(t, owner, { display_name: 'Owned metrics' });
    const res = await call(t, 'GET', '/internal/metrics', { headers: ownerHeaders(owned.id, owner.access_token) });
    expect(expectOk(res).total_users).toBe(0);
  });

  test('admin only: client and server keys get INSUFFICIENT_ACCESS_TYPE; unknown query parameters SCHEMA_ERROR', async () => {
    for (const level of ['client', 'server'] as const) {
      const res = await call(t, 'GET', '/internal/metrics', { headers: as(project, level) });
      expectKnownError(res, 401, 'INSUFFICIENT_ACCESS_TYPE');
    }
    expectKnownError(await call(t, 'GET', '/internal/metrics'), 400, 'ACCESS_TYPE_REQUIRED');
    expectKnownError(await call(t, 'GET', '/internal/metrics?days=7', { headers: as(project, 'admin') }), 400, 'SCHEMA_ERROR');
  });
});
