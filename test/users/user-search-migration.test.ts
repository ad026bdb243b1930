// A database made before migration 0019 (SQLite's gram index for user search) finds its existing
// users through the index the migration fills, and the triggers keep it from there. SQLite only:
// scripts/postgres-suite.ts leaves it out (PostgreSQL's search reads trigram indexes on the
// tables themselves, which need no filling).
import { afterAll, expect, test } from 'bun:test';
import { openContext } from '../../cmd/cli-support';
import { defaultSettings, silentLogger } from '../../server/core/storage/context';
import { foldForSearch } from '../../server/core/users/user-search';
import { deleteUser, listUsers } from '../../server/core/users/users';
import { createUser } from '../../server/core/accounts/new-accounts';
import { removeScratchDirs, scratchDir } from '../support/cli';
import { databaseBeforeMigration } from '../support/older-schema';

afterAll(() => removeScratchDirs());

test('a database from before migration 0019 finds its users through the gram index', async () => {
  const dataDir = scratchDir('authd-search-grams-');
  const db = databaseBeforeMigration(dataDir, '0019_user_search_grams');
  db.run("INSERT INTO projects (id, display_name, created_at, config_id) VALUES ('p', 'p', 1, 'config-p')");
  const addUser = (id: string, name: string | null, emails: string[]) => {
    db.run('INSERT INTO users (id, project_id, display_name, display_name_folded, signed_up_at, last_active_at) VALUES (?, ?, ?, ?, 1, 1)', [
      id, 'p', name, foldForSearch(name),
    ]);
    for (const email of emails) {
      db.run("INSERT INTO contact_channels (id, project_id, user_id, type, value, value_folded, is_verified, is_primary, used_for_auth, created_at) VALUES (?, 'p', ?, 'email', ?, ?, 0, 0, 0, 1)", [
        crypto.randomUUID(), id, email, foldForSearch(email),
      ]);
    }
  };
  const [named, mailed, both, short] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
  addUser(named, 'Ernestine Quill', []);
  addUser(mailed, null, ['old.address@example.com', 'Second.Address@example.com']);
  addUser(both, 'Ånnika Berg', ['annika@example.org']);
  addUser(short, 'Bo', []); // two characters: no grams, no row
  db.close();

  const ctx = openContext(dataDir, 'development', silentLogger, defaultSettings());
  try {
    const search = async (query: string) => (await listUsers(ctx, 'p', { query } as never)).items.map((user) => user.id).sort();
    expect(await search('NESTINE Q')).toEqual([named]);
    expect(await search('second.address@')).toEqual([mailed]);
    expect(await search('old.ad')).toEqual([mailed]);
    expect(await search('ånnika b')).toEqual([both]);
    expect(await search('example.')).toEqual([mailed, both].sort());
    expect(await search('bo')).toEqual([short]);
    expect(await search('ress@')).toEqual([mailed]);
    expect(await search('KA B')).toEqual([both]);
    expect(ctx.storage.sqlite.query('SELECT count(*) AS n FROM user_search_grams').get()).toEqual({ n: 4 });
    // From here the triggers keep it: a new user is found, a deleted one leaves no row behind.
    const added = await createUser(ctx, 'p', { display_name: 'Ernestine Quillon' } as never);
    expect(await search('nestine quill')).toEqual([named, added.id].sort());
    await deleteUser(ctx, 'p', named);
    expect(await search('nestine quill')).toEqual([added.id]);
    expect(ctx.storage.sqlite.query('SELECT count(*) AS n FROM user_search_grams').get()).toEqual({ n: 4 });
  } finally {
    ctx.storage.close();
  }
});
