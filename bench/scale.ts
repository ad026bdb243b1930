// `bun bench/scale.ts`: how the calls grow from 1,000 to 1,000,000 users. Seeds a fresh database
// per size in bulk (users with a verified primary email, one team per ~100 users with 1 to 200
// members, a chain of ten contained permissions granted at its top to a tenth of the members),
// adds one real user to each through the API and serves both on 127.0.0.1 at once. Each call is
// then loaded from a separate process (bench/load-generator.ts, 8 connections) in alternating
// rounds against the two sizes, so that the machine's drift from minute to minute falls on both
// alike; the ratio is of the median rounds' time per call. BENCH_SIZES (default
// "1000,1000000"), BENCH_ROUNDS (default 3), BENCH_SECONDS (default 3).
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openContext } from '../cmd/cli-support';
import { databaseFileName } from '../db/connection';
import { createApiKeySet, nonExpiringKeyMillis } from '../server/core/projects/api-keys';
import { bootstrapInstance } from '../server/core/projects/bootstrap';
import { createProject } from '../server/core/projects/projects';
import { defaultSettings, silentLogger } from '../server/core/storage/context';
import { startHttpServer } from '../server/http/server';
import { median, runLoadGenerator, type LoadRequest, type LoadResult } from './load';
import { chainLength, seedUsers as seed } from './seed-users';

const sizes = (process.env.BENCH_SIZES ?? '1000,1000000').split(',').map(Number);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const connections = 8;

interface Served {
  userCount: number;
  close(): Promise<void>;
  /** The calls measured, by name: a request for bench/load-generator.ts. */
  calls: Map<string, LoadRequest>;
}

async function serveSeeded(userCount: number): Promise<Served> {
  const dataDir = mkdtempSync(join(tmpdir(), 'authd-bench-scale-'));
  const ctx = openContext(dataDir, 'production', silentLogger, { ...defaultSettings(), rateLimitsDisabled: true });
  await bootstrapInstance(ctx);
  const projectId = await createProject(ctx, { display_name: 'Scale' });
  const keys = await createApiKeySet(ctx, projectId, {
    description: 'bench',
    expiresAtMillis: nonExpiringKeyMillis,
    keys: { publishable_client_key: true, secret_server_key: true, super_secret_admin_key: true },
  });
  const seedStart = performance.now();
  const seeded = seed(ctx, projectId, userCount);
  const seedSeconds = (performance.now() - seedStart) / 1000;
  // The file's size with the write-ahead log folded in: what the seeded data costs on disk.
  ctx.storage.sqlite.run('PRAGMA wal_checkpoint(TRUNCATE)');
  const megabytes = statSync(join(dataDir, databaseFileName)).size / 1e6;
  // The search index's share of it (migration 0019's FTS5 table and its keys), from SQLite's page statistics.
  const searchIndexBytes = ctx.storage.sqlite
    .query<{ bytes: number }, []>(
      `SELECT sum(pgsize) AS bytes FROM dbstat
         WHERE name LIKE 'user\\_search\\_%' ESCAPE '\\' OR name LIKE 'sqlite\\_autoindex\\_user\\_search%' ESCAPE '\\'`,
    )
    .get()!.bytes;
  console.log(`${userCount.toLocaleString('en-US')} users seeded in ${seedSeconds.toFixed(1)} s, database ${megabytes.toFixed(1)} MB (search index ${(searchIndexBytes / 1e6).toFixed(1)} MB)`);

  const server = startHttpServer(ctx, { host: '127.0.0.1', port: 0 });
  const api = `${server.url}/api/v1`;
  const base = { 'x-stack-project-id': projectId, 'content-type': 'application/json' };
  const client = { ...base, 'x-stack-access-type': 'client', 'x-stack-publishable-client-key': keys.publishable_client_key! };
  const serverKey = { ...base, 'x-stack-access-type': 'server', 'x-stack-secret-server-key': keys.secret_server_key! };
  const admin = { ...base, 'x-stack-access-type': 'admin', 'x-stack-super-secret-admin-key': keys.super_secret_admin_key! };
  const password = 'steady copper lanterns';
  const signUp = await fetch(`${api}/auth/password/sign-up`, { method: 'POST', headers: client, body: JSON.stringify({ email: 'real@scale.example.com', password }) });
  const session = (await signUp.json()) as { access_token: string; refresh_token: string };
  const calls: Served['calls'] = new Map([
    ['POST /auth/password/sign-in', { url: `${api}/auth/password/sign-in`, method: 'POST', headers: client, body: JSON.stringify({ email: 'real@scale.example.com', password }) }],
    ['POST /auth/password/sign-up', { url: `${api}/auth/password/sign-up`, method: 'POST', headers: client, body: JSON.stringify({ email: 'new-{n}@scale.example.com', password }) }],
    ['GET /users/me', { url: `${api}/users/me`, headers: { ...client, 'x-stack-access-token': session.access_token } }],
    ['POST /auth/sessions/current/refresh', { url: `${api}/auth/sessions/current/refresh`, method: 'POST', headers: { ...client, 'x-stack-refresh-token': session.refresh_token } }],
    ['GET /users?query= (a name in the middle)', { url: `${api}/users?query=${encodeURIComponent(`person ${Math.floor(userCount / 2)}`)}&limit=10`, headers: serverKey }],
    ['GET /users?query= (no match)', { url: `${api}/users?query=nobody-has-this&limit=10`, headers: serverKey }],
    // Every seeded email holds it: a first page of many matches.
    ['GET /users?query= (every user matches)', { url: `${api}/users?query=scale.example&limit=10`, headers: serverKey }],
    ['GET /users (a page 90 % down)', { url: `${api}/users?limit=100&cursor=${seeded.deepCursor}`, headers: serverKey }],
    [`GET /team-permissions (recursive, ${chainLength}-deep chain)`, { url: `${api}/team-permissions?team_id=${seeded.teamId}&user_id=${seeded.memberId}&recursive=true`, headers: serverKey }],
    ['GET /internal/metrics', { url: `${api}/internal/metrics`, headers: admin }],
  ]);
  return {
    userCount,
    calls,
    async close() {
      await server.stop();
      ctx.storage.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One round of load; every answer must be a 200, or the figure would measure errors. */
async function load(request: LoadRequest): Promise<LoadResult> {
  const result = await runLoadGenerator(request, connections, seconds);
  if (result.failures > 0) throw new Error(`${result.failures} answers were not 200 for ${request.url}`);
  return result;
}

const served: Served[] = [];
try {
  for (const size of sizes) served.push(await serveSeeded(size));
  // The seed leaves a gigabyte and more of dirty pages, which the kernel would otherwise write
  // out during the first calls' rounds (one run read GET /users/me 1.40× that way).
  Bun.spawnSync(['sync']);
  const [small, large] = [served[0]!, served[served.length - 1]!];
  console.log(
    `\n${connections} connections, ${rounds} alternating rounds of ${seconds} s per call and size, medians\n\n` +
      `| call | ${small.userCount.toLocaleString('en-US')} users | ${large.userCount.toLocaleString('en-US')} users | ratio (time per call) |\n|---|---|---|---|`,
  );
  for (const name of small.calls.keys()) {
    const rates = new Map<Served, number[]>([[small, []], [large, []]]);
    for (let round = 0; round < rounds; round++) {
      // Which size goes first alternates too, so a steady drift favours neither.
      const order = round % 2 === 0 ? [small, large] : [large, small];
      for (const target of order) rates.get(target)!.push((await load(target.calls.get(name)!)).requestsPerSecond);
    }
    const [smallRate, largeRate] = [median(rates.get(small)!), median(rates.get(large)!)];
    const perSecond = (rate: number) => `${rate >= 100 ? rate.toFixed(0) : rate.toFixed(1)}/s`;
    console.log(`| ${name} | ${perSecond(smallRate)} | ${perSecond(largeRate)} | ${(smallRate / largeRate).toFixed(2)}× |`);
  }
} finally {
  for (const entry of served) await entry.close();
}
