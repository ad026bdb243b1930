// The test files `npm test` runs a second time with every test instance on a PostgreSQL database
// of its own (AUTHD_TEST_DIALECT=postgres, test/support/instance.ts): the API suites, which reach
// authd through HTTP, the SDK and the CLI, so the same assertions hold on both dialects.
//
// Left out, each for a reason of its own:
// - test/api/api-keys.test.ts, test/oauth/accounts.test.ts, test/passkeys/passkey-auth.test.ts,
//   test/sdk/passkeys-in-chromium.test.ts,
//   test/email/queue-sealing.test.ts, test/webhooks and
//   test/mfa: they read SQLite's file or rows directly (`t.sqlite`) in places not yet written for
//   both dialects;
// - test/api/route-table-isolation.test.ts and test/api/fuzz.test.ts checksum every table through
//   SQLite's catalogue and rowids;
// - test/api/restart.test.ts, readiness-and-drain, busy-shutdown and crash run `authd serve` on a
//   data directory as a child process.
// Everything else under these directories runs.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const directories = ['api', 'users', 'teams', 'admin', 'audit', 'oauth', 'otp', 'contact-channels', 'email', 'passkeys', 'sdk'];

const leftOut = new Set([
  'test/api/api-keys.test.ts',
  'test/api/route-table-isolation.test.ts',
  'test/api/fuzz.test.ts',
  'test/api/restart.test.ts',
  'test/api/readiness-and-drain.test.ts',
  'test/api/busy-shutdown.test.ts',
  'test/api/crash.test.ts',
  'test/oauth/accounts.test.ts',
  'test/passkeys/passkey-auth.test.ts',
  'test/email/queue-sealing.test.ts',
  'test/sdk/passkeys-in-chromium.test.ts',
]);

const root = join(import.meta.dir, '..');

/** Paths from the repository root, as `bun test` takes them (./ so each is a path, not a filter). */
export const postgresSuite: string[] = directories
  .flatMap((directory) =>
    readdirSync(join(root, 'test', directory))
      .filter((name) => name.endsWith('.test.ts') || name.endsWith('.test.tsx'))
      .map((name) => `test/${directory}/${name}`),
  )
  .filter((path) => !leftOut.has(path))
  .map((path) => `./${path}`);
