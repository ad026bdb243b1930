// Core contexts for unit tests below the server: a Context over a storage the test opened itself
// (development mode, the system clock, no log, default settings), and a file's two connections
// to one data directory, as the server and the CLI hold them.
import { afterAll, beforeAll } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStorage, type Storage } from '../../db/connection';
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

export interface TwoConnections {
  /** The connection `ctx` runs on. */
  storage: Storage;
  /** Another process's connection to the same file. */
  other: Storage;
  ctx: Context;
}

/**
 * Registers the file's beforeAll/afterAll: a new data directory opened twice, a Context over the
 * first connection; `ready` gets them (assign them to the file's variables there, and make the
 * file's tables). Both are closed and the directory removed after the file's tests.
 */
export function withTwoConnections(ready: (opened: TwoConnections) => void): void {
  let dataDir: string | undefined;
  let opened: TwoConnections | undefined;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'authd-test-'));
    const storage = openStorage(dataDir);
    opened = { storage, other: openStorage(dataDir), ctx: contextOver(storage) };
    ready(opened);
  });
  afterAll(() => {
    opened?.storage.close();
    opened?.other.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
}
