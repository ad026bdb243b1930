// Prepared statements for the queries every request runs. Building a drizzle query costs tens of
// microseconds each time, which dominated authenticated reads; a statement prepared once per
// connection is reused. Kept per connection, not per database: the same query runs on the
// reader outside a transaction and on the writer inside one (server/core/storage/transactions.ts).
import type { Database } from 'bun:sqlite';
import type { Db } from '../../../db/connection';
import type { Context } from './context';
import { currentConnection } from './transactions';

const statementsOf = new WeakMap<Database, Map<(db: Db) => unknown, unknown>>();

/** Returns the statement `build` makes on the connection the caller is on, building it once per connection. */
export function prepared<T>(ctx: Context, build: (db: Db) => T): T {
  const connection = currentConnection(ctx);
  let statements = statementsOf.get(connection.sqlite);
  if (statements === undefined) statementsOf.set(connection.sqlite, (statements = new Map()));
  let statement = statements.get(build) as T | undefined;
  if (statement === undefined) {
    statement = build(connection.db);
    statements.set(build, statement);
  }
  return statement;
}
