// Bulk import of users into a project, from any format of source-formats.ts: the one operation
// behind `authd users import` and the admin API's import. The file is read a record at a time
// and written in batches, each batch one transaction, so a run killed half way leaves whole
// batches behind; every user carries its source id (external_id), so running the same file
// again skips what is there and imports the rest, each user exactly once.
import { and, eq, inArray } from 'drizzle-orm';
import { PlainTextError, plainTextError } from '../../protocol/plain-text-errors';
import { KnownError } from '../../protocol/known-errors';
import type { UserCreate } from '../../protocol/user-schemas';
import type { Context } from '../storage/context';
import { firstRow } from '../storage/query-results';
import { users } from '../storage/tables';
import { requireProject } from '../projects/projects';
import { insertUser, type ImportedUserDetails } from '../users/users';
import { isSupportedPasswordHash } from '../credentials/password-hashing';
import { isImportFormat, readSource, type ImportFormat } from './source-formats';
import type { SourceEntry, SourceOptions } from './source-entries';
import { transactionOrDryRun } from './dry-run-transactions';
import { RecordRefusal, refusalReasonOf, type UserRecord } from './user-records';
import { listedLimit, noteRefusal, uuidPattern, type RecordRefusals } from './import-reports';

const defaultBatchSize = 500;

export interface ImportCounts {
  read: number;
  imported: number;
  skipped: number;
  refused: number;
}

export interface ImportReport extends RecordRefusals {
  format: ImportFormat;
  dry_run: boolean;
  /** Users of the file read (every line that is a user, refused ones included). */
  read: number;
  imported: number;
  /** Already in the project (same external id, or same id for authd's own export). */
  skipped: number;
  /** What was left out of users that were imported (an identity of a provider authd lacks). */
  notes: { line: number; note: string }[];
}

export interface ImportOptions {
  dryRun?: boolean;
  source?: SourceOptions;
  batchSize?: number;
  /** Called after each batch, for a progress bar. */
  onProgress?: (counts: ImportCounts) => void;
}

type Outcome = { kind: 'imported' } | { kind: 'skipped' } | { kind: 'refused'; reason: string };

export async function importUsers(
  ctx: Context,
  projectId: string,
  format: string,
  bytes: AsyncIterable<Uint8Array>,
  options: ImportOptions = {},
): Promise<ImportReport> {
  await requireProject(ctx, projectId);
  if (!isImportFormat(format)) throw plainTextError('IMPORT_FORMAT_UNKNOWN', format);
  const report: ImportReport = { format, dry_run: options.dryRun === true, read: 0, imported: 0, skipped: 0, refused_count: 0, refused: [], notes: [] };
  const refuse = (line: number, externalId: string | null, reason: string) => noteRefusal(report, line, externalId, reason);
  const batchSize = options.batchSize ?? defaultBatchSize;
  let batch: SourceEntry[] = [];
  const flush = async () => {
    const outcomes = await importBatch(ctx, projectId, batch, options.dryRun === true);
    outcomes.forEach((outcome, i) => {
      const entry = batch[i]!;
      if (outcome.kind === 'refused') return refuse(entry.line, entry.record!.external_id ?? entry.record!.id ?? null, outcome.reason);
      report[outcome.kind] += 1;
      if (outcome.kind === 'imported') {
        for (const note of entry.notes ?? []) if (report.notes.length < listedLimit) report.notes.push({ line: entry.line, note });
      }
    });
    batch = [];
    options.onProgress?.({ read: report.read, imported: report.imported, skipped: report.skipped, refused: report.refused_count });
  };
  try {
    for await (const entry of readSource(format, bytes, options.source)) {
      report.read += 1;
      if (entry.refusal !== undefined) {
        refuse(entry.line, null, entry.refusal);
        continue;
      }
      batch.push(entry);
      if (batch.length >= batchSize) await flush();
    }
  } catch (error) {
    // A reader's own failure (a document that is not the format's): the batches before it stay.
    if (error instanceof PlainTextError || error instanceof KnownError) throw error;
    throw plainTextError('IMPORT_FILE_UNREADABLE', (error as Error).message);
  }
  await flush();
  report.refused.sort((a, b) => a.line - b.line);
  return report;
}

/**
 * One batch in one transaction. A batch with a user that fails rolls back and is then imported
 * one user per transaction, so that one bad user refuses itself only.
 */
async function importBatch(ctx: Context, projectId: string, entries: SourceEntry[], dryRun: boolean): Promise<Outcome[]> {
  if (entries.length === 0) return [];
  const inTransaction = <T>(work: () => Promise<T>) => transactionOrDryRun(ctx, dryRun, work);
  const records = entries.map((entry) => entry.record!);
  try {
    return await inTransaction(async () => {
      const present = await importedKeys(ctx, projectId, records);
      const outcomes: Outcome[] = [];
      for (const record of records) outcomes.push(await importOne(ctx, projectId, record, present));
      return outcomes;
    });
  } catch {
    const outcomes: Outcome[] = [];
    for (const record of records) {
      try {
        outcomes.push(await inTransaction(async () => await importOne(ctx, projectId, record, await importedKeys(ctx, projectId, [record]))));
      } catch (error) {
        outcomes.push({ kind: 'refused', reason: refusalReasonOf(error) });
      }
    }
    return outcomes;
  }
}

/** The key a record is known by on a second run: its source id, or authd's own id. */
function keyOf(record: UserRecord): string {
  const key = record.external_id ?? record.id;
  if (!key) throw new RecordRefusal('has neither an external_id nor an id, so a second run could not tell it was imported');
  return key;
}

/** Most values one query binds: well under SQLite's and PostgreSQL's limits. */
const lookupChunk = 500;

/**
 * The keys of these records that are already users of the project, looked up for the whole
 * batch at once (a query per user was a seventh of the import's database work): a source id as
 * the user's external id, and a record of authd's own export (an id, no external id) as either
 * the user's id or its external id, since an id that was taken became the external id.
 */
async function importedKeys(ctx: Context, projectId: string, records: UserRecord[]): Promise<Set<string>> {
  const keys = records.map((record) => record.external_id ?? record.id).filter((key): key is string => !!key);
  const ownIds = records.filter((record) => !record.external_id && record.id && uuidPattern.test(record.id)).map((record) => record.id!);
  const present = new Set<string>();
  for (let start = 0; start < keys.length; start += lookupChunk) {
    const rows = await ctx.db
      .select({ externalId: users.externalId })
      .from(users)
      .where(and(eq(users.projectId, projectId), inArray(users.externalId, keys.slice(start, start + lookupChunk))));
    for (const row of rows) present.add(row.externalId!);
  }
  for (let start = 0; start < ownIds.length; start += lookupChunk) {
    const rows = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.projectId, projectId), inArray(users.id, ownIds.slice(start, start + lookupChunk))));
    for (const row of rows) present.add(row.id);
  }
  return present;
}

/** `present`: the keys already in the project (importedKeys), to which this user's is added. */
async function importOne(ctx: Context, projectId: string, record: UserRecord, present: Set<string>): Promise<Outcome> {
  const key = keyOf(record);
  if (present.has(key)) return { kind: 'skipped' };
  if (record.password_hash && !isSupportedPasswordHash(record.password_hash)) {
    throw new RecordRefusal('its password hash is not one authd can verify (bcrypt, argon2, scrypt, Firebase scrypt, PBKDF2-SHA256/SHA512) or costs more than authd verifies');
  }
  // authd's own id is kept when it is free in this database (an export moved to a new instance);
  // otherwise the user gets a new one and the old one becomes its external id.
  let id: string | undefined;
  let externalId = record.external_id ?? null;
  if (record.id && uuidPattern.test(record.id)) {
    const taken = firstRow(await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, record.id)).limit(1));
    if (!taken) id = record.id;
    else externalId ??= record.id;
  } else if (record.id) {
    externalId ??= record.id;
  }
  const input: UserCreate = {
    primary_email: record.primary_email ?? null,
    primary_email_verified: record.primary_email_verified ?? false,
    primary_email_auth_enabled: record.primary_email ? (record.primary_email_auth_enabled ?? true) : false,
    display_name: record.display_name ?? null,
    profile_image_url: record.profile_image_url ?? null,
    ...(record.client_metadata !== undefined ? { client_metadata: record.client_metadata } : {}),
    ...(record.client_read_only_metadata !== undefined ? { client_read_only_metadata: record.client_read_only_metadata } : {}),
    ...(record.server_metadata !== undefined ? { server_metadata: record.server_metadata } : {}),
    ...(record.password_hash ? { password_hash: record.password_hash } : {}),
    otp_auth_enabled: record.otp_auth_enabled ?? false,
    ...(record.totp_secret_base64 ? { totp_secret_base64: record.totp_secret_base64 } : {}),
    oauth_providers: record.oauth_providers ?? [],
  };
  const signedUpAt = record.signed_up_at_millis ?? ctx.clock.now();
  const imported: ImportedUserDetails = {
    ...(id ? { id } : {}),
    externalId,
    signedUpAt,
    lastActiveAt: record.last_active_at_millis ?? signedUpAt,
    otherEmails: (record.other_emails ?? []).map((email) => ({
      value: email.email,
      verified: email.verified ?? false,
      usedForAuth: email.used_for_auth ?? false,
    })),
    requiresTotpMfa: record.requires_totp_mfa ?? false,
  };
  await insertUser(ctx, projectId, input, undefined, imported);
  // A second line with the same id later in the file is the same user.
  present.add(key);
  return { kind: 'imported' };
}
