// What every source format's reader yields: per user of the file, its line and either the user
// record or why it was refused, with notes on what was left out (an OAuth provider authd does
// not sign in with). Readers map; they never touch the database.
import { oauthProviderIds } from '../../protocol/oauth-provider-ids';
import type { NumberedText } from './text-streams';
import { checkUserRecord, RecordRefusal, type UserRecord } from './user-records';

export interface SourceEntry {
  line: number;
  record?: UserRecord;
  refusal?: string;
  notes?: string[];
}

/** Options a source needs beside its file: Firebase's project-wide hash parameters. */
export interface SourceOptions {
  firebase?: { signerKey: string; saltSeparator: string; rounds: number; memCost: number };
}

/** A mapped user before the record check, and the notes made while mapping it. */
export interface Mapped {
  record: Record<string, unknown>;
  notes?: string[];
}

/** Runs a provider's mapping over each item, turning a RecordRefusal (or bad JSON) into a refused line. */
export async function* mapEntries<T>(
  items: AsyncIterable<NumberedText<T> & { error?: string }>,
  map: (value: T) => Mapped,
): AsyncGenerator<SourceEntry> {
  for await (const item of items) {
    if (item.error !== undefined) {
      yield { line: item.line, refusal: `not valid JSON: ${item.error}` };
      continue;
    }
    try {
      const mapped = map(item.value);
      yield { line: item.line, record: checkUserRecord(mapped.record), ...(mapped.notes?.length ? { notes: mapped.notes } : {}) };
    } catch (error) {
      if (!(error instanceof RecordRefusal)) throw error;
      yield { line: item.line, refusal: error.message };
    }
  }
}

/** JSON lines, each parsed alone (a bad one is that line's refusal). */
export async function* jsonLines(
  lines: AsyncIterable<NumberedText<string>>,
): AsyncGenerator<NumberedText<unknown> & { error?: string }> {
  for await (const { line, value } of lines) {
    try {
      yield { line, value: JSON.parse(value) };
    } catch (error) {
      yield { line, value, error: (error as Error).message };
    }
  }
}

/**
 * A provider's OAuth identity as authd's: `names` maps the source's provider names to authd's
 * ids; an identity of a provider authd does not sign in with is left out with a note.
 */
export function oauthIdentity(
  names: Record<string, string>,
  sourceProvider: string,
  accountId: unknown,
  email: unknown,
  notes: string[],
): { id: string; account_id: string; email: string | null } | null {
  const id = names[sourceProvider] ?? sourceProvider;
  if (!(oauthProviderIds as readonly string[]).includes(id)) {
    notes.push(`its ${sourceProvider} identity was left out: authd has no ${sourceProvider} sign-in`);
    return null;
  }
  if ((typeof accountId !== 'string' && typeof accountId !== 'number') || String(accountId) === '') {
    throw new RecordRefusal(`its ${sourceProvider} identity has no account id`);
  }
  return { id, account_id: String(accountId), email: typeof email === 'string' && email !== '' ? email : null };
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function requireObject(value: unknown): Record<string, unknown> {
  if (!isObject(value)) throw new RecordRefusal('is not a JSON object');
  return value;
}

/** A text field or null (empty text is none). */
export function textOf(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** The metadata object of a field, or undefined when absent or empty. */
export function metadataOf(value: unknown): unknown {
  if (value === undefined || value === null) return undefined;
  if (isObject(value) && Object.keys(value).length === 0) return undefined;
  return value;
}

/** A display name from a full name or first and last names. */
export function displayNameOf(full: unknown, first?: unknown, last?: unknown): string | null {
  const name = textOf(full) ?? [textOf(first), textOf(last)].filter(Boolean).join(' ');
  return name ? name.slice(0, 256) : null;
}

