// PostgreSQL's migration 0005 on rows an older authd left: every address gets its key
// (lower-cased ASCII letters only, as SQLite's 0020), sign-in addresses of one project that differ
// only in case are flagged rather than merged, and `serve` on the database reports them.
import { afterAll, expect, test } from 'bun:test';
import { SQL } from 'bun';
import { openPostgres } from '../../db/pg/connection';
import { embeddedMigrations } from '../../db/pg/migrations.generated';
import { startServeProcess } from '../support/instance';
import { dropTestDatabases, testDatabase } from './postgres-support';

afterAll(async () => await dropTestDatabases());

test('a database from before migration 0005 gets keys and flags, never merges, and serve reports the clash', async () => {
  const url = await testDatabase();
  const older = new SQL({ url, max: 1 });
  await older.unsafe('CREATE TABLE schema_migrations (tag text PRIMARY KEY, applied_at bigint NOT NULL)');
  const level = embeddedMigrations.findIndex((migration) => migration.tag === '0005_email_address_keys');
  expect(level).toBeGreaterThan(0);
  for (const migration of embeddedMigrations.slice(0, level)) {
    for (const statement of migration.sql.split('--> statement-breakpoint')) if (statement.trim()) await older.unsafe(statement);
    await older`INSERT INTO schema_migrations (tag, applied_at) VALUES (${migration.tag}, 0)`;
  }
  await older`INSERT INTO projects (id, display_name, created_at, config_id) VALUES ('p', 'P', 1, 'c')`;
  const rows: [string, string, boolean, number][] = [
    ['older', 'bob@example.com', true, 1],
    ['newer', 'Bob@Example.com', true, 2],
    ['accented', 'ÉMILE@example.com', true, 3],
    ['contact-only', 'BOB@EXAMPLE.COM', false, 4],
  ];
  for (const [id, email, usedForAuth, at] of rows) {
    await older`INSERT INTO users (id, project_id, signed_up_at, last_active_at) VALUES (${id}, 'p', ${at}, ${at})`;
    await older`INSERT INTO contact_channels (id, project_id, user_id, type, value, is_verified, is_primary, used_for_auth, created_at)
      VALUES (${`channel-${id}`}, 'p', ${id}, 'email', ${email}, true, true, ${usedForAuth}, ${at})`;
  }
  await older.close();

  const storage = await openPostgres(url);
  expect(storage.appliedMigrations).toContain('0005_email_address_keys');
  const keys = await storage.sql`SELECT user_id, value, value_key, key_clash FROM contact_channels ORDER BY created_at`;
  expect([...keys]).toEqual([
    { user_id: 'older', value: 'bob@example.com', value_key: 'bob@example.com', key_clash: false },
    { user_id: 'newer', value: 'Bob@Example.com', value_key: 'bob@example.com', key_clash: true },
    // Only A–Z fold: É stays as it is, as SQLite's lower() leaves it.
    { user_id: 'accented', value: 'ÉMILE@example.com', value_key: 'Émile@example.com', key_clash: false },
    { user_id: 'contact-only', value: 'BOB@EXAMPLE.COM', value_key: 'bob@example.com', key_clash: false },
  ]);
  const [setting] = await storage.sql`SELECT team_invitation_requires_matching_email FROM projects WHERE id = 'p'`;
  expect(setting).toEqual({ team_invitation_requires_matching_email: false });
  // The unique index holds every other sign-in address of the key.
  await storage.sql`INSERT INTO users (id, project_id, signed_up_at, last_active_at) VALUES ('late', 'p', 9, 9)`;
  await expect(
    storage.sql`INSERT INTO contact_channels (id, project_id, user_id, type, value, value_key, is_verified, is_primary, used_for_auth, created_at)
      VALUES ('channel-late', 'p', 'late', 'email', 'BOB@example.com', 'bob@example.com', false, true, true, 9)`,
  ).rejects.toThrow(/contact_channels_auth_key_idx/);
  await storage.close();

  const instanceKey = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64');
  const server = await startServeProcess(url, [], undefined, undefined, { AUTHD_INSTANCE_KEY: instanceKey });
  await server.stop();
  const warnings = server.events.filter((event) => event.level === 'warn').map((event) => String(event.message));
  expect(warnings).toHaveLength(1);
  expect(warnings[0]).toContain('project p: bob@example.com (user older), Bob@Example.com (user newer)');
});
