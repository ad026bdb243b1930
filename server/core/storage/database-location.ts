// Where a database is, as the CLI names it: a SQLite data directory (a path) or a PostgreSQL
// server (a postgres:// URL). Parsed once here so every command refuses a bad URL the same way,
// and shown with its password hidden, since these strings end up in terminals and logs.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { databaseFileName, decodeInstanceKey, readInstanceKeyFromEnvironment, secretKeyFileName } from '../../../db/connection';
import type { PostgresOpenOptions, PostgresStorage } from '../../../db/pg/connection';
import { plainTextError } from '../../protocol/plain-text-errors';

/** A PostgreSQL location may carry its connect timeout (--connect-timeout), in seconds, and its pool size (--pool-size). */
export type DatabaseLocation =
  | { kind: 'sqlite'; dataDir: string }
  | { kind: 'postgres'; url: string; connectTimeoutSeconds?: number; poolSize?: number };

/** How long opening a PostgreSQL database waits for a connection, unless --connect-timeout says otherwise. */
export const defaultConnectTimeoutSeconds = 10;

/**
 * Connections in a PostgreSQL instance's request pool, unless --pool-size says otherwise. Every
 * statement holds one for its round trip and a write transaction for all of its own, so with the
 * database a millisecond away a pool this small, not the database, bounds the rate of 64
 * concurrent writers (docs/postgresql.md, "Pool size and timeouts").
 */
export const defaultPoolSize = 10;

/** The environment variable naming the PostgreSQL database, as --database does. */
export const databaseUrlEnvironmentVariable = 'AUTHD_DATABASE_URL';

/** A postgres:// or postgresql:// URL; anything else with a scheme is refused, not taken for a path. */
export function parseDatabaseUrl(text: string): DatabaseLocation & { kind: 'postgres' } {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw plainTextError(
      'INVALID_DATABASE_URL',
      redactDatabaseUrl(text),
      'it is not a URL (expected postgres://USER:PASSWORD@HOST:PORT/DATABASE)',
    );
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw plainTextError(
      'INVALID_DATABASE_URL',
      redactDatabaseUrl(text),
      `the scheme is ${url.protocol.replace(/:$/, '')}, not postgres`,
    );
  }
  if (!url.hostname) throw plainTextError('INVALID_DATABASE_URL', redactDatabaseUrl(text), 'it names no host');
  if (url.pathname.replace(/^\//, '') === '')
    throw plainTextError('INVALID_DATABASE_URL', redactDatabaseUrl(text), 'it names no database');
  return { kind: 'postgres', url: text };
}

/** `--from`/`--to` values: a URL is PostgreSQL, anything else a data directory. */
export function parseDatabaseLocation(text: string): DatabaseLocation {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) return parseDatabaseUrl(text);
  return { kind: 'sqlite', dataDir: text };
}

/** `location` with the connect timeout a PostgreSQL location waits (a data directory has none). */
export function withConnectTimeout(location: DatabaseLocation, connectTimeoutSeconds: number): DatabaseLocation {
  return location.kind === 'postgres' ? { ...location, connectTimeoutSeconds } : location;
}

/** A URL with its password replaced by `***`; other text as it is. */
export function redactDatabaseUrl(text: string): string {
  return text.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@]*:)[^@]*@/i, '$1***@');
}

export function describeDatabaseLocation(location: DatabaseLocation): string {
  return location.kind === 'sqlite' ? location.dataDir : redactDatabaseUrl(location.url);
}

export function sameDatabaseLocation(a: DatabaseLocation, b: DatabaseLocation): boolean {
  if (a.kind === 'sqlite' && b.kind === 'sqlite') return resolve(a.dataDir) === resolve(b.dataDir);
  if (a.kind === 'postgres' && b.kind === 'postgres') {
    const [x, y] = [new URL(a.url), new URL(b.url)];
    return x.hostname === y.hostname && (x.port || '5432') === (y.port || '5432') && x.pathname === y.pathname;
  }
  return false;
}

export function hasSqliteDatabase(dataDir: string): boolean {
  return existsSync(join(dataDir, databaseFileName));
}

/** openPostgres, with a connection or authentication failure as the catalogue's one-line error. */
export async function openPostgresLocation(url: string, options?: PostgresOpenOptions): Promise<PostgresStorage> {
  // Imported on first use: its driver, schema and migrations cost a server on SQLite about 1 MB
  // of resident memory when loaded at start.
  const { openPostgres } = await import('../../../db/pg/connection');
  const timeout = options?.connectTimeoutSeconds ?? defaultConnectTimeoutSeconds;
  const startedAt = performance.now();
  try {
    return await openPostgres(url, { ...options, connectTimeoutSeconds: timeout });
  } catch (error) {
    // The driver words a connection given up on as "Connection timeout after 1s (…)" when the
    // server took the connection but never answered, and as "Connection closed before the
    // connection was established" when nothing answered at all; neither names the option.
    const code = (error as { code?: string }).code;
    const gaveUp =
      code === 'ERR_POSTGRES_CONNECTION_TIMEOUT' ||
      (code === 'ERR_POSTGRES_CONNECTION_FAILED' && performance.now() - startedAt >= timeout * 1000);
    const reason = gaveUp
      ? `no connection within the ${timeout} s connect timeout (--connect-timeout)`
      : error instanceof Error
        ? error.message
        : String(error);
    throw plainTextError('DATABASE_UNREACHABLE', redactDatabaseUrl(url), reason);
  }
}

/**
 * The instance key that goes with a location, when it is known without making one: a data
 * directory's authd.key, or for PostgreSQL the key the environment gives (AUTHD_INSTANCE_KEY or
 * AUTHD_INSTANCE_KEY_FILE). Null when there is none.
 */
export function knownInstanceKey(
  location: DatabaseLocation,
  env: Record<string, string | undefined> = process.env,
): Uint8Array | null {
  try {
    if (location.kind === 'postgres') return readInstanceKeyFromEnvironment(env);
    const file = join(location.dataDir, secretKeyFileName);
    return existsSync(file) ? decodeInstanceKey(readFileSync(file, 'utf8'), file) : null;
  } catch (error) {
    throw plainTextError('INSTANCE_KEY_UNREADABLE', error instanceof Error ? error.message : String(error));
  }
}
