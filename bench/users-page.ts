// `bun bench/users-page.ts`: the calls the admin console's Users page makes, on one project of
// 1,000,000 users (BENCH_USERS) seeded in bulk straight into SQLite (bench/seed-users.ts), of
// whom every 10th has an unverified email and every 50th has multi-factor on. Each call is the
// console's own (admin access, 25 a page, newest first), made one at a time over HTTP on
// 127.0.0.1 after a warm-up: the time from request to the whole answer, so the server's time
// plus a loopback round trip. BENCH_REPEATS (default 30) calls of each; median, p95 and max.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openContext } from '../cmd/cli-support';
import { createApiKeySet, nonExpiringKeyMillis } from '../server/core/projects/api-keys';
import { bootstrapInstance } from '../server/core/projects/bootstrap';
import { createProject } from '../server/core/projects/projects';
import { defaultSettings, silentLogger } from '../server/core/storage/context';
import { startHttpServer } from '../server/http/server';
import { median } from './load';
import { seedUsers } from './seed-users';

const userCount = Number(process.env.BENCH_USERS ?? 1_000_000);
const repeats = Number(process.env.BENCH_REPEATS ?? 30);
const warmups = 3;
const pageSize = 25;
const dayMillis = 86_400_000;

const dataDir = mkdtempSync(join(tmpdir(), 'authd-bench-users-page-'));
const ctx = openContext(dataDir, 'production', silentLogger, { ...defaultSettings(), rateLimitsDisabled: true });
try {
  await bootstrapInstance(ctx);
  const projectId = await createProject(ctx, { display_name: 'Users page' });
  const keys = await createApiKeySet(ctx, projectId, {
    description: 'bench',
    expiresAtMillis: nonExpiringKeyMillis,
    keys: { super_secret_admin_key: true },
  });
  const seedStart = performance.now();
  const { deepCursor } = seedUsers(ctx, projectId, userCount);
  // The filters need both kinds: every 10th user's email unverified, every 50th with MFA.
  const sqlite = ctx.storage.sqlite;
  sqlite.transaction(() => {
    sqlite.run(
      `UPDATE contact_channels SET is_verified = 0 WHERE project_id = ? AND user_id IN
         (SELECT id FROM users WHERE project_id = ? AND rowid % 10 = 0)`,
      [projectId, projectId],
    );
    sqlite.run('UPDATE users SET requires_totp_mfa = 1 WHERE project_id = ? AND rowid % 50 = 0', [projectId]);
  })();
  sqlite.run('PRAGMA wal_checkpoint(TRUNCATE)');
  Bun.spawnSync(['sync']);
  console.log(`${userCount.toLocaleString('en-US')} users seeded in ${((performance.now() - seedStart) / 1000).toFixed(0)} s`);

  const server = startHttpServer(ctx, { host: '127.0.0.1', port: 0 });
  const headers = {
    'x-stack-project-id': projectId,
    'x-stack-access-type': 'admin',
    'x-stack-super-secret-admin-key': keys.super_secret_admin_key!,
  };
  const page = (extra: Record<string, string>) =>
    `${server.url}/api/v1/users?${new URLSearchParams({ limit: String(pageSize), desc: 'true', ...extra })}`;
  // The newest user signed up a second ago; a UTC day a week back holds 86,400 of them.
  const weekAgo = Math.floor((Date.now() - 7 * dayMillis) / dayMillis) * dayMillis;
  const calls: [string, string][] = [
    ['first page', page({})],
    ['search by email prefix ("person123456@")', page({ query: 'person123456@' })],
    ['search, a common prefix ("person1")', page({ query: 'person1' })],
    ['filter: email not verified', page({ primary_email_verified: 'false' })],
    ['filter: multi-factor on', page({ requires_totp_mfa: 'true' })],
    [
      'filter: signed up on one UTC day a week ago',
      page({ signed_up_after: String(weekAgo), signed_up_before: String(weekAgo + dayMillis) }),
    ],
    ['filter: not verified and multi-factor on', page({ primary_email_verified: 'false', requires_totp_mfa: 'true' })],
    ['a page 90 % down (cursor)', page({ cursor: deepCursor })],
  ];
  console.log(`\n| call (admin, ${pageSize} a page, newest first) | median | p95 | max | rows |\n|---|---|---|---|---|`);
  for (const [name, url] of calls) {
    const times: number[] = [];
    let rows = 0;
    for (let i = 0; i < warmups + repeats; i++) {
      const started = performance.now();
      const response = await fetch(url, { headers });
      const body = (await response.json()) as { items?: unknown[] };
      const elapsed = performance.now() - started;
      if (response.status !== 200) throw new Error(`${name}: ${response.status} ${JSON.stringify(body)}`);
      rows = body.items!.length;
      if (i >= warmups) times.push(elapsed);
    }
    times.sort((a, b) => a - b);
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    console.log(
      `| ${name} | ${ms(median(times))} | ${ms(times[Math.ceil(times.length * 0.95) - 1]!)} | ${ms(times[times.length - 1]!)} | ${rows} |`,
    );
  }
  await server.stop();
} finally {
  ctx.storage.close();
  rmSync(dataDir, { recursive: true, force: true });
}
