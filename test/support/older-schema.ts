// A SQLite database as an older authd left it: only its first migrations applied and recorded.
// For the tests of upgrades, and of what a migration fills in from rows that were already there.
import { Database } from 'bun:sqlite';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { databaseFileName } from '../../db/connection';
import { embeddedMigrations } from '../../db/migrations.generated';

/** `dataDir`'s database with the first `level` embedded migrations applied and recorded, in WAL mode as authd keeps it. */
export function databaseAtSchemaLevel(dataDir: string, level: number): Database {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, databaseFileName), { create: true });
  db.run('PRAGMA journal_mode = WAL');
  db.run('CREATE TABLE schema_migrations (tag TEXT PRIMARY KEY, applied_at INTEGER NOT NULL)');
  for (const migration of embeddedMigrations.slice(0, level)) {
    for (const statement of migration.sql.split('--> statement-breakpoint')) if (statement.trim()) db.run(statement);
    db.run('INSERT INTO schema_migrations (tag, applied_at) VALUES (?, 0)', [migration.tag]);
  }
  return db;
}

/** The same, with every migration before the one tagged `tag` (which must not be the first). */
export function databaseBeforeMigration(dataDir: string, tag: string): Database {
  const level = embeddedMigrations.findIndex((migration) => migration.tag === tag);
  if (level <= 0) throw new Error(`no migration ${tag} after the first`);
  return databaseAtSchemaLevel(dataDir, level);
}
