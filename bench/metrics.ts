// `bun bench/metrics.ts`: how long GET /internal/metrics takes for a project with a million
// users. Seeds a temporary database (one bulk transaction), serves it on 127.0.0.1 and times the
// call over HTTP, printing the median and slowest of several runs. A measurement, not a test.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openContext } from '../cmd/cli-support';
import { createApiKeySet, nonExpiringKeyMillis } from '../server/core/projects/api-keys';
import { bootstrapInstance } from '../server/core/projects/bootstrap';
import { silentLogger } from '../server/core/storage/context';
import { createProject } from '../server/core/projects/projects';
import { dayMillis } from '../server/core/users/user-activity';
import { startHttpServer } from '../server/http/server';

const userCount = Number(process.env.BENCH_USERS ?? 1_000_000);
const runs = Number(process.env.BENCH_RUNS ?? 15);
/** Users sign up evenly over this many days before now. */
const historyDays = 730;

const dataDir = mkdtempSync(join(tmpdir(), 'authd-bench-metrics-'));
const ctx = openContext(dataDir, 'production', silentLogger);
const storage = ctx.storage;

function seed(projectId: string): void {
  const now = Date.now();
  const today = Math.floor(now / dayMillis);
  // A stand-in argon2id string: only whether a hash is present matters to the metrics.
  const fakeHash = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaA';
  const insertUser = storage.sqlite.prepare(
    `INSERT INTO users (id, project_id, display_name, display_name_folded, signed_up_at, last_active_at, last_active_day,
       password_hash, otp_auth_enabled, requires_totp_mfa)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0)`,
  );
  const insertDailyCount = storage.sqlite.prepare(
    'INSERT INTO daily_active_user_counts (project_id, day, active_users) VALUES (?, ?, ?)',
  );
  storage.sqlite.transaction(() => {
    for (let i = 0; i < userCount; i++) {
      const signedUpAt = now - Math.floor(Math.random() * historyDays * dayMillis);
      const lastActiveAt = signedUpAt + Math.floor(Math.random() * (now - signedUpAt));
      const name = `user ${i}`;
      insertUser.run(
        crypto.randomUUID(),
        projectId,
        name,
        name,
        signedUpAt,
        lastActiveAt,
        Math.floor(lastActiveAt / dayMillis),
        Math.random() < 0.85 ? fakeHash : null,
        Math.random() < 0.2 ? 1 : 0,
      );
    }
    for (let day = today - historyDays; day <= today; day++) {
      insertDailyCount.run(projectId, day, Math.floor(Math.random() * userCount * 0.05));
    }
  })();
  storage.sqlite.run('ANALYZE');
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

try {
  await bootstrapInstance(ctx);
  const projectId = await createProject(ctx, { display_name: 'A million users' });
  const keys = await createApiKeySet(ctx, projectId, {
    description: 'bench',
    expiresAtMillis: nonExpiringKeyMillis,
    keys: { super_secret_admin_key: true },
  });

  const seedStart = performance.now();
  seed(projectId);
  console.log(`seeded ${userCount.toLocaleString('en-US')} users in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

  const server = startHttpServer(ctx, { host: '127.0.0.1', port: 0 });
  const headers = {
    'x-stack-project-id': projectId,
    'x-stack-access-type': 'admin',
    'x-stack-super-secret-admin-key': keys.super_secret_admin_key!,
  };
  const timings: number[] = [];
  let totalUsers = 0;
  // One run more than reported: the first warms the page cache and prepares the statements.
  for (let run = 0; run <= runs; run++) {
    const start = performance.now();
    const response = await fetch(`${server.url}/api/v1/internal/metrics`, { headers });
    const body = (await response.json()) as { total_users: number };
    const elapsed = performance.now() - start;
    if (response.status !== 200) throw new Error(`metrics answered ${response.status}: ${JSON.stringify(body)}`);
    totalUsers = body.total_users;
    if (run > 0) timings.push(elapsed);
  }
  await server.stop();
  console.log(
    `GET /internal/metrics with ${totalUsers.toLocaleString('en-US')} users: median ${median(timings).toFixed(1)} ms, ` +
      `slowest ${Math.max(...timings).toFixed(1)} ms over ${runs} runs`,
  );
} finally {
  storage.close();
  rmSync(dataDir, { recursive: true, force: true });
}
