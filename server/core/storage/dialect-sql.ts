// The few SQL fragments drizzle cannot say once for both dialects, each written for SQLite and
// for PostgreSQL side by side, chosen by the dialect the tables are bound to (tables.ts). Core
// names the fragment; only this file knows the two spellings.
import { sql, type SQL } from 'drizzle-orm';
import type { AnySQLiteColumn, AnySQLiteTable } from 'drizzle-orm/sqlite-core';
import { boundTableDialect } from './tables';

const onPostgres = () => boundTableDialect() === 'postgres';

/**
 * The last sort key of rows listed in the order they were inserted, after their creation time:
 * SQLite's rowid. PostgreSQL keeps no insertion order, so there rows created in the same
 * millisecond are ordered by `tieBreaker`: an id made by insertionOrderedId keeps insertion
 * order (from one instance); any other id gives a stable order.
 */
export function insertionOrder(table: AnySQLiteTable, tieBreaker: AnySQLiteColumn): SQL {
  return onPostgres() ? sql`${tieBreaker}` : sql`${table}.rowid`;
}

/**
 * An id for a row listed in insertion order (insertionOrder): a UUIDv7, whose text sorts by
 * creation time and, within one millisecond, by Bun's per-process counter.
 */
export function insertionOrderedId(): string {
  return Bun.randomUUIDv7();
}

/**
 * Whether the database itself adds a user's first activity of a day to that day's count
 * (PostgreSQL: a trigger on last_active_day, into the writer's shard, db/pg/migrations/0016),
 * or core does (SQLite: an upsert of the day's one row, which its single writer serialises).
 */
export function activeDaysCountedByDatabase(): boolean {
  return onPostgres();
}

/** The text of `key` in a JSON object kept as text (a column of db/schema's json kind). */
export function jsonTextField(column: AnySQLiteColumn, key: string): SQL {
  // The key is one of core's own names, never input: checked, then written into the path.
  if (!/^[a-z_]+$/.test(key)) throw new Error(`not a JSON field name authd uses: ${key}`);
  return onPostgres()
    ? sql`(${column}::json ->> ${sql.raw(`'${key}'`)})`
    : sql`json_extract(${column}, ${sql.raw(`'$.${key}'`)})`;
}

/** True where `column` holds `needle` anywhere (case-sensitive, no pattern characters). */
export function containsText(column: AnySQLiteColumn, needle: string): SQL {
  return onPostgres() ? sql`strpos(${column}, ${needle}) > 0` : sql`instr(${column}, ${needle}) > 0`;
}

/** Whether user search can use SQLite's FTS5 search indexes (PostgreSQL's trigram indexes serve LIKE itself). */
export function hasFts5SearchTables(): boolean {
  return !onPostgres();
}
