// The formats `authd users import` reads, each a reader from the file's bytes to one entry per
// user (its line, and its record or why it was refused).
import { mapAuth0User } from './auth0-export';
import { recordFromCsvRow } from './authd-records-csv';
import { mapClerkApiUser, mapClerkCsvRow } from './clerk-export';
import { mapFirebaseUser } from './firebase-export';
import { jsonLines, mapEntries, requireObject, type SourceEntry, type SourceOptions } from './source-entries';
import { mapStackUser } from './stack-export';
import { mapSupabaseUser } from './supabase-export';
import { readCsvRecords, readJsonArrayElements, readLines } from './text-streams';

export const importFormats = ['auth0', 'supabase', 'clerk', 'firebase', 'stack', 'jsonl', 'csv'] as const;
export type ImportFormat = (typeof importFormats)[number];

export function isImportFormat(format: string): format is ImportFormat {
  return (importFormats as readonly string[]).includes(format);
}

/** The bytes again, with the first non-blank character of the file told apart (Clerk's two forms). */
async function firstCharacter(bytes: AsyncIterable<Uint8Array>): Promise<{ first: string; bytes: AsyncIterable<Uint8Array> }> {
  const iterator = bytes[Symbol.asyncIterator]();
  const seen: Uint8Array[] = [];
  let first = '';
  while (first === '') {
    const next = await iterator.next();
    if (next.done) break;
    seen.push(next.value);
    first = new TextDecoder().decode(next.value).replace(/^[\s\uFEFF]+/, '').charAt(0);
  }
  async function* replay(): AsyncGenerator<Uint8Array> {
    yield* seen;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  return { first, bytes: replay() };
}

async function* clerkEntries(bytes: AsyncIterable<Uint8Array>): AsyncGenerator<SourceEntry> {
  const peeked = await firstCharacter(bytes);
  if (peeked.first === '{') yield* mapEntries(jsonLines(readLines(peeked.bytes)), mapClerkApiUser);
  else yield* mapEntries(readCsvRecords(peeked.bytes), mapClerkCsvRow);
}

/** The entries of a file in `format`. */
export function readSource(format: ImportFormat, bytes: AsyncIterable<Uint8Array>, options: SourceOptions = {}): AsyncIterable<SourceEntry> {
  switch (format) {
    case 'auth0':
      return mapEntries(jsonLines(readLines(bytes)), mapAuth0User);
    case 'supabase':
      return mapEntries(jsonLines(readLines(bytes)), mapSupabaseUser);
    case 'clerk':
      return clerkEntries(bytes);
    case 'firebase':
      return mapEntries(readJsonArrayElements(bytes, 'users'), (value) => mapFirebaseUser(value, options));
    case 'stack':
      return mapEntries(jsonLines(readLines(bytes)), mapStackUser);
    case 'jsonl':
      return mapEntries(jsonLines(readLines(bytes)), (value) => ({ record: requireObject(value) }));
    case 'csv':
      return mapEntries(readCsvRecords(bytes), (row) => ({ record: recordFromCsvRow(row) }));
  }
}
