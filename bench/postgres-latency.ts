// `bun bench/postgres-latency.ts`: authd on PostgreSQL across a simulated network. Between
// authd and the test cluster runs bench/latency-proxy.ts, which holds every chunk for a fixed
// delay each way (0, 0.5 and 1 ms: round trips of about 0, 1 and 2 ms more). For each delay, on
// a database of its own, one and two `authd serve` instances take 64 concurrent clients (split
// evenly over the instances) and the table gives requests/second for the refresh grant, password
// sign-up (its argon2id hash rate on this machine is printed apart: sign-up cannot beat it),
// team-membership writes (a member added, then removed, each client its own user) and a
// server's PATCH /users/{id} of client_metadata (each client its own user), with the PATCH rate
// at each delay over its rate with no delay. The database is analyzed after the setup, as
// autovacuum keeps a running one. Short on purpose (the machine is shared): BENCH_SECONDS (3) per cell,
// one round. BENCH_DELAYS ("0,0.5,1") picks the delays; BENCH_SERVE_MAIN runs another build's
// cmd/main.ts (the single-lock figure was measured so, from a checkout of the commit before the
// lock went).
import { SQL } from 'bun';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { dropTestDatabase, ensurePostgres } from '../scripts/ensure-postgres';
import { startServeProcess, type ServeProcess } from '../test/support/instance';
import { median, runLoadGenerator, type LoadRequest } from './load';

const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 64);
const delays = (process.env.BENCH_DELAYS ?? '0,0.5,1').split(',').map(Number);
/** BENCH_CALLS: only the calls whose names contain one of these comma-separated words. */
const onlyCalls = process.env.BENCH_CALLS?.split(',');
const serveMain = process.env.BENCH_SERVE_MAIN;
/** BENCH_POOL_SIZE: each instance's --pool-size (authd's default when unset; builds before the option have none). */
const poolArgs = process.env.BENCH_POOL_SIZE ? ['--pool-size', process.env.BENCH_POOL_SIZE] : [];
const serveCommand = serveMain ? [process.execPath, serveMain] : undefined;
const serveCwd = serveMain ? join(serveMain, '..', '..') : undefined;
const env = {
  AUTHD_DISABLE_RATE_LIMITS: '1',
  AUTHD_INSTANCE_KEY: Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64'),
};
const password = 'steady copper lanterns';

/** A latency proxy in a process of its own, in front of `url`'s server; resolves with its URL. */
async function startProxy(url: string, delayMillis: number): Promise<{ url: string; stop: () => Promise<void> }> {
  const target = new URL(url);
  const child = Bun.spawn([process.execPath, join(import.meta.dir, 'latency-proxy.ts'), `${target.hostname}:${target.port}`, String(delayMillis)], {
    stdout: 'pipe',
    stderr: 'inherit',
  });
  const { value } = await child.stdout.getReader().read();
  const { port } = JSON.parse(new TextDecoder().decode(value)) as { port: number };
  const proxied = new URL(url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(port);
  return {
    url: proxied.toString(),
    stop: async () => {
      child.kill();
      await child.exited;
    },
  };
}

/** The median round trip of `SELECT 1` through `url`, as authd's queries see it. */
async function roundTripMillis(url: string): Promise<number> {
  const client = new SQL({ url, max: 1 });
  try {
    await client`SELECT 1`;
    const samples: number[] = [];
    for (let i = 0; i < 200; i++) {
      const started = performance.now();
      await client`SELECT 1`;
      samples.push(performance.now() - started);
    }
    return median(samples);
  } finally {
    await client.close();
  }
}

async function analyze(url: string): Promise<void> {
  const client = new SQL({ url, max: 1 });
  try {
    await client`ANALYZE`;
  } finally {
    await client.close();
  }
}

interface Fixture {
  client: Record<string, string>;
  server: Record<string, string>;
  refreshToken: string;
  userIds: string[];
  teamId: string;
}

async function api(base: string, method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<any> {
  const res = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: { ...headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return await res.json();
}

/** The demo project's keys, a signed-up user's refresh token, a user per client and a team. */
async function prepare(server: ServeProcess): Promise<Fixture> {
  const demo = server.events.find((e) => e.event === 'project_created' && e.project_id !== 'internal')!;
  const base = { 'x-stack-project-id': demo.project_id };
  const client = { ...base, 'x-stack-access-type': 'client', 'x-stack-publishable-client-key': demo.publishable_client_key };
  const serverHeaders = { ...base, 'x-stack-access-type': 'server', 'x-stack-secret-server-key': demo.secret_server_key };
  const signedUp = await api(server.url, 'POST', '/auth/password/sign-up', client, { email: 'bench-latency@example.com', password });
  const userIds: string[] = [];
  for (let i = 0; i < connections; i++) {
    userIds.push((await api(server.url, 'POST', '/users', serverHeaders, { primary_email: `client-${i}@example.com` })).id);
  }
  const team = await api(server.url, 'POST', '/teams', serverHeaders, { display_name: 'bench' });
  return { client, server: serverHeaders, refreshToken: signedUp.refresh_token, userIds, teamId: team.id };
}

const allCalls: { name: string; request: (f: Fixture) => Omit<LoadRequest, 'url'> & { path: string } }[] = [
  {
    name: 'refresh grant',
    request: (f) => ({
      path: '/api/v1/auth/sessions/current/refresh',
      method: 'POST',
      headers: { ...f.client, 'x-stack-refresh-token': f.refreshToken },
    }),
  },
  {
    name: 'password sign-up',
    request: (f) => ({
      path: '/api/v1/auth/password/sign-up',
      method: 'POST',
      headers: { ...f.client, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'new-{n}@example.com', password }),
    }),
  },
  {
    name: 'team membership add + remove',
    request: (f) => ({
      path: `/api/v1/team-memberships/${f.teamId}/{c}`,
      method: 'POST',
      headers: { ...f.server, 'content-type': 'application/json' },
      body: '{}',
      perConnection: f.userIds,
      // The same url, made absolute in measure().
      then: { url: `/api/v1/team-memberships/${f.teamId}/{c}`, method: 'DELETE', headers: f.server },
    }),
  },
  {
    name: 'PATCH /users/{id}',
    request: (f) => ({
      path: '/api/v1/users/{c}',
      method: 'PATCH',
      headers: { ...f.server, 'content-type': 'application/json' },
      body: JSON.stringify({ client_metadata: { note: 'renamed {n}' } }),
      perConnection: f.userIds,
    }),
  },
];

const calls = allCalls.filter((call) => !onlyCalls || onlyCalls.some((word) => call.name.includes(word)));

/** One cell: the connections split evenly over `urls`, their rates summed. */
async function measure(urls: string[], call: (typeof calls)[number], fixture: Fixture): Promise<{ rate: number; failures: number }> {
  const { path, ...request } = call.request(fixture);
  const share = Math.round(connections / urls.length);
  const results = await Promise.all(
    urls.map((url, i) =>
      runLoadGenerator(
        {
          ...request,
          url: url + path,
          // Each instance's clients get users of their own.
          perConnection: request.perConnection?.slice(i * share, (i + 1) * share),
          then: request.then && { ...request.then, url: url + request.then.url },
        },
        share,
        seconds,
      ),
    ),
  );
  return { rate: results.reduce((sum, r) => sum + r.requestsPerSecond, 0), failures: results.reduce((sum, r) => sum + r.failures, 0) };
}

/** argon2id hashes per second with authd's parameters, 4 at a time (bench/argon2-rate.ts). */
async function hashRate(): Promise<number> {
  const child = Bun.spawn([process.execPath, join(import.meta.dir, 'argon2-rate.ts'), '4', String(seconds), 'hash'], { stdout: 'pipe' });
  return JSON.parse(await new Response(child.stdout).text()).verificationsPerSecond;
}

const rates = new Map<string, number>();
const roundTrips: number[] = [];
let failures = 0;
const cellKey = (call: string, instances: number, delay: number) => `${call}|${instances}|${delay}`;
for (const delay of delays) {
  const databaseUrl = await ensurePostgres('authd_latency');
  const proxy = await startProxy(databaseUrl, delay);
  const servers: ServeProcess[] = [];
  try {
    roundTrips.push(await roundTripMillis(proxy.url));
    for (let i = 0; i < 2; i++) servers.push(await startServeProcess(proxy.url, poolArgs, serveCommand, serveCwd, env));
    const fixture = await prepare(servers[0]!);
    // Statistics, as autovacuum keeps them in a running deployment: a fresh database has none,
    // and without them the planner reads a user by its project's index, scanning every user of
    // the project, whose SERIALIZABLE read locks then collide with every other user's update.
    await analyze(databaseUrl);
    for (const call of calls) {
      for (const instances of [1, 2]) {
        const result = await measure(servers.slice(0, instances).map((s) => s.url), call, fixture);
        if (result.failures > 0) console.error(`${call.name}, ${instances} instance(s), ${delay} ms: ${result.failures} answers were not 2xx`);
        failures += result.failures;
        rates.set(cellKey(call.name, instances, delay), result.rate);
      }
    }
  } finally {
    for (const server of servers) await server.stop();
    await proxy.stop();
    await dropTestDatabase(databaseUrl);
  }
}
const hashes = await hashRate();

console.log(
  `authd on PostgreSQL through a latency proxy${serveMain ? ` (build: ${serveMain})` : ''}, pool ${process.env.BENCH_POOL_SIZE ?? 'default'}: ${connections} clients split evenly over the instances, ${seconds} s per cell, one round; ${navigator.hardwareConcurrency} cores, load average ${loadavg()[0]!.toFixed(1)}\n`,
);
const header = delays.map((d) => `${d} ms`);
const lines = [
  `| call | instances | ${header.join(' | ')} |`,
  `|---|---|${delays.map(() => '---').join('|')}|`,
  `| (SELECT 1 round trip through the proxy, ms) | | ${roundTrips.map((rt) => rt.toFixed(2)).join(' | ')} |`,
];
for (const call of calls) {
  for (const instances of [1, 2]) {
    const row = delays.map((d) => (rates.get(cellKey(call.name, instances, d)) ?? 0).toFixed(0));
    lines.push(`| ${call.name} | ${instances} | ${row.join(' | ')} |`);
  }
}
for (const instances of [1, 2]) {
  const base = rates.get(cellKey('PATCH /users/{id}', instances, 0));
  if (base === undefined) continue;
  const ratios = delays.map((d) => `${((rates.get(cellKey('PATCH /users/{id}', instances, d)) ?? 0) / base).toFixed(2)}×`);
  lines.push(`| PATCH /users/{id} vs no delay | ${instances} | ${ratios.join(' | ')} |`);
}
console.log(lines.join('\n'));
console.log(`\nargon2id hashes/s on this machine (authd's parameters, 4 at a time): ${hashes.toFixed(0)}`);
if (failures > 0) console.log(`\n${failures} answers were not 2xx (see above)`);
