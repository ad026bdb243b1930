// The test files `npm test` runs a second time with every test instance on a PostgreSQL database
// of its own (AUTHD_TEST_DIALECT=postgres, test/support/instance.ts): the API suites, which reach
// authd through HTTP, the SDK and the CLI, so the same assertions hold on both dialects. What a
// test reads of the stored rows it reads through `t.rows`; a check of SQLite's files (no secret in
// clear) reads every column of the rows instead on PostgreSQL.
//
// Left out: test/api/crash.test.ts, whose check after each SIGKILL is SQLite's own (the file
// passes integrity_check and holds every acknowledged sign-up); the same kill on PostgreSQL is in
// test/postgres/two-instances.test.ts. test/users/user-search-migration.test.ts fills SQLite's
// own search index (an FTS5 table) in a database from before it existed, and
// test/users/email-address-keys-migration.test.ts builds a SQLite database at the schema level
// before migration 0020 (PostgreSQL's 0005 runs the same steps). Everything else under
// these directories runs.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const directories = [
  'api',
  'users',
  'teams',
  'admin',
  'audit',
  'oauth',
  'otp',
  'contact-channels',
  'email',
  'passkeys',
  'sdk',
  'webhooks',
  'mfa',
];

const leftOut = new Set([
  'test/api/crash.test.ts',
  'test/users/user-search-migration.test.ts',
  'test/users/email-address-keys-migration.test.ts',
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
