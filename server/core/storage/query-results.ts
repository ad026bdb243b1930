// Reading a query's rows the same way on every dialect. drizzle's SQLite-only executors (get,
// all, run and values) do not exist on its pg query builders, while `await builder` works on
// both: a select or a `returning()` resolves with its rows.

/** The first of a query's rows, if any: what the SQLite-only get gave, from `await builder.limit(1)`. */
export function firstRow<T>(rows: readonly T[]): T | undefined {
  return rows[0];
}
