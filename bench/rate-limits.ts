// `bun bench/rate-limits.ts`: the cost of one rate-limit check as the number of windows in
// memory grows. Behind a proxy every new client address is a new window; the
// old map scanned all of them for each new one past 100,000, and throughput fell from ~4,300 to
// ~150-200 requests/s. Prints the cost per check at a small and a large map (their ratio should
// stay near 1), and the old algorithm, rebuilt here as the baseline, at the large map.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openContext } from '../cmd/cli-support';
import { consumeRateLimit, rateLimitRules, rateLimitWindowCount } from '../server/core/credentials/rate-limits';
import { silentLogger } from '../server/core/storage/context';

const largeMap = Number(process.env.BENCH_WINDOWS ?? 150_000);
const measured = Number(process.env.BENCH_CHECKS ?? 20_000);

const dataDir = mkdtempSync(join(tmpdir(), 'authd-bench-rate-limits-'));
const ctx = openContext(dataDir, 'production', silentLogger);

/** Microseconds per check for `count` checks from addresses never seen before. */
async function perCheck(check: (ip: string) => void | Promise<void>, count: number, prefix: string): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < count; i++) await check(`${prefix}-${i}`);
  return ((performance.now() - started) * 1000) / count;
}

const current = (ip: string) => consumeRateLimit(ctx, 'passwordSignInPerIp', 'bench', ip);

// Small map: a few thousand windows.
await perCheck(current, 2_000, 'warm');
const small = await perCheck(current, measured, 'small');
// Large map: fill to `largeMap` live windows, then measure new addresses.
await perCheck(current, largeMap, 'fill');
const windowsBefore = rateLimitWindowCount(ctx, 'passwordSignInPerIp');
const large = await perCheck(current, measured, 'large');

// The old algorithm: one Map, and past 100,000 entries every new window scans them all.
const oldWindows = new Map<string, { startedAt: number; count: number }>();
const longest = Math.max(...Object.values(rateLimitRules).map((r) => r.windowMillis));
const rule = rateLimitRules.passwordSignInPerIp;
function oldCheck(ip: string): void {
  const now = Date.now();
  const id = `passwordSignInPerIp\u0000bench\u0000${ip}`;
  let window = oldWindows.get(id);
  if (!window || now - window.startedAt >= rule.windowMillis) {
    window = { startedAt: now, count: 0 };
    oldWindows.set(id, window);
    if (oldWindows.size > 100_000) {
      for (const [key, w] of oldWindows) if (now - w.startedAt >= longest) oldWindows.delete(key);
    }
  }
  window.count++;
}
// Filled directly: through oldCheck, the fill itself would take minutes.
for (let i = 0; i < largeMap; i++) oldWindows.set(`passwordSignInPerIp\u0000bench\u0000fill-${i}`, { startedAt: Date.now(), count: 1 });
const old = await perCheck(oldCheck, 200, 'large');

console.log(`rate-limit check, new address each time (${measured} checks measured, 200 for the old algorithm):`);
console.log(`  now, ${small.toFixed(2)} µs at a small map; ${large.toFixed(2)} µs at ${windowsBefore} windows (ratio ${(large / small).toFixed(2)})`);
console.log(`  old algorithm at ${oldWindows.size} windows: ${old.toFixed(2)} µs (${(old / large).toFixed(0)}x the current cost)`);
console.log(`  checks/s at the large map: now ${Math.round(1e6 / large)}, old ${Math.round(1e6 / old)}`);

ctx.storage.close();
rmSync(dataDir, { recursive: true, force: true });
