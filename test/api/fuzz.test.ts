// The API fuzzed with fast-check: random bodies, headers, query strings
// and path parameters on every route of the route table; see test/support/api-fuzz.ts for what
// each case must satisfy. `bun scripts/fuzz.ts` runs the long form (100,000 cases).
import { expect, test } from 'bun:test';
import { apiRoutes, fuzzApi, makeFuzzWorld, type FuzzWorld } from '../support/api-fuzz';
import type { TestInstance } from '../support/instance';
import { withInstance } from '../support/file-instance';

let t: TestInstance, world: FuzzWorld;
withInstance(async (started) => {
  ({ t } = started);
  world = await makeFuzzWorld(t);
}, { instance: { settings: { rateLimitsDisabled: true } } });

test('3,000 random requests over every route: no 5xx, none slower than 1 s, well-formed errors, no change from a failed call', async () => {
  const report = await fuzzApi(t, world, Number(process.env.FUZZ_CASES ?? 3000));
  console.log(`fuzz: ${JSON.stringify(report)}`);
  expect(report.cases).toBe(Number(process.env.FUZZ_CASES ?? 3000));
  // Every route of the table was drawn at least once.
  expect(report.routesCovered).toBe(apiRoutes(t).length);
}, 120_000);
