// The PostgreSQL schema and its migrations: the schema matches the SQLite one table for table,
// migrations apply on an empty database and a second run applies nothing, two instances starting
// at once apply each migration once, and `authd migrate` says what it did or why it cannot.
import { afterAll, describe, expect, test } from 'bun:test';
import { SQL } from 'bun';
import { getTableConfig as getPgTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { getTableConfig as getSqliteTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { applyPostgresMigrations, openPostgres } from '../../db/pg/connection';
import { embeddedMigrations } from '../../db/pg/migrations.generated';
import * as pgSchema from '../../db/pg/schema';
import * as sqliteSchema from '../../db/schema';
import { expectOneLineError, removeScratchDirs, runCli, scratchDir, noAuthdDataMessage } from '../support/cli';
import { dropTestDatabases, testDatabase } from './postgres-support';

afterAll(async () => {
  await dropTestDatabases();
  removeScratchDirs();
});

const allTags = embeddedMigrations.map((migration) => migration.tag);

/** A table's shape in terms both dialects share: what must be the same on either engine. */
function describeTable(config: ReturnType<typeof getSqliteTableConfig> | ReturnType<typeof getPgTableConfig>) {
  const sql = (value: unknown) =>
    value && typeof value === 'object' && 'queryChunks' in value
      ? (value as { queryChunks: { value?: string[] }[] }).queryChunks.flatMap((chunk) => chunk.value ?? []).join('')
      : value;
  return {
    columns: config.columns
      .map((column) => ({ name: column.name, notNull: column.notNull, primary: column.primary, default: column.default ?? null }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    primaryKeys: config.primaryKeys.map((key) => key.columns.map((column) => column.name)),
    foreignKeys: config.foreignKeys
      .map((key) => {
        const reference = key.reference();
        return {
          columns: reference.columns.map((column) => column.name),
          table: (reference.foreignTable as unknown as { [key: symbol]: string })[Symbol.for('drizzle:Name')],
          foreignColumns: reference.foreignColumns.map((column) => column.name),
          onDelete: key.onDelete ?? 'no action',
        };
      })
      .sort((a, b) => a.columns.join().localeCompare(b.columns.join())),
    indexes: config.indexes
      .map((index) => ({
        name: index.config.name,
        unique: index.config.unique,
        columns: index.config.columns.map((column) => (column as { name: string }).name),
        // The flag predicate is `used_for_auth = 1` on SQLite and `used_for_auth` on PostgreSQL.
        where: (sql(index.config.where) as string | undefined)?.replace(' = 1', '') ?? null,
      }))
      .sort((a, b) => a.name!.localeCompare(b.name!)),
  };
}

describe('the PostgreSQL schema', () => {
  const sqliteTables = (Object.values(sqliteSchema) as unknown[]).filter((value): value is SQLiteTable => value instanceof SQLiteTable).map(getSqliteTableConfig);
  const pgTables = (Object.values(pgSchema) as unknown[]).filter((value): value is PgTable => value instanceof PgTable).map(getPgTableConfig);

  test('has the same tables as the SQLite schema', () => {
    expect(pgTables.map((table) => table.name).sort()).toEqual(sqliteTables.map((table) => table.name).sort());
    expect(sqliteTables.length).toBeGreaterThan(25);
  });

  for (const sqliteTable of sqliteTables) {
    test(`${sqliteTable.name}: same columns, nullability, defaults, keys, foreign keys and indexes`, () => {
      const pgTable = pgTables.find((table) => table.name === sqliteTable.name)!;
      expect(describeTable(pgTable)).toEqual(describeTable(sqliteTable));
    });
  }
});

describe('migrations', () => {
  test('apply on an empty database, and a second run applies nothing', async () => {
    const url = await testDatabase();
    const first = await openPostgres(url);
    expect(first.appliedMigrations).toEqual(allTags);
    await first.close();
    const second = await openPostgres(url);
    expect(second.appliedMigrations).toEqual([]);
    expect(await applyPostgresMigrations(second.sql)).toEqual([]);
    const recorded: { tag: string }[] = await second.sql`SELECT tag FROM schema_migrations ORDER BY tag`;
    expect(recorded.map((row) => row.tag)).toEqual(allTags);
    // Every table of the schema is there, and the hand-written parts too.
    const tables: { name: string }[] = await second.sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema()`;
    expect(tables.map((row) => row.name)).toContain('audit_events');
    const triggers: { name: string }[] = await second.sql`SELECT tgname AS name FROM pg_trigger WHERE NOT tgisinternal ORDER BY tgname`;
    expect(triggers.map((row) => row.name)).toEqual([
      'daily_active_user_counts_replace',
      'daily_active_users_on_active_day',
      'daily_sign_up_counts_replace',
      'daily_sign_ups_on_sign_up_time_change',
      'daily_sign_ups_on_user_delete',
      'daily_sign_ups_on_user_insert',
      'project_user_counts_replace',
      'users_count_on_delete',
      'users_count_on_insert',
      'users_count_on_sign_in_method_change',
    ]);
    await second.close();
  });

  test('two instances starting at once apply each migration once', async () => {
    const url = await testDatabase();
    const opened = await Promise.all([openPostgres(url), openPostgres(url), openPostgres(url)]);
    const applied = opened.flatMap((storage) => storage.appliedMigrations);
    expect(applied.sort()).toEqual([...allTags].sort());
    await Promise.all(opened.map((storage) => storage.close()));
  });

  test('the user counts and daily sign-ups are kept by triggers, as on SQLite', async () => {
    const url = await testDatabase();
    const storage = await openPostgres(url);
    const sql = storage.sql;
    await sql`INSERT INTO projects (id, display_name, created_at, config_id) VALUES ('p', 'P', 1, 'c')`;
    await sql`INSERT INTO users (id, project_id, signed_up_at, last_active_at, password_hash) VALUES ('a', 'p', 1, 1, 'h'), ('b', 'p', 1, 1, NULL), ('c', 'p', 1, 1, NULL)`;
    await sql`UPDATE users SET otp_auth_enabled = true WHERE id = 'b'`;
    await sql`UPDATE users SET password_hash = 'h2' WHERE id = 'a'`;
    await sql`UPDATE users SET last_active_at = 2`;
    await sql`DELETE FROM users WHERE id = 'c'`;
    const [counts] = await sql`SELECT user_count, password_user_count, otp_user_count FROM project_user_counts WHERE project_id = 'p'`;
    expect(counts).toEqual({ user_count: 2, password_user_count: 1, otp_user_count: 1 });
    // Sign-ups per UTC day (migration 0002, SQLite's 0018): day 0 kept two of its three users.
    const day = 86_400_000;
    await sql`INSERT INTO users (id, project_id, signed_up_at, last_active_at) VALUES ('d', 'p', ${day}, 1), ('e', 'p', ${2 * day - 1}, 1)`;
    await sql`UPDATE users SET signed_up_at = ${3 * day} WHERE id = 'e'`;
    const daily = await sql`SELECT day, sign_ups FROM daily_sign_up_counts WHERE project_id = 'p' AND sign_ups > 0 ORDER BY day`;
    expect([...daily]).toEqual([
      { day: 0, sign_ups: 2 },
      { day: 1, sign_ups: 1 },
      { day: 3, sign_ups: 1 },
    ]);
    await storage.close();
  });
});

describe('authd migrate', () => {
  test('--database applies the pending migrations and lists them, then finds none', async () => {
    const url = await testDatabase();
    const first = await runCli(['migrate', '--database', url]);
    expect(first.code).toBe(0);
    for (const tag of allTags) expect(first.stdout).toContain(`applied ${tag}`);
    const second = await runCli(['migrate', '--database', url, '--json']);
    expect(JSON.parse(second.stdout)).toEqual({ database: url, applied: [], recorded: allTags.length });
  });

  test('--data migrates a data directory (nothing pending on one this version made)', async () => {
    const dataDir = scratchDir('authd-migrate-');
    expect((await runCli(['create-project', '--name', 'M', '--data', dataDir])).code).toBe(0);
    const result = await runCli(['migrate', '--data', dataDir, '--json']);
    expect(JSON.parse(result.stdout).applied).toEqual([]);
  });

  test('the catalogue answers bad input in one line', async () => {
    expectOneLineError(await runCli(['migrate', '--database', 'mysql://root@127.0.0.1/authd']), /is not a PostgreSQL URL authd can use: the scheme is mysql, not postgres\.$/);
    expectOneLineError(await runCli(['migrate', '--database', 'not a url']), /is not a URL/);
    expectOneLineError(await runCli(['migrate', '--database', 'postgres://127.0.0.1:5432/']), /it names no database/);
    expectOneLineError(await runCli(['migrate', '--database', 'postgres://x@127.0.0.1:5432/a', '--data', '/tmp/x']), /either --database .* or --data/);
    const missing = scratchDir('authd-migrate-missing-') + '/nothing-here';
    expectOneLineError(await runCli(['migrate', '--data', missing]), new RegExp(noAuthdDataMessage(missing).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  });

  test('an unreachable server is one line naming it, with the password hidden', async () => {
    const line = expectOneLineError(await runCli(['migrate', '--database', 'postgres://authd:s3cret@127.0.0.1:1/authd']));
    expect(line).toContain('Could not open the PostgreSQL database postgres://authd:***@127.0.0.1:1/authd');
    expect(line).not.toContain('s3cret');
  });
});

test('the test database helper gives each caller an empty database', async () => {
  const [a, b] = await Promise.all([testDatabase(), testDatabase()]);
  expect(a).not.toBe(b);
  const client = new SQL({ url: a, max: 1 });
  const [row] = await client`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`;
  expect(row.n).toBe(0);
  await client.close();
});
