// Opening a data directory as a Context: the database with its migrations applied, the instance
// key, and the secrets sealed that earlier versions stored in the clear. The CLI and the server
// open it here, so neither entry point reaches into db/ itself.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { databaseFileName, openStorage, type Storage } from '../../../db/connection';
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
import { sealPlainReadBackSecrets } from './read-back-secrets';
import { routedDatabase } from './transactions';

/** A Context that owns its database connection; `storage.close()` ends it. */
export type OpenedContext = Context & { storage: Storage };

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
  const storage = openStorage(dataDir);
  // Needs the instance key, which the SQL migrations cannot use: runs right after them.
  sealPlainReadBackSecrets(storage);
  return {
    db: routedDatabase(storage),
    sqlite: storage.sqlite,
    secretKey: storage.secretKey,
    clock: systemClock,
    mode,
    log,
    settings,
    storage,
  };
}
