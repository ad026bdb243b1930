// Which users a typed search text finds: those whose display name or an email contains it,
// case-folded, anywhere (not only as whole words), and the folding both sides share. On SQLite
// it reads the FTS5 gram index of migration 0019; PostgreSQL's trigram indexes serve LIKE.
import { and, eq, exists, inArray, or, sql, type SQL } from 'drizzle-orm';
import { contactChannels, users } from '../storage/tables';
import { containsText, hasFts5SearchTables } from '../storage/dialect-sql';
import type { Context } from '../storage/context';

/**
 * The two gram lengths of migration 0019's index, whose SQL spells the same numbers. Its tokens
 * are a letter for the length and the hex of the gram's UTF-8 bytes.
 */
export const searchGramLengths = { short: 3, long: 6 } as const;
const gramTokenLetters = { short: 't', long: 's' } as const;

/** Case folding for search, done here because SQLite's lower() and LIKE fold only ASCII. */
export function foldForSearch(text: string | null): string | null {
  return text === null ? null : text.normalize('NFKC').toLowerCase();
}

/** A search's condition on users, and how the list should be read for it. */
export interface SearchFilter {
  condition: SQL;
  /**
   * True when the index names few enough candidates that looking each up and sorting them beats
   * walking the project's users in list order until a page is full.
   */
  fewCandidates: boolean;
}

/**
 * Most index rows a search looks up one by one. Past that, it walks the list in order and tests
 * each user's text instead: a gram held by that many rows is common, and so, most likely, is the
 * text, so a page fills after a short walk. Counting stops one past it, which bounds the count.
 */
const maxLookedUpCandidates = 1000;

/**
 * Users whose display name or an email contains `typed`, case-folded. On SQLite, a text of three
 * characters or more is looked up by the rarest of its grams in the index of migration 0019 (its
 * 6-grams from six characters on, else its trigrams) when few rows hold it: the search then reads
 * about as many rows as it finds, whatever the table's size. When every gram is common, or the
 * text has one or two characters, which no gram covers, the users are tested in list order.
 *
 * The choice is made here, from bounded counts, because SQLite cannot make it: authd runs no
 * ANALYZE, and without statistics SQLite always walked the list (5 ms for one user among 20,000,
 * growing with the table), while with them it always took the candidates, even all of them
 * (140 ms for "example.com" among 20,000). FTS5's own gram counts (fts5vocab) read every row
 * that holds a gram, and a query ANDing the grams does not skip well without positions.
 */
export async function searchFilter(ctx: Context, projectId: string, typed: string): Promise<SearchFilter> {
  const folded = foldForSearch(typed)!;
  // SQLite's length() and substr(), which cut the indexed grams, count code points, as this does.
  const characters = [...folded];
  if (!hasFts5SearchTables() || characters.length < searchGramLengths.short) {
    return { condition: containsTextByScan(ctx, projectId, folded), fewCandidates: false };
  }
  const size = characters.length >= searchGramLengths.long ? 'long' : 'short';
  const tokens = queriedGrams(characters, searchGramLengths[size]).map((gram) => gramToken(gram, size));
  const rarest = await rarestToken(ctx, tokens);
  const holdingEmail = ctx.db
    .select({ found: sql`1` })
    .from(contactChannels)
    .where(and(eq(contactChannels.userId, users.id), containsText(contactChannels.valueFolded, folded)));
  const containsTyped = or(containsText(users.displayNameFolded, folded), exists(holdingEmail))!;
  if (rarest.rows > maxLookedUpCandidates) return { condition: containsTyped, fewCandidates: false };
  // A row's number is twice its user_search_keys id (plus one for the emails' row).
  const candidates = sql`${users.id} IN (SELECT user_id FROM user_search_keys WHERE id IN (SELECT rowid >> 1 FROM user_search_grams WHERE user_search_grams MATCH ${`"${rarest.token}"`}))`;
  // The text is itself a gram: every row holding that gram holds the text. Otherwise a row's
  // grams may come from elsewhere in the text, or from different emails.
  if (characters.length === searchGramLengths[size]) return { condition: candidates, fewCandidates: true };
  return { condition: and(candidates, containsTyped)!, fewCandidates: true };
}

/** A LIKE test of every name and email: PostgreSQL's trigram indexes serve it, SQLite scans. */
function containsTextByScan(ctx: Context, projectId: string, folded: string): SQL {
  const pattern = `%${folded.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const matchingChannels = ctx.db
    .select({ userId: contactChannels.userId })
    .from(contactChannels)
    .where(and(eq(contactChannels.projectId, projectId), sql`${contactChannels.valueFolded} LIKE ${pattern} ESCAPE '\\'`));
  return or(sql`${users.displayNameFolded} LIKE ${pattern} ESCAPE '\\'`, inArray(users.id, matchingChannels))!;
}

/** The index's token for a gram: the ascii tokenizer keeps it whole and folds it to lower case. */
function gramToken(gram: string, size: keyof typeof searchGramLengths): string {
  return `${gramTokenLetters[size]}${Buffer.from(gram, 'utf8').toString('hex')}`;
}

/** The token held by the fewest index rows (in any project), with that count, if not past the most looked up. */
async function rarestToken(ctx: Context, tokens: string[]): Promise<{ token: string; rows: number }> {
  let rarest = { token: tokens[0]!, rows: Infinity };
  for (const token of tokens) {
    const [counted] = await ctx.db.all<{ rows: number }>(
      sql`SELECT count(*) AS rows FROM (SELECT rowid FROM user_search_grams WHERE user_search_grams MATCH ${`"${token}"`} LIMIT ${maxLookedUpCandidates + 1})`,
    );
    if (counted!.rows < rarest.rows) rarest = { token, rows: counted!.rows };
    // A gram no row holds: nothing can match, and no other count can be lower.
    if (rarest.rows === 0) break;
  }
  return rarest;
}

/**
 * The grams a search weighs to find its rarest: one every `length` characters and the last one.
 * Any text containing the typed one holds each of them; the overlapping grams between would only
 * add counts to make.
 */
function queriedGrams(characters: string[], length: number): string[] {
  const starts: number[] = [];
  for (let start = 0; start + length <= characters.length; start += length) starts.push(start);
  const last = characters.length - length;
  if (starts[starts.length - 1] !== last) starts.push(last);
  return [...new Set(starts.map((start) => characters.slice(start, start + length).join('')))];
}
