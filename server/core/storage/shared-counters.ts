// Counters every instance on one PostgreSQL database shares: the rate-limit windows and the
// guess-throttle counts (credentials/rate-limits.ts, credentials/guess-throttle.ts), which on SQLite live in
// the memory of the one process serving the data directory. Each update reads its counters
// locked, lets the caller decide, and writes the result in one transaction, so concurrent
// attempts on several instances are counted one after the other, as they are in one process.
//
// They run on a pool of their own (PostgresStorage.countersSql), outside any write transaction:
// a guess is counted even when the request's transaction rolls back, and the update never waits
// for a connection that write transactions hold.
import type { PostgresStorage } from '../../../db/pg/connection';

export interface CounterRow {
  /** Attempts in a window, or failures in a row. */
  count: number;
  /** When the window started, or when the last failure happened (epoch milliseconds). */
  at: number;
  /** Whether an account's unlock email has gone out. */
  flag: boolean;
}

/**
 * For each key, in order: the row to store, `null` to delete the counter, or `undefined` to leave it.
 */
export type CounterWrites = (CounterRow | null | undefined)[];

/** Counters not written for this long are deleted: past every window and every remembered failure. */
const forgetAfterMillis = 24 * 60 * 60_000;
const sweepIntervalMillis = 10 * 60_000;
/** First element of the keys of addresses known to an account (credentials/guess-throttle.ts), which are kept for 30 days. */
export const knownSourceCounterPrefix = 'guess-known-source';
const knownSourceForgetAfterMillis = 30 * forgetAfterMillis;
const lastSweepOf = new WeakMap<PostgresStorage, number>();

/**
 * Reads the counters named by `keys` (undefined where there is none), locked until the
 * transaction ends, and stores what `decide` returns for them. Returns `decide`'s result.
 */
export async function updateSharedCounters<T>(
  storage: PostgresStorage,
  keys: string[],
  now: number,
  decide: (rows: (CounterRow | undefined)[]) => { writes: CounterWrites; result: T },
): Promise<T> {
  const result = await storage.countersSql.begin(async (tx) => {
    // A row to lock must exist: two first attempts would otherwise both find none. Placeholders
    // (count 0 at 0) read as no counter. Locked in key order, so two updates never deadlock.
    const sorted = [...new Set(keys)].sort();
    for (const key of sorted) {
      await tx`INSERT INTO shared_counters (key, count, at) VALUES (${key}, 0, 0) ON CONFLICT (key) DO NOTHING`;
    }
    const locked: { key: string; count: number; at: string | number; flag: boolean }[] =
      await tx`SELECT key, count, at, flag FROM shared_counters WHERE key IN ${tx(sorted)} ORDER BY key FOR UPDATE`;
    const byKey = new Map(locked.map((row) => [row.key, { count: row.count, at: Number(row.at), flag: row.flag }]));
    const rows = keys.map((key) => {
      const row = byKey.get(key);
      return row && (row.count !== 0 || row.at !== 0) ? row : undefined;
    });
    const decided = decide(rows);
    for (const [index, write] of decided.writes.entries()) {
      const key = keys[index]!;
      if (write === null) await tx`DELETE FROM shared_counters WHERE key = ${key}`;
      else if (write !== undefined) {
        await tx`UPDATE shared_counters SET count = ${write.count}, at = ${write.at}, flag = ${write.flag} WHERE key = ${key}`;
      }
    }
    return decided.result;
  });
  await sweepForgottenCounters(storage, now);
  return result;
}

/** Every key given deleted (a success clears the counts behind it). */
export async function deleteSharedCounters(storage: PostgresStorage, keys: string[]): Promise<void> {
  await storage.countersSql`DELETE FROM shared_counters WHERE key IN ${storage.countersSql(keys)}`;
}

/** Now and then (per process), the counters nobody has touched for a day go; known addresses after 30 days. */
async function sweepForgottenCounters(storage: PostgresStorage, now: number): Promise<void> {
  if (now - (lastSweepOf.get(storage) ?? 0) < sweepIntervalMillis) return;
  lastSweepOf.set(storage, now);
  const knownPattern = `["${knownSourceCounterPrefix}"%`;
  await storage.countersSql`DELETE FROM shared_counters WHERE at < ${now - forgetAfterMillis} AND (key NOT LIKE ${knownPattern} OR at < ${now - knownSourceForgetAfterMillis})`;
}
