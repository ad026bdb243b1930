// Prepared statements for the queries every request runs. Building a drizzle query costs tens of
// microseconds each time, which dominated authenticated reads; a statement prepared once per
// handle is reused. Kept per handle, not per database: the same query runs on the reader outside
// a transaction and on the writer inside one (server/core/storage/transactions.ts), and on
// PostgreSQL inside a transaction on that transaction's own connection.
//
// `build` is written once, with SQLite's `.prepare()`; on PostgreSQL the same chain makes
// drizzle's pg statement (Bun's client prepares each SQL text on the server by itself, so the
// statement needs no name). The runner answers the same way on both, always as a promise.
import type { Db } from '../../../db/connection';
import type { Context } from './context';
import { currentHandle } from './transactions';

/** What a SQLite prepared statement built by drizzle offers; its pg twin has `execute` instead. */
interface SqliteStatement {
  get(params?: never): unknown;
  all(params?: never): unknown;
  run(params?: never): unknown;
}

interface PostgresStatement {
  execute(params?: unknown): Promise<unknown[]>;
}

type ParamsOf<S extends SqliteStatement> = Parameters<S['run']>[0];
/** A write without RETURNING has no rows: drizzle types its get() as an error, never used then. */
type RowOf<S extends SqliteStatement> = Exclude<ReturnType<S['get']>, undefined>;

export interface PreparedQuery<S extends SqliteStatement> {
  /** The first row, or undefined. */
  get(params?: ParamsOf<S>): Promise<RowOf<S> | undefined>;
  all(params?: ParamsOf<S>): Promise<RowOf<S>[]>;
  /** For writes: runs it, answering nothing. */
  run(params?: ParamsOf<S>): Promise<void>;
}

const runnersOf = new WeakMap<Db, Map<(db: Db) => unknown, PreparedQuery<SqliteStatement>>>();

/** The statement `build` makes, on the handle the caller's query goes through, built once per handle. */
export function prepared<S extends SqliteStatement>(ctx: Pick<Context, 'storage'>, build: (db: Db) => S): PreparedQuery<S> {
  const handle = currentHandle(ctx);
  let runners = runnersOf.get(handle);
  if (runners === undefined) runnersOf.set(handle, (runners = new Map()));
  let runner = runners.get(build);
  if (runner === undefined) {
    const statement = build(handle) as unknown;
    runner =
      ctx.storage.dialect === 'sqlite'
        ? sqliteRunner(statement as SqliteStatement)
        : postgresRunner(statement as PostgresStatement);
    runners.set(build, runner);
  }
  return runner as unknown as PreparedQuery<S>;
}

function sqliteRunner(statement: SqliteStatement): PreparedQuery<SqliteStatement> {
  // bun:sqlite answers synchronously; the promise is only the shape both dialects share.
  return {
    get: async (params) => statement.get(params) ?? undefined,
    all: async (params) => statement.all(params) as unknown[],
    run: async (params) => void statement.run(params),
  };
}

function postgresRunner(statement: PostgresStatement): PreparedQuery<SqliteStatement> {
  return {
    get: async (params) => (await statement.execute(params))[0],
    all: async (params) => await statement.execute(params),
    run: async (params) => void (await statement.execute(params)),
  };
}
