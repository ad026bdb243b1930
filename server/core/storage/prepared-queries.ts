// Prepared statements for the queries every request runs. Building a drizzle query costs tens of
// microseconds each time, which dominated authenticated reads; a statement prepared once per
// database is reused.
import type { Db } from '../../../db/connection';
import type { Context } from './context';
import { perDatabase } from './database-memory';

const statementsOf = perDatabase(() => new Map<(db: Db) => unknown, unknown>());

/** Returns the statement `build` makes, building it once per database. */
export function prepared<T>(ctx: Context, build: (db: Db) => T): T {
  const statements = statementsOf(ctx);
  let statement = statements.get(build) as T | undefined;
  if (statement === undefined) {
    statement = build(ctx.db);
    statements.set(build, statement);
  }
  return statement;
}
