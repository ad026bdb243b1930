// `bun bench/copy.ts`: how fast `authd copy` moves an instance to PostgreSQL and back, and
// whether the instance that comes back answers as the one that left. Seeds a data directory in
// bulk with BENCH_USERS users (default 100,000), each with a verified primary email, adds a team
// with members and a signed-in user through the core, then times the copy to a fresh PostgreSQL
// database (scripts/ensure-postgres.ts) and from there to a new data directory, in rows per
// second. Baseline, measured in the same run: an `authd backup` of the same directory (SQLite's
// VACUUM INTO, a page copy with no per-row work). Then both directories are served side by side
// and the same API calls (every page of the user list, users one by one, searches, teams, the
// project, its keys, the metrics, a refresh) must get the same status and body from both.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropTestDatabase, ensurePostgres } from '../scripts/ensure-postgres';
import { bootstrapInstance } from '../server/core/projects/bootstrap';
import { backupDatabase } from '../server/core/operations/backups';
import { defaultSettings, silentLogger } from '../server/core/storage/context';
import { copyDatabase } from '../server/core/operations/database-copy';
import { openDataDirectory } from '../server/core/storage/open-context';
import { createSession } from '../server/core/auth/sessions';
import { addTeamMember } from '../server/core/teams/team-memberships';
import { serverCaller } from '../server/core/teams/team-callers';
import { createTeam } from '../server/core/teams/teams';
import { startHttpServer } from '../server/http/server';
import type { ApiKeySetCreationView } from '../server/protocol/api-key-schemas';

const userCount = Number(process.env.BENCH_USERS ?? 100_000);
const dayMillis = 86_400_000;

interface Seeded {
  projectId: string;
  keys: ApiKeySetCreationView;
  refreshToken: string;
}

async function seedUsers(dataDir: string): Promise<Seeded> {
  const ctx = openDataDirectory(dataDir, 'development', silentLogger, defaultSettings());
  try {
    const demo = (await bootstrapInstance(ctx)).find((project) => project.projectId !== 'internal')!;
    const projectId = demo.projectId;
    const userIds: string[] = [];
    const sqlite = ctx.storage.sqlite;
    const insertUser = sqlite.prepare(
      `INSERT INTO users (id, project_id, display_name, display_name_folded, signed_up_at, last_active_at, last_active_day, password_hash)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const insertChannel = sqlite.prepare(
      `INSERT INTO contact_channels (id, project_id, user_id, type, value, value_folded, is_verified, is_primary, used_for_auth, created_at)
       VALUES (?, ?, ?, 'email', ?, ?, 1, 1, 1, ?)`,
    );
    const hash = '$argon2id$v=19$m=19456,t=2,p=1$YmVuY2hzYWx0YmVuY2g$YmVuY2hoYXNoYmVuY2hoYXNoYmVuY2hoYXNoYmVuYw';
    const now = Date.now();
    sqlite.transaction(() => {
      for (let i = 0; i < userCount; i++) {
        const id = crypto.randomUUID();
        const at = now - (userCount - i) * 1000;
        const name = `Member ${i}`;
        insertUser.run(id, projectId, name, name.toLowerCase(), at, at, Math.floor(at / dayMillis), hash);
        const email = `member${i}@copy.example.com`;
        insertChannel.run(crypto.randomUUID(), projectId, id, email, email, at);
        userIds.push(id);
      }
    })();
    // A few rows of the other kinds, through the core's own write paths.
    const team = await createTeam(ctx, projectId, serverCaller, { display_name: 'Copied team' }, undefined);
    for (const userId of userIds.slice(0, 25)) await addTeamMember(ctx, projectId, team.id, userId);
    const session = await createSession(ctx, projectId, userIds[0]!);
    return { projectId, keys: demo.keys, refreshToken: session.refresh_token };
  } finally {
    ctx.storage.close();
  }
}

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number }> {
  const started = performance.now();
  const result = await work();
  return { result, seconds: (performance.now() - started) / 1000 };
}

const scratch = mkdtempSync(join(tmpdir(), 'authd-bench-copy-'));
const source = join(scratch, 'source');
const back = join(scratch, 'back');
const url = await ensurePostgres('authd_bench');
try {
  const seeding = await timed(async () => await seedUsers(source));
  const seeded = seeding.result;
  console.log(`seeded ${userCount} users with an email each in ${seeding.seconds.toFixed(1)} s`);

  const backup = await timed(() => backupDatabase(source, join(scratch, 'baseline.bak')));
  const toPostgres = await timed(() => copyDatabase({ kind: 'sqlite', dataDir: source }, { kind: 'postgres', url }));
  const env = { AUTHD_INSTANCE_KEY: readFileSync(join(source, 'authd.key'), 'utf8') };
  const fromPostgres = await timed(() => copyDatabase({ kind: 'postgres', url }, { kind: 'sqlite', dataDir: back }, { env }));

  const rows = toPostgres.result.rows;
  const line = (label: string, seconds: number) =>
    `${label.padEnd(28)} ${seconds.toFixed(2).padStart(7)} s  ${Math.round(rows / seconds).toLocaleString('en-US').padStart(10)} rows/s  ${(seconds / backup.seconds).toFixed(1).padStart(6)}× the backup`;
  console.log(`${rows} rows in ${toPostgres.result.tables.length} tables (the test cluster runs with fsync off)`);
  console.log(line('backup (VACUUM INTO), baseline', backup.seconds));
  console.log(line('copy SQLite → PostgreSQL', toPostgres.seconds));
  console.log(line('copy PostgreSQL → SQLite', fromPostgres.seconds));
  await compareAnswers(source, back, seeded);
} finally {
  await dropTestDatabase(url);
  rmSync(scratch, { recursive: true, force: true });
}

/**
 * Serves both directories and asks both the same calls; prints how many were compared and
 * exits non-zero on any difference, naming the calls.
 */
async function compareAnswers(original: string, copied: string, seeded: Seeded): Promise<void> {
  const opened = [original, copied].map((dir) => openDataDirectory(dir, 'development', silentLogger, defaultSettings()));
  const servers = opened.map((ctx) => startHttpServer(ctx, { host: '127.0.0.1', port: 0 }));
  try {
    const base = { 'x-stack-project-id': seeded.projectId, 'content-type': 'application/json' };
    const server = { ...base, 'x-stack-access-type': 'server', 'x-stack-secret-server-key': seeded.keys.secret_server_key! };
    const admin = { ...base, 'x-stack-access-type': 'admin', 'x-stack-super-secret-admin-key': seeded.keys.super_secret_admin_key! };
    const ask = async (path: string, headers: Record<string, string>) =>
      await Promise.all(
        servers.map(async (running) => {
          const response = await fetch(`${running.url}/api/v1${path}`, { headers });
          return { status: response.status, body: await response.text() };
        }),
      );
    const differences: string[] = [];
    let compared = 0;
    const compare = async (path: string, headers: Record<string, string>) => {
      const [before, after] = await ask(path, headers);
      compared++;
      // Every call asked is one that succeeds: two identical refusals would prove nothing.
      if (before!.status !== 200) differences.push(`${path}: the original answered ${before!.status}`);
      else if (before!.status !== after!.status || before!.body !== after!.body) differences.push(`${path}: ${before!.status} vs ${after!.status}`);
      return before!;
    };

    // Every page of the user list, in order: each user's whole server view.
    const userIds: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await compare(`/users?limit=1000${cursor ? `&cursor=${cursor}` : ''}`, server);
      const parsed = JSON.parse(page.body) as { items: { id: string }[]; pagination: { next_cursor: string | null } };
      userIds.push(...parsed.items.map((user) => user.id));
      cursor = parsed.pagination.next_cursor;
    } while (cursor);
    for (let i = 0; i < 200; i++) await compare(`/users/${userIds[Math.floor((i * userIds.length) / 200)]}`, server);
    for (const query of ['member 5', 'member4242@copy', 'nobody-has-this', 'ME']) await compare(`/users?query=${encodeURIComponent(query)}&limit=50`, server);
    const teams = await compare('/teams', server);
    for (const team of (JSON.parse(teams.body) as { items: { id: string }[] }).items) {
      await compare(`/teams/${team.id}`, server);
      await compare(`/users?team_id=${team.id}`, server);
    }
    await compare('/projects/current', admin);
    await compare('/internal/api-keys', admin);
    await compare('/internal/metrics', admin);
    await compare(`/projects/${seeded.projectId}/.well-known/jwks.json`, {});
    // The session copied along signs in on both: its refresh token is accepted by each.
    const refreshed = await Promise.all(
      servers.map(async (running) =>
        (await fetch(`${running.url}/api/v1/auth/sessions/current/refresh`, {
          method: 'POST',
          headers: { ...base, 'x-stack-access-type': 'client', 'x-stack-publishable-client-key': seeded.keys.publishable_client_key!, 'x-stack-refresh-token': seeded.refreshToken },
        })).status,
      ),
    );
    compared++;
    if (refreshed.some((status) => status !== 200)) differences.push(`refresh with the copied session: ${refreshed.join(' vs ')}`);

    console.log(`API answers of the original and the copied-back instance: ${compared} calls (${userIds.length} users listed), ${differences.length} differences`);
    if (differences.length > 0) {
      for (const difference of differences.slice(0, 20)) console.log(`  differs: ${difference}`);
      process.exitCode = 1;
    }
  } finally {
    await Promise.all(servers.map((running) => running.stop()));
    for (const ctx of opened) ctx.storage.close();
  }
}
