// `bun bench/guess-abuse.ts`: the long form of the guess-throttling abuse tests, against a real
// server on 127.0.0.1 (addresses from X-Forwarded-For, as behind a proxy). Prints counts and
// exits non-zero when a promise of the throttle does not hold:
//   1. a burst of BENCH_BURST (2,000) concurrent wrong passwords from one address, the right
//      one last: only the free tries are verified and the right one is refused;
//   2. BENCH_ADDRESSES (300) addresses guessing at one account: at most the backstop's 100 are
//      verified, the owner is locked out, and the emailed unlock link (read from the outbox)
//      lets them back in;
//   3. the owner's sign-in time while one address hammers their account, against quiet: the
//      attacker's refused tries cost no hashing, so the ratio stays near 1.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openContext } from '../cmd/cli-support';
import { guessThrottlePolicy } from '../server/core/credentials/guess-throttle';
import { listEmailMessages } from '../server/core/email/email-queue';
import { bootstrapInstance } from '../server/core/projects/bootstrap';
import { silentLogger, defaultSettings } from '../server/core/storage/context';
import { startHttpServer } from '../server/http/server';

const burst = Number(process.env.BENCH_BURST ?? 2_000);
const addresses = Number(process.env.BENCH_ADDRESSES ?? 300);
const ownerSamples = Number(process.env.BENCH_OWNER_SAMPLES ?? 15);

const dataDir = mkdtempSync(join(tmpdir(), 'authd-bench-abuse-'));
const ctx = openContext(dataDir, 'development', silentLogger, { ...defaultSettings(), trustProxy: true });
const demo = (await bootstrapInstance(ctx)).find((p) => p.projectId !== 'internal')!;
const server = startHttpServer(ctx, { host: '127.0.0.1', port: 0 });
const headers = {
  'content-type': 'application/json',
  'x-stack-project-id': demo.projectId,
  'x-stack-access-type': 'client',
  'x-stack-publishable-client-key': demo.keys.publishable_client_key!,
};
let nextAddress = 0;
const freshAddress = () => `10.${(nextAddress >> 16) & 255}.${(nextAddress >> 8) & 255}.${nextAddress++ & 255}`;
const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};

async function post(path: string, body: unknown, address: string): Promise<{ status: number; text: string }> {
  const res = await fetch(`${server.url}/api/v1${path}`, {
    method: 'POST',
    headers: { ...headers, 'x-forwarded-for': address },
    body: JSON.stringify(body),
  });
  return { status: res.status, text: await res.text() };
}
const signIn = (email: string, password: string, address: string) => post('/auth/password/sign-in', { email, password }, address);

async function newAccount(name: string): Promise<{ email: string; password: string }> {
  const account = { email: `${name}-${crypto.randomUUID()}@example.com`, password: `pw-${crypto.randomUUID()}` };
  const res = await post('/auth/password/sign-up', account, freshAddress());
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${res.text}`);
  return account;
}

const free = guessThrottlePolicy.freeFailuresPerSource;
try {
  // 1. One address, one burst.
  {
    const owner = await newAccount('burst');
    const attacker = freshAddress();
    const answers = await Promise.all([
      ...Array.from({ length: burst }, (_, i) => signIn(owner.email, `wrong ${i}`, attacker)),
      signIn(owner.email, owner.password, attacker),
    ]);
    const verified = answers.filter((a) => a.status === 400).length;
    const refused = answers.filter((a) => a.status === 429).length;
    console.log(`burst: ${burst} wrong + the right one from one address → ${verified} verified, ${refused} refused`);
    // The per-address request limit (50 per 15 min) refuses most of the burst before the
    // throttle even counts it; either way no more than the free tries reach the hash.
    check(verified <= free, `at most ${free} verified`);
    check(answers.at(-1)!.status === 429, 'the right password, last, is refused');
  }

  // 2. Many addresses, one account.
  {
    const owner = await newAccount('spread');
    let verified = 0;
    for (let sent = 0; sent < addresses; sent += 50) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(50, addresses - sent) }, (_, i) =>
          signIn(owner.email, `spread ${sent + i}`, freshAddress()),
        ),
      );
      verified += batch.filter((a) => a.status === 400).length;
    }
    console.log(`spread: ${addresses} addresses, one wrong guess each → ${verified} verified`);
    check(verified <= guessThrottlePolicy.accountBackstopFailures, `at most ${guessThrottlePolicy.accountBackstopFailures} verified`);
    check((await signIn(owner.email, owner.password, freshAddress())).status === 429, 'the owner is locked out');
    const unlockMail = (await listEmailMessages(ctx, { recipient: owner.email })).find((m) => m.subject.startsWith('Unlock your'));
    check(unlockMail !== undefined, 'the owner was emailed an unlock link');
    const link = new URL(unlockMail?.text.match(/https?:\/\/\S+/)?.[0] ?? 'http://invalid/');
    const unlocked = await fetch(new URL(link.pathname, link), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ project_id: link.searchParams.get('project_id') ?? '', code: link.searchParams.get('code') ?? '' }),
    });
    check(unlocked.status === 200, 'the unlock link works');
    check((await signIn(owner.email, owner.password, freshAddress())).status === 200, 'the owner signs in after unlocking');
  }

  // 3. The owner's sign-in time under a one-address attack, against quiet.
  {
    const owner = await newAccount('timing');
    const home = freshAddress();
    const timeOwner = async () => {
      const times: number[] = [];
      for (let i = 0; i < ownerSamples; i++) {
        const started = performance.now();
        const res = await signIn(owner.email, owner.password, home);
        times.push(performance.now() - started);
        if (res.status !== 200) failures.push(`owner sign-in answered ${res.status}`);
      }
      return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
    };
    const quiet = await timeOwner();
    const attacker = freshAddress();
    let attacking = true;
    let attackerTries = 0;
    const attack = (async () => {
      while (attacking) {
        await Promise.all(Array.from({ length: 8 }, () => signIn(owner.email, 'wrong', attacker)));
        attackerTries += 8;
      }
    })();
    const underAttack = await timeOwner();
    attacking = false;
    await attack;
    console.log(
      `owner sign-in median: quiet ${quiet.toFixed(1)} ms, during an attack of ${attackerTries} tries ${underAttack.toFixed(1)} ms (ratio ${(underAttack / quiet).toFixed(2)})`,
    );
    check(failures.every((f) => !f.startsWith('owner sign-in')), 'the owner signed in every time during the attack');
  }
} finally {
  await server.stop();
  ctx.storage.close();
  rmSync(dataDir, { recursive: true, force: true });
}
if (failures.length > 0) {
  console.error(`${failures.length} check(s) failed`);
  process.exit(1);
}
