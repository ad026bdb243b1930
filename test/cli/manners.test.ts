// CLI completeness and manners: numeric options validated, --json errors, help showing each
// default once, config print with sources, shell completion, keys without expiry, the
// production-mode refusal in one line, destructive commands taking --yes, a user's sessions,
// and email templates.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import type { Command } from 'commander';
import { buildProgram } from '../../cmd/main';
import { allCommands } from '../../cmd/commands/all-commands';
import { call, uniqueEmail } from '../support/api-expectations';
import { startTestInstance, type TestInstance } from '../support/instance';
import { cliJson, cliOk, expectOneLineError, removeScratchDirs, runCli, runProcess, scratchDir } from '../support/cli';

let t: TestInstance;
const at = (...args: string[]) => [...args, ...t.databaseArgs];

beforeAll(async () => {
  t = await startTestInstance({ dataDir: scratchDir('authd-manners-') });
});
afterAll(async () => {
  await t.stop();
  removeScratchDirs();
});

const demoHeaders = (level: 'client' | 'server') => {
  const demo = t.demo!;
  const key = level === 'client' ? demo.keys.publishable_client_key : demo.keys.secret_server_key;
  return {
    'x-stack-project-id': demo.projectId,
    'x-stack-access-type': level,
    [level === 'client' ? 'x-stack-publishable-client-key' : 'x-stack-secret-server-key']: key!,
  };
};

async function signedUpUser(): Promise<{ user_id: string; refresh_token: string; email: string }> {
  const email = uniqueEmail('manners');
  const res = await call(t, 'POST', '/auth/password/sign-up', {
    headers: demoHeaders('client'),
    body: { email, password: 'correct horse battery' },
  });
  expect(res.status).toBe(200);
  return { ...res.json, email };
}

describe('numeric options', () => {
  test('mail --limit abc is a one-line error, and a JSON error object on stderr with --json', async () => {
    expectOneLineError(await runCli(at('mail', '--limit', 'abc')), /^authd: --limit: "abc" is not a whole number of at least 1$/);
    const json = await runCli(at('mail', '--limit', 'abc', '--json'));
    expect(json.code).not.toBe(0);
    expect(json.stdout).toBe('');
    expect(JSON.parse(json.stderr)).toEqual({
      code: 'INVALID_CLI_INPUT',
      error: '--limit: "abc" is not a whole number of at least 1',
    });
    expectOneLineError(await runCli(at('mail', '--limit', '0')), /--limit/);
    expect((await runCli(at('mail', '--limit', '3'))).code).toBe(0);
  });
});

describe('help', () => {
  const everyCommand = (command: Command, path: string[] = []): string[][] => [
    path,
    ...command.commands.flatMap((sub) => everyCommand(sub, [...path, sub.name()])),
  ];

  test('every command has --help, and no option states its default twice', async () => {
    const paths = everyCommand(buildProgram(allCommands()));
    expect(paths.length).toBeGreaterThan(40);
    for (const path of paths) {
      const result = await runCli([...path, '--help']);
      expect(`${path.join(' ')}: ${result.code}`).toBe(`${path.join(' ')}: 0`);
      const options = /Options:\n([\s\S]*?)(\n\n|$)/.exec(result.stdout)?.[1] ?? '';
      for (const line of options.split(/\n(?= {2}-)/)) {
        expect(`${path.join(' ')}: ${line}`).not.toMatch(/default[\s\S]*default/i);
      }
    }
  });
});

describe('authd config print', () => {
  test('names where each value comes from: flag, environment or default, and hides the SMTP password', async () => {
    const previous = process.env.AUTHD_HOST;
    process.env.AUTHD_HOST = '0.0.0.0';
    try {
      const printed = await cliJson([
        'config',
        'print',
        '--port',
        '9999',
        '--smtp',
        'smtp://mailer:hunter2@mail.example.com:587',
      ]);
      const byName = Object.fromEntries(printed.items.map((item: any) => [item.name, item]));
      expect(byName.port).toEqual({ name: 'port', value: '9999', source: 'flag' });
      expect(byName.host).toEqual({ name: 'host', value: '0.0.0.0', source: 'environment', variable: 'AUTHD_HOST' });
      expect(byName['public-url']).toEqual({ name: 'public-url', value: null, source: 'default' });
      expect(byName.smtp.value).toBe('smtp://mailer:****@mail.example.com:587');
      const text = await cliOk(['config', 'print']);
      expect(text).toMatch(/^host\s+0\.0\.0\.0\s+from environment \(AUTHD_HOST\)$/m);
      expect(text).toMatch(/^port\s+8102\s+from default$/m);
      expect(text).not.toContain('hunter2');
      // With --domain, the defaults of automatic HTTPS.
      const https = await cliJson(['config', 'print', '--domain', 'auth.example.com', '--port', '8443']);
      const httpsByName = Object.fromEntries(https.items.map((item: any) => [item.name, item]));
      expect(httpsByName.domain).toEqual({ name: 'domain', value: 'auth.example.com', source: 'flag' });
      expect(httpsByName.port).toEqual({ name: 'port', value: '8443', source: 'flag' });
      expect(httpsByName['http-port']).toEqual({ name: 'http-port', value: '80', source: 'default' });
      expect(httpsByName['acme-directory'].value).toContain('https://acme-v02.api.letsencrypt.org/directory');
    } finally {
      if (previous === undefined) delete process.env.AUTHD_HOST;
      else process.env.AUTHD_HOST = previous;
    }
  });
});

describe('authd completion', () => {
  test('bash completes commands and options from the program itself; zsh and fish have their own', async () => {
    const script = await cliOk(['completion', 'bash']);
    const scriptFile = join(scratchDir('authd-completion-'), 'authd.bash');
    await Bun.write(scriptFile, script);
    const complete = async (...words: string[]) => {
      const line = words.map((word) => `'${word}'`).join(' ');
      const result = await runProcess([
        'bash',
        '-c',
        `source ${scriptFile}; COMP_WORDS=(authd ${line}); COMP_CWORD=${words.length}; _authd_complete; echo "\${COMPREPLY[@]}"`,
      ]);
      return result.stdout.trim().split(' ');
    };
    expect(await complete('us')).toEqual(['users']);
    expect(await complete('users', 'sessions', '')).toEqual(['list', 'revoke', 'sign-out', '--help']);
    expect(await complete('users', 'list', '--project', 'abc', '--l')).toEqual(['--limit']);
    expect(await complete('email-templates', 'p')).toEqual(['preview']);
    // zsh and fish have native scripts of their own (test/cli/cli-manners.test.ts runs them).
    expect(await cliOk(['completion', 'zsh'])).toStartWith('#compdef authd\n');
    expect(await cliOk(['completion', 'fish'])).toContain("complete -c authd -f -a '(__authd_complete)'");
    expectOneLineError(await runCli(['completion', 'tcsh']), /"tcsh" is not a supported shell \(bash, zsh or fish\)/);
  });
});

describe('keys and projects', () => {
  test('a key set without expiry says "never expires"', async () => {
    await cliOk(at('keys', 'create', '--project', t.demo!.projectId, '--description', 'forever'));
    const listed = await cliOk(at('keys', 'list', '--project', t.demo!.projectId));
    expect(listed).toMatch(/never expires {2}"forever"/);
    // The far-future date itself, not the bare year: "2099" turns up by chance in key ids.
    expect(listed).not.toContain('2099-12-31');
    const limited = await cliOk(at('keys', 'create', '--project', t.demo!.projectId, '--expires-in', '2d'));
    expect(limited).toMatch(/expiring \d{4}-\d\d-\d\dT/);
  });

  test('the production-mode refusal says what is wrong in one line', async () => {
    const line = expectOneLineError(await runCli(at('projects', 'update', t.demo!.projectId, '--production-mode', 'on')));
    expect(line).toMatch(/^authd: Production mode cannot be turned on until this is fixed: .*Allow localhost/);
  });

  test('destructive commands take --yes in scripts', async () => {
    const team = await cliJson(at('teams', 'create', '--project', t.demo!.projectId, '--name', 'Doomed'));
    expect(await cliOk(at('teams', 'delete', '--project', t.demo!.projectId, team.id, '--yes'))).toContain('Deleted team');
    for (const command of [
      ['projects', 'delete'],
      ['users', 'delete'],
      ['teams', 'delete'],
      ['keys', 'revoke'],
    ]) {
      expect(await cliOk([...command, '--help'])).toContain('--yes');
    }
  });
});

describe("a user's sessions", () => {
  test('listed, then ended everywhere: the refresh token stops working on the running server', async () => {
    const user = await signedUpUser();
    const listed = await cliJson(at('users', 'sessions', 'list', '--project', t.demo!.projectId, user.user_id));
    expect(listed.items).toHaveLength(1);
    expect(listed.items[0]).toEqual({
      id: expect.any(String),
      user_id: user.user_id,
      created_at_millis: expect.any(Number),
      expires_at_millis: expect.any(Number),
      // The sign-up recorded where it came from (the test's HTTP client).
      last_used_at_millis: listed.items[0].created_at_millis,
      last_used_ip: '127.0.0.1',
      last_used_user_agent: expect.stringMatching(/^Bun\//),
      is_current_session: false,
    });
    const ended = await cliJson(at('users', 'sessions', 'sign-out', '--project', t.demo!.projectId, user.user_id, '--yes'));
    expect(ended).toEqual({ success: true, ended_sessions: 1 });
    const refresh = await call(t, 'POST', '/auth/sessions/current/refresh', {
      headers: { ...demoHeaders('client'), 'x-stack-refresh-token': user.refresh_token },
    });
    expect(refresh.json.code).toBe('REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED');
    expect(await cliOk(at('users', 'sessions', 'list', '--project', t.demo!.projectId, user.user_id))).toBe('No sessions.\n');
    expectOneLineError(
      await runCli(at('users', 'sessions', 'list', '--project', t.demo!.projectId, crypto.randomUUID())),
      /USER_NOT_FOUND/,
    );
  });
});

describe('authd email-templates', () => {
  test('list, set, preview with sample values, reset; bad type and bad JSON are one-line errors', async () => {
    const project = t.demo!.projectId;
    const listed = await cliJson(at('email-templates', 'list', '--project', project));
    expect(listed.items.map((x: any) => x.type).sort()).toEqual([
      'email_verification',
      'magic_link',
      'password_reset',
      'team_invitation',
    ]);
    await cliOk(
      at('email-templates', 'set', 'password_reset', '--project', project, '--subject', 'Reset for {{ projectDisplayName }}'),
    );
    const preview = await cliOk(at('email-templates', 'preview', 'password_reset', '--project', project));
    expect(preview).toStartWith('Subject: Reset for Demo project\n');
    expect(preview).toContain('https://example.com/handler/password-reset');
    const api = await call(t, 'GET', '/email-templates/password_reset', {
      headers: {
        'x-stack-project-id': project,
        'x-stack-access-type': 'admin',
        'x-stack-super-secret-admin-key': t.demo!.keys.super_secret_admin_key!,
      },
    });
    expect(api.json.subject).toBe('Reset for {{ projectDisplayName }}');
    await cliOk(at('email-templates', 'reset', '--yes', 'password_reset', '--project', project));
    expect((await cliJson(at('email-templates', 'get', 'password_reset', '--project', project))).is_default).toBe(true);
    expectOneLineError(
      await runCli(at('email-templates', 'get', 'birthday', '--project', project)),
      /not an email template type/,
    );
    expectOneLineError(
      await runCli(at('email-templates', 'set', 'magic_link', '--project', project, '--content-json', '{oops')),
      /--content-json: Invalid JSON format/,
    );
  });
});
