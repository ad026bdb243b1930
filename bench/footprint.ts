// The compiled binary's footprint: from spawn to the first 200 on /health on an existing data
// directory (the usual restart), and the resident memory once idle. Builds dist/authd first
// unless BENCH_NO_BUILD=1. `bun bench/footprint.ts` (BENCH_RUNS, default 5).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median } from './load';

const root = join(import.meta.dir, '..');
const binary = join(root, 'dist', 'authd');
const runs = Number(process.env.BENCH_RUNS ?? 5);
if (process.env.BENCH_NO_BUILD !== '1') {
  const build = Bun.spawnSync([process.execPath, join(root, 'scripts', 'build.ts')], { stdout: 'ignore', stderr: 'inherit' });
  if (build.exitCode !== 0) throw new Error('the build failed');
}

const dataDir = mkdtempSync(join(tmpdir(), 'authd-footprint-'));
const created = Bun.spawnSync([binary, 'create-project', '--name', 'Footprint', '--data', dataDir], { stdout: 'ignore', stderr: 'pipe' });
if (created.exitCode !== 0) throw new Error(created.stderr.toString());

const starts: number[] = [];
const residentMegabytes: number[] = [];
try {
  for (let run = 0; run < runs; run++) {
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const spawnedAt = performance.now();
    const child = Bun.spawn([binary, 'serve', '--port', String(port), '--data', dataDir], { stdout: 'ignore', stderr: 'ignore' });
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/health`).then((r) => r.status === 200, () => false);
      if (ok) break;
      await Bun.sleep(1);
    }
    starts.push(performance.now() - spawnedAt);
    await Bun.sleep(3_000);
    const status = await Bun.file(`/proc/${child.pid}/status`).text();
    residentMegabytes.push(Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024);
    child.kill();
    await child.exited;
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(
  `spawn to first 200: median ${median(starts).toFixed(0)} ms (${starts.map((ms) => ms.toFixed(0)).join(', ')}); idle RSS: median ${median(residentMegabytes).toFixed(1)} MB`,
);
