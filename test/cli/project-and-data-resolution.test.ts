// One way the CLI finds what a command acts on. Every command taking --project fails on an
// unknown project with its id named (a JSON error object with --json), and every command but
// `serve` and `create-project` refuses a --data directory holding no authd data, creating
// nothing there. The commands are read from the program itself, so a new one is covered too.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { buildProgram } from '../../cmd/main';
import { allCommands } from '../../cmd/commands/all-commands';
import { startTestInstance, type TestInstance } from '../support/instance';
import { cliJson, expectOneLineError, noAuthdDataMessage, removeScratchDirs, runCli, scratchDir } from '../support/cli';

const adminEmail = 'resolver@example.com';
let t: TestInstance;

beforeAll(async () => {
  t = await startTestInstance();
  // `admins grant|revoke` look the admin up before the project.
  await cliJson(['admins', 'add', adminEmail, ...t.databaseArgs]);
});

afterAll(async () => {
  await t?.stop();
  removeScratchDirs();
});

interface Leaf {
  words: string[];
  command: Command;
}

function leafCommands(command: Command, words: string[] = []): Leaf[] {
  if (command.commands.length === 0) return [{ words, command }];
  return command.commands.flatMap((sub) => leafCommands(sub, [...words, sub.name()]));
}

/**
 * The command with every required argument and option filled in with a well-formed value
 * (`--project internal` where it is required; a later --project wins).
 */
function invocation({ words, command }: Leaf): string[] {
  const args = command.registeredArguments
    .filter((argument) => argument.required)
    .map((argument) => (argument.name() === 'email' ? adminEmail : crypto.randomUUID()));
  const options = command.options
    .filter((option) => option.mandatory && option.long !== '--project')
    .flatMap((option) => [option.long!, option.long === '--url' ? 'https://example.com/hook' : 'x']);
  const project = command.options.some((option) => option.mandatory && option.long === '--project')
    ? ['--project', 'internal']
    : [];
  // Destructive commands refuse without a terminal before anything else unless --yes is given.
  const yes = command.options.some((option) => option.long === '--yes') ? ['--yes'] : [];
  return [...words, ...args, ...options, ...project, ...yes];
}

// __complete-ids is quiet on every error by design (test/cli/cli-manners.test.ts).
const leaves = leafCommands(buildProgram(allCommands())).filter((leaf) => leaf.words[0] !== '__complete-ids');
const withProjectOption = leaves.filter((leaf) => leaf.command.options.some((option) => option.long === '--project'));
// serve, create-project and restore make a data directory; tui is interactive; config print
// and completion describe authd itself and read no data; copy names its directories with
// --from and --to, not --data (test/postgres/copy.test.ts holds its missing-directory error).
const creating = new Set(['serve', 'create-project', 'restore', 'tui', 'config', 'completion', 'copy']);
// `doctor` reports a missing data directory as one of its failing checks, creating nothing (test/cli/doctor.test.ts).
const reporting = new Set(['doctor']);
const needingData = leaves.filter((leaf) => !creating.has(leaf.words[0]!) && !reporting.has(leaf.words[0]!));
const name = (leaf: Leaf) => leaf.words.join(' ');

describe('an unknown --project', () => {
  test('the program has commands taking --project (the tables below are not empty)', () => {
    expect(withProjectOption.map(name)).toEqual(
      expect.arrayContaining(['users list', 'keys list', 'teams list', 'admins grant']),
    );
  });

  test.each(withProjectOption.map((leaf) => [name(leaf), leaf] as const))('%s fails naming it', async (_, leaf) => {
    const line = expectOneLineError(
      await runCli([...invocation(leaf), '--project', 'nope', ...t.databaseArgs], { stdin: 'a long enough password' }),
    );
    expect(line).toBe('authd: Project nope not found or is not accessible with the current user. (PROJECT_NOT_FOUND)');
  });

  test.each(withProjectOption.map((leaf) => [name(leaf), leaf] as const))('%s --json: a JSON error object', async (_, leaf) => {
    const result = await runCli([...invocation(leaf), '--project', 'nope', ...t.databaseArgs, '--json'], {
      stdin: 'a long enough password',
    });
    const line = expectOneLineError(result);
    expect(JSON.parse(line)).toEqual({
      code: 'PROJECT_NOT_FOUND',
      error: 'Project nope not found or is not accessible with the current user.',
      details: { project_id: 'nope' },
    });
  });

  test('users list --project nope no longer answers "No users."', async () => {
    const result = await runCli(['users', 'list', '--project', 'nope', ...t.databaseArgs]);
    expect(result.code).toBe(1);
    expect(result.stdout).not.toContain('No users.');
    expect(result.stderr).toContain('nope');
  });

  test('a project id given as an argument is named too', async () => {
    for (const words of [
      ['projects', 'get'],
      ['projects', 'delete'],
      ['projects', 'update'],
    ]) {
      expectOneLineError(await runCli([...words, 'nope', ...t.databaseArgs]), /Project nope not found.*PROJECT_NOT_FOUND/);
    }
  });
});

describe('a --data directory holding no authd data', () => {
  test.each(needingData.map((leaf) => [name(leaf), leaf] as const))('%s: says so and creates nothing', async (_, leaf) => {
    const missing = join(scratchDir(), 'no-such-dir');
    expectOneLineError(
      await runCli([...invocation(leaf), '--data', missing], { stdin: 'a long enough password' }),
      /No authd data/,
    );
    expect(existsSync(missing)).toBe(false);

    const empty = scratchDir();
    const result = await runCli([...invocation(leaf), '--data', empty, '--json'], { stdin: 'a long enough password' });
    expect(JSON.parse(expectOneLineError(result))).toEqual({ code: 'NO_AUTHD_DATA', error: noAuthdDataMessage(empty) });
    expect(readdirSync(empty)).toEqual([]);
  });

  test('create-project makes the directory and its data', async () => {
    const fresh = join(scratchDir(), 'new-data');
    const created = await cliJson(['create-project', '--name', 'First', '--data', fresh]);
    const listed = await cliJson(['projects', 'list', '--data', fresh]);
    expect(listed.items.map((p: { id: string }) => p.id)).toEqual([created.project_id]);
  });
});
