// Opens a PostgreSQL database for authd through Bun's built-in SQL client and drizzle's bun-sql
// driver, and applies any pending migration (db/pg/migrations), so two instances starting at
// once against one database migrate it once. Loaded only when a PostgreSQL database is opened
// (server/core/storage/database-location.ts), so serving SQLite does not carry it.
import { SQL, type TransactionSQL } from 'bun';
import { drizzle } from 'drizzle-orm/bun-sql';
import { BunSQLSession, BunSQLTransaction } from 'drizzle-orm/bun-sql/session';
import { embeddedMigrations } from './migrations.generated';
import * as schema from './schema';

export type PostgresDb = ReturnType<typeof drizzle<typeof schema>>;

export interface PostgresStorage {
  dialect: 'postgres';
  db: PostgresDb;
  sql: SQL;
  /**
   * A small pool of its own for the shared rate-limit and guess counters
   * (server/core/storage/shared-counters.ts). They are updated from inside write transactions
   * but must not join them, and taking a connection from the main pool there could wait forever
   * while every other connection waits for that transaction's lock.
   */
  countersSql: SQL;
  /**
   * drizzle's transaction on one reserved pooled connection. `opening` is sent as one simple
   * query, so it may hold several statements: `BEGIN ISOLATION LEVEL …; <the first statement>`,
   * pipelined with the body's first query, costs no round trip of its own, where drizzle's own
   * transaction sends BEGIN, then SET TRANSACTION, then each statement, each waiting for the
   * last. It takes no parameters (the simple protocol has none). Committed when `work` resolves,
   * rolled back when it throws.
   */
  transaction<T>(opening: string, work: (tx: PostgresDb) => Promise<T>): Promise<T>;
  /** Tags of the migrations this open applied (empty when the database was up to date). */
  appliedMigrations: string[];
  close(): Promise<void>;
}

/** Migration tags are recorded here, as SQLite records them in its own schema_migrations. */
const migrationTable = 'schema_migrations';

/**
 * The key of the session-independent lock every migrating authd takes (pg_advisory_xact_lock):
 * a fixed number, so that every version of authd waits for every other. Advisory locks are per
 * database, so instances on other databases of the server do not wait for each other.
 */
const migrationLockKey = 0x61757468; // "auth" in ASCII

export interface PostgresOpenOptions {
  /** Apply pending migrations (the default). `authd copy` reads a source without changing it. */
  migrate?: boolean;
  /** Connections in the pool. */
  max?: number;
  /** How long a new connection may take to be established, in seconds (openPostgresLocation's default: 10). */
  connectTimeoutSeconds?: number;
}

export async function openPostgres(url: string, options: PostgresOpenOptions = {}): Promise<PostgresStorage> {
  const connectionTimeout = options.connectTimeoutSeconds ?? 10;
  const client = new SQL({ url, max: options.max ?? 10, connectionTimeout });
  try {
    // Connect now, so a wrong URL fails here with the server's reason, not at the first query.
    await client`SELECT 1`;
    const appliedMigrations = options.migrate === false ? [] : await applyPostgresMigrations(client);
    // Connects at its first query: openings that never count (migrate, copy) never connect it.
    const countersSql = new SQL({ url, max: 2, connectionTimeout });
    const db = drizzle({ client, schema });
    // What drizzle's own transaction builds its handle from (drizzle-orm/bun-sql/session.js).
    const session = (db as unknown as { session: { dialect: never; schema: never; options: never } }).session;
    return {
      dialect: 'postgres',
      db,
      sql: client,
      transaction: async (opening, work) => {
        const connection = await client.reserve();
        try {
          // Not awaited before the body's first statement: the client pipelines a reserved
          // connection's queries in order, so the body's first query goes out behind the
          // opening in the same round trip, and still runs after it (inside the transaction,
          // holding its locks). Should the opening fail, every statement after it fails with it,
          // and its own error (say, a serialisation failure) is the one thrown.
          const opened = connection.unsafe(opening);
          opened.catch(() => undefined);
          let result: Awaited<ReturnType<typeof work>>;
          try {
            // drizzle's type asks for a TransactionSQL, whose savepoints core never uses (a nested
            // writeTransaction joins the outer one): a reserved connection sends the same queries.
            const txSession = new BunSQLSession(connection as unknown as TransactionSQL, session.dialect, session.schema, session.options);
            result = await work(new BunSQLTransaction(session.dialect, txSession, session.schema) as unknown as PostgresDb);
            await opened;
          } catch (error) {
            await connection.unsafe('ROLLBACK').catch(() => undefined);
            await opened;
            throw error;
          }
          // A COMMIT that fails (a serialisation failure found at commit) has ended the
          // transaction itself: the ROLLBACK below then only warns.
          try {
            await connection.unsafe('COMMIT');
          } catch (error) {
            await connection.unsafe('ROLLBACK').catch(() => undefined);
            throw error;
          }
          return result;
        } finally {
          connection.release();
        }
      },
      countersSql,
      appliedMigrations,
      close: async () => {
        await Promise.all([client.close({ timeout: 5 }), countersSql.close({ timeout: 5 })]);
      },
    };
  } catch (error) {
    await client.close({ timeout: 0 });
    throw error;
  }
}

/** Migration tags recorded in the database; empty when it has no migration table yet. */
async function appliedPostgresMigrationTags(client: SQL): Promise<Set<string>> {
  const [{ exists }] = await client`SELECT to_regclass(${migrationTable}) IS NOT NULL AS exists`;
  if (!exists) return new Set();
  const rows: { tag: string }[] = await client.unsafe(`SELECT tag FROM ${migrationTable}`);
  return new Set(rows.map((row) => row.tag));
}

export async function pendingPostgresMigrations(client: SQL): Promise<string[]> {
  const applied = await appliedPostgresMigrationTags(client);
  return embeddedMigrations.filter((migration) => !applied.has(migration.tag)).map((migration) => migration.tag);
}

/**
 * Applies the embedded migrations not yet recorded, each in a transaction of its own (DDL is
 * transactional in PostgreSQL: a migration that fails leaves nothing half-done) holding the
 * migration lock. Whoever waited for the lock finds the migration recorded and skips it, so two
 * instances starting together apply each migration once. Returns the tags it applied.
 */
export async function applyPostgresMigrations(client: SQL): Promise<string[]> {
  const pending = new Set(await pendingPostgresMigrations(client));
  const applied: string[] = [];
  for (const migration of embeddedMigrations) {
    if (!pending.has(migration.tag)) continue;
    const didApply = await client.begin(async (tx) => {
      await tx`SELECT pg_advisory_xact_lock(${migrationLockKey}::bigint)`;
      await tx.unsafe(`CREATE TABLE IF NOT EXISTS ${migrationTable} (tag text PRIMARY KEY, applied_at bigint NOT NULL)`);
      const [recorded] = await tx.unsafe(`SELECT 1 FROM ${migrationTable} WHERE tag = $1`, [migration.tag]);
      if (recorded) return false;
      for (const statement of migration.sql.split('--> statement-breakpoint')) {
        if (statement.trim()) await tx.unsafe(statement);
      }
      await tx.unsafe(`INSERT INTO ${migrationTable} (tag, applied_at) VALUES ($1, $2)`, [migration.tag, Date.now()]);
      return true;
    });
    if (didApply) applied.push(migration.tag);
  }
  return applied;
}
