// The user record every import reads into and every export writes: authd's own transfer format,
// one JSON object per line (JSONL) or one CSV row. Each source format's reader maps its
// provider's export onto it, so the import itself knows one shape only.
import * as v from 'valibot';
import { emailSchema, profileImageUrlSchema } from '../../protocol/user-schemas';
import { KnownError } from '../../protocol/known-errors';
import { PlainTextError } from '../../protocol/plain-text-errors';

const base64 = v.pipe(v.string(), v.regex(/^[A-Za-z0-9+/]*={0,2}$/, 'is not base64'));
const millis = v.pipe(v.number(), v.integer(), v.minValue(0));

export const userRecordSchema = v.object({
  /** authd's id of the user (its own exports): kept on import when no user has it yet. */
  id: v.optional(v.nullable(v.string())),
  /** The user's id in the system it came from; a second import of the same id skips it. */
  external_id: v.optional(v.nullable(v.pipe(v.string(), v.minLength(1), v.maxLength(256)))),
  primary_email: v.optional(v.nullable(emailSchema)),
  primary_email_verified: v.optional(v.boolean()),
  primary_email_auth_enabled: v.optional(v.boolean()),
  other_emails: v.optional(
    v.array(v.object({ email: emailSchema, verified: v.optional(v.boolean()), used_for_auth: v.optional(v.boolean()) })),
  ),
  display_name: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(256)))),
  profile_image_url: v.optional(v.nullable(profileImageUrlSchema)),
  client_metadata: v.optional(v.unknown()),
  client_read_only_metadata: v.optional(v.unknown()),
  server_metadata: v.optional(v.unknown()),
  signed_up_at_millis: v.optional(millis),
  last_active_at_millis: v.optional(millis),
  oauth_providers: v.optional(
    v.array(v.object({ id: v.string(), account_id: v.pipe(v.string(), v.minLength(1)), email: v.optional(v.nullable(v.string())) })),
  ),
  otp_auth_enabled: v.optional(v.boolean()),
  password_hash: v.optional(v.nullable(v.string())),
  totp_secret_base64: v.optional(v.nullable(base64)),
  requires_totp_mfa: v.optional(v.boolean()),
});
export type UserRecord = v.InferOutput<typeof userRecordSchema>;

/** A record a reader could not make, or the import refused: the line and why. */
export class RecordRefusal extends Error {}

/** The record as valibot reads it, or a refusal naming the first bad fields. */
export function checkUserRecord(value: unknown): UserRecord {
  const result = v.safeParse(userRecordSchema, value);
  if (result.success) return result.output;
  const problems = result.issues.slice(0, 3).map((issue) => {
    const path = issue.path?.map((item) => String(item.key)).join('.') ?? '';
    return path ? `${path}: ${issue.message}` : issue.message;
  });
  throw new RecordRefusal(problems.join('; '));
}

/**
 * The fields of an exported record, in the order they are written: an export is byte-identical
 * from one run to the next and through an import into a fresh project.
 */
export const userRecordFields = [
  'id',
  'external_id',
  'primary_email',
  'primary_email_verified',
  'primary_email_auth_enabled',
  'other_emails',
  'display_name',
  'profile_image_url',
  'client_metadata',
  'client_read_only_metadata',
  'server_metadata',
  'signed_up_at_millis',
  'last_active_at_millis',
  'oauth_providers',
  'otp_auth_enabled',
  'requires_totp_mfa',
  'password_hash',
  'totp_secret_base64',
] as const;

/** Fields that hold JSON in a CSV cell (the rest are text, numbers and true/false). */
export const jsonCsvFields: ReadonlySet<string> = new Set([
  'other_emails',
  'client_metadata',
  'client_read_only_metadata',
  'server_metadata',
  'oauth_providers',
]);
export const booleanCsvFields: ReadonlySet<string> = new Set([
  'primary_email_verified',
  'primary_email_auth_enabled',
  'otp_auth_enabled',
  'requires_totp_mfa',
]);
export const numberCsvFields: ReadonlySet<string> = new Set(['signed_up_at_millis', 'last_active_at_millis']);

/** Milliseconds since the epoch of an ISO date or a millisecond count, or a refusal. */
export function millisOf(value: unknown, field: string): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'number' && Number.isFinite(value)) return Math.trunc(value);
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
  if (typeof value === 'string') {
    const parsed = Date.parse(value);
    if (!Number.isNaN(parsed)) return parsed;
  }
  if (typeof value === 'object' && value !== null && '$date' in value) return millisOf((value as { $date: unknown }).$date, field);
  throw new RecordRefusal(`${field}: "${String(value)}" is not a date`);
}

/** Why an import refused a user or a team: the error's own words, with a known error's code. */
export function refusalReasonOf(error: unknown): string {
  if (error instanceof KnownError) return `${error.message.replace(/\s*\n\s*/g, ' ')} (${error.code})`;
  if (error instanceof PlainTextError || error instanceof RecordRefusal) return error.message;
  throw error;
}
