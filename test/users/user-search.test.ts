// User search against its contract, whatever route a query takes (a scan, the gram index's
// trigrams or its 6-grams): users written and rewritten through core's write paths, with
// non-ASCII, quotes, pattern characters and `+` in their names and emails, are found by `query`
// exactly when their folded display name or an email contains the folded query, as a scan finds
// them; pages and cursors cut the same list, whether a search looks its few candidates up or
// walks the list past a common gram. On SQLite the gram index holds a row for exactly each name
// and each user's emails long enough to have grams (user-search-migration.test.ts: a database
// from before the index finds its existing users through it).
import { beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { createProject, deleteProject } from '../../server/core/projects/projects';
import { contactChannels, users } from '../../server/core/storage/tables';
import { createContactChannel, deleteContactChannel, updateContactChannel } from '../../server/core/users/contact-channels';
import { foldForSearch, searchGramLengths } from '../../server/core/users/user-search';
import { deleteUser, listUsers, updateUser } from '../../server/core/users/users';
import { createUser } from '../../server/core/accounts/new-accounts';
import { testDialect, type TestInstance } from '../support/instance';
import { withInstance } from '../support/file-instance';

let t: TestInstance;
withInstance((started) => ({ t } = started));

/** A small deterministic generator, so a failure names the seed that reproduces it. */
function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x ^= x + Math.imul(x ^ (x >>> 7), 61 | x);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const below = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]) => items[below(items.length)]!;
  const text = (alphabet: readonly string[], min: number, max: number) =>
    Array.from({ length: min + below(max - min + 1) }, () => pick(alphabet)).join('');
  return { next, below, pick, text };
}

// Few letters, so that texts share grams and most queries find several users; characters that
// fold (case, NFKC), that LIKE and FTS5 give meaning to, and some outside the BMP.
const nameAlphabet = ['a', 'b', 'n', 'A', 'N', 'ä', 'Ä', 'ß', 'e\u0301', 'é', 'İ', 'ｆ', '%', '_', '"', "'", '\\', ' ', '.', '+', '0', '1', '😀', '中'];
const localAlphabet = ['a', 'b', 'n', 'A', '.', '+', '_', '%', '-', '1', 'ä', '"'];
const domains = ['ex.com', 'b.org', 'äb.de', 'n-n.io'];

async function usersAsStored(projectId: string) {
  const userRows = await t.ctx.db.select({ id: users.id, name: users.displayNameFolded }).from(users).where(eq(users.projectId, projectId));
  const channelRows = await t.ctx.db
    .select({ userId: contactChannels.userId, value: contactChannels.valueFolded })
    .from(contactChannels)
    .where(eq(contactChannels.projectId, projectId));
  return userRows.map((user) => ({
    id: user.id,
    name: user.name,
    emails: channelRows.filter((channel) => channel.userId === user.id).map((channel) => channel.value),
  }));
}

/** The contract, checked by a scan of what is stored. */
function expectedMatches(stored: Awaited<ReturnType<typeof usersAsStored>>, typed: string): string[] {
  const folded = foldForSearch(typed)!;
  return stored
    .filter((user) => (user.name ?? '').includes(folded) || user.emails.some((email) => email.includes(folded)))
    .map((user) => user.id)
    .sort();
}

async function found(projectId: string, query: string): Promise<string[]> {
  return (await listUsers(t.ctx, projectId, { query } as never)).items.map((user) => user.id).sort();
}

/**
 * On SQLite, the rows of the gram index must be exactly those its triggers promise: for the
 * project's users, one for each name and one for each user's emails that have grams; and none
 * left behind by a deleted user (a row whose key is gone).
 */
function expectGramRowsMatch(stored: Awaited<ReturnType<typeof usersAsStored>>): void {
  if (testDialect !== 'sqlite') return;
  const keys = new Map(
    t.sqlite.query<{ id: number; user_id: string }, []>('SELECT id, user_id FROM user_search_keys').all().map((row) => [row.user_id, row.id]),
  );
  const keyIds = new Set(keys.values());
  const projectKeyIds = new Set(stored.map((user) => keys.get(user.id)!));
  const long = (text: string | null) => text !== null && [...text].length >= searchGramLengths.short;
  const expected: number[] = [];
  for (const user of stored) {
    if (long(user.name)) expected.push(2 * keys.get(user.id)!);
    if (user.emails.some(long)) expected.push(2 * keys.get(user.id)! + 1);
  }
  const actual = t.sqlite
    .query<{ rowid: number }, []>('SELECT rowid FROM user_search_grams')
    .all()
    .map((row) => row.rowid)
    .filter((rowid) => projectKeyIds.has(rowid >> 1) || !keyIds.has(rowid >> 1));
  expect(actual.sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
}

describe('search answers what a scan answers', () => {
  for (const seed of [1, 2, 3]) {
    test(`after random writes through every core path (seed ${seed})`, async () => {
      const random = randomSource(seed);
      const projectId = await createProject(t.ctx, { display_name: `Search ${seed}` });
      const name = () => (random.next() < 0.2 ? null : random.text(nameAlphabet, 0, 14));
      const email = () => `${random.text(localAlphabet, 1, 10)}@${random.pick(domains)}`;
      const live: string[] = [];
      const ignoreRefusals = async (write: () => Promise<unknown>) => {
        // A random email may repeat one of the user's own: the refusal is part of the path.
        await write().catch((error: unknown) => {
          if (!(error instanceof Error) || !/ALREADY_EXISTS/.test(String((error as { code?: string }).code ?? error.message))) throw error;
        });
      };
      for (let step = 0; step < 220; step++) {
        const roll = random.next();
        if (live.length < 8 || roll < 0.3) {
          const created = await createUser(t.ctx, projectId, {
            display_name: name(),
            primary_email: random.next() < 0.85 ? email() : null,
          } as never);
          live.push(created.id);
          continue;
        }
        const userId = random.pick(live);
        const channels = (await usersAsStored(projectId)).find((user) => user.id === userId)!;
        const channelIds = (await t.ctx.db.select({ id: contactChannels.id }).from(contactChannels).where(eq(contactChannels.userId, userId))).map((row) => row.id);
        if (roll < 0.45) await updateUser(t.ctx, projectId, userId, { display_name: name() } as never);
        else if (roll < 0.55) await ignoreRefusals(() => updateUser(t.ctx, projectId, userId, { primary_email: random.next() < 0.2 ? null : email() } as never));
        else if (roll < 0.7) await ignoreRefusals(() => createContactChannel(t.ctx, projectId, userId, { value: email(), used_for_auth: false }));
        else if (roll < 0.8 && channelIds.length > 0) {
          await ignoreRefusals(() => updateContactChannel(t.ctx, projectId, userId, random.pick(channelIds), { value: email() }));
        } else if (roll < 0.9 && channelIds.length > 0) await deleteContactChannel(t.ctx, projectId, userId, random.pick(channelIds));
        else if (roll < 0.95 && channels.emails.length > 0) {
          // The same values written again: no change, and the index must say so too.
          await updateUser(t.ctx, projectId, userId, { display_name: channels.name } as never);
        } else {
          await deleteUser(t.ctx, projectId, userId);
          live.splice(live.indexOf(userId), 1);
        }
      }

      const stored = await usersAsStored(projectId);
      expectGramRowsMatch(stored);
      const texts = stored.flatMap((user) => [user.name ?? '', ...user.emails]).filter((text) => text.length > 0);
      const queries = new Set<string>();
      for (let i = 0; i < 150; i++) {
        const characters = [...random.pick(texts)];
        // Every length from 1 to 12, and so both sides of each index's boundary.
        const length = 1 + (i % 12);
        if (characters.length < length) continue;
        const start = random.below(characters.length - length + 1);
        const typed = characters.slice(start, start + length).join('');
        queries.add(random.next() < 0.3 ? typed.toUpperCase() : typed);
      }
      for (let i = 0; i < 40; i++) queries.add(random.text(nameAlphabet, 1, 9));
      // A name's end and an email's start, and two emails of one user, are no text of anyone's.
      for (const user of stored.filter((user) => user.emails.length > 0).slice(0, 10)) {
        queries.add(`${(user.name ?? '').slice(-3)}${user.emails[0]!.slice(0, 4)}`);
        if (user.emails.length > 1) queries.add(`${user.emails[0]!.slice(-3)}${user.emails[1]!.slice(0, 4)}`);
      }
      let withMatches = 0;
      for (const query of queries) {
        if (query.trim() === '') continue;
        const expected = expectedMatches(stored, query);
        if (expected.length > 0) withMatches++;
        expect({ query, ids: await found(projectId, query) }).toEqual({ query, ids: expected });
      }
      expect(withMatches).toBeGreaterThan(100);

      // On SQLite, what the scan of one- and two-character queries (LIKE) finds for the others too.
      if (testDialect === 'sqlite') {
        const likeScan = t.sqlite.query<{ id: string }, [string, string, string]>(
          `SELECT id FROM users WHERE project_id = ?1 AND (display_name_folded LIKE ?2 ESCAPE '\\'
             OR id IN (SELECT user_id FROM contact_channels WHERE project_id = ?1 AND value_folded LIKE ?2 ESCAPE '\\')) AND ?3 = ?3`,
        );
        for (const query of [...queries].filter((query) => [...query].length >= searchGramLengths.short)) {
          const pattern = `%${foldForSearch(query)!.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
          const scanned = likeScan.all(projectId, pattern, '').map((row) => row.id).sort();
          expect({ query, ids: await found(projectId, query) }).toEqual({ query, ids: scanned });
        }
      }

      await deleteProject(t.ctx, projectId);
      expectGramRowsMatch([]);
    });
  }
});

describe('queries at the boundaries of the indexes', () => {
  let projectId: string;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    projectId = await createProject(t.ctx, { display_name: 'Boundaries' });
    const specs: [string, Record<string, unknown>][] = [
      ['six', { display_name: 'Abcdef' }],
      ['five', { display_name: 'abcde' }],
      ['repeated', { display_name: 'aaaaaaaa bbbbbb' }],
      ['plus', { primary_email: 'first+tag@example.com' }],
      ['quote', { display_name: 'O"Brien \'n\' Co' }],
      ['astral', { display_name: '😀😀😀😀😀😀x' }],
      ['combining', { display_name: 'Cafe\u0301 Noir' }],
    ];
    for (const [key, body] of specs) ids[key] = (await createUser(t.ctx, projectId, body as never)).id;
  });

  const rows: [string, string, string[]][] = [
    ['exactly the gram length, other case', 'ABCDEF', ['six']],
    ['one short of it', 'bcdef', ['six']],
    ['a five-character name is not found by six characters', 'abcdeX', []],
    ['the same gram twice is not the text', 'aaaaaaa', ['repeated']],
    ['seven of one letter, where the name has six', 'bbbbbbb', []],
    ['three characters, one trigram', 'CDE', ['five', 'six']],
    ['four characters, two trigrams from one text', 'bcde', ['five', 'six']],
    ['a five-character name, whole', 'ABCDE', ['five', 'six']],
    ['"+" in an email', 'first+tag@', ['plus']],
    ['"+" at the gram length', 'st+tag', ['plus']],
    ['quotes and an apostrophe', 'o"brien \'n', ['quote']],
    ['characters outside the BMP, six of them', '😀😀😀😀😀😀', ['astral']],
    ['characters outside the BMP, then one more', '😀😀😀😀😀x', ['astral']],
    ['composed by NFKC on both sides', 'café noir', ['combining']],
    ['written decomposed', 'cafe\u0301 no', ['combining']],
    ['longer than any text', 'abcdefabcdefabcdef', []],
  ];
  for (const [name, query, expected] of rows) {
    test(name, async () => {
      expect(await found(projectId, query)).toEqual(expected.map((key) => ids[key]!).sort());
    });
  }

  test('pages and cursors cut the same list as one unlimited answer', async () => {
    for (let i = 0; i < 7; i++) await createUser(t.ctx, projectId, { display_name: `Paged Person ${i}`, primary_email: `paged.${i}@example.com` } as never);
    for (const query of ['paged person', 'paged.', 'ged pe']) {
      for (const desc of [false, true]) {
        const whole = (await listUsers(t.ctx, projectId, { query, desc } as never)).items.map((user) => user.id);
        expect(whole).toHaveLength(7);
        const paged: string[] = [];
        let cursor: string | undefined;
        do {
          const page = await listUsers(t.ctx, projectId, { query, desc, limit: 3, cursor } as never);
          paged.push(...page.items.map((user) => user.id));
          cursor = page.nextCursor ?? undefined;
        } while (cursor);
        expect(paged).toEqual(whole);
      }
    }
  });
});

describe('a text held by many users and one held by few', () => {
  // Past 1,000 index rows holding a query's rarest gram, the list is walked in order and each
  // user's text tested; below, the candidates are looked up. Both must answer as a scan does.
  let projectId: string;
  beforeAll(async () => {
    projectId = await createProject(t.ctx, { display_name: 'Many walkers' });
    for (let n = 0; n < 1_100; n++) {
      await createUser(t.ctx, projectId, { display_name: `Walker ${n}`, primary_email: `w${n}@stride.example` } as never);
    }
  }, 120_000);

  test('finds exactly what a scan finds, on every page, either way', async () => {
    const stored = await usersAsStored(projectId);
    // "walker" and "stride" are held by every user; "walker 10" by 12; "lker 1057" by one;
    // "w1057@" (six characters, one gram) by one; "nobody" by none.
    for (const query of ['walker', 'WALKER 1', 'stride.example', 'walker 10', 'lker 1057', 'w1057@', 'nobody', 'er 99']) {
      const expected = expectedMatches(stored, query);
      expect({ query, found: await found(projectId, query) }).toEqual({ query, found: expected });
      const paged: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await listUsers(t.ctx, projectId, { query, limit: 250, cursor } as never);
        paged.push(...page.items.map((user) => user.id));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      expect({ query, paged: paged.sort() }).toEqual({ query, paged: expected });
    }
  }, 120_000);
});
