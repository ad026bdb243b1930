// Migration 0020 gives every address its comparison key (lower-cased). Sign-in addresses of one
// project that differ only in case are not merged: both accounts keep signing in as before, and
// `serve` reports them at start until one is changed. SQLite only: the database is made at the
// older schema level, which test/support/older-schema.ts builds for SQLite.
import { afterAll, expect, test } from 'bun:test';
import { openContext } from '../../cmd/cli-support';
import { emailAddressKey } from '../../server/protocol/email-address-key';
import { defaultSettings, silentLogger } from '../../server/core/storage/context';
import { findUserByAuthEmail } from '../../server/core/storage/user-queries';
import { listContactChannels, updateContactChannel } from '../../server/core/users/contact-channels';
import { settleEmailKeyClashes } from '../../server/core/users/email-key-clashes';
import { foldForSearch } from '../../server/core/users/user-search';
import { createUser } from '../../server/core/accounts/new-accounts';
import { cliJson, cliOk, removeScratchDirs, scratchDir } from '../support/cli';
import { startServeProcess } from '../support/instance';
import { databaseBeforeMigration } from '../support/older-schema';

afterAll(() => removeScratchDirs());

test('addresses differing only in case are flagged, reported at start, keep signing in, and settle once one changes', async () => {
  const dataDir = scratchDir('authd-email-keys-');
  const db = databaseBeforeMigration(dataDir, '0020_email_address_keys');
  db.run("INSERT INTO projects (id, display_name, created_at, config_id) VALUES ('p', 'p', 1, 'config-p')");
  const addUser = (id: string, email: string, usedForAuth: boolean, createdAt: number) => {
    db.run(
      'INSERT INTO users (id, project_id, display_name, display_name_folded, signed_up_at, last_active_at) VALUES (?, ?, NULL, NULL, ?, ?)',
      [id, 'p', createdAt, createdAt],
    );
    db.run(
      "INSERT INTO contact_channels (id, project_id, user_id, type, value, value_folded, is_verified, is_primary, used_for_auth, created_at) VALUES (?, 'p', ?, 'email', ?, ?, 1, 1, ?, ?)",
      [`channel-${id}`, id, email, foldForSearch(email), usedForAuth ? 1 : 0, createdAt],
    );
  };
  addUser('older', 'bob@example.com', true, 1);
  addUser('newer', 'Bob@Example.com', true, 2);
  addUser('carol', 'carol@example.com', true, 3);
  addUser('contact-only', 'CAROL@example.com', false, 4); // not used for sign-in: no clash
  addUser('accented', 'ÉMILE@Example.com', true, 5); // only A–Z fold, in SQL as in emailAddressKey
  db.close();

  const server = await startServeProcess(dataDir);
  await server.stop();
  const warnings = server.events.filter((event) => event.level === 'warn').map((event) => String(event.message));
  expect(warnings).toHaveLength(1);
  expect(warnings[0]).toContain('1 sign-in email address belongs to more than one account');
  expect(warnings[0]).toContain('project p: bob@example.com (user older), Bob@Example.com (user newer)');
  expect(warnings[0]).not.toContain('CAROL');
  // The same report on demand, for an admin who does not read the server's log.
  expect(await cliJson(['users', 'email-clashes', '--data', dataDir])).toEqual({
    items: [
      {
        projectId: 'p',
        key: 'bob@example.com',
        accounts: [
          { userId: 'older', email: 'bob@example.com' },
          { userId: 'newer', email: 'Bob@Example.com' },
        ],
      },
    ],
  });

  const ctx = openContext(dataDir, 'development', silentLogger, defaultSettings());
  try {
    const keys = ctx.storage.sqlite.query('SELECT user_id, value_key, key_clash FROM contact_channels ORDER BY created_at').all();
    expect(keys).toEqual([
      { user_id: 'older', value_key: 'bob@example.com', key_clash: 0 },
      { user_id: 'newer', value_key: 'bob@example.com', key_clash: 1 },
      { user_id: 'carol', value_key: 'carol@example.com', key_clash: 0 },
      { user_id: 'contact-only', value_key: 'carol@example.com', key_clash: 0 },
      { user_id: 'accented', value_key: emailAddressKey('ÉMILE@Example.com'), key_clash: 0 },
    ]);
    expect(emailAddressKey('ÉMILE@Example.com')).toBe('Émile@example.com');
    // Each keeps its own spelling; any other spelling finds the older account, as does a new sign-up.
    expect((await findUserByAuthEmail(ctx, 'p', 'bob@example.com'))?.id).toBe('older');
    expect((await findUserByAuthEmail(ctx, 'p', 'Bob@Example.com'))?.id).toBe('newer');
    expect((await findUserByAuthEmail(ctx, 'p', 'BOB@EXAMPLE.COM'))?.id).toBe('older');
    expect((await findUserByAuthEmail(ctx, 'p', 'CAROL@EXAMPLE.COM'))?.id).toBe('carol');
    await expect(
      createUser(ctx, 'p', { primary_email: 'BOB@example.COM', primary_email_auth_enabled: true } as never),
    ).rejects.toMatchObject({
      code: 'USER_EMAIL_ALREADY_EXISTS',
    });

    // The newer account moves to another address: nothing clashes any more, and the unique index holds.
    await updateContactChannel(ctx, 'p', 'newer', 'channel-newer', { value: 'robert@example.com' });
    expect(await settleEmailKeyClashes(ctx)).toEqual([]);
    expect(await cliOk(['users', 'email-clashes', '--data', dataDir])).toBe(
      'No sign-in address belongs to more than one account.\n',
    );
    expect(ctx.storage.sqlite.query('SELECT count(*) AS n FROM contact_channels WHERE key_clash = 1').get()).toEqual({ n: 0 });
    expect((await listContactChannels(ctx, 'p', 'newer')).map((channel) => channel.value)).toEqual(['robert@example.com']);
    expect(() =>
      ctx.storage.sqlite.run(
        "INSERT INTO contact_channels (id, project_id, user_id, type, value, value_key, is_verified, is_primary, used_for_auth, created_at) VALUES ('x', 'p', 'newer', 'email', 'ROBERT@example.com', 'robert@example.com', 0, 0, 1, 9)",
      ),
    ).toThrow(/UNIQUE/);
  } finally {
    await ctx.storage.close();
  }
});
