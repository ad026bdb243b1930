// The crash test, short form: sign-ups at full speed against a real
// `authd serve`, SIGKILL at a random moment three times, restart; every sign-up answered 200
// is stored and the database passes integrity_check. `bun scripts/crash.ts` kills 20 times and
// prints the restart times.
import { afterAll, expect, test } from 'bun:test';
import { rmSync } from 'node:fs';
import { runCrashes } from '../support/crash-runs';
import { makeTempDir } from '../support/instance';

const dataDir = makeTempDir('authd-crash-');
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

test('three SIGKILLs during sign-ups: every acknowledged user is there, integrity ok', async () => {
  const report = await runCrashes(dataDir, { kills: 3 });
  console.log(`crash: ${report.kills} kills, ${report.acknowledged} acknowledged sign-ups, restarts ${report.restartMillis.join(', ')} ms`);
  expect(report.acknowledged).toBeGreaterThan(0);
  expect(report.missing).toEqual([]);
  expect(report.integrity).toEqual(['ok']);
}, 90_000);
