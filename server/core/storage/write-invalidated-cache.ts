// Answers to hot reads (is this API key valid, does this user exist, the user's view) kept until the database is
// next written, by this server or by anyone else (the CLI writes the same file). Any write at
// all empties the cache: this process's own writes count at once, and another process's commit
// (a key revoked from the CLI) counts for every request arriving a millisecond after it.
//
// "Written" is told by two counters. This process's own writes all go through writeTransaction,
// which counts the transactions it finishes (transactions.ts); the count is a field read, free.
// It is counted when a transaction ends, not when a row changes (as SQLite's total_changes()
// would): a request reading the reader while another's transaction is open would otherwise
// store its pre-commit answer under the generation that the commit leaves unchanged.
// PRAGMA data_version, read on the reader connection, changes when any other connection (this
// process's writer, or the CLI) commits; on PostgreSQL a generation row that every instance's
// write transactions bump stands in for it (readCommitVersion). Reading it opens a read
// transaction on SQLite (two fcntl lock calls, about 4 µs under load, a seventh of a cached
// GET /users/me) and is a round trip on PostgreSQL, so one reading serves every lookup for a
// millisecond. Reading it afresh for each request instead cost about 10 % of
// that call's throughput, for a window no one can use: the CLI itself takes far longer than
// that to run.
import type { Context } from './context';
import { perDatabase, rememberBounded } from './database-memory';
import { finishedWriteTransactions, isInsideTransaction, readCommitVersion } from './transactions';

const otherCommitsReadingLifetimeMillis = 1;

const otherCommitsReadingOf = perDatabase(() => ({
  version: 0,
  /** When the reading that gave `version` began: a commit before that moment is in it. */
  readAtMillis: -Infinity,
  /**
   * The last reading begun, while under way (on PostgreSQL a round trip): requests arriving
   * within the lifetime of its start share it; a later one begins its own, since a commit may
   * have landed between that start and its arrival.
   */
  inFlight: null as null | { startedAt: number; version: Promise<number> },
}));

function otherConnectionsVersion(ctx: Context): number | Promise<number> {
  const reading = otherCommitsReadingOf(ctx);
  const arrivedAt = performance.now();
  if (arrivedAt - reading.readAtMillis < otherCommitsReadingLifetimeMillis) return reading.version;
  const shared = reading.inFlight;
  if (shared && arrivedAt - shared.startedAt < otherCommitsReadingLifetimeMillis) return shared.version;
  const started = {
    startedAt: arrivedAt,
    version: readCommitVersion(ctx).then((version) => {
      // Readings may end out of order; the one begun last wins.
      if (arrivedAt > reading.readAtMillis) {
        reading.version = version;
        reading.readAtMillis = arrivedAt;
      }
      return version;
    }),
  };
  reading.inFlight = started;
  void started.version.finally(() => {
    if (reading.inFlight === started) reading.inFlight = null;
  }).catch(() => {});
  return started.version;
}

/** A value that differs whenever anything was written to the database since it was last read. */
async function databaseGeneration(ctx: Context): Promise<string> {
  return `${finishedWriteTransactions(ctx)}:${await otherConnectionsVersion(ctx)}`;
}

export class WriteInvalidatedCache<V> {
  private readonly stateOf = perDatabase(() => ({ generation: '', entries: new Map<string, V>() }));

  /** Bounded, so a caller trying many different keys cannot grow it without limit. */
  constructor(private readonly maxEntries: number) {}

  /** The cached answer for `key`, or `load()`'s, remembered until the next write. */
  async get(ctx: Context, key: string, load: () => V | Promise<V>): Promise<V> {
    // Inside a write transaction the answer may rest on writes that still roll back, and inside
    // a read snapshot on a state older than the cache's: either could outlive the data it saw.
    if (isInsideTransaction(ctx)) return load();
    // Read before `load` runs: a commit landing between the two then shows as a newer
    // generation on the next call and drops the entry.
    const generation = await databaseGeneration(ctx);
    const state = this.stateOf(ctx);
    if (state.generation !== generation) {
      state.generation = generation;
      state.entries.clear();
    }
    if (state.entries.has(key)) return state.entries.get(key)!;
    const value = await load();
    // Another call may have seen a newer generation while `load` awaited: this answer is then
    // older than the entries kept now, and is not kept.
    if (state.generation === generation) rememberBounded(state.entries, key, value, this.maxEntries);
    return value;
  }
}
