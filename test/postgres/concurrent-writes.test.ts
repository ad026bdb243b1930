// Two `authd serve` processes on one PostgreSQL database, writing the same rows at the same
// moment. Write transactions on PostgreSQL run side by side (SERIALIZABLE, retried on a
// serialisation failure, with unique indexes under the uniqueness rules), so a rule that reads,
// decides and writes must still hold when the same request reaches both instances at once.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { SQL } from 'bun';
import { withAuditOrigin } from '../../server/core/audit/audit-origin';
import { guessThrottlePolicy } from '../../server/core/credentials/guess-throttle';
import { sha256Hex } from '../../server/core/credentials/random-tokens';
import { refreshTokenReuseGraceMillis } from '../../server/core/auth/sessions';
import { createApiKeySet, nonExpiringKeyMillis, revokeApiKeySet } from '../../server/core/projects/api-keys';
import { createPermissionDefinition } from '../../server/core/projects/permission-definitions';
import { updateProject } from '../../server/core/projects/projects';
import { defaultSettings, silentLogger } from '../../server/core/storage/context';
import { openPostgresDatabase, type OpenedPostgresContext } from '../../server/core/storage/open-context';
import { callApi, startServeProcess, type ApiResult, type ServeProcess } from '../support/instance';
import { codeFromEmail, startSmtpReceiver, type SmtpReceiver } from '../support/smtp-receiver';
import { dropTestDatabases, testDatabase } from './postgres-support';
import { maxVerificationAttempts } from '../../server/core/credentials/verification-codes';

const instanceKey = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64');
const password = 'concurrent writers on one database';

let smtp: SmtpReceiver, a: ServeProcess, b: ServeProcess;
let demo: { project_id: string; publishable_client_key: string; secret_server_key: string };
/** The operator's CLI beside the two servers: a third process on the database, for admin writes. */
let operator: OpenedPostgresContext;
/** Straight to the database, for what no API shows (audit rows, a token's replacement time). */
let database: SQL;

beforeAll(async () => {
  const databaseUrl = await testDatabase();
  smtp = await startSmtpReceiver();
  // Behind a trusted proxy, so the lockout test can come from many addresses.
  const start = () =>
    startServeProcess(databaseUrl, ['--smtp', smtp.url], undefined, undefined, { AUTHD_INSTANCE_KEY: instanceKey, AUTHD_TRUST_PROXY: '1' });
  a = await start();
  demo = a.events.find((e) => e.event === 'project_created' && e.project_id !== 'internal') as typeof demo;
  b = await start();
  process.env.AUTHD_INSTANCE_KEY = instanceKey;
  operator = await openPostgresDatabase(databaseUrl, 'development', silentLogger, defaultSettings());
  database = new SQL({ url: databaseUrl, max: 1 });
}, 60_000);

afterAll(async () => {
  for (const server of [a, b]) server?.process.kill('SIGKILL');
  await Promise.all([a?.process.exited, b?.process.exited]);
  await operator?.storage.close();
  await database?.close();
  await smtp?.stop();
  await dropTestDatabases();
}, 30_000);

const asOperator = <T>(work: () => Promise<T>) =>
  withAuditOrigin({ actorType: 'cli', actorId: 'test', ip: () => null, userAgent: 'authd test' }, work);

const headers = (level: 'client' | 'server'): Record<string, string> => ({
  'x-stack-project-id': demo.project_id,
  'x-stack-access-type': level,
  ...(level === 'client'
    ? { 'x-stack-publishable-client-key': demo.publishable_client_key }
    : { 'x-stack-secret-server-key': demo.secret_server_key }),
});

const v1 = (server: ServeProcess, method: string, path: string, level: 'client' | 'server', body?: unknown, extra: Record<string, string> = {}) =>
  callApi(server.url, method, `/api/v1${path}`, { headers: { ...headers(level), ...extra }, body });

const unique = (label: string) => `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com`;

/** A user made by the server, with a session of its own: no password to hash. */
async function userWithSession(server: ServeProcess, email = unique('user')): Promise<{ id: string; email: string; accessToken: string; refreshToken: string }> {
  const user = await v1(server, 'POST', '/users', 'server', { primary_email: email, primary_email_auth_enabled: true });
  expect(user.status).toBe(201);
  const session = await v1(server, 'POST', '/auth/sessions', 'server', { user_id: user.json.id });
  expect(session.status).toBe(200);
  return { id: user.json.id, email, accessToken: session.json.access_token, refreshToken: session.json.refresh_token };
}

/** Each answer as "status code", the code being the known error's, or "ok". */
const outcomes = (results: ApiResult[]) =>
  results.map((res) => `${res.status} ${res.status < 300 ? 'ok' : (res.json?.code ?? res.text.slice(0, 200))}`);

const tally = (values: string[]) => {
  const counts: Record<string, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
};

/** `count` copies of one request, alternating between A and B, all in flight together. */
const onBoth = (count: number, send: (server: ServeProcess) => Promise<ApiResult>) =>
  Promise.all(Array.from({ length: count }, (_, i) => send(i % 2 === 0 ? a : b)));

describe('concurrent writes of one row through two instances', () => {
  test('50 sign-ups with one email: exactly one account, the other 49 get USER_EMAIL_ALREADY_EXISTS', async () => {
    const email = `same-${Date.now().toString(36)}@example.com`;
    // Each from an address of its own, so the per-address sign-up limit never answers first.
    let sent = 0;
    const results = await onBoth(50, (server) =>
      v1(server, 'POST', '/auth/password/sign-up', 'client', { email, password }, { 'x-forwarded-for': `10.50.0.${++sent}` }),
    );
    expect(tally(outcomes(results))).toEqual({ '200 ok': 1, '409 USER_EMAIL_ALREADY_EXISTS': 49 });
    const listed = await v1(a, 'GET', `/users?query=${encodeURIComponent(email)}`, 'server');
    expect(listed.status).toBe(200);
    expect(listed.json.items.filter((user: { primary_email: string }) => user.primary_email === email)).toHaveLength(1);
  }, 60_000);

  test('20 adds of one member to one team: one membership, the other 19 get TEAM_MEMBERSHIP_ALREADY_EXISTS', async () => {
    const user = await v1(a, 'POST', '/users', 'server', { primary_email: `member-${Date.now().toString(36)}@example.com` });
    expect(user.status).toBe(201);
    const team = await v1(b, 'POST', '/teams', 'server', { display_name: 'racing adds' });
    expect(team.status).toBe(201);
    const results = await onBoth(20, (server) => v1(server, 'POST', `/team-memberships/${team.json.id}/${user.json.id}`, 'server', {}));
    expect(tally(outcomes(results))).toEqual({ '201 ok': 1, '409 TEAM_MEMBERSHIP_ALREADY_EXISTS': 19 });
    const members = await v1(b, 'GET', `/users?team_id=${team.json.id}`, 'server');
    expect(members.status).toBe(200);
    expect(members.json.items.map((member: { id: string }) => member.id)).toEqual([user.json.id]);
  }, 60_000);
});

describe('the counts every sign-up raises, under concurrent writers', () => {
  // The project's user count, its sign-ups per day and its active users per day are kept in
  // shards of the writing server process (PostgreSQL migration 0016), summed by views of the
  // old names: every writer adds to its own row, so the sum must still be exact.
  test('40 users made, each with a session, and 10 of them deleted at once through both instances: each count equals the users table', async () => {
    const project = demo.project_id;
    const countsOf = async () => {
      const [row] = await database`SELECT
          (SELECT user_count FROM project_user_counts WHERE project_id = ${project}) AS counted,
          (SELECT count(*)::int FROM users WHERE project_id = ${project}) AS users,
          (SELECT coalesce(sum(sign_ups), 0)::int FROM daily_sign_up_counts WHERE project_id = ${project}) AS sign_ups,
          (SELECT active_users FROM daily_active_user_counts WHERE project_id = ${project} AND day = ${Math.floor(Date.now() / 86_400_000)}) AS active_today,
          (SELECT count(*)::int FROM users WHERE project_id = ${project} AND last_active_day = ${Math.floor(Date.now() / 86_400_000)}) AS users_active_today`;
      return row as { counted: number; users: number; sign_ups: number; active_today: number; users_active_today: number };
    };
    const before = await countsOf();
    const made = await onBoth(40, (server) => v1(server, 'POST', '/users', 'server', { primary_email: unique('counted'), primary_email_auth_enabled: true }));
    expect(tally(outcomes(made))).toEqual({ '201 ok': 40 });
    const sessions = await Promise.all(made.map((user, i) => v1(i % 2 === 0 ? b : a, 'POST', '/auth/sessions', 'server', { user_id: user.json.id })));
    expect(tally(outcomes(sessions))).toEqual({ '200 ok': 40 });
    const deleted = await Promise.all(made.slice(0, 10).map((user, i) => v1(i % 2 === 0 ? a : b, 'DELETE', `/users/${user.json.id}`, 'server')));
    expect(tally(outcomes(deleted))).toEqual({ '200 ok': 10 });
    const after = await countsOf();
    expect(after.users).toBe(before.users + 30);
    expect(after.counted).toBe(after.users);
    // Sign-ups per day count every user ever made, less the deleted ones, like the user count.
    expect(after.sign_ups).toBe(before.sign_ups + 30);
    // A user's first session of the day counts them active once; deleting a user leaves the day's count.
    expect(after.active_today).toBe((before.active_today ?? 0) + 40);
    expect(after.users_active_today).toBe((before.users_active_today ?? 0) + 30);
    // Written by more than one server process: the sums really are over several rows.
    const [shards] = await database`SELECT count(*)::int AS n FROM project_user_count_shards WHERE project_id = ${project}`;
    expect(shards.n).toBeGreaterThan(1);
  }, 60_000);

  test('30 updates of one user\'s metadata at once through both instances: every one succeeds, the last one written stays', async () => {
    const user = await userWithSession(a);
    const results = await onBoth(30, (server) => {
      const note = `update ${Math.random().toString(36).slice(2)}`;
      return v1(server, 'PATCH', `/users/${user.id}`, 'server', { client_metadata: { note } }).then((res) => Object.assign(res, { note }));
    });
    expect(tally(outcomes(results))).toEqual({ '200 ok': 30 });
    const sent = new Set(results.map((res) => (res as ApiResult & { note: string }).note));
    const stored = await v1(b, 'GET', `/users/${user.id}`, 'server');
    expect(sent.has(stored.json.client_metadata.note)).toBe(true);
    // Each update was one user.updated audit-free write; none was lost to a failed retry.
    const [row] = await database`SELECT client_metadata FROM users WHERE id = ${user.id}`;
    expect(JSON.parse(row.client_metadata).note).toBe(stored.json.client_metadata.note);
  }, 60_000);

  test('an update racing the user\'s deletion either lands before it or is refused: never a 500', async () => {
    for (let round = 0; round < 5; round++) {
      const user = await userWithSession(a);
      const [patches, removal] = await Promise.all([
        onBoth(10, (server) => v1(server, 'PATCH', `/users/${user.id}`, 'server', { display_name: `racing ${round}` })),
        v1(b, 'DELETE', `/users/${user.id}`, 'server'),
      ]);
      expect(removal.status).toBe(200);
      for (const outcome of outcomes(patches)) expect(['200 ok', '404 USER_NOT_FOUND']).toContain(outcome);
      const [left] = await database`SELECT count(*)::int AS n FROM users WHERE id = ${user.id}`;
      expect(left.n).toBe(0);
    }
  }, 60_000);
});

/** How many audit events of `type` name `userId`. */
async function auditCount(type: string, userId: string): Promise<number> {
  const [row] = await database`SELECT count(*)::int AS n FROM audit_events WHERE type = ${type} AND subject_user_id = ${userId}`;
  return row.n;
}

describe('concurrent grants and revokes of one permission', () => {
  // The grant's guard is the primary key of team_member_permissions (its ON CONFLICT DO NOTHING
  // keeps one row, and only the insert that made it is audited); the revoke's is its DELETE's
  // row lock (of two revokes, one deletes the row, the other finds none).
  test('10 grants and 10 revokes at once, three rounds: the answers, the audit trail and the final grant agree', async () => {
    await asOperator(() => createPermissionDefinition(operator, demo.project_id, { id: 'edit_reports' }));
    const member = await userWithSession(a);
    const team = await v1(b, 'POST', '/teams', 'server', { display_name: 'racing grants' });
    expect(team.status).toBe(201);
    expect((await v1(a, 'POST', `/team-memberships/${team.json.id}/${member.id}`, 'server', {})).status).toBe(201);
    const path = `/team-permissions/${team.json.id}/${member.id}/edit_reports`;
    const revokeAnswers: string[] = [];
    for (let round = 0; round < 3; round++) {
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => {
          const server = (i + round) % 2 === 0 ? a : b;
          return i % 2 === 0 ? v1(server, 'POST', path, 'server', {}) : v1(server, 'DELETE', path, 'server');
        }),
      );
      const answers = outcomes(results);
      expect(answers.filter((_, i) => i % 2 === 0)).toEqual(Array(10).fill('201 ok'));
      revokeAnswers.push(...answers.filter((_, i) => i % 2 === 1));
    }
    // A revoke finding no grant gets Stack's answer for it.
    expect(revokeAnswers.filter((answer) => answer !== '200 ok' && answer !== '401 TEAM_PERMISSION_NOT_FOUND')).toEqual([]);
    const rows = await database`SELECT 1 FROM team_member_permissions WHERE team_id = ${team.json.id} AND user_id = ${member.id} AND permission_id = 'edit_reports'`;
    expect(rows.length).toBeLessThanOrEqual(1);
    const granted = await auditCount('permission.granted', member.id);
    const revoked = await auditCount('permission.revoked', member.id);
    // Every revoke that answered success removed a grant some audited insert made, and what is
    // left is the one grant not yet revoked, or none.
    expect(revoked).toBe(revokeAnswers.filter((answer) => answer === '200 ok').length);
    expect(granted - revoked).toBe(rows.length);
    const listed = await v1(b, 'GET', `/team-permissions?team_id=${team.json.id}&user_id=${member.id}`, 'server');
    const ids = listed.json.items.map((item: { id: string }) => item.id).filter((id: string) => id === 'edit_reports');
    expect(ids).toEqual(rows.length === 1 ? ['edit_reports'] : []);
  }, 60_000);
});

describe('an API key revoked while in use', () => {
  // The guard is the write generation (write_generation_slots): the revoking commit raises it,
  // and each instance's cache of key answers is dropped at its next reading.
  test('requests stream through both instances; every one sent after the revocation returns is refused', async () => {
    const keySet = await asOperator(() =>
      createApiKeySet(operator, demo.project_id, { description: 'in use', expiresAtMillis: nonExpiringKeyMillis, keys: { secret_server_key: true } } as never),
    );
    const key = (keySet as unknown as { secret_server_key: string }).secret_server_key;
    const withKey = (server: ServeProcess) =>
      callApi(server.url, 'GET', '/api/v1/users?limit=1', {
        headers: { 'x-stack-project-id': demo.project_id, 'x-stack-access-type': 'server', 'x-stack-secret-server-key': key },
      });
    for (const server of [a, b]) expect((await withKey(server)).status).toBe(200);
    let revoked = false;
    const after: ApiResult[] = [];
    // Eight clients keep both instances busy with the key (and its cached answer warm) while it is revoked.
    const clients = Array.from({ length: 8 }, async (_, i) => {
      const server = i % 2 === 0 ? a : b;
      for (let sent = 0; sent < 400; sent++) {
        const sentAfterRevocation = revoked;
        const res = await withKey(server);
        if (sentAfterRevocation) {
          after.push(res);
          if (after.length >= 40) return;
        }
      }
    });
    await asOperator(() => revokeApiKeySet(operator, demo.project_id, (keySet as unknown as { id: string }).id));
    revoked = true;
    await Promise.all(clients);
    expect(after.length).toBeGreaterThanOrEqual(40);
    expect(tally(outcomes(after))).toEqual({ [`401 INVALID_SECRET_SERVER_KEY`]: after.length });
  }, 60_000);
});

describe('concurrent refreshes of one refresh token, rotation on', () => {
  // The guard is the claim (UPDATE ... WHERE replaced_at IS NULL, under SERIALIZABLE): one
  // refresh writes the successor, the others find the token replaced moments ago and answer the
  // same successor, which is derived from the token (sessions.ts), within the grace window.
  test('20 refreshes at once: all succeed with one same new token; a reuse in the window answers it; after the window it ends the family', async () => {
    await asOperator(() => updateProject(operator, demo.project_id, { config: { refresh_token_rotation_enabled: true } } as never));
    const user = await userWithSession(a);
    const refresh = (server: ServeProcess, token: string) =>
      v1(server, 'POST', '/auth/sessions/current/refresh', 'client', undefined, { 'x-stack-refresh-token': token });
    const results = await onBoth(20, (server) => refresh(server, user.refreshToken));
    expect(tally(outcomes(results))).toEqual({ '200 ok': 20 });
    const handedOut = new Set(results.map((res) => res.json.refresh_token));
    expect(handedOut.size).toBe(1);
    const [next] = handedOut;
    expect(next).not.toBe(user.refreshToken);
    const live = await database`SELECT token_hash FROM refresh_tokens WHERE user_id = ${user.id} AND replaced_at IS NULL`;
    expect(live.map((row: { token_hash: string }) => row.token_hash)).toEqual([sha256Hex(next)]);

    // A tab that raced and lost, a moment later, through either instance: the same token again.
    for (const server of [a, b]) expect((await refresh(server, user.refreshToken)).json.refresh_token).toBe(next);

    // The window passes (the replacement moved back past it): the old token's reuse now ends the
    // whole family, the new token with it.
    await database`UPDATE refresh_tokens SET replaced_at = replaced_at - ${refreshTokenReuseGraceMillis + 1000} WHERE user_id = ${user.id} AND replaced_at IS NOT NULL`;
    expect(outcomes([await refresh(b, user.refreshToken)])).toEqual(['401 REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED']);
    expect(outcomes([await refresh(a, next)])).toEqual(['401 REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED']);
  }, 60_000);
});

describe('one team invitation accepted at once', () => {
  /**
   * `count` users with sessions, made on alternating instances; a team with one invitation code
   * emailed to a new address; and every user accepting that code at once, through both instances.
   */
  async function acceptAtOnce(count: number, teamName: string, inviteePrefix: string) {
    const invited = unique(inviteePrefix);
    const takers = await Promise.all(Array.from({ length: count }, (_, i) => userWithSession(i % 2 === 0 ? a : b)));
    const team = await v1(a, 'POST', '/teams', 'server', { display_name: teamName });
    expect(team.status).toBe(201);
    const sent = await v1(a, 'POST', '/team-invitations/send-code', 'server', {
      team_id: team.json.id,
      email: invited,
      callback_url: 'http://localhost:3000/handler/team-invitation',
    });
    expect(sent.status).toBe(200);
    const code = codeFromEmail(await smtp.waitFor(invited, (m) => m.subject.startsWith('You have been invited')));
    const results = await Promise.all(
      takers.map((taker, i) =>
        v1(i % 2 === 0 ? a : b, 'POST', '/team-invitations/accept', 'client', { code }, { 'x-stack-access-token': taker.accessToken }),
      ),
    );
    return { takers, team, results };
  }

  // The guard is SERIALIZABLE: each accept reads the code unused and marks it used; of two that
  // read it at once, one commits and the other is run again and finds it used. (Accepted by twenty
  // different users, as a forwarded link may be: by one user, the membership's primary key would
  // stop a second use too. Twenty is the code's number of tries: a 21st submission is refused as
  // VERIFICATION_CODE_MAX_ATTEMPTS_REACHED by the rule, whatever the race.)
  test(`${maxVerificationAttempts} users accept one code at once, through both instances: one joins, the others get VERIFICATION_CODE_ALREADY_USED`, async () => {
    const { takers, team, results } = await acceptAtOnce(maxVerificationAttempts, 'racing invitations', 'invited');
    expect(tally(outcomes(results))).toEqual({ '200 ok': 1, '409 VERIFICATION_CODE_ALREADY_USED': maxVerificationAttempts - 1 });
    const joined = takers[results.findIndex((res) => res.status === 200)]!;
    const members = await v1(b, 'GET', `/users?team_id=${team.json.id}`, 'server');
    expect(members.json.items.map((member: { id: string }) => member.id)).toEqual([joined.id]);
  }, 60_000);

  // More takers than tries: each submission is counted before it is checked, and it is its own
  // place in that count that decides "too many" (not the count when its check runs), so one of the
  // first twenty still joins even when all thirty were counted before any check.
  test(`${maxVerificationAttempts + 10} users at once: still exactly one joins; only submissions past the ${maxVerificationAttempts}th may be refused as too many`, async () => {
    const { team, results } = await acceptAtOnce(maxVerificationAttempts + 10, 'a crowd at one invitation', 'invited-crowd');
    const tallied = tally(outcomes(results));
    expect(tallied['200 ok']).toBe(1);
    const tooMany = tallied['400 VERIFICATION_CODE_MAX_ATTEMPTS_REACHED'] ?? 0;
    expect(tooMany).toBeLessThanOrEqual(10);
    expect(tallied).toEqual({
      '200 ok': 1,
      '409 VERIFICATION_CODE_ALREADY_USED': maxVerificationAttempts + 9 - tooMany,
      ...(tooMany > 0 ? { '400 VERIFICATION_CODE_MAX_ATTEMPTS_REACHED': tooMany } : {}),
    });
    const members = await v1(b, 'GET', `/users?team_id=${team.json.id}`, 'server');
    expect(members.json.items).toHaveLength(1);
  }, 60_000);
});

describe('the per-account lockout across instances', () => {
  // The guard is the row lock of shared_counters (SELECT ... FOR UPDATE in shared-counters.ts):
  // each guess reads and raises the account's count after the one before it committed.
  test('wrong passwords from 120 addresses at once, through both instances: exactly the backstop is let through, then both refuse', async () => {
    const { accountBackstopFailures } = guessThrottlePolicy;
    const email = unique('locked');
    const created = await v1(a, 'POST', '/users', 'server', { primary_email: email, primary_email_auth_enabled: true, password });
    expect(created.status).toBe(201);
    const signIn = (server: ServeProcess, address: string, attempt: string) =>
      v1(server, 'POST', '/auth/password/sign-in', 'client', { email, password: attempt }, { 'x-forwarded-for': address });
    const guesses = accountBackstopFailures + 20;
    const results = await onBoth(guesses, (server) => signIn(server, `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`, 'wrong password, surely'));
    const statuses = tally(results.map((res) => String(res.status)));
    expect(statuses).toEqual({ '400': accountBackstopFailures, '429': guesses - accountBackstopFailures });
    expect(results.filter((res) => res.status === 400).every((res) => res.json?.code === 'EMAIL_PASSWORD_MISMATCH')).toBe(true);
    // The right password from a new address is refused by both: the account is locked.
    for (const [server, address] of [[a, '10.78.0.1'], [b, '10.78.0.2']] as const) {
      const refused = await signIn(server, address, password);
      expect(refused.status).toBe(429);
      expect(refused.text).toStartWith('Too many failed attempts for this account');
    }
  }, 60_000);
});
