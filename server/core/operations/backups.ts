// Online backups and restores of a data directory's database. A backup is SQLite's VACUUM INTO:
// one consistent snapshot taken while `authd serve` keeps serving (WAL readers never block
// writers), written compactly to a new file. It runs in a worker thread so the caller can show
// the copy's progress by its size. A restore puts such a file in place of the database, only
// when no process has the database open and, when one exists, only when told to replace it.
import { Database } from 'bun:sqlite';
import {
  chmodSync,
  closeSync,
  existsSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { databaseFileName, secretKeyFileName } from '../../../db/connection';
import { embeddedMigrations } from '../../../db/migrations.generated';
import { PlainTextError, plainTextError } from '../../protocol/plain-text-errors';
import { sealReadBackSecretsMigrationTag } from '../storage/read-back-secrets';

// Inline, so the compiled binary carries it without a separate entry file.
const vacuumWorkerSource = `import { Database } from 'bun:sqlite';
self.onmessage = (event) => {
  try {
    const db = new Database(event.data.source);
    db.run('PRAGMA busy_timeout = 5000');
    db.run('VACUUM INTO ?', [event.data.target]);
    db.close();
    postMessage({ ok: true });
  } catch (error) {
    postMessage({ ok: false, error: error instanceof Error ? error.message : String(error) });
  }
};`;

export interface BackupProgress {
  copiedBytes: number;
  /** The database's size: the copy is at most this big (VACUUM drops free pages). */
  totalBytes: number;
}

/**
 * Writes a consistent copy of `dataDir`'s database to `targetFile`, which must not exist yet.
 * The copy is made in a temporary file beside it, readable by its owner only (it holds every
 * account's data), and linked into place only once complete: a backup killed half-way leaves
 * no partial file at the target to block the next one or to be mistaken for a backup.
 */
export async function backupDatabase(
  dataDir: string,
  targetFile: string,
  onProgress?: (progress: BackupProgress) => void,
): Promise<{ bytes: number }> {
  const source = join(dataDir, databaseFileName);
  if (!existsSync(source)) throw plainTextError('NO_AUTHD_DATA', dataDir);
  const target = resolve(targetFile);
  if (existsSync(target)) throw plainTextError('BACKUP_TARGET_EXISTS', target);
  const probe = new Database(source, { readonly: true });
  const { page_count: pages } = probe.query<{ page_count: number }, []>('PRAGMA page_count').get()!;
  const { page_size: pageSize } = probe.query<{ page_size: number }, []>('PRAGMA page_size').get()!;
  probe.close();
  const totalBytes = pages * pageSize;

  // VACUUM INTO accepts an empty existing file, so the file is made first with mode 600.
  const partial = join(dirname(target), `.${basename(target)}.${crypto.randomUUID().slice(0, 8)}.partial`);
  closeSync(openSync(partial, 'wx', 0o600));
  try {
    return await vacuumInto(source, partial, target, totalBytes, onProgress);
  } finally {
    rmSync(partial, { force: true });
  }
}

async function vacuumInto(
  source: string,
  partial: string,
  target: string,
  totalBytes: number,
  onProgress?: (progress: BackupProgress) => void,
): Promise<{ bytes: number }> {
  const worker = new Worker(URL.createObjectURL(new Blob([vacuumWorkerSource], { type: 'application/typescript' })));
  const finished = new Promise<{ ok: boolean; error?: string }>((done) => {
    worker.onmessage = (event) => done(event.data);
    worker.onerror = (event) => done({ ok: false, error: event.message });
  });
  const report = () => onProgress?.({ copiedBytes: existsSync(partial) ? Math.min(statSync(partial).size, totalBytes) : 0, totalBytes });
  const ticker = setInterval(report, 100);
  worker.postMessage({ source, target: partial });
  const outcome = await finished;
  clearInterval(ticker);
  worker.terminate();
  if (!outcome.ok) throw plainTextError('BACKUP_FAILED', outcome.error ?? 'unknown error');
  chmodSync(partial, 0o600);
  const file = openSync(partial, 'r');
  try {
    fsyncSync(file);
  } finally {
    closeSync(file);
  }
  // A link, not a rename: it fails rather than replace a file that appeared at the target
  // meanwhile. A file system without hard links gets the rename, after one more look.
  try {
    linkSync(partial, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST' || existsSync(target)) throw plainTextError('BACKUP_TARGET_EXISTS', target);
    renameSync(partial, target);
  }
  const bytes = statSync(target).size;
  onProgress?.({ copiedBytes: bytes, totalBytes: bytes });
  return { bytes };
}

/** Checks that `file` is a sound authd database this version can run. */
function checkBackupFile(file: string): void {
  if (!existsSync(file)) throw plainTextError('NOT_AN_AUTHD_BACKUP', file, 'there is no such file');
  let db: Database | undefined;
  try {
    db = new Database(file, { readonly: true });
    const integrity = db.query<{ integrity_check: string }, []>('PRAGMA integrity_check').get()?.integrity_check;
    if (integrity !== 'ok') throw plainTextError('NOT_AN_AUTHD_BACKUP', file, `SQLite's integrity check says: ${integrity}`);
    const tags = db.query<{ tag: string }, []>('SELECT tag FROM schema_migrations').all().map((row) => row.tag);
    // The SQL migrations, and the data migration that runs in code right after them.
    const known = new Set([...embeddedMigrations.map((migration) => migration.tag), sealReadBackSecretsMigrationTag]);
    const unknown = tags.filter((tag) => !known.has(tag));
    if (tags.length === 0) throw plainTextError('NOT_AN_AUTHD_BACKUP', file, 'it has no authd schema');
    if (unknown.length > 0) throw plainTextError('NOT_AN_AUTHD_BACKUP', file, `it was made by a newer authd (${unknown.join(', ')})`);
  } catch (error) {
    if (error instanceof PlainTextError) throw error;
    throw plainTextError('NOT_AN_AUTHD_BACKUP', file, error instanceof Error ? error.message : String(error));
  } finally {
    db?.close();
  }
}

/** True when some process (a running `authd serve`, a CLI command) has the database open. */
function databaseInUse(file: string): boolean {
  const db = new Database(file);
  try {
    db.run('PRAGMA busy_timeout = 0');
    // An exclusive lock is refused while any other connection is open.
    db.run('PRAGMA locking_mode = EXCLUSIVE');
    db.run('BEGIN EXCLUSIVE');
    db.run('COMMIT');
    return false;
  } catch {
    return true;
  } finally {
    db.close();
  }
}

/**
 * Puts the backup in place of `dataDir`'s database. Migrations newer than the backup run when
 * authd next opens it. The data directory's `authd.key` must be the one the backup was made
 * with, or its sealed secrets (signing keys, TOTP secrets…) cannot be opened.
 */
export function restoreDatabase(
  dataDir: string,
  backupFile: string,
  options: { replace: boolean },
  onProgress: (progress: BackupProgress) => void = () => {},
): { replaced: boolean; keyPresent: boolean } {
  const file = resolve(backupFile);
  checkBackupFile(file);
  const target = join(dataDir, databaseFileName);
  const exists = existsSync(target);
  if (exists && databaseInUse(target)) throw plainTextError('DATABASE_IN_USE', target);
  if (exists && !options.replace) throw plainTextError('RESTORE_WOULD_REPLACE', target);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const incoming = `${target}.restoring`;
  copyInChunks(file, incoming, onProgress);
  for (const companion of ['-wal', '-shm']) rmSync(`${target}${companion}`, { force: true });
  renameSync(incoming, target);
  return { replaced: exists, keyPresent: existsSync(join(dataDir, secretKeyFileName)) };
}

/** A plain copy read in 4 MB chunks, so a restore of a large database can report its progress. */
function copyInChunks(source: string, target: string, onProgress: (progress: BackupProgress) => void): void {
  const totalBytes = statSync(source).size;
  const chunk = Buffer.allocUnsafe(4 * 1024 * 1024);
  const input = openSync(source, 'r');
  const output = openSync(target, 'w', 0o600);
  try {
    let copiedBytes = 0;
    for (;;) {
      const read = readSync(input, chunk, 0, chunk.length, copiedBytes);
      if (read === 0) break;
      writeSync(output, chunk, 0, read);
      copiedBytes += read;
      onProgress({ copiedBytes, totalBytes });
    }
    // Durable before the rename puts it in place of the database.
    fsyncSync(output);
  } finally {
    closeSync(input);
    closeSync(output);
  }
}
