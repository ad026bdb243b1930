// `bun bench/postgres.ts`: the hot calls served from SQLite (one instance on a data directory),
// from PostgreSQL by one instance, and from PostgreSQL by two instances on the same database
// with the load split evenly across them. Prints a markdown table of requests/second with the
// ratio to SQLite. Every server runs throughout (idle ones only poll their queues); the setups
// are measured in alternating rounds, each row the median, since this machine's speed drifts
// from one second to the next. Nothing is pinned: two instances are meant to use both cores.
// BENCH_SECONDS (3) and BENCH_ROUNDS (3) change the length; the PostgreSQL server is the test
// cluster (scripts/ensure-postgres.ts), or AUTHD_TEST_DATABASE_URL's.
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dropTestDatabase, ensurePostgres } from '../scripts/ensure-postgres';
import { makeTempDir, startServeProcess, type ServeProcess } from '../test/support/instance';
import { median, runLoadGenerator, type LoadRequest } from './load';

const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
/** Sign-in waits on argon2id's threads: more connections would only queue behind them. */
const signInConnections = Number(process.env.BENCH_SIGN_IN_CONNECTIONS ?? 4);

const credentials = { email: 'bench-postgres@example.com', password: 'steady copper lanterns' };
const env = {
  AUTHD_DISABLE_RATE_LIMITS: '1',
  AUTHD_INSTANCE_KEY: Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64'),
};

interface Setup {
  name: string;
  urls: string[];
  clientHeaders: Record<string, string>;
  accessToken: string;
  refreshToken: string;
}

/** The demo project's client headers, and a user signed up through the first server with its tokens. */
async function prepare(name: string, servers: ServeProcess[], demoEvents: Record<string, any>[]): Promise<Setup> {
  const demo = demoEvents.find((e) => e.event === 'project_created' && e.project_id !== 'internal');
  if (!demo) throw new Error(`${name}: no demo project announced`);
  const clientHeaders = {
    'x-stack-project-id': demo.project_id,
    'x-stack-access-type': 'client',
    'x-stack-publishable-client-key': demo.publishable_client_key,
  };
  const res = await fetch(`${servers[0]!.url}/api/v1/auth/password/sign-up`, {
    method: 'POST',
    headers: { ...clientHeaders, 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (res.status !== 200) throw new Error(`${name}: sign-up answered ${res.status}: ${await res.text()}`);
  const body = (await res.json()) as { access_token: string; refresh_token: string };
  return { name, urls: servers.map((s) => s.url), clientHeaders, accessToken: body.access_token, refreshToken: body.refresh_token };
}

const calls: { name: string; connections: number; request: (setup: Setup) => Omit<LoadRequest, 'url'> & { path: string } }[] = [
  {
    name: 'GET /users/me (access token)',
    connections,
    request: (setup) => ({ path: '/api/v1/users/me', headers: { ...setup.clientHeaders, 'x-stack-access-token': setup.accessToken } }),
  },
  {
    name: 'POST /auth/sessions/current/refresh',
    connections,
    request: (setup) => ({
      path: '/api/v1/auth/sessions/current/refresh',
      method: 'POST',
      headers: { ...setup.clientHeaders, 'x-stack-refresh-token': setup.refreshToken },
    }),
  },
  {
    name: `POST /auth/password/sign-in (c=${signInConnections})`,
    connections: signInConnections,
    request: (setup) => ({
      path: '/api/v1/auth/password/sign-in',
      method: 'POST',
      headers: { ...setup.clientHeaders, 'content-type': 'application/json' },
      body: JSON.stringify(credentials),
    }),
  },
];

/** One round on a setup: the connections split evenly over its instances, their rates summed. */
async function measure(setup: Setup, call: (typeof calls)[number]): Promise<{ rate: number; failures: number }> {
  const { path, ...request } = call.request(setup);
  const share = Math.max(1, Math.round(call.connections / setup.urls.length));
  const results = await Promise.all(setup.urls.map((url) => runLoadGenerator({ ...request, url: url + path }, share, seconds)));
  return {
    rate: results.reduce((sum, r) => sum + r.requestsPerSecond, 0),
    failures: results.reduce((sum, r) => sum + r.failures, 0),
  };
}

const dataDir = makeTempDir('authd-bench-pg-');
const databaseUrl = await ensurePostgres('authd_bench');
const servers: ServeProcess[] = [];
try {
  const sqlite = await startServeProcess(dataDir, [], undefined, undefined, env);
  servers.push(sqlite);
  const first = await startServeProcess(databaseUrl, [], undefined, undefined, env);
  servers.push(first);
  const second = await startServeProcess(databaseUrl, [], undefined, undefined, env);
  servers.push(second);
  const onPostgres = await prepare('PostgreSQL, 1 instance', [first], first.events);
  const setups = [
    await prepare('SQLite, 1 instance', [sqlite], sqlite.events),
    onPostgres,
    // The same database, user and tokens, served by both instances.
    { ...onPostgres, name: 'PostgreSQL, 2 instances', urls: [first.url, second.url] },
  ];

  console.log(
    `authd on SQLite and PostgreSQL: ${rounds} alternating rounds of ${seconds} s, medians; ${connections} connections (sign-in ${signInConnections}), split evenly over the instances; ${navigator.hardwareConcurrency} cores, unpinned, load average ${loadavg()[0]!.toFixed(1)}\n`,
  );
  const lines = ['| call | served by | requests/s | vs SQLite |', '|---|---|---|---|'];
  for (const call of calls) {
    const rates = setups.map(() => [] as number[]);
    let failures = 0;
    for (let round = 0; round < rounds; round++) {
      // The order turns each round, so a drift in the machine's speed favours no setup.
      for (let k = 0; k < setups.length; k++) {
        const index = (k + round) % setups.length;
        const result = await measure(setups[index]!, call);
        rates[index]!.push(result.rate);
        failures += result.failures;
      }
    }
    if (failures > 0) throw new Error(`${call.name}: ${failures} answers were not 200`);
    const sqliteRate = median(rates[0]!);
    setups.forEach((setup, i) => {
      const rate = median(rates[i]!);
      lines.push(`| ${call.name} | ${setup.name} | ${rate.toFixed(0)} | ${(rate / sqliteRate).toFixed(2)}× |`);
    });
  }
  console.log(lines.join('\n'));
} finally {
  for (const server of servers) await server.stop();
  await dropTestDatabase(databaseUrl);
  rmSync(dataDir, { recursive: true, force: true });
}
