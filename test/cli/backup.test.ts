// `authd backup` and `authd restore` against real data directories: a backup taken while a
// running `authd serve` signs users up holds every user acknowledged before it began; restore
// refuses a database in use, one it would replace without --yes, and files that are no authd
// backup. Upgrades: every earlier schema of this repository migrates to the current one with its
// data, after an automatic copy of the database as it was.
import { afterAll, describe, expect, test } from 'bun:test';
import { Database } from 'bun:sqlite';
import { copyFileSync, existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { databaseFileName, keptPreMigrationBackups, secretKeyFileName } from '../../db/connection';
import { embeddedMigrations } from '../../db/migrations.generated';
import { openContext } from '../../cmd/cli-support';
import { databaseAtSchemaLevel } from '../support/older-schema';
import { readProjectAdminView } from '../../server/core/projects/projects';
import { listUsers } from '../../server/core/users/users';
import { callApi, repoRoot, startServeProcess } from '../support/instance';
import { cliJson, cliOk, expectOneLineError, keyHeaders, removeScratchDirs, runCli, scratchDir } from '../support/cli';

afterAll(removeScratchDirs);

/** A new scratch data directory holding one project made by the CLI. */
async function dataDirWithProject(prefix: string, name: string): Promise<string> {
  const dataDir = scratchDir(prefix);
  await cliOk(['create-project', '--name', name, '--data', dataDir]);
  return dataDir;
}

/** `authd restore` of `backup` into a new scratch data directory writes its database file. */
async function expectRestoresInto(prefix: string, backup: string): Promise<void> {
  const restored = scratchDir(prefix);
  await cliOk(['restore', backup, '--data', restored]);
  expect(existsSync(join(restored, databaseFileName))).toBe(true);
}

describe('backup while serving, then restore', () => {
  test('every sign-up acknowledged before the backup began is in the restored database', async () => {
    const dataDir = scratchDir('authd-backup-live-');
    const server = await startServeProcess(dataDir);
    try {
      const demo = server.events.find((event) => event.event === 'project_created' && event.project_id !== 'internal')!;
      const headers = keyHeaders(demo.project_id, 'client', demo);
      const acknowledged: { email: string; at: number }[] = [];
      let signingUp = true;
      const load = (async () => {
        for (let i = 0; signingUp; i++) {
          const email = `during-backup-${i}@example.com`;
          const res = await callApi(server.url, 'POST', '/api/v1/auth/password/sign-up', {
            headers,
            body: { email, password: 'correct horse battery' },
          });
          if (res.status === 200) acknowledged.push({ email, at: performance.now() });
        }
      })();
      while (acknowledged.length < 15) await Bun.sleep(10);
      const backupFile = join(scratchDir('authd-backup-file-'), 'copy.db');
      const backupStarted = performance.now();
      const made = await cliJson(['backup', backupFile, '--data', dataDir]);
      signingUp = false;
      await load;
      expect(made.bytes).toBeGreaterThan(0);

      // Restored elsewhere, with the key the backup needs.
      const restoredDir = scratchDir('authd-restored-');
      expect((await cliJson(['restore', backupFile, '--data', restoredDir])).replaced).toBe(false);
      copyFileSync(join(dataDir, secretKeyFileName), join(restoredDir, secretKeyFileName));
      const ctx = openContext(restoredDir, 'development');
      try {
        const stored = new Set(
          ctx.storage.sqlite.query<{ email: string }, []>("SELECT value AS email FROM contact_channels WHERE type = 'email'").all().map((row) => row.email),
        );
        const before = acknowledged.filter((signUp) => signUp.at < backupStarted);
        expect(before.length).toBeGreaterThanOrEqual(15);
        expect(before.filter((signUp) => !stored.has(signUp.email))).toEqual([]);
        expect(ctx.storage.sqlite.query<{ integrity_check: string }, []>('PRAGMA integrity_check').get()!.integrity_check).toBe('ok');
        // The search index came along and still points at the right users.
        const sample = before[0]!.email;
        const { project } = ctx.storage.sqlite.query<{ project: string }, [string]>('SELECT project_id AS project FROM contact_channels WHERE value = ?').get(sample)!;
        const found = (await listUsers(ctx, project, { query: sample.toUpperCase() })).items.map((user) => user.primary_email);
        expect(found).toEqual([sample]);
      } finally {
        ctx.storage.close();
      }

      // The live database is refused; stopped, it is replaced only with --yes.
      expectOneLineError(await runCli(['restore', backupFile, '--data', dataDir, '--yes']), /is open in another process \(is authd serve running\?\)/);
      await server.stop();
      expectOneLineError(await runCli(['restore', backupFile, '--data', dataDir]), /run again with --yes to replace it/);
      expect((await cliJson(['restore', backupFile, '--data', dataDir, '--yes'])).replaced).toBe(true);
    } finally {
      await server.stop();
    }
  }, 120_000);

  test('refusals: an existing target file, a file that is no database, a backup from a newer authd', async () => {
    const dataDir = await dataDirWithProject('authd-backup-refusals-', 'Refusals');
    const dir = scratchDir('authd-backup-files-');
    const taken = join(dir, 'taken.db');
    writeFileSync(taken, 'already here');
    expectOneLineError(await runCli(['backup', taken, '--data', dataDir]), /already exists; a backup is written to a new file/);
    expectOneLineError(await runCli(['restore', taken, '--data', dataDir, '--yes']), /is not an authd backup .*: file is not a database/);
    expectOneLineError(await runCli(['restore', join(dir, 'missing.db'), '--data', dataDir, '--yes']), /there is no such file/);
    const newer = join(dir, 'newer.db');
    await cliOk(['backup', newer, '--data', dataDir]);
    const db = new Database(newer);
    db.run("INSERT INTO schema_migrations (tag, applied_at) VALUES ('9999_from_the_future', 0)");
    db.close();
    expectOneLineError(await runCli(['restore', newer, '--data', dataDir, '--yes']), /made by a newer authd \(9999_from_the_future\)/);
    expectOneLineError(await runCli(['backup', join(dir, 'x.db'), '--data', join(dir, 'no-data')]), /No authd data in/);
  });

  test('a backup killed half-way leaves nothing at its target: the next backup to that path works and restores', async () => {
    const dataDir = await dataDirWithProject('authd-backup-killed-', 'Killed backup');
    // Padding, so the copy takes long enough to be caught half-way (about 80 MB).
    const db = new Database(join(dataDir, databaseFileName));
    db.run('CREATE TABLE backup_test_padding (b BLOB)');
    for (let i = 0; i < 80; i++) db.run('INSERT INTO backup_test_padding VALUES (randomblob(1000000))');
    db.close();
    const dir = scratchDir('authd-backup-killed-files-');
    const target = join(dir, 'nightly.db');
    const child = Bun.spawn([process.execPath, join(repoRoot, 'cmd', 'main.ts'), 'backup', target, '--data', dataDir], {
      stdout: 'ignore',
      stderr: 'ignore',
    });
    // Killed as soon as a file being written shows up in the folder, whatever its name.
    for (;;) {
      const written = readdirSync(dir).filter((name) => statSync(join(dir, name)).size > 0);
      if (written.length > 0) break;
      if (child.exitCode !== null) throw new Error('the backup ended before it could be killed');
      await Bun.sleep(1);
    }
    child.kill('SIGKILL');
    await child.exited;
    expect(existsSync(target)).toBe(false);
    await cliOk(['backup', target, '--data', dataDir]);
    await expectRestoresInto('authd-backup-killed-restored-', target);
  }, 60_000);

  test('the backup file is readable by its owner only, and no partial file is left beside it', async () => {
    const dataDir = await dataDirWithProject('authd-backup-mode-', 'Private backup');
    const dir = scratchDir('authd-backup-mode-files-');
    const file = join(dir, 'private.db');
    await cliOk(['backup', file, '--data', dataDir]);
    expect((statSync(file).mode & 0o777).toString(8)).toBe('600');
    expect(readdirSync(dir)).toEqual(['private.db']);
    // And it restores.
    await expectRestoresInto('authd-backup-mode-restored-', file);
  });
});

describe('upgrades from every earlier schema', () => {
  test('each earlier schema, with a project in it, migrates to the current one after a copy of itself', async () => {
    expect(embeddedMigrations.length).toBeGreaterThan(5);
    for (let level = 1; level < embeddedMigrations.length; level++) {
      const dataDir = scratchDir(`authd-schema-${level}-`);
      const old = databaseAtSchemaLevel(dataDir, level);
      old.run("INSERT INTO projects (id, display_name, created_at, config_id) VALUES ('kept', 'Made before the upgrade', 1, 'c')");
      old.close();

      const ctx = openContext(dataDir, 'development');
      try {
        const tags = ctx.storage.sqlite.query<{ tag: string }, []>('SELECT tag FROM schema_migrations').all().map((row) => row.tag);
        expect(embeddedMigrations.filter((migration) => !tags.includes(migration.tag))).toEqual([]);
        expect((await readProjectAdminView(ctx, 'kept')).display_name).toBe('Made before the upgrade');
        expect(ctx.storage.sqlite.query<{ integrity_check: string }, []>('PRAGMA integrity_check').get()!.integrity_check).toBe('ok');
      } finally {
        ctx.storage.close();
      }
      const copy = join(dataDir, `${databaseFileName}.before-${embeddedMigrations[level]!.tag}.bak`);
      expect(existsSync(copy)).toBe(true);
      const copied = new Database(copy, { readonly: true });
      expect(copied.query('SELECT count(*) AS n FROM schema_migrations').get()).toEqual({ n: level });
      copied.close();
    }
  });

  test(`only the newest ${keptPreMigrationBackups} automatic copies are kept`, () => {
    const dataDir = scratchDir('authd-kept-copies-');
    mkdirSync(dataDir, { recursive: true });
    // Copies from older upgrades (their names sort before the new one's, as schema versions do).
    for (const name of ['0000_a', '0000_b', '0000_c', '0000_d']) writeFileSync(join(dataDir, `${databaseFileName}.before-${name}.bak`), '');
    databaseAtSchemaLevel(dataDir, 1).close();
    openContext(dataDir, 'development').storage.close();
    const copies = readdirSync(dataDir).filter((name) => name.endsWith('.bak'));
    expect(copies).toHaveLength(keptPreMigrationBackups);
    expect(copies).toContain(`${databaseFileName}.before-${embeddedMigrations[1]!.tag}.bak`);
  });
});
