// JSON objects as the wire means them. valibot's object schemas accept arrays (an empty array
// has no unknown keys), so `[]` would pass as an empty update; this refuses anything but a
// plain object first.
import * as v from 'valibot';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);
}

/** A strict object schema (unknown properties refused) that also refuses arrays. */
export function wireObject<const Entries extends v.ObjectEntries>(entries: Entries) {
  return v.pipe(v.custom<Record<string, unknown>>(isPlainObject, 'Expected a JSON object'), v.strictObject(entries));
}

/** CRUD endpoints refuse query parameters they do not declare. */
export const noQueryParameters = v.strictObject({});
