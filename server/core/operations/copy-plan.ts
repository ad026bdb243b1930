// Which tables `authd copy` moves and how: every table of the drizzle schema, parents before
// children (foreign-key order), with the columns whose values differ in kind between SQLite
// and PostgreSQL. Tables that exist only to serve search (SQLite's FTS5 `user_search_grams` and
// its `user_search_keys`) are not in the schema and so are never copied: the target's triggers or
// indexes rebuild them from the rows copied.
import { getTableConfig as getPgTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { getTableConfig as getSqliteTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import * as pgSchema from '../../../db/pg/schema';
import * as sqliteSchema from '../../../db/schema';

export interface CopiedColumn {
  name: string;
  /** A 0/1 integer in SQLite, a boolean in PostgreSQL. */
  isFlag: boolean;
  /** int8 in PostgreSQL, which Bun's client returns as a string: read back as a number. */
  isBigint: boolean;
}

export interface CopiedTable {
  name: string;
  columns: CopiedColumn[];
  primaryKey: string[];
  /**
   * Rows the target's own triggers write while other tables are copied (project_user_counts,
   * kept from `users`): copied last, each source row replacing the trigger's.
   */
  keptByTriggers: boolean;
}

/** Tables whose rows the target's triggers write as other tables are copied. */
const triggerKeptTables = new Set(['project_user_counts', 'daily_sign_up_counts']);

function tablesOf<T>(schema: Record<string, unknown>, isTable: (value: unknown) => value is T): T[] {
  return Object.values(schema).filter(isTable);
}

/** The copy plan: every table in foreign-key order. */
export function copyPlan(): CopiedTable[] {
  const sqliteTables = tablesOf(sqliteSchema, (value): value is SQLiteTable => value instanceof SQLiteTable).map(getSqliteTableConfig);
  const pgTables = new Map(
    tablesOf(pgSchema, (value): value is PgTable => value instanceof PgTable)
      .map(getPgTableConfig)
      .map((config) => [config.name, config]),
  );
  const plan: CopiedTable[] = [];
  const parents = new Map<string, Set<string>>();
  for (const table of sqliteTables) {
    const pg = pgTables.get(table.name);
    if (!pg) throw new Error(`the PostgreSQL schema has no table ${table.name}`);
    const pgColumns = new Map(pg.columns.map((column) => [column.name, column]));
    const columns = table.columns.map((column) => {
      const pgColumn = pgColumns.get(column.name);
      if (!pgColumn) throw new Error(`the PostgreSQL table ${table.name} has no column ${column.name}`);
      return { name: column.name, isFlag: pgColumn.columnType === 'PgBoolean', isBigint: pgColumn.columnType === 'PgBigInt53' };
    });
    const primaryKey = table.primaryKeys[0]?.columns.map((column) => column.name) ?? table.columns.filter((c) => c.primary).map((c) => c.name);
    plan.push({ name: table.name, columns, primaryKey, keptByTriggers: triggerKeptTables.has(table.name) });
    parents.set(table.name, new Set(table.foreignKeys.map((key) => getSqliteTableConfig(key.reference().foreignTable).name)));
  }
  // Kahn's algorithm; among tables free to go, the first by export name, so the order is stable.
  const ordered: CopiedTable[] = [];
  const placed = new Set<string>();
  while (ordered.length < plan.length) {
    const next = plan.find((table) => !placed.has(table.name) && [...parents.get(table.name)!].every((p) => p === table.name || placed.has(p)));
    if (!next) throw new Error('the schema has a foreign-key cycle between tables');
    ordered.push(next);
    placed.add(next.name);
  }
  // Trigger-kept tables go last: the triggers of the tables before them (users) write their rows
  // as those are copied, and the source's rows must be what remains.
  return [...ordered.filter((table) => !table.keptByTriggers), ...ordered.filter((table) => table.keptByTriggers)];
}
