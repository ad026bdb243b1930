// The admin API's user import and export: their query parameters and the import's report. The
// file itself is the request body (import) or the response body (export), streamed, never a
// JSON field; the format names are checked by core, which raises IMPORT_FORMAT_UNKNOWN and
// EXPORT_FORMAT_UNKNOWN with the list of formats.
import * as v from 'valibot';
import { wireObject } from './wire-object';

const booleanQuery = v.pipe(
  v.picklist(['true', 'false'], 'Must be true or false'),
  v.transform((s) => s === 'true'),
);
const base64Query = v.pipe(v.string(), v.regex(/^[A-Za-z0-9+/]*={0,2}$/, 'Must be standard base64'));
const countQuery = (max: number) =>
  v.pipe(v.string(), v.regex(/^\d{1,3}$/, 'Must be a positive integer'), v.transform(Number), v.minValue(1), v.maxValue(max));

export const userImportQuerySchema = wireObject({
  format: v.string(),
  dry_run: v.optional(booleanQuery),
  // Firebase's project-wide password hash parameters, which its export file does not hold.
  firebase_signer_key: v.optional(base64Query),
  firebase_salt_separator: v.optional(base64Query),
  firebase_rounds: v.optional(countQuery(64)),
  firebase_mem_cost: v.optional(countQuery(24)),
});
export type UserImportQuery = v.InferOutput<typeof userImportQuerySchema>;

export const userExportQuerySchema = wireObject({
  format: v.optional(v.string()),
  include_password_hashes: v.optional(booleanQuery),
});

export const userImportReportResponse = v.object({
  format: v.string(),
  dry_run: v.boolean(),
  read: v.number(),
  imported: v.number(),
  skipped: v.number(),
  refused_count: v.number(),
  refused: v.array(v.object({ line: v.number(), external_id: v.nullable(v.string()), reason: v.string() })),
  notes: v.array(v.object({ line: v.number(), note: v.string() })),
});
