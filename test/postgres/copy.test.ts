// `authd copy` both ways: a data directory seeded through core's real write paths, copied to
// PostgreSQL and back to a new data directory, comes back with identical rows in every table;
// search answers the same on the copy; a non-empty target is refused and left as it was; bad
// URLs, missing directories and mismatched instance keys are the catalogue's one-line errors.
import { afterAll, describe, expect, test } from 'bun:test';
import { SQL } from 'bun';
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openPostgres } from '../../db/pg/connection';
import { copyPlan } from '../../server/core/operations/copy-plan';
import { silentLogger, defaultSettings } from '../../server/core/storage/context';
import { openDataDirectory } from '../../server/core/storage/open-context';
import { listUsers } from '../../server/core/users/users';
import { createUser } from '../../server/core/accounts/new-accounts';
import { expectOneLineError, noAuthdDataMessage, removeScratchDirs, runCli, scratchDir } from '../support/cli';
import { dropTestDatabases, readPostgresTables, readSqliteTables, seedDataDirectory, testDatabase } from './postgres-support';

afterAll(async () => {
  await dropTestDatabases();
  removeScratchDirs();
});

const keyOf = (dataDir: string) => readFileSync(join(dataDir, 'authd.key'), 'utf8').trim();

describe('a round trip SQLite → PostgreSQL → SQLite', async () => {
  const source = scratchDir('authd-copy-source-');
  const seeded = await seedDataDirectory(source);
  const url = await testDatabase();
  const back = join(scratchDir('authd-copy-back-'), 'data');

  test('copies every table to PostgreSQL, rows identical', async () => {
    const result = await runCli(['copy', '--from', source, '--to', url]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^Copied \\d+ rows in ${copyPlan().length} tables from .* \\(row counts verified\\)\\.$`, 'm'));
    expect(result.stdout).toContain('AUTHD_INSTANCE_KEY');
    // Not a terminal here: plain progress lines, one per table at least, on stderr.
    expect(result.stderr).toMatch(new RegExp(`^\\[#+\\] ${seeded.userIds.length}/${seeded.userIds.length} users \\(table \\d+/${copyPlan().length}\\)$`, "m"));
    const sqliteRows = readSqliteTables(source);
    const postgresRows = await readPostgresTables(url);
    expect(sqliteRows.users!.length).toBe(seeded.userIds.length);
    expect(sqliteRows.oauth_tokens!.length).toBeGreaterThan(0);
    expect(sqliteRows.mfa_recovery_codes!.length).toBeGreaterThan(0);
    expect(postgresRows).toEqual(sqliteRows);
  });

  test('and back into a new data directory, rows identical, the key written beside them', async () => {
    process.env.AUTHD_INSTANCE_KEY = keyOf(source);
    const result = await runCli(['copy', '--from', url, '--to', back, '--json', '--batch-size', '2']).finally(() => {
      delete process.env.AUTHD_INSTANCE_KEY;
    });
    if (result.code !== 0) throw new Error(result.stderr);
    const report = JSON.parse(result.stdout);
    expect(report.wrote_key_file).toBe(true);
    expect(report.tables.users).toBe(seeded.userIds.length);
    expect(keyOf(back)).toBe(keyOf(source));
    expect(readSqliteTables(back)).toEqual(readSqliteTables(source));
  });

  test('the copy works: search, sealed secrets and audit ids carry on', async () => {
    const ctx = openDataDirectory(back, 'development', silentLogger, defaultSettings());
    try {
      // The FTS5 index was rebuilt by the target's triggers from the copied rows.
      for (const typed of ['person.3', 'EXAMPLE.COM', 'rso', 'pe']) {
        const found = (await listUsers(ctx, seeded.demoProjectId, { query: typed } as never)).items.map((user) => user.id).sort();
        const original = openDataDirectory(source, 'development', silentLogger, defaultSettings());
        try {
          expect(found).toEqual((await listUsers(original, seeded.demoProjectId, { query: typed } as never)).items.map((user) => user.id).sort());
        } finally {
          original.storage.close();
        }
      }
      // The copy set the search triggers aside while it filled the index in one pass: they are
      // back, and a user added afterwards is found.
      const searchTriggers = (db: typeof ctx.storage.sqlite) =>
        db.query<{ name: string }, []>("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'user_search_on_%' ORDER BY name").all();
      const original = openDataDirectory(source, 'development', silentLogger, defaultSettings());
      try {
        expect(searchTriggers(ctx.storage.sqlite)).toEqual(searchTriggers(original.storage.sqlite));
        expect(searchTriggers(ctx.storage.sqlite).length).toBeGreaterThan(0);
      } finally {
        original.storage.close();
      }
      await createUser(ctx, seeded.demoProjectId, { primary_email: 'added.after.copy@example.com' });
      expect((await listUsers(ctx, seeded.demoProjectId, { query: 'after.copy' } as never)).items.map((user) => user.primary_email)).toEqual([
        'added.after.copy@example.com',
      ]);
      const maxId = ctx.storage.sqlite.query<{ n: number }, []>('SELECT max(id) AS n FROM audit_events').get()!.n;
      ctx.storage.sqlite.run("INSERT INTO audit_events (project_id, occurred_at, type, actor_type) VALUES ('internal', 1, 'test', 'system')");
      expect(ctx.storage.sqlite.query<{ n: number }, []>('SELECT max(id) AS n FROM audit_events').get()!.n).toBe(maxId + 1);
    } finally {
      ctx.storage.close();
    }
  });

  test('on PostgreSQL, the trigram indexes answer the same searches and new audit events follow the copied ones', async () => {
    const storage = await openPostgres(url);
    try {
      const sql = storage.sql;
      const search = async (folded: string) => {
        const pattern = `%${folded}%`;
        const rows: { id: string }[] = await sql`
          SELECT id FROM users WHERE project_id = ${seeded.demoProjectId}
            AND (display_name_folded LIKE ${pattern}
              OR id IN (SELECT user_id FROM contact_channels WHERE project_id = ${seeded.demoProjectId} AND value_folded LIKE ${pattern}))`;
        return rows.map((row) => row.id).sort();
      };
      expect(await search('person.3@')).toHaveLength(1);
      expect(await search('example.com')).toEqual([...seeded.userIds].sort());
      await sql.begin(async (tx) => {
        await tx`SET LOCAL enable_seqscan = off`;
        const plan: { 'QUERY PLAN': string }[] = await tx`EXPLAIN SELECT id FROM contact_channels WHERE value_folded LIKE ${'%son.3@ex%'}`;
        expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain('contact_channels_search_value_idx');
      });
      const [{ max }] = await sql`SELECT max(id)::int8 AS max FROM audit_events`;
      const [{ id }] = await sql`INSERT INTO audit_events (project_id, occurred_at, type, actor_type) VALUES ('internal', 1, 'test', 'system') RETURNING id`;
      expect(Number(id)).toBe(Number(max) + 1);
    } finally {
      await storage.close();
    }
  });
});

describe('a target that already holds data', () => {
  test('is refused with a clear error and left unchanged', async () => {
    const source = scratchDir('authd-copy-refuse-');
    await seedDataDirectory(source, 2);
    const url = await testDatabase();
    expect((await runCli(['copy', '--from', source, '--to', url])).code).toBe(0);
    const before = await readPostgresTables(url);
    const other = scratchDir('authd-copy-other-');
    await seedDataDirectory(other, 1);
    // A different key would be refused too; give this one the same key so the emptiness check answers.
    writeFileSync(join(other, 'authd.key'), keyOf(source));
    const line = expectOneLineError(await runCli(['copy', '--from', other, '--to', url]));
    expect(line).toMatch(/already holds authd data \(2 projects, 3 users\); authd copy writes only into an empty database, and wrote nothing\.$/);
    expect(await readPostgresTables(url)).toEqual(before);

    // The same for a data directory as the target.
    const sqliteBefore = readSqliteTables(other);
    const back = expectOneLineError(await runCli(['copy', '--from', url, '--to', other]));
    expect(back).toContain(`${other} already holds authd data`);
    expect(readSqliteTables(other)).toEqual(sqliteBefore);
  });
});

describe('errors from the catalogue', () => {
  test('bad URLs, a missing directory, the same database twice', async () => {
    const dataDir = scratchDir('authd-copy-errors-');
    expectOneLineError(await runCli(['copy', '--from', dataDir, '--to', 'mysql://root@127.0.0.1/authd']), /the scheme is mysql, not postgres/);
    expectOneLineError(await runCli(['copy', '--from', 'postgres://127.0.0.1:5432/', '--to', dataDir]), /it names no database/);
    const missing = join(dataDir, 'missing');
    expectOneLineError(await runCli(['copy', '--from', missing, '--to', 'postgres://u@127.0.0.1:1/x']), new RegExp(`^authd: ${noAuthdDataMessage(missing).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    expectOneLineError(await runCli(['copy', '--from', 'postgres://u@h:5432/db', '--to', 'postgresql://v:pw@h/db']), /--from and --to both name postgresql:\/\/v:\*\*\*@h\/db/);
    expectOneLineError(await runCli(['copy', '--from', dataDir]), /--to/);
  });

  test('an unreachable target is named with its password hidden, and the source is untouched', async () => {
    const source = scratchDir('authd-copy-unreachable-');
    await seedDataDirectory(source, 1);
    const line = expectOneLineError(await runCli(['copy', '--from', source, '--to', 'postgres://authd:hunter2@127.0.0.1:1/authd']));
    expect(line).toContain('Could not open the PostgreSQL database postgres://authd:***@127.0.0.1:1/authd');
    expect(line).not.toContain('hunter2');
  });

  test('instance keys: a target directory needs one, and two known keys must agree', async () => {
    const url = await testDatabase();
    const source = scratchDir('authd-copy-keys-');
    await seedDataDirectory(source, 1);
    expect((await runCli(['copy', '--from', source, '--to', url])).code).toBe(0);
    const target = join(scratchDir('authd-copy-keys-target-'), 'data');
    const previous = { key: process.env.AUTHD_INSTANCE_KEY, file: process.env.AUTHD_INSTANCE_KEY_FILE };
    delete process.env.AUTHD_INSTANCE_KEY;
    delete process.env.AUTHD_INSTANCE_KEY_FILE;
    try {
      expectOneLineError(await runCli(['copy', '--from', url, '--to', target]), /has no authd.key and no instance key is given: set AUTHD_INSTANCE_KEY/);
      expect(existsSync(target)).toBe(false);
      process.env.AUTHD_INSTANCE_KEY = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64');
      expectOneLineError(await runCli(['copy', '--from', source, '--to', url]), /The instance key of .* differs from the one of postgres:\/\/.*nothing was copied\.$/);
      process.env.AUTHD_INSTANCE_KEY = 'too short';
      expectOneLineError(await runCli(['copy', '--from', url, '--to', target]), /The instance key cannot be read: AUTHD_INSTANCE_KEY does not hold a 32-byte base64 key\.$/);
      delete process.env.AUTHD_INSTANCE_KEY;
      // The operator carried the key by hand: it is used as it is.
      mkdirSync(target, { recursive: true });
      writeFileSync(join(target, 'authd.key'), keyOf(source));
      expect((await runCli(['copy', '--from', url, '--to', target])).code).toBe(0);
      expect(readSqliteTables(target)).toEqual(readSqliteTables(source));
    } finally {
      if (previous.key === undefined) delete process.env.AUTHD_INSTANCE_KEY;
      else process.env.AUTHD_INSTANCE_KEY = previous.key;
      if (previous.file !== undefined) process.env.AUTHD_INSTANCE_KEY_FILE = previous.file;
    }
  });
});

test('a source with pending migrations is refused, not changed', async () => {
  const url = await testDatabase();
  const client = new SQL({ url, max: 1 });
  await client`CREATE TABLE schema_migrations (tag text PRIMARY KEY, applied_at bigint NOT NULL)`;
  await client.close();
  const target = scratchDir('authd-copy-pending-');
  writeFileSync(join(target, 'authd.key'), Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64'));
  const line = expectOneLineError(await runCli(['copy', '--from', url, '--to', target]));
  expect(line).toMatch(/is not at this version's schema: run "authd migrate --database URL" first, then copy\.$/);
});
