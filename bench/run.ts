// `npm run bench`: measures authd against baselines taken in the same run on this machine and
// prints requests/second, p50/p99 latency and the ratio to each baseline, with the target the
// issues set. Servers and the load generator run in their own processes. This machine's speed
// drifts by 10-20 % from one minute to the next, so each call and its baseline are measured in
// alternating rounds, each round's rate is divided by its neighbouring baseline round's, and the
// median of those ratios is shown. Beside it, the same for CPU time per operation of the measured
// process (/proc), which another process taking a share of the core does not move.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, processCpuMillis, runLoadGenerator, type LoadRequest, type LoadResult } from './load';

const root = join(import.meta.dir, '..');
const bun = process.execPath;
const seconds = Number(process.env.BENCH_SECONDS ?? 3);
// The password calls run at a few dozen a second: a 3 s window counts about 60 of them, and
// which of the last few fall inside it moved their ratios by ±5 % from round to round.
const hashingSeconds = Number(process.env.BENCH_HASH_SECONDS ?? Math.max(seconds, 8));
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
// Each call is first run unmeasured: the first seconds of a path in a fresh server compile it
// (the JIT's threads share the measured core), and a sign-up's first 8 s cost its server 5.6 ms
// of main thread against 2.6 ms from the third window on. A password call runs at ~20/s, so it
// needs longer to reach that.
const warmUpSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? seconds);
const hashingWarmUpSeconds = Number(process.env.BENCH_HASH_WARMUP_SECONDS ?? 20);

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

// Each subject and its baseline run pinned to the same core, the load generators to another, as
// the issue measured: on a shared machine an unpinned baseline process (alone) gets a larger
// share of both cores than authd does beside its load generator, which skews the ratio (sign-up
// read 0.5× unpinned and 0.9× pinned in the same minute). BENCH_PIN=0 turns it off.
const pinning = process.env.BENCH_PIN !== '0' && navigator.hardwareConcurrency >= 2 && Bun.which('taskset') !== null;
const measuredCore = (args: string[]) => (pinning ? ['taskset', '-c', '1', bun, ...args] : [bun, ...args]);
/** One round of a subject or a baseline: its rate and, where known, its CPU time per operation. */
interface Round {
  rate: number;
  cpuMillisPerOperation?: number;
  /** A load round's latencies; absent for the argon2id baselines, which run in-process. */
  load?: LoadResult;
}

/** A bare argon2id baseline process on the measured core (bench/argon2-rate.ts). */
async function argon2Round(args: string[]): Promise<Round> {
  const child = Bun.spawn(measuredCore([join(root, 'bench', 'argon2-rate.ts'), ...args]), { stdout: 'pipe' });
  const result = JSON.parse(await new Response(child.stdout).text());
  return { rate: result.verificationsPerSecond, cpuMillisPerOperation: result.cpuMillisPerOperation };
}

/** The load generator on the load core, not the measured one. */
const onLoadCore = (command: string[]) => (pinning ? ['taskset', '-c', '0', ...command] : command);

/** One load round against `serverPid`'s server, with the server's CPU time per request answered. */
async function loadRound(
  serverPid: number,
  request: LoadRequest,
  connectionCount = connections,
  windowSeconds = seconds,
): Promise<Round> {
  const cpuBefore = processCpuMillis(serverPid);
  const result = await runLoadGenerator(request, connectionCount, windowSeconds, onLoadCore);
  const cpuAfter = processCpuMillis(serverPid);
  const cpuMillisPerOperation =
    cpuBefore === undefined || cpuAfter === undefined ? undefined : (cpuAfter - cpuBefore) / result.completed;
  return { rate: result.requestsPerSecond, cpuMillisPerOperation, load: result };
}

/** The round with the median rate, so the latencies shown belong to the rate shown. */
const medianRound = (results: Round[]) => {
  const rate = median(results.map((r) => r.rate));
  return results.find((r) => r.rate === rate)!;
};

interface Comparison {
  baseline: Round;
  subject: Round;
  /** The median over rounds of the subject's rate over its neighbouring baseline round's. */
  rateRatio: number;
  /** The same for operations per CPU-second: the baseline's CPU per operation over the subject's. */
  cpuRatio?: number;
}

/**
 * Measures `baseline` and `subject` in alternating rounds, each subject round next to one baseline
 * round (B S, S B, B S, ...: which goes first alternates, so a steady drift favours neither).
 * Ratios are taken pair by pair, so a drift over the run cancels instead of landing on whichever
 * side's median round happened to be slow.
 */
async function alternate(
  baseline: () => Promise<Round>,
  subject: () => Promise<Round>,
  warmUp: () => Promise<unknown>,
): Promise<Comparison> {
  await warmUp();
  const pairs: { baseline: Round; subject: Round }[] = [];
  for (let round = 0; round < rounds; round++) {
    const first = round % 2 === 0 ? await baseline() : undefined;
    const subjectRound = await subject();
    pairs.push({ baseline: first ?? (await baseline()), subject: subjectRound });
  }
  // NaN where a side's CPU is unknown (no /proc): then no ratio is shown.
  const cpuRatios = pairs.map((p) => (p.baseline.cpuMillisPerOperation ?? NaN) / (p.subject.cpuMillisPerOperation ?? NaN));
  return {
    baseline: medianRound(pairs.map((p) => p.baseline)),
    subject: medianRound(pairs.map((p) => p.subject)),
    rateRatio: median(pairs.map((p) => p.subject.rate / p.baseline.rate)),
    cpuRatio: cpuRatios.every(Number.isFinite) ? median(cpuRatios) : undefined,
  };
}

const dataDir = mkdtempSync(join(tmpdir(), 'authd-bench-'));
const authd = Bun.spawn(measuredCore([join(root, 'cmd', 'main.ts'), 'serve', '--json', '--port', '0', '--data', dataDir]), {
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
// A password the strength check accepts (it refuses one containing the part of the email before the @).
const credentials = { email: 'load-test@example.com', password: 'steady copper lanterns' };
const signUp = await fetch(`${api}/auth/password/sign-up`, {
  method: 'POST',
  headers: { ...clientHeaders, 'content-type': 'application/json' },
  body: JSON.stringify(credentials),
});
const session = (await signUp.json()) as { access_token: string; refresh_token: string };
const baseline = Bun.spawn(
  measuredCore([join(root, 'bench', 'baseline-server.ts'), join(dataDir, 'authd.db'), demo.project_id]),
  {
    stdout: 'pipe',
  },
);
const baselineUrl = (await firstJsonLine(baseline, () => true)).url;

/** Rates of a few dozen a second keep a decimal: whole numbers alone would hide a 5 % step. */
const formatRate = (rate: number) => rate.toFixed(rate < 100 ? 1 : 0).padStart(7);
/** A baseline's line: its median round's rate. */
const baselineRow = (name: string, round: Round) =>
  console.log(`  baseline (${name})`.padEnd(48) + `${formatRate(round.rate)} /s`);

/** A subject's line: its median round, then the paired ratios and the target. */
function subjectRow(name: string, comparison: Comparison, target?: number) {
  const { subject, rateRatio, cpuRatio } = comparison;
  const latencies = subject.load
    ? `p50 ${subject.load.p50.toFixed(2).padStart(7)} ms  p99 ${subject.load.p99.toFixed(2).padStart(7)} ms`
    : '';
  const verdict = target === undefined ? '' : ` (target ≥ ${target}×: ${rateRatio >= target ? 'met' : 'NOT met'})`;
  console.log(
    [
      name.padEnd(46),
      `${formatRate(subject.rate)} /s`,
      latencies,
      `${rateRatio.toFixed(2)}× baseline${verdict}`,
      cpuRatio === undefined ? '' : `per CPU-second ${cpuRatio.toFixed(2)}×`,
      subject.load?.failures ? `${subject.load.failures} non-200!` : '',
    ].join('  '),
  );
}

try {
  console.log(
    `authd benchmark: ${connections} connections, ${rounds} alternating rounds of ${seconds} s (password calls ${hashingSeconds} s) after an unmeasured ${warmUpSeconds} s (${hashingWarmUpSeconds} s), ${navigator.hardwareConcurrency} cores, ${pinning ? 'servers and baselines pinned to core 1, load to core 0' : 'unpinned'}, load average ${loadavg()[0]!.toFixed(1)}`,
  );
  console.log('Rates are the median round; ratios the median of each round over its neighbouring baseline round.\n');
  const baselineNames = new Map([
    [`${baselineUrl}/key`, 'Bun + one SQLite row by key digest'],
    [`${baselineUrl}/jwt`, 'Bun + ES256 verify (jose) + one row'],
    [`${baselineUrl}/sign`, 'Bun + one row by token digest + ES256 sign (jose)'],
  ]);
  const compare = async (name: string, baselineRequest: LoadRequest, subjectRequest: LoadRequest, target?: number) => {
    const comparison = await alternate(
      () => loadRound(baseline.pid, baselineRequest),
      () => loadRound(authd.pid, subjectRequest),
      () => loadRound(authd.pid, subjectRequest, connections, warmUpSeconds),
    );
    baselineRow(baselineNames.get(baselineRequest.url)!, comparison.baseline);
    subjectRow(name, comparison, target);
  };

  // BENCH_ONLY=api, =passwords, =pages or =footprint runs one group, for a quicker look at one change.
  const only = process.env.BENCH_ONLY;
  if (!only || only === 'api') {
    await compare(
      'GET /projects/current (client key)',
      { url: `${baselineUrl}/key`, headers: clientHeaders },
      { url: `${api}/projects/current`, headers: clientHeaders },
    );
    const userHeaders = { ...clientHeaders, 'x-stack-access-token': session.access_token };
    const jwtBaseline = { url: `${baselineUrl}/jwt`, headers: userHeaders };
    await compare('GET /users/me (access token)', jwtBaseline, { url: `${api}/users/me`, headers: userHeaders }, 1.5);
    const refreshGrant = {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: session.refresh_token,
        client_id: demo.project_id,
        client_secret: demo.publishable_client_key,
      }).toString(),
    };
    // Against the verify baseline, as its target was first set; then against a baseline doing
    // what a refresh must (a row by digest and a signature: signing costs less than verifying).
    await compare(
      'POST /auth/oauth/token (refresh grant)',
      jwtBaseline,
      { url: `${api}/auth/oauth/token`, ...refreshGrant },
      0.8,
    );
    await compare(
      '  the same',
      { url: `${baselineUrl}/sign`, ...refreshGrant },
      { url: `${api}/auth/oauth/token`, ...refreshGrant },
    );
  }

  if (!only || only === 'passwords') {
    const signInRequest = {
      url: `${api}/auth/password/sign-in`,
      method: 'POST',
      headers: { ...clientHeaders, 'content-type': 'application/json' },
      body: JSON.stringify(credentials),
    };
    const signIn = await alternate(
      () => argon2Round([String(connections), String(hashingSeconds)]),
      () => loadRound(authd.pid, signInRequest, connections, hashingSeconds),
      () => loadRound(authd.pid, signInRequest, connections, hashingWarmUpSeconds),
    );
    baselineRow('bare argon2id verifications', signIn.baseline);
    subjectRow('POST /auth/password/sign-in', signIn, 0.9);

    // Sign-up's floor is one fresh argon2id hash; each sign-up gets a new email. Hashing calls
    // run at fewer connections: more would only queue behind the hashing threads.
    const hashingConnections = Number(process.env.BENCH_HASH_CONNECTIONS ?? 8);
    const compareSignUps = async (name: string, emailPattern: string, target?: number) => {
      const signUpRequest = {
        url: `${api}/auth/password/sign-up`,
        method: 'POST',
        headers: { ...clientHeaders, 'content-type': 'application/json' },
        body: JSON.stringify({ email: emailPattern, password: credentials.password }),
      };
      const comparison = await alternate(
        () => argon2Round([String(hashingConnections), String(hashingSeconds), 'hash']),
        () => loadRound(authd.pid, signUpRequest, hashingConnections, hashingSeconds),
        () => loadRound(authd.pid, signUpRequest, hashingConnections, hashingWarmUpSeconds),
      );
      baselineRow(`bare argon2id hashes, c=${hashingConnections}`, comparison.baseline);
      subjectRow(name, comparison, target);
    };
    await compareSignUps(`POST /auth/password/sign-up (c=${hashingConnections})`, 'bench-{n}@example.com', 0.9);

    // The same with the project's password strength check off, so the check's own price (the
    // zxcvbn estimate, the dearest step of a sign-up after the hash) shows apart from the rest.
    const turnedOff = await fetch(`${api}/projects/current`, {
      method: 'PATCH',
      headers: {
        'content-type': 'application/json',
        'x-stack-project-id': demo.project_id,
        'x-stack-access-type': 'admin',
        'x-stack-super-secret-admin-key': demo.super_secret_admin_key,
      },
      body: JSON.stringify({ config: { password_strength_check_enabled: false } }),
    });
    if (turnedOff.status !== 200) throw new Error(`could not turn the strength check off: ${await turnedOff.text()}`);
    await compareSignUps('  the same, strength check off', 'unchecked-{n}@example.com');
  }

  // The hosted pages against GET /api/v1, and the compiled binary's start and memory: scripts of
  // their own, run here so that one run gives every figure of docs/performance.md's table.
  for (const [group, script] of [
    ['pages', 'hosted-pages.ts'],
    ['footprint', 'footprint.ts'],
  ] as const) {
    if (only && only !== group) continue;
    const child = Bun.spawn([bun, join(root, 'bench', script)], { stdout: 'pipe', stderr: 'inherit' });
    const output = (await new Response(child.stdout).text()).trim();
    if ((await child.exited) !== 0) throw new Error(`bench/${script} failed`);
    console.log(output);
  }
} finally {
  authd.kill();
  baseline.kill();
  await Promise.all([authd.exited, baseline.exited]);
  rmSync(dataDir, { recursive: true, force: true });
}
