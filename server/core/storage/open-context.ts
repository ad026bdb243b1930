// Opening a database as a Context: a SQLite data directory (its migrations applied, its instance
// key, the secrets sealed that earlier versions stored in the clear) or a PostgreSQL database
// (migrated; the instance key from the environment). The CLI and the server open it here, so
// neither entry point reaches into db/ itself.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { databaseFileName, openStorage, readInstanceKeyFromEnvironment, type Storage } from '../../../db/connection';
import type { PostgresStorage } from '../../../db/pg/connection';
import { plainTextError } from '../../protocol/plain-text-errors';
import {
  defaultSettings,
  stderrLogger,
  systemClock,
  type Context,
  type InstanceMode,
  type InstanceSettings,
  type Logger,
} from './context';
import { openPostgresLocation, type DatabaseLocation } from './database-location';
import { sealPlainReadBackSecrets } from './read-back-secrets';
import { bindTables } from './tables';
import { routedDatabase } from './transactions';

/** A Context over a SQLite data directory that owns its connections; `storage.close()` ends it. */
export type OpenedContext = Context & { storage: Storage };
/** A Context over a PostgreSQL database that owns its pool; `await storage.close()` ends it. */
export type OpenedPostgresContext = Context & { storage: PostgresStorage };

/**
 * Like openDataDirectory, for a directory that must already hold authd's database: a command
 * that reads or changes data must not leave an empty database behind a typo in --data.
 */
export function openExistingDataDirectory(
  dataDir: string,
  mode: InstanceMode = 'development',
  log: Logger = stderrLogger,
  settings: InstanceSettings = defaultSettings(),
): OpenedContext {
  if (!existsSync(join(dataDir, databaseFileName))) throw plainTextError('NO_AUTHD_DATA', dataDir);
  return openDataDirectory(dataDir, mode, log, settings);
}

export function openDataDirectory(
  dataDir: string,
  mode: InstanceMode = 'development',
  log: Logger = stderrLogger,
  settings: InstanceSettings = defaultSettings(),
): OpenedContext {
  const releaseTables = bindTables('sqlite');
  let opened: Storage;
  try {
    opened = openStorage(dataDir);
    // Needs the instance key, which the SQL migrations cannot use: runs right after them.
    sealPlainReadBackSecrets(opened);
  } catch (error) {
    releaseTables();
    throw error;
  }
  const storage: Storage = {
    ...opened,
    close() {
      opened.close();
      releaseTables();
    },
  };
  return { db: routedDatabase(storage), storage, secretKey: storage.secretKey, clock: systemClock, mode, log, settings };
}

/**
 * A PostgreSQL database as a Context, migrated first (two instances starting together migrate it
 * once, db/pg/connection.ts). Its instance key comes from AUTHD_INSTANCE_KEY or
 * AUTHD_INSTANCE_KEY_FILE: it is never stored in the database, so every instance is given it.
 */
export async function openPostgresDatabase(
  url: string,
  mode: InstanceMode = 'development',
  log: Logger = stderrLogger,
  settings: InstanceSettings = defaultSettings(),
  connectTimeoutSeconds?: number,
  poolSize?: number,
): Promise<OpenedPostgresContext> {
  let secretKey: Uint8Array | null;
  try {
    secretKey = readInstanceKeyFromEnvironment();
  } catch (error) {
    throw plainTextError('INSTANCE_KEY_UNREADABLE', error instanceof Error ? error.message : String(error));
  }
  if (!secretKey) throw plainTextError('POSTGRES_INSTANCE_KEY_MISSING');
  // Loaded here rather than at start: a server on SQLite never needs PostgreSQL's tables.
  const releaseTables = bindTables('postgres', await import('../../../db/pg/schema'));
  let opened: PostgresStorage;
  try {
    opened = await openPostgresLocation(url, { connectTimeoutSeconds, max: poolSize });
  } catch (error) {
    releaseTables();
    throw error;
  }
  const storage: PostgresStorage = {
    ...opened,
    async close() {
      await opened.close();
      releaseTables();
    },
  };
  return { db: routedDatabase(storage), storage, secretKey, clock: systemClock, mode, log, settings };
}

/** Either kind of database, by where it is. */
export async function openDatabase(
  location: DatabaseLocation,
  mode: InstanceMode = 'development',
  log: Logger = stderrLogger,
  settings: InstanceSettings = defaultSettings(),
): Promise<OpenedContext | OpenedPostgresContext> {
  return location.kind === 'postgres'
    ? openPostgresDatabase(location.url, mode, log, settings, location.connectTimeoutSeconds, location.poolSize)
    : openDataDirectory(location.dataDir, mode, log, settings);
}
