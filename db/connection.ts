// Opens the data directory's SQLite file with the settings authd relies on and applies any
// pending migration. The CLI and a running server may open the same file at once (WAL).
import { Database } from 'bun:sqlite';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/bun-sqlite';
import { embeddedMigrations } from './migrations.generated';
import * as schema from './schema';

export type Db = ReturnType<typeof drizzle<typeof schema>>;

export interface Storage {
  db: Db;
  sqlite: Database;
  close(): void;
}

export const databaseFileName = 'authd.db';

export function openStorage(dataDir: string): Storage {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const sqlite = new Database(join(dataDir, databaseFileName), { create: true, strict: true });
  // busy_timeout first: the other settings may already need to wait for a concurrent writer.
  sqlite.run('PRAGMA busy_timeout = 5000');
  sqlite.run('PRAGMA journal_mode = WAL');
  sqlite.run('PRAGMA synchronous = NORMAL');
  sqlite.run('PRAGMA foreign_keys = ON');
  applyMigrations(sqlite);
  return {
    db: drizzle({ client: sqlite, schema }),
    sqlite,
    close() {
      sqlite.close();
    },
  };
}

/** Applies embedded migrations not yet recorded, each in its own immediate transaction. */
export function applyMigrations(sqlite: Database): void {
  sqlite.run('CREATE TABLE IF NOT EXISTS schema_migrations (tag TEXT PRIMARY KEY, applied_at INTEGER NOT NULL)');
  const isApplied = sqlite.prepare<{ tag: string }, [string]>('SELECT tag FROM schema_migrations WHERE tag = ?');
  for (const migration of embeddedMigrations) {
    if (isApplied.get(migration.tag)) continue;
    sqlite
      .transaction(() => {
        // Another process may have applied it while we waited for the write lock.
        if (isApplied.get(migration.tag)) return;
        for (const statement of migration.sql.split('--> statement-breakpoint')) {
          if (statement.trim()) sqlite.run(statement);
        }
        sqlite.run('INSERT INTO schema_migrations (tag, applied_at) VALUES (?, ?)', [migration.tag, Date.now()]);
      })
      .immediate();
  }
}
