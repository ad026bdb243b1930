// `authd create-project` and `authd projects list|get|update|delete`, run against a data
// directory with no server, plus the --data / AUTHD_DATA rules every command follows.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  cliJson,
  cliOk,
  databaseFile,
  expectCreatedProjectJson,
  expectJsonOutput,
  expectOneLineError,
  removeScratchDirs,
  runCli,
  runCliProcess,
  scratchDir,
  storedBytes,
  type ProcessOptions,
} from '../support/cli';
import { uuidPattern } from '../support/api-expectations';

// Runs after every describe block's own afterAll, so no server still uses these.
afterAll(removeScratchDirs);

const dataDir = scratchDir();
const at = (...args: string[]) => [...args, '--data', dataDir];

describe('create-project', () => {
  test('--json prints exactly the project id and the three keys', async () => {
    const created = await cliJson(at('create-project', '--name', 'Json project'));
    expectCreatedProjectJson(created);
    // Every key is new.
    expect(new Set([created.publishable_client_key, created.secret_server_key, created.super_secret_admin_key]).size).toBe(3);
    expect(existsSync(databaseFile(dataDir))).toBe(true);
  });

  test('keys are stored only as hashes', async () => {
    const created = await cliJson(at('create-project', '--name', 'Hashed'));
    const bytes = storedBytes(dataDir);
    expect(bytes).toContain('Hashed');
    for (const key of [created.publishable_client_key, created.secret_server_key, created.super_secret_admin_key]) {
      expect(bytes.includes(key)).toBe(false);
    }
  });

  test('human output names the project and prints each key once', async () => {
    const out = await cliOk(at('create-project', '--name', 'Human project', '--description', 'for people'));
    const id = /with id ([0-9a-f-]{36})/.exec(out)?.[1];
    expect(id).toMatch(uuidPattern);
    expect(out).toContain('Created project "Human project"');
    for (const [label, prefix] of [
      ['publishable client key', 'pck_'],
      ['secret server key', 'ssk_'],
      ['super secret admin key', 'sak_'],
    ]) {
      const matches = [...out.matchAll(new RegExp(`${label}:\\s+(${prefix}\\w{45})`, 'g'))];
      expect(matches).toHaveLength(1);
    }
    expect(out).toContain('shown only now');
    const got = await cliJson(at('projects', 'get', id!));
    expect(got).toMatchObject({ id, display_name: 'Human project', description: 'for people' });
  });

  test('an empty name is refused with one line', async () => {
    expectOneLineError(await runCli(at('create-project', '--name', '   ')), /display_name|name/i);
  });
});

describe('projects list, get, update and delete', () => {
  let project: { project_id: string }, other: { project_id: string };

  beforeAll(async () => {
    project = await cliJson(at('create-project', '--name', 'Editable', '--description', 'first'));
    other = await cliJson(at('create-project', '--name', 'Bystander'));
  });

  const get = () => cliJson(at('projects', 'get', project.project_id));
  /** `projects update` of the file's project with these flags, its --json answer. */
  const update = (...flags: string[]) => cliJson(at('projects', 'update', project.project_id, ...flags));

  test('list --json has every project with the admin view fields', async () => {
    const listed = await cliJson(at('projects', 'list'));
    const ids = listed.items.map((p: { id: string }) => p.id);
    expect(ids).toContain(project.project_id);
    expect(ids).toContain(other.project_id);
    const item = listed.items.find((p: { id: string }) => p.id === project.project_id);
    expect(item).toMatchObject({
      id: project.project_id,
      display_name: 'Editable',
      description: 'first',
      user_count: 0,
      is_production_mode: false,
    });
    expect(typeof item.created_at_millis).toBe('number');
    expect(item.config).toMatchObject({ domains: [], email_config: { type: 'shared' } });
  });

  test('list without --json prints one line per project', async () => {
    const out = await cliOk(at('projects', 'list'));
    expect(out).toMatch(new RegExp(`^${project.project_id}\\s+Editable\\b`, 'm'));
    expect(out).toMatch(new RegExp(`^${other.project_id}\\s+Bystander\\b`, 'm'));
  });

  test('get --json is the admin view and get without --json is readable text', async () => {
    const view = await get();
    expect(view).toMatchObject({ id: project.project_id, display_name: 'Editable', description: 'first' });
    expect(Array.isArray(view.production_mode_errors)).toBe(true);
    const out = await cliOk(at('projects', 'get', project.project_id));
    expect(out).toStartWith(`Editable (${project.project_id})`);
    expect(out).toContain('description:          first');
  });

  test('update changes the name, description and on/off settings', async () => {
    const updated = await update(
      '--name',
      'Renamed',
      '--description',
      'second',
      '--sign-up',
      'off',
      '--credential',
      'off',
      '--magic-link',
      'on',
      '--allow-localhost',
      'off',
      '--client-team-creation',
      'on',
      '--create-team-on-sign-up',
      'on',
      '--invitation-email-match',
      'on',
      '--default-locale',
      'ja',
    );
    const expected = {
      display_name: 'Renamed',
      description: 'second',
      config: {
        sign_up_enabled: false,
        credential_enabled: false,
        magic_link_enabled: true,
        allow_localhost: false,
        client_team_creation_enabled: true,
        create_team_on_sign_up: true,
        team_invitation_requires_matching_email: true,
        default_locale: 'ja',
      },
    };
    expect(updated).toMatchObject(expected);
    expect(await get()).toMatchObject(expected);
    expect(await cliOk(at('projects', 'get', project.project_id))).toContain('invitation match:     on');
    expect(await cliOk(at('projects', 'get', project.project_id))).toContain('default language:     ja');
    // Only the project named changed.
    expect((await cliJson(at('projects', 'get', other.project_id))).display_name).toBe('Bystander');
  });

  test('update turns a setting back on', async () => {
    const updated = await update('--sign-up', 'on');
    expect(updated.config.sign_up_enabled).toBe(true);
    expect(updated.config.credential_enabled).toBe(false);
  });

  test('--add-domain and --remove-domain edit the trusted domains', async () => {
    const added = await update('--add-domain', 'https://app.example.com', '--add-domain', 'https://shop.example.com,/auth');
    expect(added.config.domains).toEqual([
      { domain: 'https://app.example.com', handler_path: '/handler' },
      { domain: 'https://shop.example.com', handler_path: '/auth' },
    ]);
    const removed = await update('--remove-domain', 'https://app.example.com');
    expect(removed.config.domains).toEqual([{ domain: 'https://shop.example.com', handler_path: '/auth' }]);
    expect((await get()).config.domains).toEqual([{ domain: 'https://shop.example.com', handler_path: '/auth' }]);
  });

  test('--config-json sets any other config field', async () => {
    const emailConfig = {
      type: 'standard',
      host: 'smtp.example.com',
      port: 587,
      username: 'mailer',
      password: 'hunter2hunter2',
      sender_name: 'Example',
      sender_email: 'noreply@example.com',
    };
    const updated = await update('--config-json', JSON.stringify({ email_config: emailConfig }));
    expect(updated.config.email_config).toMatchObject({
      type: 'standard',
      host: 'smtp.example.com',
      port: 587,
      sender_email: 'noreply@example.com',
    });
    expect((await get()).config.email_config.host).toBe('smtp.example.com');
  });

  describe('refused updates', () => {
    let before: unknown;
    beforeAll(async () => {
      before = await get();
    });

    test.each([
      [['--add-domain', 'http://x.com'], /https/],
      [['--add-domain', 'https://ok.example.com,no-slash'], /[Hh]andler path/],
      [['--remove-domain', 'https://never-added.example.com'], /never-added/],
      [['--production-mode', 'maybe'], /--production-mode.*maybe/],
      [['--sign-up', 'sometimes'], /--sign-up/],
      [['--default-locale', 'klingon'], /--default-locale.*en, de/],
      [['--name', ''], /[Dd]isplay name/],
      [['--config-json', '{not json'], /--config-json/],
      [['--config-json', '[1,2]'], /--config-json/],
      [['--config-json', '{"no_such_field":true}'], /no_such_field/],
      [['--config-json', '{"email_config":{"type":"carrier pigeon"}}'], /email/i],
      // A refused flag stops the whole update, including the valid flags next to it.
      [['--name', 'Should not stick', '--add-domain', 'http://x.com'], /https/],
    ])('update %p is refused with one line', async (flags, pattern) => {
      expectOneLineError(await runCli(at('projects', 'update', project.project_id, ...flags)), pattern);
    });

    test('none of them changed the project', async () => {
      expect(await get()).toEqual(before);
    });
  });

  test('delete removes the project and only that one', async () => {
    const doomed = await cliJson(at('create-project', '--name', 'Doomed'));
    expect(await cliJson(at('projects', 'delete', '--yes', doomed.project_id))).toEqual({ success: true });
    expectOneLineError(await runCli(at('projects', 'get', doomed.project_id)), /PROJECT_NOT_FOUND/);
    const ids = (await cliJson(at('projects', 'list'))).items.map((p: { id: string }) => p.id);
    expect(ids).not.toContain(doomed.project_id);
    expect(ids).toContain(project.project_id);
  });

  test('delete without --json confirms in words', async () => {
    const doomed = await cliJson(at('create-project', '--name', 'Doomed too'));
    expect(await cliOk(at('projects', 'delete', '--yes', doomed.project_id))).toContain(`Deleted project ${doomed.project_id}`);
  });

  test.each([
    [['projects', 'get', 'no-such-project']],
    [['projects', 'delete', 'no-such-project']],
    [['projects', 'update', 'no-such-project', '--name', 'x']],
  ])('%p on an unknown project is one line, exit non-zero', async (args) => {
    const line = expectOneLineError(await runCli(at(...args)), /PROJECT_NOT_FOUND/);
    expect(line).toContain('no-such-project');
  });
});

describe('where the data lives', () => {
  // The environment and the working directory belong to a process: these run the real one.
  const processJson = async (args: string[], options: ProcessOptions) =>
    expectJsonOutput(args, await runCliProcess([...args, '--json'], options));

  test('AUTHD_DATA is used when --data is absent', async () => {
    const envDir = join(scratchDir(), 'from-env');
    const cwd = scratchDir();
    const created = await processJson(['create-project', '--name', 'From env'], { env: { AUTHD_DATA: envDir }, cwd });
    expect(existsSync(databaseFile(envDir))).toBe(true);
    expect(existsSync(join(cwd, 'data'))).toBe(false);
    const listed = await processJson(['projects', 'list'], { env: { AUTHD_DATA: envDir }, cwd });
    expect(listed.items.map((p: { id: string }) => p.id)).toEqual([created.project_id]);
  });

  test('--data wins over AUTHD_DATA', async () => {
    const envDir = join(scratchDir(), 'from-env');
    const flagDir = join(scratchDir(), 'from-flag');
    await processJson(['create-project', '--name', 'From flag', '--data', flagDir], { env: { AUTHD_DATA: envDir } });
    expect(existsSync(databaseFile(flagDir))).toBe(true);
    expect(existsSync(envDir)).toBe(false);
  });

  test('without either, the data directory is ./data', async () => {
    const cwd = scratchDir();
    const created = await processJson(['create-project', '--name', 'Default dir'], { env: { AUTHD_DATA: '' }, cwd });
    expect(existsSync(databaseFile(join(cwd, 'data')))).toBe(true);
    const got = await cliJson(['projects', 'get', created.project_id, '--data', join(cwd, 'data')]);
    expect(got.display_name).toBe('Default dir');
  });

  test('a data directory that cannot be created is one line', async () => {
    const file = join(scratchDir(), 'a-file');
    await Bun.write(file, 'not a directory');
    expectOneLineError(await runCli(['projects', 'list', '--data', join(file, 'data')]));
  });
});
