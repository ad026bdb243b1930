// Core contexts for unit tests below the server: a Context over a storage the test opened itself
// (development mode, the system clock, no log, default settings).
import type { Storage } from '../../db/connection';
import { defaultSettings, silentLogger, systemClock, type Context } from '../../server/core/storage/context';
import { routedDatabase } from '../../server/core/storage/transactions';

export function contextOver(storage: Storage): Context {
  return {
    db: routedDatabase(storage),
    storage,
    secretKey: storage.secretKey,
    clock: systemClock,
    mode: 'development',
    log: silentLogger,
    settings: defaultSettings(),
  };
}
