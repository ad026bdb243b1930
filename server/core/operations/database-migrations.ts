// `authd migrate`: applies a database's pending migrations on request and says which, for an
// operator who upgrades the schema as a deployment step rather than at the next start (every
// start still migrates too). SQLite data directories and PostgreSQL databases alike.
import { Database } from 'bun:sqlite';
import { join } from 'node:path';
import { appliedMigrationTags, databaseFileName } from '../../../db/connection';
import { embeddedMigrations as postgresMigrations } from '../../../db/pg/migrations.generated';
import { plainTextError } from '../../protocol/plain-text-errors';
import { describeDatabaseLocation, hasSqliteDatabase, openPostgresLocation, type DatabaseLocation } from '../storage/database-location';
import { openExistingDataDirectory } from '../storage/open-context';

export interface MigrationReport {
  /** The database, as shown to people (a URL's password hidden). */
  database: string;
  /** Tags applied by this run, in order; empty when the database was up to date. */
  applied: string[];
  /** How many migrations the database has recorded now. */
  recorded: number;
}

export async function migrateDatabase(location: DatabaseLocation): Promise<MigrationReport> {
  const database = describeDatabaseLocation(location);
  if (location.kind === 'postgres') {
    const storage = await openPostgresLocation(location.url, { connectTimeoutSeconds: location.connectTimeoutSeconds });
    try {
      return { database, applied: storage.appliedMigrations, recorded: postgresMigrations.length };
    } finally {
      await storage.close();
    }
  }
  if (!hasSqliteDatabase(location.dataDir)) throw plainTextError('NO_AUTHD_DATA', location.dataDir);
  const before = recordedSqliteTags(join(location.dataDir, databaseFileName));
  // Opening applies the SQL migrations (after its automatic pre-migration copy) and the data
  // migration that follows them, exactly as `serve` would.
  const ctx = openExistingDataDirectory(location.dataDir);
  try {
    const after = ctx.storage.sqlite
      .query<{ tag: string }, []>('SELECT tag FROM schema_migrations ORDER BY rowid')
      .all()
      .map((row) => row.tag);
    return { database, applied: after.filter((tag) => !before.has(tag)), recorded: after.length };
  } finally {
    ctx.storage.close();
  }
}

function recordedSqliteTags(file: string): Set<string> {
  const sqlite = new Database(file, { readonly: true });
  try {
    return appliedMigrationTags(sqlite);
  } finally {
    sqlite.close();
  }
}
