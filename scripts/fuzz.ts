// `bun scripts/fuzz.ts [cases] [seed] [path]`: the long form of test/api/fuzz.test.ts, 100,000 random
// requests over every route by default, printing what was covered. Exits 1 on the first
// violation, with fast-check's counterexample and the seed to replay it.
import { fuzzApi, makeFuzzWorld } from '../test/support/api-fuzz';
import { startTestInstance } from '../test/support/instance';

const cases = Number(process.argv[2] ?? 100_000);
const seed = process.argv[3] === undefined ? Date.now() : Number(process.argv[3]);
const replayPath = process.argv[4];
const t = await startTestInstance({ settings: { rateLimitsDisabled: true } });
const started = performance.now();
try {
  const report = await fuzzApi(t, await makeFuzzWorld(t), cases, seed, replayPath);
  console.log(`fuzz: ${report.cases} cases, seed ${seed}, ${report.routesCovered}/${report.routes} routes, in ${Math.round((performance.now() - started) / 1000)} s`);
  console.log(`  statuses ${JSON.stringify(report.statuses)}, slowest ${report.slowestMillis} ms, heap growth ${report.heapGrowthMb} MB`);
} catch (error) {
  const cause = error instanceof Error && error.cause instanceof Error ? `\ncaused by: ${error.cause.message}` : '';
  console.error(`fuzz failed (seed ${seed}): ${error instanceof Error ? error.message : String(error)}${cause}`);
  process.exitCode = 1;
} finally {
  await t.stop();
}
