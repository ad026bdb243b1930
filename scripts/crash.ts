// `bun scripts/crash.ts [kills]`: the long form of test/api/crash.test.ts: sign-ups at full
// speed against `authd serve`, SIGKILL at a random moment 20 times (by default), restart each
// time; prints acknowledged sign-ups, any missing, integrity_check and the restart times.
import { rmSync } from 'node:fs';
import { runCrashes } from '../test/support/crash-runs';
import { makeTempDir } from '../test/support/instance';

const kills = Number(process.argv[2] ?? 20);
const dataDir = makeTempDir('authd-crash-');
try {
  const report = await runCrashes(dataDir, { kills });
  const sorted = [...report.restartMillis].sort((a, b) => a - b);
  console.log(`crash: ${report.kills} SIGKILLs, ${report.acknowledged} acknowledged sign-ups, ${report.missing.length} missing`);
  console.log(`  integrity_check: ${report.integrity.join('; ')}`);
  console.log(`  restart (spawn to listening): median ${sorted[sorted.length >> 1]} ms, max ${sorted.at(-1)} ms; all: ${report.restartMillis.join(', ')}`);
  if (report.missing.length > 0) console.log(`  missing: ${report.missing.slice(0, 20).join(', ')}`);
  process.exitCode = report.missing.length === 0 && report.integrity.join() === 'ok' ? 0 : 1;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
