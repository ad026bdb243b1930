// Export of a project's users as authd's user records (user-records.ts), in JSONL or CSV, a
// page at a time by sign-up order: the file an import reads back, here or on another instance.
// Password hashes and TOTP secrets are secrets at rest, so they leave only when asked for.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { plainTextError } from '../../protocol/plain-text-errors';
import type { Context } from '../storage/context';
import { contactChannels, users } from '../storage/tables';
import { openTotpSecret } from '../credentials/totp-codes';
import { requireProject } from '../projects/projects';
import { userServerViews } from '../users/user-views';
import { csvHeader, recordAsCsvRow } from './authd-records-csv';
import { userRecordFields } from './user-records';

export const exportFormats = ['jsonl', 'csv'] as const;
export type ExportFormat = (typeof exportFormats)[number];

export interface ExportOptions {
  /** Adds password_hash and totp_secret_base64 to every record. */
  includePasswordHashes?: boolean;
  pageSize?: number;
}

const secretFields = new Set(['password_hash', 'totp_secret_base64']);

/** The fields an export writes, in order. */
export function exportedFields(options: ExportOptions): readonly string[] {
  return options.includePasswordHashes ? userRecordFields : userRecordFields.filter((field) => !secretFields.has(field));
}

/** The project's users as records, in sign-up order (then id), each with the fields of `exportedFields`. */
export async function* exportUserRecords(ctx: Context, projectId: string, options: ExportOptions = {}): AsyncGenerator<Record<string, unknown>> {
  await requireProject(ctx, projectId);
  const pageSize = options.pageSize ?? 1000;
  let after: { signedUpAt: number; id: string } | null = null;
  for (;;) {
    const conditions = [eq(users.projectId, projectId)];
    if (after) conditions.push(sql`(${users.signedUpAt}, ${users.id}) > (${after.signedUpAt}, ${after.id})`);
    const rows = await ctx.db
      .select()
      .from(users)
      .where(and(...conditions))
      .orderBy(asc(users.signedUpAt), asc(users.id))
      .limit(pageSize);
    if (rows.length === 0) return;
    const views = await userServerViews(ctx.db, rows);
    const others = Map.groupBy(
      await ctx.db
        .select()
        .from(contactChannels)
        .where(and(inArray(contactChannels.userId, rows.map((row) => row.id)), eq(contactChannels.isPrimary, false))),
      (channel) => channel.userId,
    );
    for (const [i, row] of rows.entries()) {
      const view = views[i]!;
      const record: Record<string, unknown> = {
        id: row.id,
        external_id: row.externalId,
        primary_email: view.primary_email,
        primary_email_verified: view.primary_email_verified,
        primary_email_auth_enabled: view.primary_email_auth_enabled,
        // Sorted, so that the order rows were written in never changes the file.
        other_emails: (others.get(row.id) ?? [])
          .map((channel) => ({ email: channel.value, verified: channel.isVerified, used_for_auth: channel.usedForAuth }))
          .sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0)),
        display_name: view.display_name,
        profile_image_url: view.profile_image_url,
        client_metadata: view.client_metadata ?? null,
        client_read_only_metadata: view.client_read_only_metadata ?? null,
        server_metadata: view.server_metadata ?? null,
        signed_up_at_millis: view.signed_up_at_millis,
        last_active_at_millis: view.last_active_at_millis,
        oauth_providers: view.oauth_providers
          .map((provider) => ({ id: provider.id, account_id: provider.account_id, email: provider.email ?? null }))
          .sort((a, b) => (a.id + '\0' + a.account_id < b.id + '\0' + b.account_id ? -1 : 1)),
        otp_auth_enabled: view.otp_auth_enabled,
        requires_totp_mfa: view.requires_totp_mfa,
        password_hash: row.passwordHash,
        totp_secret_base64: !options.includePasswordHashes || row.totpSecretBase64 === null ? null : Buffer.from(openTotpSecret(ctx, row.totpSecretBase64)).toString('base64'),
      };
      yield Object.fromEntries(exportedFields(options).map((field) => [field, record[field]]));
    }
    const last = rows.at(-1)!;
    after = { signedUpAt: last.signedUpAt, id: last.id };
  }
}

/** The export file as text pieces (a header, then a line per user). */
export async function* exportUsers(ctx: Context, projectId: string, format: string, options: ExportOptions = {}): AsyncGenerator<string> {
  if (!(exportFormats as readonly string[]).includes(format)) throw plainTextError('EXPORT_FORMAT_UNKNOWN', format);
  const fields = exportedFields(options);
  if (format === 'csv') yield csvHeader(fields);
  for await (const record of exportUserRecords(ctx, projectId, options)) {
    yield format === 'csv' ? recordAsCsvRow(record, fields) : `${JSON.stringify(record)}\n`;
  }
}
