// `--help` on the program, on each command group and on every leaf command; commander's own
// usage errors are one line too.
import { describe, expect, test } from 'bun:test';

import { expectOneLineError, runCli } from '../support/cli';

const leafCommands: { args: string[]; options: string[] }[] = [
  { args: ['serve'], options: ['--port', '--host', '--production', '--smtp', '--public-url'] },
  { args: ['create-project'], options: ['--name', '--description'] },
  { args: ['projects', 'list'], options: [] },
  { args: ['projects', 'get'], options: [] },
  {
    args: ['projects', 'update'],
    options: [
      '--name',
      '--description',
      '--production-mode',
      '--sign-up',
      '--credential',
      '--magic-link',
      '--allow-localhost',
      '--client-team-creation',
      '--create-team-on-sign-up',
      '--add-domain',
      '--remove-domain',
      '--config-json',
    ],
  },
  { args: ['projects', 'delete'], options: [] },
  {
    args: ['keys', 'create'],
    options: [
      '--project',
      '--description',
      '--expires-in',
      '--kinds',
      '--publishable-client-key',
      '--secret-server-key',
      '--super-secret-admin-key',
    ],
  },
  { args: ['keys', 'list'], options: ['--project'] },
  { args: ['keys', 'revoke'], options: ['--project'] },
];

describe('authd --help', () => {
  test('the program lists every command', async () => {
    const result = await runCli(['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toStartWith('Usage: authd');
    for (const command of ['serve', 'create-project', 'projects', 'keys'])
      expect(result.stdout).toMatch(new RegExp(`^  ${command}\\b`, 'm'));
  });

  test('the command groups list their subcommands', async () => {
    const [projects, keys] = await Promise.all([runCli(['projects', '--help']), runCli(['keys', '--help'])]);
    expect(projects.code).toBe(0);
    for (const sub of ['list', 'get', 'update', 'delete']) expect(projects.stdout).toMatch(new RegExp(`^  ${sub}\\b`, 'm'));
    expect(keys.code).toBe(0);
    for (const sub of ['create', 'list', 'revoke']) expect(keys.stdout).toMatch(new RegExp(`^  ${sub}\\b`, 'm'));
  });

  test.each(leafCommands)('authd $args.0 $args.1 --help lists --data, --json and its own options', async ({ args, options }) => {
    const result = await runCli([...args, '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toStartWith(`Usage: authd ${args.join(' ')}`);
    for (const option of ['--data', '--json', '--help', ...options])
      expect(result.stdout).toMatch(new RegExp(`^  (-\\w, )?${option}\\b`, 'm'));
    expect(result.stdout).toContain('AUTHD_DATA');
  });

  test('the help subcommand works as well', async () => {
    const result = await runCli(['keys', 'help', 'create']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('--expires-in');
  });

  test('--version prints the package version', async () => {
    const result = await runCli(['--version']);
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toBe((await import('../../package.json')).default.version);
  });
});

describe('usage errors', () => {
  test('an unknown command is one line on stderr', async () => {
    expectOneLineError(await runCli(['frobnicate']), /unknown command 'frobnicate'/);
  });

  test('a suggestion for a mistyped command stays on the same line', async () => {
    expectOneLineError(await runCli(['serv']), /unknown command 'serv'.*Did you mean serve\?/);
    expectOneLineError(await runCli(['keys', 'lst']), /Did you mean list\?/);
  });

  test('an unknown option is one line on stderr', async () => {
    expectOneLineError(await runCli(['projects', 'list', '--bogus']), /unknown option '--bogus'/);
  });

  test('a missing required option is one line on stderr', async () => {
    expectOneLineError(await runCli(['create-project']), /--name/);
    expectOneLineError(await runCli(['keys', 'list']), /--project/);
  });

  test('a missing argument is one line on stderr', async () => {
    expectOneLineError(await runCli(['projects', 'get']), /project-id/);
  });
});
