// `bun bench/scale.ts`: how the calls grow from 1,000 to 1,000,000 users. For each size, seeds a
// fresh database in bulk (users with a verified primary email, one team per ~100 users with 1 to
// 200 members, a chain of ten contained permissions granted at its top to a tenth of the
// members), adds one real user through the API, serves it on 127.0.0.1 and times each call
// sequentially (medians). BENCH_SIZES (default "1000,1000000"), BENCH_REPEATS (default 100).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openContext } from '../cmd/cli-support';
import { createApiKeySet, nonExpiringKeyMillis } from '../server/core/projects/api-keys';
import { bootstrapInstance } from '../server/core/projects/bootstrap';
import { createProject } from '../server/core/projects/projects';
import { defaultSettings, silentLogger } from '../server/core/storage/context';
import { startHttpServer } from '../server/http/server';

const sizes = (process.env.BENCH_SIZES ?? '1000,1000000').split(',').map(Number);
const repeats = Number(process.env.BENCH_REPEATS ?? 100);
const chainLength = 10;
const dayMillis = 86_400_000;

/** Median milliseconds per call. */
type Row = Map<string, number>;

function seed(ctx: ReturnType<typeof openContext>, projectId: string, userCount: number): { deepCursor: string; teamId: string; memberId: string } {
  const sqlite = ctx.storage.sqlite;
  const now = Date.now();
  const fakeHash = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaA';
  const insertUser = sqlite.prepare(
    `INSERT INTO users (id, project_id, display_name, display_name_folded, signed_up_at, last_active_at, last_active_day,
       password_hash, otp_auth_enabled, requires_totp_mfa)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, 0)`,
  );
  const insertChannel = sqlite.prepare(
    `INSERT INTO contact_channels (id, project_id, user_id, type, value, value_folded, is_verified, is_primary, used_for_auth, created_at)
     VALUES (?, ?, ?, 'email', ?, ?, 1, 1, 1, ?)`,
  );
  const insertTeam = sqlite.prepare('INSERT INTO teams (id, project_id, display_name, created_at) VALUES (?, ?, ?, ?)');
  const insertMember = sqlite.prepare('INSERT INTO team_members (project_id, team_id, user_id, created_at) VALUES (?, ?, ?, ?)');
  const insertGrant = sqlite.prepare('INSERT OR IGNORE INTO team_member_permissions (project_id, team_id, user_id, permission_id) VALUES (?, ?, ?, ?)');
  const insertDefinition = sqlite.prepare('INSERT INTO permission_definitions (project_id, id, created_at) VALUES (?, ?, ?)');
  const insertContainment = sqlite.prepare('INSERT INTO permission_containments (project_id, permission_id, contained_permission_id) VALUES (?, ?, ?)');
  const userIds: string[] = [];
  let teamId = '';
  let memberId = '';
  sqlite.transaction(() => {
    for (let p = 0; p < chainLength; p++) {
      insertDefinition.run(projectId, `level_${p}`, now);
      if (p > 0) insertContainment.run(projectId, `level_${p - 1}`, `level_${p}`);
    }
    for (let i = 0; i < userCount; i++) {
      const id = crypto.randomUUID();
      // Signed up one per second before now, oldest first, so list order is stable.
      const signedUpAt = now - (userCount - i) * 1000;
      const name = `Person ${i}`;
      insertUser.run(id, projectId, name, name.toLowerCase(), signedUpAt, signedUpAt, Math.floor(signedUpAt / dayMillis), fakeHash);
      const email = `person${i}@scale.example.com`;
      insertChannel.run(crypto.randomUUID(), projectId, id, email, email, signedUpAt);
      userIds.push(id);
    }
    let next = 0;
    let team = 0;
    while (next < userCount) {
      const size = 1 + (team * 37) % 200;
      const id = crypto.randomUUID();
      insertTeam.run(id, projectId, `Team ${team}`, now);
      for (const userId of userIds.slice(next, next + size)) {
        insertMember.run(projectId, id, userId, now);
        if (Math.random() < 0.1) insertGrant.run(projectId, id, userId, 'level_0');
      }
      if (team === Math.floor(userCount / 200)) {
        // The team measured: its first member holds the top of the chain.
        teamId = id;
        memberId = userIds[next]!;
        insertGrant.run(projectId, id, memberId, 'level_0');
      }
      next += size;
      team++;
    }
  })();
  sqlite.run('ANALYZE');
  // The list is newest first: the user a tenth of the way from the oldest is 90 % down.
  return { deepCursor: userIds[Math.floor(userCount * 0.1)]!, teamId, memberId };
}

async function timed(repeatCount: number, call: () => Promise<Response>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i <= repeatCount; i++) {
    const start = performance.now();
    const response = await call();
    const body = await response.text();
    if (response.status !== 200) throw new Error(`answered ${response.status}: ${body.slice(0, 200)}`);
    if (i > 0) times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

async function measure(userCount: number): Promise<Row> {
  const dataDir = mkdtempSync(join(tmpdir(), 'authd-bench-scale-'));
  const ctx = openContext(dataDir, 'production', silentLogger, { ...defaultSettings(), rateLimitsDisabled: true });
  const results: Row = new Map();
  try {
    bootstrapInstance(ctx);
    const projectId = createProject(ctx, { display_name: 'Scale' });
    const keys = createApiKeySet(ctx, projectId, {
      description: 'bench',
      expiresAtMillis: nonExpiringKeyMillis,
      keys: { publishable_client_key: true, secret_server_key: true, super_secret_admin_key: true },
    });
    const seedStart = performance.now();
    const seeded = seed(ctx, projectId, userCount);
    console.log(`${userCount.toLocaleString('en-US')} users seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

    const server = startHttpServer(ctx, { host: '127.0.0.1', port: 0 });
    const api = `${server.url}/api/v1`;
    const base = { 'x-stack-project-id': projectId, 'content-type': 'application/json' };
    const client = { ...base, 'x-stack-access-type': 'client', 'x-stack-publishable-client-key': keys.publishable_client_key! };
    const serverKey = { ...base, 'x-stack-access-type': 'server', 'x-stack-secret-server-key': keys.secret_server_key! };
    const admin = { ...base, 'x-stack-access-type': 'admin', 'x-stack-super-secret-admin-key': keys.super_secret_admin_key! };
    const password = 'steady copper lanterns';
    const signUp = await fetch(`${api}/auth/password/sign-up`, { method: 'POST', headers: client, body: JSON.stringify({ email: 'real@scale.example.com', password }) });
    const session = (await signUp.json()) as { access_token: string; refresh_token: string };
    let signUps = 0;
    const hashing = Math.max(5, Math.floor(repeats / 10));
    results.set('POST /auth/password/sign-in', await timed(hashing, () =>
      fetch(`${api}/auth/password/sign-in`, { method: 'POST', headers: client, body: JSON.stringify({ email: 'real@scale.example.com', password }) })));
    results.set('POST /auth/password/sign-up', await timed(hashing, () =>
      fetch(`${api}/auth/password/sign-up`, { method: 'POST', headers: client, body: JSON.stringify({ email: `new${signUps++}@scale.example.com`, password }) })));
    results.set('GET /users/me', await timed(repeats, () => fetch(`${api}/users/me`, { headers: { ...client, 'x-stack-access-token': session.access_token } })));
    results.set('POST /auth/sessions/current/refresh', await timed(repeats, () =>
      fetch(`${api}/auth/sessions/current/refresh`, { method: 'POST', headers: { ...client, 'x-stack-refresh-token': session.refresh_token } })));
    results.set('GET /users?query= (a name in the middle)', await timed(repeats, () =>
      fetch(`${api}/users?query=${encodeURIComponent(`person ${Math.floor(userCount / 2)}`)}&limit=10`, { headers: serverKey })));
    results.set('GET /users?query= (no match)', await timed(repeats, () => fetch(`${api}/users?query=nobody-has-this&limit=10`, { headers: serverKey })));
    results.set('GET /users (a page 90 % down)', await timed(repeats, () => fetch(`${api}/users?limit=100&cursor=${seeded.deepCursor}`, { headers: serverKey })));
    results.set(`GET /team-permissions (recursive, ${chainLength}-deep chain)`, await timed(repeats, () =>
      fetch(`${api}/team-permissions?team_id=${seeded.teamId}&user_id=${seeded.memberId}&recursive=true`, { headers: serverKey })));
    results.set('GET /internal/metrics', await timed(Math.max(5, Math.floor(repeats / 10)), () => fetch(`${api}/internal/metrics`, { headers: admin })));
    await server.stop();
  } finally {
    ctx.storage.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return results;
}

const rows = new Map<number, Row>();
for (const size of sizes) rows.set(size, await measure(size));
const [small, large] = [sizes[0]!, sizes[sizes.length - 1]!];
console.log(`\n| call | ${small.toLocaleString('en-US')} users | ${large.toLocaleString('en-US')} users | ratio |\n|---|---|---|---|`);
for (const [call, smallMillis] of rows.get(small)!) {
  const largeMillis = rows.get(large)!.get(call)!;
  console.log(`| ${call} | ${smallMillis.toFixed(2)} ms | ${largeMillis.toFixed(2)} ms | ${(largeMillis / smallMillis).toFixed(2)}× |`);
}
