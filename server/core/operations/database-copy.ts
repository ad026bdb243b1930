// `authd copy`: moves an instance's data between a SQLite data directory and a PostgreSQL
// database, either way, so a team can move to PostgreSQL and come back to one file. Every table
// is copied in foreign-key order inside one transaction on the target, which is committed only
// when each table's row count matches the source's; search indexes are rebuilt by the target
// itself. The instance key never goes into a database: see copyDatabase.
import { Database } from 'bun:sqlite';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { appliedMigrationTags, databaseFileName, secretKeyFileName } from '../../../db/connection';
import { embeddedMigrations as sqliteMigrations } from '../../../db/migrations.generated';
import { pendingPostgresMigrations } from '../../../db/pg/connection';
import { plainTextError } from '../../protocol/plain-text-errors';
import { copyPlan, type CopiedTable } from './copy-plan';
import { postgresSource, postgresTarget, sqliteSource, sqliteTarget, type CopySource, type CopyTarget } from './copy-endpoints';
import {
  describeDatabaseLocation,
  hasSqliteDatabase,
  knownInstanceKey,
  openPostgresLocation,
  sameDatabaseLocation,
  type DatabaseLocation,
} from '../storage/database-location';
import { openDataDirectory } from '../storage/open-context';
import { sealReadBackSecretsMigrationTag } from '../storage/read-back-secrets';

export interface CopyProgress {
  table: string;
  /** 1-based position of the table in the copy, out of `tableCount`. */
  tableNumber: number;
  tableCount: number;
  rowsDone: number;
  rowsTotal: number;
}

export interface CopyOptions {
  /** Rows read (and written) per batch. */
  batchSize?: number;
  onProgress?: (progress: CopyProgress) => void;
  /** Where AUTHD_INSTANCE_KEY / AUTHD_INSTANCE_KEY_FILE are read from. */
  env?: Record<string, string | undefined>;
}

export interface CopyReport {
  from: string;
  to: string;
  tables: { table: string; rows: number }[];
  rows: number;
  millis: number;
  /** The target is a data directory that had no authd.key: the source's key was written there. */
  wroteKeyFile: boolean;
  /** The target is PostgreSQL: its instance must be given the key (none is stored with it). */
  targetNeedsKey: boolean;
}

export const defaultCopyBatchSize = 5_000;

interface Opened<T> {
  end: T;
  close(): Promise<void>;
}

/**
 * Copies every row of `from` into `to`, which must hold no projects or users (a database made
 * by `authd migrate`, or a new data directory). Secrets sealed with the instance key are copied
 * sealed, so both sides need the same key: a data directory's authd.key, and for PostgreSQL
 * AUTHD_INSTANCE_KEY or AUTHD_INSTANCE_KEY_FILE. Known keys that differ are refused before
 * anything is written; a target data directory without authd.key is given the source's key,
 * which must then be known.
 */
export async function copyDatabase(from: DatabaseLocation, to: DatabaseLocation, options: CopyOptions = {}): Promise<CopyReport> {
  const started = performance.now();
  const batchSize = options.batchSize ?? defaultCopyBatchSize;
  const env = options.env ?? process.env;
  if (sameDatabaseLocation(from, to)) throw plainTextError('COPY_SOURCE_IS_TARGET', describeDatabaseLocation(to));
  if (from.kind === 'sqlite' && !hasSqliteDatabase(from.dataDir)) throw plainTextError('NO_AUTHD_DATA', from.dataDir);

  const sourceKey = knownInstanceKey(from, env);
  const targetKey = knownInstanceKey(to, env);
  if (sourceKey && targetKey && !Buffer.from(sourceKey).equals(Buffer.from(targetKey))) {
    throw plainTextError('INSTANCE_KEYS_DIFFER', describeDatabaseLocation(from), describeDatabaseLocation(to));
  }
  if (to.kind === 'sqlite' && !targetKey && !sourceKey) throw plainTextError('INSTANCE_KEY_REQUIRED', to.dataDir);

  const source = await openSource(from);
  let target: Opened<CopyTarget> | undefined;
  let wroteKeyFile = false;
  try {
    if (to.kind === 'sqlite' && !targetKey) {
      // Before the directory is opened, which would otherwise make a new random key.
      mkdirSync(to.dataDir, { recursive: true, mode: 0o700 });
      writeFileSync(join(to.dataDir, secretKeyFileName), Buffer.from(sourceKey!).toString('base64'), { flag: 'wx', mode: 0o600 });
      wroteKeyFile = true;
    }
    target = await openTarget(to);
    const existing = await target.end.existingData();
    if (existing.projects > 0 || existing.users > 0) {
      throw plainTextError('COPY_TARGET_NOT_EMPTY', describeDatabaseLocation(to), existing.projects, existing.users);
    }
    const tables = await copyTables(source.end, target.end, batchSize, options.onProgress);
    await target.end.commit();
    const rows = tables.reduce((sum, table) => sum + table.rows, 0);
    return {
      from: describeDatabaseLocation(from),
      to: describeDatabaseLocation(to),
      tables,
      rows,
      millis: performance.now() - started,
      wroteKeyFile,
      targetNeedsKey: to.kind === 'postgres',
    };
  } catch (error) {
    await target?.end.rollback();
    throw error;
  } finally {
    await target?.close();
    await source.end.finish();
    await source.close();
  }
}

async function copyTables(
  source: CopySource,
  target: CopyTarget,
  batchSize: number,
  onProgress: CopyOptions['onProgress'],
): Promise<{ table: string; rows: number }[]> {
  const plan = copyPlan();
  const totals = new Map<CopiedTable, number>();
  for (const table of plan) totals.set(table, await source.countRows(table));
  const copied: { table: string; rows: number }[] = [];
  for (const [index, table] of plan.entries()) {
    const rowsTotal = totals.get(table)!;
    const report = (rowsDone: number) =>
      onProgress?.({ table: table.name, tableNumber: index + 1, tableCount: plan.length, rowsDone, rowsTotal });
    let rowsDone = 0;
    report(0);
    for await (const batch of source.readBatches(table, batchSize)) {
      await target.insertRows(table, batch);
      rowsDone += batch.length;
      report(rowsDone);
    }
    copied.push({ table: table.name, rows: rowsDone });
  }
  await target.raiseAuditEventIds(await source.auditEventIdHighWater());
  // The check that decides the commit: each table of the target, counted inside the transaction,
  // against the source's snapshot.
  for (const table of plan) {
    const expected = totals.get(table)!;
    const found = await target.countRows(table);
    if (found !== expected) throw plainTextError('COPY_COUNTS_DIFFER', table.name, expected, found);
  }
  return copied;
}

/**
 * The source is opened without being changed: no migration, no key file made. It must be at
 * this version's schema, since the copy reads the columns this version knows.
 */
async function openSource(from: DatabaseLocation): Promise<Opened<CopySource>> {
  if (from.kind === 'postgres') {
    const storage = await openPostgresLocation(from.url, { migrate: false, connectTimeoutSeconds: from.connectTimeoutSeconds });
    try {
      if ((await pendingPostgresMigrations(storage.sql)).length > 0) {
        throw plainTextError('COPY_SOURCE_NOT_MIGRATED', describeDatabaseLocation(from), 'authd migrate --database URL');
      }
      return { end: await postgresSource(storage.sql), close: () => storage.close() };
    } catch (error) {
      await storage.close();
      throw error;
    }
  }
  const sqlite = new Database(join(from.dataDir, databaseFileName), { readonly: true });
  try {
    sqlite.run('PRAGMA busy_timeout = 5000');
    const recorded = appliedMigrationTags(sqlite);
    const expected = [...sqliteMigrations.map((migration) => migration.tag), sealReadBackSecretsMigrationTag];
    if (expected.some((tag) => !recorded.has(tag))) {
      throw plainTextError('COPY_SOURCE_NOT_MIGRATED', from.dataDir, `authd migrate --data ${from.dataDir}`);
    }
    return { end: sqliteSource(sqlite), close: async () => sqlite.close() };
  } catch (error) {
    sqlite.close();
    throw error;
  }
}

/** The target is migrated to this version's schema first (made, for a new data directory). */
async function openTarget(to: DatabaseLocation): Promise<Opened<CopyTarget>> {
  if (to.kind === 'postgres') {
    const storage = await openPostgresLocation(to.url, { connectTimeoutSeconds: to.connectTimeoutSeconds });
    try {
      return { end: await postgresTarget(storage.sql), close: () => storage.close() };
    } catch (error) {
      await storage.close();
      throw error;
    }
  }
  const ctx = openDataDirectory(to.dataDir);
  try {
    return { end: sqliteTarget(ctx.storage.sqlite), close: async () => ctx.storage.close() };
  } catch (error) {
    ctx.storage.close();
    throw error;
  }
}
