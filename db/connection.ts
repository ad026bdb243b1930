// Opens the data directory's SQLite file with the settings authd relies on and applies any
// pending migration. The CLI and a running server may open the same file at once (WAL).
import { Database } from 'bun:sqlite';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/bun-sqlite';
import { embeddedMigrations } from './migrations.generated';
import * as schema from './schema';

export type Db = ReturnType<typeof drizzle<typeof schema>>;

/**
 * Two connections to one file. Writes go only through `sqlite` (the writer), one transaction at
 * a time under server/core/storage/transactions.ts; everything read outside a transaction goes
 * through `reader`, opened read-only so that a write slipping past a transaction fails loudly
 * instead of landing on the connection another request's transaction holds open.
 */
export interface Storage {
  dialect: 'sqlite';
  /** The writer's drizzle handle: migrations, copies and transactions only. */
  db: Db;
  /** The writer connection; also the database's identity for what the process keeps per database. */
  sqlite: Database;
  readerDb: Db;
  reader: Database;
  /** The instance's 32-byte key for secrets that must be readable again (see secret-box). */
  secretKey: Uint8Array;
  close(): void;
}

export const databaseFileName = 'authd.db';
/**
 * Kept beside the database rather than in it, so a leaked database file (a backup, a copy sent
 * for debugging) does not also leak the provider tokens and webhook secrets sealed with it.
 */
export const secretKeyFileName = 'authd.key';

export function openStorage(dataDir: string): Storage {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const sqlite = new Database(join(dataDir, databaseFileName), { create: true, strict: true });
  // busy_timeout first: the other settings may already need to wait for a concurrent writer.
  sqlite.run('PRAGMA busy_timeout = 5000');
  sqlite.run('PRAGMA journal_mode = WAL');
  sqlite.run('PRAGMA synchronous = NORMAL');
  sqlite.run('PRAGMA foreign_keys = ON');
  backUpBeforeMigrating(sqlite, dataDir);
  applyMigrations(sqlite);
  reusePreparedStatements(sqlite);
  // Opened after the writer has made the file WAL and migrated it; WAL lets it read the last
  // committed state while the writer holds a transaction open.
  const reader = new Database(join(dataDir, databaseFileName), { readonly: true, strict: true });
  reader.run('PRAGMA busy_timeout = 5000');
  reusePreparedStatements(reader);
  return {
    dialect: 'sqlite',
    db: drizzle({ client: sqlite, schema }),
    sqlite,
    readerDb: drizzle({ client: reader, schema }),
    reader,
    secretKey: readOrCreateSecretKey(join(dataDir, secretKeyFileName)),
    close() {
      // Strictly (finalizing its statements), and first: a read-only connection left open as a
      // zombie would be the file's last one, and it cannot checkpoint the WAL away.
      reader.close(true);
      sqlite.close();
    },
  };
}

/** Distinct SQL texts whose compiled statements are kept (queries differ by shape, not values). */
const cachedStatementLimit = 500;

/**
 * drizzle compiles every query it runs with `prepare`, and compiling costs SQLite 30–60 µs for
 * the wide selects most calls make: half a millisecond of a sign-up's ten queries. The same SQL
 * text gets the statement compiled the first time, from here on. Sharing one statement between
 * callers is safe because every use (run, get, all, values) binds its parameters and finishes
 * synchronously. Statements falling out of the cache are left to whoever still holds them.
 */
function reusePreparedStatements(sqlite: Database): void {
  const compile = sqlite.prepare.bind(sqlite);
  const statements = new Map<string, ReturnType<Database['prepare']>>();
  sqlite.prepare = ((sql: string, ...rest: unknown[]) => {
    if (rest.length > 0) return (compile as (...args: unknown[]) => ReturnType<Database['prepare']>)(sql, ...rest);
    let statement = statements.get(sql);
    if (statement) {
      // Most recently used last, so the first key is the one to drop.
      statements.delete(sql);
    } else {
      statement = compile(sql);
      if (statements.size >= cachedStatementLimit) statements.delete(statements.keys().next().value!);
    }
    statements.set(sql, statement);
    return statement;
  }) as Database['prepare'];
}

/** How many automatic pre-migration copies are kept beside the database (the newest ones). */
export const keptPreMigrationBackups = 3;

/**
 * Before the first migration a newer authd applies to an existing database, a consistent copy
 * of it as it was (`authd.db.before-<next migration>.bak`, VACUUM INTO), so an upgrade that goes
 * wrong can be undone with `authd restore`. Two processes upgrading at once race harmlessly: the
 * second finds the copy already made.
 */
export function backUpBeforeMigrating(sqlite: Database, dataDir: string): void {
  const applied = appliedMigrationTags(sqlite);
  const next = embeddedMigrations.find((migration) => !applied.has(migration.tag));
  if (!next || applied.size === 0) return;
  const target = join(dataDir, `${databaseFileName}.before-${next.tag}.bak`);
  if (!existsSync(target)) {
    try {
      sqlite.run('VACUUM INTO ?', [target]);
      // Owner only, like the database it copies (the data directory is 700 too).
      chmodSync(target, 0o600);
    } catch (error) {
      if (!existsSync(target)) throw error;
    }
  }
  const copies = readdirSync(dataDir)
    .filter((name) => name.startsWith(`${databaseFileName}.before-`) && name.endsWith('.bak'))
    .sort();
  for (const old of copies.slice(0, Math.max(0, copies.length - keptPreMigrationBackups))) rmSync(join(dataDir, old), { force: true });
}

/** The migration tags a database has recorded; none when it has no migration table yet. */
export function appliedMigrationTags(sqlite: Database): Set<string> {
  const hasMigrationTable = sqlite.query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").get();
  if (!hasMigrationTable) return new Set();
  return new Set(sqlite.query<{ tag: string }, []>('SELECT tag FROM schema_migrations').all().map((row) => row.tag));
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

function readOrCreateSecretKey(path: string): Uint8Array {
  if (!existsSync(path)) {
    // 'wx' fails if another process created it first; its key is then the one to read.
    try {
      writeFileSync(path, Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64'), {
        flag: 'wx',
        mode: 0o600,
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  chmodSync(path, 0o600);
  return decodeInstanceKey(readFileSync(path, 'utf8'), path);
}

/**
 * The 32-byte key from the text of an authd.key file (its base64); `origin` names the file or
 * variable it came from in the error. PostgreSQL instances take the same text from the
 * environment (readInstanceKeyFromEnvironment).
 */
export function decodeInstanceKey(text: string, origin: string): Uint8Array {
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== 32) throw new Error(`${origin} does not hold a 32-byte base64 key`);
  return new Uint8Array(key);
}

export const instanceKeyEnvironmentVariable = 'AUTHD_INSTANCE_KEY';
export const instanceKeyFileEnvironmentVariable = 'AUTHD_INSTANCE_KEY_FILE';

/**
 * The instance key for a database on PostgreSQL, which has no data directory to keep authd.key
 * beside it: AUTHD_INSTANCE_KEY holds the key itself, or AUTHD_INSTANCE_KEY_FILE names a file
 * holding it. Either way it is the text of an authd.key file (the base64 of 32 random bytes), so
 * a SQLite data directory's key carries over as it is. Never stored in the database, so a dump
 * of it does not unseal the secrets. Null when neither variable is set.
 */
export function readInstanceKeyFromEnvironment(env: Record<string, string | undefined> = process.env): Uint8Array | null {
  let text = env[instanceKeyEnvironmentVariable];
  let origin = instanceKeyEnvironmentVariable;
  const file = env[instanceKeyFileEnvironmentVariable];
  if (!text && file) {
    if (!existsSync(file)) throw new Error(`${instanceKeyFileEnvironmentVariable} names ${file}, which does not exist`);
    text = readFileSync(file, 'utf8');
    origin = file;
  }
  if (!text) return null;
  return decodeInstanceKey(text, origin);
}
