// The CLI manners, without a terminal (in process and as real processes) and at one
// (tmux): usage errors that follow --json and point at --help, validation errors naming the flag
// typed, destructive commands refusing without --yes, the PostgreSQL connect timeout, the
// warning when --data shadows AUTHD_DATABASE_URL, bash/zsh/fish completion with ids from the
// data, examples at the end of every --help, and `teams invitations send|list|revoke`.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { chmodSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { buildProgram } from '../../cmd/main';
import { allCommands } from '../../cmd/commands/all-commands';
import { ensureShells } from '../../scripts/ensure-shells';
import { call, uniqueEmail } from '../support/api-expectations';
import { bunExecutable, repoRoot, startTestInstance, type TestInstance } from '../support/instance';
import { tmuxServer } from '../support/tmux';
import {
  cliJson,
  cliOk,
  expectOneLineError,
  removeScratchDirs,
  runCli,
  runCliProcess,
  runProcess,
  scratchDir,
} from '../support/cli';

let t: TestInstance;
/** A directory holding an `authd` that runs this source, put first on PATH for the shells. */
let binDir: string;
const terminals = tmuxServer('authd-manners-test');
const inTerminal = (shellCommand: string) => terminals.open(shellCommand);
const at = (...args: string[]) => [...args, ...t.databaseArgs];
const inDemo = (...args: string[]) => at(...args, '--project', t.demo!.projectId);
/** As inDemo, with the options first: for a completion, whose word being completed is last. */
const demoFirst = (command: string[], ...args: string[]) => [
  ...command,
  ...t.databaseArgs,
  '--project',
  t.demo!.projectId,
  ...args,
];

beforeAll(async () => {
  await ensureShells();
  t = await startTestInstance({ dataDir: scratchDir('authd-cli-manners-') });
  binDir = scratchDir('authd-bin-');
  await Bun.write(join(binDir, 'authd'), `#!/bin/sh\nexec ${bunExecutable} ${join(repoRoot, 'cmd', 'main.ts')} "$@"\n`);
  chmodSync(join(binDir, 'authd'), 0o755);
}, 300_000);
afterAll(async () => {
  await terminals.stop();
  await t.stop();
  removeScratchDirs();
});

const serverHeaders = () => ({
  'x-stack-project-id': t.demo!.projectId,
  'x-stack-access-type': 'server',
  'x-stack-secret-server-key': t.demo!.keys.secret_server_key!,
});

async function newUser(): Promise<{ id: string; email: string }> {
  const email = uniqueEmail('cli-manners');
  const user = await cliJson(inDemo('users', 'create', '--email', email));
  return { id: user.id, email };
}

describe('usage errors', () => {
  test('follow --json: one JSON object on stderr, nothing on stdout, saying where the help is', async () => {
    const cases: [string[], string][] = [
      [['users', 'lst', '--json'], 'authd users --help'],
      [['users', 'list', '--bogus', '--json'], 'authd users list --help'],
      [['teams', 'members', 'add', '--json'], 'authd teams members add --help'],
    ];
    for (const [args, help] of cases) {
      const result = await runCli(args);
      expect(result.code).not.toBe(0);
      expect(result.stdout).toBe('');
      expect(result.stderr.endsWith('\n')).toBe(true);
      const error = JSON.parse(result.stderr);
      expect(error.code).toBe('USAGE_ERROR');
      expect(error.error).toEndWith(`; see ${help}`);
    }
    expect(JSON.parse((await runCli(['users', 'lst', '--json'])).stderr).error).toBe(
      "unknown command 'lst' (Did you mean list?); see authd users --help",
    );
  });

  test('without --json: one line naming the command whose --help to read; the same from a real process', async () => {
    expectOneLineError(
      await runCli(['projects', 'list', '--bogus']),
      /^authd: unknown option '--bogus'; see authd projects list --help$/,
    );
    expectOneLineError(await runCli(['frobnicate']), /^authd: unknown command 'frobnicate'; see authd --help$/);
    const real = await runCliProcess(['teams', 'create', '--json']);
    expect(real.code).not.toBe(0);
    expect(real.stdout).toBe('');
    expect(JSON.parse(real.stderr)).toEqual({
      code: 'USAGE_ERROR',
      error: "required option '--name <name>' not specified; see authd teams create --help",
    });
  });
});

describe('validation errors name the flag typed', () => {
  test('--email, --name, --user and <team-id> rather than primary_email, display_name, user_id, team_id', async () => {
    const badEmail = expectOneLineError(await runCli(inDemo('users', 'create', '--email', 'not-an-address')));
    expect(badEmail).toBe('authd: --email: Please enter a valid email');
    const json = await runCli(inDemo('users', 'create', '--email', 'not-an-address', '--json'));
    expect(JSON.parse(json.stderr)).toEqual({ code: 'INVALID_CLI_INPUT', error: '--email: Please enter a valid email' });
    expectOneLineError(await runCli(inDemo('teams', 'create', '--name', '')), /^authd: --name: Please enter a team name$/);
    expectOneLineError(await runCli(inDemo('teams', 'list', '--user', 'nope')), /^authd: --user: /);
    expectOneLineError(await runCli(inDemo('teams', 'get', 'nope')), /^authd: <team-id>: /);
    expectOneLineError(await runCli(inDemo('permissions', 'list', '--team', 'nope')), /^authd: --team: /);
    const metadata = expectOneLineError(await runCli(inDemo('users', 'create', '--display-name', 'x'.repeat(1000))));
    expect(metadata).toStartWith('authd: --display-name');
    for (const line of [badEmail, metadata]) expect(line).not.toMatch(/primary_email|display_name/);
  });
});

describe('destructive commands without a terminal', () => {
  const refusal = /^authd: --yes is required when not at a terminal \(nothing was changed\)$/;

  test('refuse unless --yes is given, and change nothing; with --yes they run', async () => {
    const user = await newUser();
    expectOneLineError(await runCli(inDemo('users', 'delete', user.id)), refusal);
    expect((await call(t, 'GET', `/users/${user.id}`, { headers: serverHeaders() })).status).toBe(200);
    // Input piped from a file is no answer either.
    expectOneLineError(await runCli(inDemo('users', 'delete', user.id), { stdin: 'y\n' }), refusal);
    expect((await call(t, 'GET', `/users/${user.id}`, { headers: serverHeaders() })).status).toBe(200);
    const asJson = await runCli(inDemo('users', 'delete', user.id, '--json'));
    expect(JSON.parse(asJson.stderr)).toEqual({
      code: 'INVALID_CLI_INPUT',
      error: '--yes is required when not at a terminal (nothing was changed)',
    });

    const team = await cliJson(inDemo('teams', 'create', '--name', 'Kept', '--creator', user.id));
    expectOneLineError(await runCli(inDemo('teams', 'members', 'remove', team.id, user.id)), refusal);
    expect(await cliJson(inDemo('teams', 'members', 'list', team.id))).toMatchObject({ items: [{ user_id: user.id }] });
    await cliJson(inDemo('permissions', 'define', 'cli_manners:kept'));
    expectOneLineError(await runCli(inDemo('permissions', 'delete', 'cli_manners:kept')), refusal);
    expect((await cliJson(inDemo('permissions', 'list'))).items.map((p: { id: string }) => p.id)).toContain('cli_manners:kept');
    expectOneLineError(await runCli(inDemo('email-templates', 'reset', 'password_reset')), refusal);

    expect(await cliJson(inDemo('teams', 'members', 'remove', team.id, user.id, '--yes'))).toEqual({ success: true });
    expect(await cliJson(inDemo('permissions', 'delete', 'cli_manners:kept', '--yes'))).toEqual({ success: true });
    expect(await cliJson(inDemo('users', 'delete', user.id, '--yes'))).toEqual({ success: true });
    expect((await call(t, 'GET', `/users/${user.id}`, { headers: serverHeaders() })).json.code).toBe('USER_NOT_FOUND');
  });

  test('every one of them takes --yes and says so in --help; a real process refuses too', async () => {
    const destructive = [
      ['projects', 'delete'],
      ['projects', 'providers', 'remove'],
      ['keys', 'revoke'],
      ['users', 'delete'],
      ['users', 'sessions', 'revoke'],
      ['users', 'sessions', 'sign-out'],
      ['users', 'passkeys', 'remove'],
      ['teams', 'delete'],
      ['teams', 'members', 'remove'],
      ['teams', 'invitations', 'revoke'],
      ['permissions', 'delete'],
      ['permissions', 'revoke'],
      ['admins', 'revoke'],
      ['webhooks', 'remove'],
      ['email-templates', 'reset'],
      ['restore'],
    ];
    for (const command of destructive) expect(`${command.join(' ')}: ${await cliOk([...command, '--help'])}`).toContain('--yes');
    const user = await newUser();
    const real = await runCliProcess(inDemo('users', 'delete', user.id));
    expect(real.code).toBe(1);
    expectOneLineError(real, refusal);
    expect((await call(t, 'GET', `/users/${user.id}`, { headers: serverHeaders() })).status).toBe(200);
  });
});

describe('PostgreSQL connect timeout', () => {
  test('a server that accepts but never answers fails with the stated --connect-timeout; a bad value is refused', async () => {
    // A real TCP listener that says nothing: what a firewalled or hung PostgreSQL looks like.
    const silent = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } });
    // A real process: this one already serves SQLite, and one process serves one kind.
    const env = { AUTHD_INSTANCE_KEY: Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64') };
    try {
      const url = `postgres://authd:secret@127.0.0.1:${silent.port}/authd`;
      const line = expectOneLineError(
        await runCliProcess(['users', 'list', '--database', url, '--connect-timeout', '1'], { env }),
      );
      expect(line).toBe(
        `authd: Could not open the PostgreSQL database postgres://authd:***@127.0.0.1:${silent.port}/authd: no connection within the 1 s connect timeout (--connect-timeout)`,
      );
      // copy, which names its databases with --from and --to, takes the same option.
      const copyTarget = join(scratchDir('authd-copy-target-'), 'data');
      expect(
        expectOneLineError(await runCliProcess(['copy', '--from', url, '--to', copyTarget, '--connect-timeout', '1'], { env })),
      ).toBe(line);
      expectOneLineError(
        await runCli(['users', 'list', '--database', url, '--connect-timeout', 'soon']),
        /^authd: --connect-timeout: "soon" is not a whole number from 1 to 3600$/,
      );
      expect(await cliOk(['users', 'list', '--help'])).toMatch(/--connect-timeout <seconds>[\s\S]*\(default: "10"\)/);
    } finally {
      silent.stop(true);
    }
  });
});

describe('AUTHD_DATABASE_URL shadowed by --data', () => {
  test('is a warning on stderr naming the variable (password hidden); the command still runs on --data', async () => {
    const previous = process.env.AUTHD_DATABASE_URL;
    process.env.AUTHD_DATABASE_URL = 'postgres://authd:hunter2@db.example.com:5432/authd';
    try {
      const dataDir = scratchDir('authd-shadow-');
      expect((await runCli(['create-project', '--name', 'Shadowed', '--data', dataDir])).code).toBe(0);
      const result = await runCli(['projects', 'list', '--data', dataDir, '--json']);
      expect(result.code).toBe(0);
      expect(result.stderr).toBe(
        `warning: --data ${dataDir} is used; AUTHD_DATABASE_URL (postgres://authd:***@db.example.com:5432/authd) is ignored\n`,
      );
      expect(JSON.parse(result.stdout).items.map((p: { display_name: string }) => p.display_name)).toContain('Shadowed');
    } finally {
      if (previous === undefined) delete process.env.AUTHD_DATABASE_URL;
      else process.env.AUTHD_DATABASE_URL = previous;
    }
  });
});

describe('help examples', () => {
  const everyCommand = (command: Command, path: string[] = []): string[][] => [
    path,
    ...command.commands
      .filter((sub) => !(sub as unknown as { _hidden: boolean })._hidden)
      .flatMap((sub) => everyCommand(sub, [...path, sub.name()])),
  ];

  test("every command's --help ends with one or two examples that run authd", async () => {
    const paths = everyCommand(buildProgram(allCommands()));
    expect(paths.length).toBeGreaterThan(70);
    for (const path of paths) {
      const help = await cliOk([...path, '--help']);
      const examples = /\nExamples:\n((?: {2}\$ .+\n)+)\n?$/.exec(help)?.[1];
      expect(`${path.join(' ')}: ${examples === undefined ? 'no examples at the end' : 'examples'}`).toBe(
        `${path.join(' ')}: examples`,
      );
      const lines = examples!.trimEnd().split('\n');
      expect(lines.length).toBeGreaterThanOrEqual(1);
      expect(lines.length).toBeLessThanOrEqual(2);
      for (const line of lines) expect(line).toMatch(/authd /);
    }
    expect(await cliOk(['--help'])).not.toContain('__complete-ids');
  });
});

describe('teams invitations', () => {
  test('send, list and revoke through core, as the API sees them; bad input named by flag, revoke refused without --yes', async () => {
    const callbackUrl = 'http://localhost:3000/handler/team-invitation';
    const owner = await newUser();
    const team = await cliJson(inDemo('teams', 'create', '--name', 'Invited', '--creator', owner.id));
    const invitee = uniqueEmail('invitee');
    const sending = await runCli(
      inDemo('teams', 'invitations', 'send', team.id, '--email', invitee, '--callback-url', callbackUrl, '--json'),
    );
    expect(sending.code).toBe(0);
    const sent = JSON.parse(sending.stdout);
    expect(sent).toEqual({ success: true, id: expect.any(String) });
    // Without SMTP (development), core's log line says the email was kept in the outbox.
    expect(sending.stderr).toStartWith(`email to ${invitee} kept in the outbox`);
    const listed = await cliJson(inDemo('teams', 'invitations', 'list', team.id));
    expect(listed.items).toEqual([
      { id: sent.id, team_id: team.id, recipient_email: invitee, expires_at_millis: expect.any(Number) },
    ]);
    expect(await cliOk(inDemo('teams', 'invitations', 'list', team.id))).toContain(`${sent.id}  ${invitee}  expires `);
    const api = await call(t, 'GET', `/team-invitations?team_id=${team.id}`, { headers: serverHeaders() });
    expect(api.json.items).toEqual(listed.items);
    // The invitation email was queued like the API's (development: kept in the outbox).
    expect(await cliOk(at('mail', '--to', invitee))).toContain('/handler/team-invitation?code=');

    expectOneLineError(
      await runCli(inDemo('teams', 'invitations', 'send', team.id, '--email', 'nope', '--callback-url', callbackUrl)),
      /^authd: --email: /,
    );
    expectOneLineError(
      await runCli(
        inDemo('teams', 'invitations', 'send', team.id, '--email', invitee, '--callback-url', 'https://evil.example.com/x'),
      ),
      /REDIRECT_URL_NOT_WHITELISTED/,
    );
    expectOneLineError(
      await runCli(inDemo('teams', 'invitations', 'send', team.id, '--email', invitee)),
      /required option '--callback-url <url>'/,
    );

    expectOneLineError(await runCli(inDemo('teams', 'invitations', 'revoke', team.id, sent.id)), /--yes is required/);
    expect((await cliJson(inDemo('teams', 'invitations', 'list', team.id))).items).toHaveLength(1);
    expect(await cliJson(inDemo('teams', 'invitations', 'revoke', team.id, sent.id, '--yes'))).toEqual({ success: true });
    expect(await cliOk(inDemo('teams', 'invitations', 'list', team.id))).toBe('No pending invitations.\n');
    expectOneLineError(
      await runCli(inDemo('teams', 'invitations', 'revoke', team.id, sent.id, '--yes')),
      /^authd: Team invitation not found\.$/,
    );
    expectOneLineError(await runCli(inDemo('teams', 'invitations', 'list', 'nope')), /^authd: <team-id>: /);
  });
});

describe('completion', () => {
  /** A team with a member in the demo project, for the ids to complete. */
  async function completable() {
    const user = await newUser();
    const team = await cliJson(inDemo('teams', 'create', '--name', 'Completable', '--creator', user.id));
    return { user, team };
  }
  const shellEnv = () => ({ PATH: `${binDir}:${process.env.PATH}` });

  test('bash: commands, options, and project, user and team ids from the data the line points at', async () => {
    const { user, team } = await completable();
    const scriptFile = join(scratchDir('authd-bash-'), 'authd.bash');
    await Bun.write(scriptFile, await cliOk(['completion', 'bash']));
    const complete = async (...words: string[]) => {
      const line = words.map((word) => `'${word}'`).join(' ');
      const result = await runProcess(
        [
          'bash',
          '-c',
          `source ${scriptFile}; COMP_WORDS=(authd ${line}); COMP_CWORD=${words.length}; _authd_complete; printf '%s\\n' "\${COMPREPLY[@]}"`,
        ],
        { env: shellEnv() },
      );
      return result.stdout.trim().split('\n');
    };
    expect(await complete('users', 'sessions', '')).toEqual(['list', 'revoke', 'sign-out', '--help']);
    expect(await complete('users', 'list', ...t.databaseArgs, '--project', '')).toContain(t.demo!.projectId);
    expect(await complete(...demoFirst(['teams', 'members', 'add'], ''))).toContain(team.id);
    expect(await complete(...demoFirst(['teams', 'members', 'add'], team.id, user.id.slice(0, 30)))).toEqual([user.id]);
    expect(await complete(...demoFirst(['teams', 'list'], '--user', user.id.slice(0, 30)))).toEqual([user.id]);
    // Nothing to complete from (no such data directory): nothing offered, nothing printed.
    expect(await complete('users', 'delete', '--data', '/nonexistent/authd', '')).toEqual(['']);
  });

  test('the hidden __complete-ids prints id and description, and is quiet on errors', async () => {
    const { user, team } = await completable();
    expect(await cliOk(inDemo('__complete-ids', 'user'))).toContain(`${user.id}\t${user.email}`);
    expect(await cliOk(inDemo('__complete-ids', 'team'))).toContain(`${team.id}\tCompletable`);
    expect(await cliOk(at('__complete-ids', 'project'))).toContain(`${t.demo!.projectId}\t`);
    const broken = await runCli(['__complete-ids', 'user', '--data', '/nonexistent/authd', '--project', 'nope']);
    expect(broken).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  test('fish: candidates with descriptions, ids with emails and team names', async () => {
    const { user, team } = await completable();
    const scriptFile = join(scratchDir('authd-fish-'), 'authd.fish');
    await Bun.write(scriptFile, await cliOk(['completion', 'fish']));
    const complete = async (line: string) =>
      (
        await runProcess(['fish', '--no-config', '-c', `source ${scriptFile}; complete -C ${JSON.stringify(line)}`], {
          env: shellEnv(),
        })
      ).stdout;
    expect(await complete('authd users de')).toBe('delete\tdelete a user and end their sessions\n');
    expect(await complete('authd users list --l')).toBe('--limit\tpage size\n');
    const project = `--project ${t.demo!.projectId} ${t.databaseArgs.join(' ')}`;
    expect(await complete(`authd teams members add ${project} `)).toContain(`${team.id}\tCompletable\n`);
    expect(await complete(`authd teams members add ${project} ${team.id} `)).toContain(`${user.id}\t${user.email}\n`);
  });

  test('zsh, at a terminal (tmux): native completion with descriptions, and ids from the data', async () => {
    const { team } = await completable();
    const scriptFile = join(scratchDir('authd-zsh-'), 'authd.zsh');
    await Bun.write(scriptFile, await cliOk(['completion', 'zsh']));
    const term = await inTerminal(`env PATH=${binDir}:${process.env.PATH} zsh -f`);
    await term.type(`autoload -U compinit && compinit -u && source ${scriptFile} && PS1='ready> '`);
    await term.keys('Enter');
    await term.waitFor('ready> ');
    await term.type('authd users ');
    await term.keys('Tab');
    await term.waitFor('delete         -- delete a user and end their sessions');
    await term.keys('C-u');
    await term.type(`authd teams members add --project ${t.demo!.projectId} ${t.databaseArgs.join(' ')} `);
    // Team ids (UUIDv7) share a prefix: the first Tab inserts it, the second lists them.
    await term.keys('Tab');
    await term.keys('Tab');
    // zsh lists ids sharing a description together, on the line of that description.
    expect(await term.waitFor(team.id)).toContain('-- Completable');
  }, 60_000);
});

describe('at a terminal (tmux)', () => {
  test('a newly guarded command asks; "n" changes nothing; usage errors read the same as without one', async () => {
    const owner = await newUser();
    const team = await cliJson(inDemo('teams', 'create', '--name', 'Asked', '--creator', owner.id));
    const command = [
      bunExecutable,
      join(repoRoot, 'cmd', 'main.ts'),
      ...inDemo('teams', 'members', 'remove', team.id, owner.id),
    ].join(' ');
    const term = await inTerminal(`${command}; echo "exited with $?"; sleep 60`);
    await term.waitFor(`Remove user ${owner.id} from team ${team.id} with their permissions in it? [y/N]`);
    await term.type('n');
    await term.keys('Enter');
    expect(await term.waitFor('exited with 1')).toContain('authd: cancelled; nothing was changed');
    expect(await cliJson(inDemo('teams', 'members', 'list', team.id))).toMatchObject({ items: [{ user_id: owner.id }] });

    const usage = await inTerminal(
      `${bunExecutable} ${join(repoRoot, 'cmd', 'main.ts')} users lst; echo "exited with $?"; sleep 60`,
    );
    const shown = await usage.waitFor('exited with 1');
    expect(shown).toContain("authd: unknown command 'lst' (Did you mean list?); see authd users --help");
  }, 60_000);
});
