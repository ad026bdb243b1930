// What the process keeps in memory about one database: caches, rate-limit windows, prepared
// statements. Kept per database rather than per process, because tests run several instances
// (each with its own `internal` project) in one process.
import type { DatabaseStorage } from './context';

/** A getter for one `T` per database, made by `create` on first use. */
export function perDatabase<T>(create: () => T): (ctx: { storage: DatabaseStorage }) => T {
  const byDatabase = new WeakMap<DatabaseStorage, T>();
  return ({ storage }) => {
    let value = byDatabase.get(storage);
    if (value === undefined) byDatabase.set(storage, (value = create()));
    return value;
  };
}

/**
 * Sets `key` in a map kept to `maxEntries`, dropping the oldest entry when full, so callers that
 * present ever-new keys (tokens, user ids) cannot grow it without limit.
 */
export function rememberBounded<K, V>(map: Map<K, V>, key: K, value: V, maxEntries: number): void {
  map.delete(key);
  if (map.size >= maxEntries) map.delete(map.keys().next().value!);
  map.set(key, value);
}
