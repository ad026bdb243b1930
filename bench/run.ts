// `npm run bench`: measures authd against baselines taken in the same run on this machine and
// prints requests/second, p50/p99 latency and the ratio to each baseline, with the target the
// issues set. Servers and the load generator run in their own processes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dir, '..');
const bun = process.execPath;
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);

interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  failures: number;
}

async function firstJsonLine(child: ReturnType<typeof Bun.spawn>, accept: (e: any) => boolean): Promise<any> {
  const reader = (child.stdout as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error('process ended before reporting');
    buffered += decoder.decode(value, { stream: true });
    const lines = buffered.split('\n');
    buffered = lines.pop()!;
    for (const line of lines) if (line.trim() && accept(JSON.parse(line))) return JSON.parse(line);
  }
}

async function runJson(args: string[]): Promise<any> {
  const child = Bun.spawn([bun, ...args], { stdout: 'pipe' });
  return JSON.parse(await new Response(child.stdout).text());
}

function load(request: { url: string; method?: string; headers?: Record<string, string>; body?: string }): Promise<LoadResult> {
  return runJson([join(root, 'bench', 'load-generator.ts'), JSON.stringify(request), String(connections), String(seconds)]);
}

const dataDir = mkdtempSync(join(tmpdir(), 'authd-bench-'));
const authd = Bun.spawn([bun, join(root, 'cmd', 'main.ts'), 'serve', '--json', '--port', '0', '--data', dataDir], {
  stdout: 'pipe',
  env: { ...process.env, AUTHD_DISABLE_RATE_LIMITS: '1' },
});
const events: any[] = [];
const listening = await firstJsonLine(authd, (e) => (events.push(e), e.event === 'listening'));
const demo = events.find((e) => e.event === 'project_created' && e.project_id !== 'internal');
const clientHeaders = {
  'x-stack-project-id': demo.project_id,
  'x-stack-access-type': 'client',
  'x-stack-publishable-client-key': demo.publishable_client_key,
};
const api = `${listening.url}/api/v1`;
const credentials = { email: 'bench@example.com', password: 'benchmark password' };
const signUp = await fetch(`${api}/auth/password/sign-up`, {
  method: 'POST',
  headers: { ...clientHeaders, 'content-type': 'application/json' },
  body: JSON.stringify(credentials),
});
const session = (await signUp.json()) as { access_token: string; refresh_token: string };
const baseline = Bun.spawn([bun, join(root, 'bench', 'baseline-server.ts'), join(dataDir, 'authd.db'), demo.project_id], { stdout: 'pipe' });
const baselineUrl = (await firstJsonLine(baseline, () => true)).url;

const row = (name: string, rate: number, r?: LoadResult, ratio?: number, target?: number) =>
  console.log(
    [
      name.padEnd(46),
      `${rate.toFixed(0).padStart(7)} /s`,
      r ? `p50 ${r.p50.toFixed(2).padStart(6)} ms  p99 ${r.p99.toFixed(2).padStart(6)} ms` : ''.padEnd(32),
      ratio === undefined ? '' : `${ratio.toFixed(2)}× baseline${target === undefined ? '' : ` (target ≥ ${target}×: ${ratio >= target ? 'met' : 'NOT met'})`}`,
      r?.failures ? `${r.failures} non-200!` : '',
    ].join('  '),
  );

try {
  console.log(`authd benchmark: ${connections} connections, ${seconds} s per scenario, ${navigator.hardwareConcurrency} cores\n`);
  const keyBase = await load({ url: `${baselineUrl}/key`, headers: clientHeaders });
  row('baseline: Bun + one SQLite row by key digest', keyBase.requestsPerSecond, keyBase);
  const project = await load({ url: `${api}/projects/current`, headers: clientHeaders });
  row('GET /projects/current (client key)', project.requestsPerSecond, project, project.requestsPerSecond / keyBase.requestsPerSecond);

  const userHeaders = { ...clientHeaders, 'x-stack-access-token': session.access_token };
  const jwtBase = await load({ url: `${baselineUrl}/jwt`, headers: userHeaders });
  row('baseline: Bun + ES256 verify (jose) + one row', jwtBase.requestsPerSecond, jwtBase);
  const me = await load({ url: `${api}/users/me`, headers: userHeaders });
  row('GET /users/me (access token)', me.requestsPerSecond, me, me.requestsPerSecond / jwtBase.requestsPerSecond, 1.5);
  const refresh = await load({
    url: `${api}/auth/oauth/token`,
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8', accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: session.refresh_token,
      client_id: demo.project_id,
      client_secret: demo.publishable_client_key,
    }).toString(),
  });
  row('POST /auth/oauth/token (refresh grant)', refresh.requestsPerSecond, refresh, refresh.requestsPerSecond / jwtBase.requestsPerSecond, 0.8);

  const argon = await runJson([join(root, 'bench', 'argon2-rate.ts'), String(connections), String(seconds)]);
  row('baseline: bare argon2id verifications', argon.verificationsPerSecond);
  const signIn = await load({
    url: `${api}/auth/password/sign-in`,
    method: 'POST',
    headers: { ...clientHeaders, 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  row('POST /auth/password/sign-in', signIn.requestsPerSecond, signIn, signIn.requestsPerSecond / argon.verificationsPerSecond, 0.9);
} finally {
  authd.kill();
  baseline.kill();
  await Promise.all([authd.exited, baseline.exited]);
  rmSync(dataDir, { recursive: true, force: true });
}
