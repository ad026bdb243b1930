// Answers to hot reads (is this API key valid, does this user exist, the user's view) kept until the database is
// next written, by this server or by anyone else (the CLI writes the same file). Any write at
// all empties the cache: this process's own writes count at once, and another process's commit
// (a key revoked from the CLI) counts for every request arriving a millisecond after it.
//
// "Written" is told by two counters SQLite keeps. total_changes() counts rows this connection
// changed; it is nearly free, so it is read on every lookup. PRAGMA data_version changes when
// another connection commits; reading it opens a read transaction (two fcntl lock calls, about
// 4 µs under load, a seventh of a cached GET /users/me), so one reading serves every lookup for
// a millisecond. Reading it afresh for each request instead cost about 10 % of that call's
// throughput, for a window no one can use: the CLI itself takes far longer than that to run.
import type { Database } from 'bun:sqlite';
import type { Context } from './context';
import { perDatabase, rememberBounded } from './database-memory';

const otherCommitsReadingLifetimeMillis = 1;

const statementsOf = perDatabase((sqlite) => ({
  ownChanges: sqlite.prepare<{ own: number }, []>('SELECT total_changes() AS own'),
  otherCommits: sqlite.prepare<{ data_version: number }, []>('PRAGMA data_version'),
}));
const otherCommitsReadingOf = perDatabase(() => ({ version: 0, readAtMillis: -Infinity }));

function otherConnectionsVersion(sqlite: Database): number {
  const reading = otherCommitsReadingOf({ sqlite });
  const now = performance.now();
  if (now - reading.readAtMillis >= otherCommitsReadingLifetimeMillis) {
    reading.version = statementsOf({ sqlite }).otherCommits.get()!.data_version;
    reading.readAtMillis = now;
  }
  return reading.version;
}

/** A value that differs whenever anything was written to the database since it was last read. */
function databaseGeneration(sqlite: Database): string {
  return `${statementsOf({ sqlite }).ownChanges.get()!.own}:${otherConnectionsVersion(sqlite)}`;
}

export class WriteInvalidatedCache<V> {
  private readonly stateOf = perDatabase(() => ({ generation: '', entries: new Map<string, V>() }));

  /** Bounded, so a caller trying many different keys cannot grow it without limit. */
  constructor(private readonly maxEntries: number) {}

  /** The cached answer for `key`, or `load()`'s, remembered until the next write. */
  get(ctx: Context, key: string, load: () => V): V {
    // Inside a transaction the counters move with writes that may still roll back, so an answer
    // read there could outlive the data it saw.
    if (ctx.sqlite.inTransaction) return load();
    // Read before `load` runs: a commit landing between the two then shows as a newer
    // generation on the next call and drops the entry.
    const generation = databaseGeneration(ctx.sqlite);
    const state = this.stateOf(ctx);
    if (state.generation !== generation) {
      state.generation = generation;
      state.entries.clear();
    }
    if (state.entries.has(key)) return state.entries.get(key)!;
    const value = load();
    rememberBounded(state.entries, key, value, this.maxEntries);
    return value;
  }
}
