// `authd audit` beside a running server: the events its API calls wrote, filtered; --json pages
// with the API's cursor; --follow prints an event written after it started, then stops on
// SIGINT; bad input is a one-line error naming the problem; the CLI's own changes are recorded
// with the cli actor.
import { describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { userInfo } from 'node:os';
import { as, call, expectOk, uniqueEmail } from '../support/api-expectations';
import { expectOneLineError, runCli } from '../support/cli';
import { bunExecutable, repoRoot, type TestInstance } from '../support/instance';
import { withInstance } from '../support/file-instance';

let t: TestInstance;
const password = 'quiet lanterns over marble';

withInstance((started) => ({ t } = started));

const audit = (...args: string[]) => runCli(['audit', '--project', t.demo!.projectId, ...t.databaseArgs, ...args]);

function signUp(email: string) {
  return call(t, 'POST', '/auth/password/sign-up', { headers: { ...as(t.demo!, 'client'), 'user-agent': 'CliAuditTest/2' }, body: { email, password } });
}

describe('authd audit', () => {
  test('lists the server\'s events oldest first on screen, filtered by type and user', async () => {
    const email = uniqueEmail('cli-audit');
    const user = expectOk(await signUp(email));
    await call(t, 'POST', '/auth/password/sign-in', { headers: as(t.demo!, 'client'), body: { email, password: 'wrong password here' } });

    const all = await audit('--user', user.user_id);
    expect(all.code).toBe(0);
    const lines = all.stdout.trim().split('\n');
    expect(lines.map((line) => line.split(/\s+/)[1])).toEqual(['user.created', 'sign_in.succeeded', 'sign_in.failed']);
    expect(lines[0]).toContain(`user ${user.user_id}`);
    expect(lines[0]).toContain('from 127.0.0.1 "CliAuditTest/2"');
    expect(lines[2]).toContain('"reason":"wrong_password"');

    const failed = await audit('--type', 'sign_in.failed', '--user', user.user_id, '--since', '1h');
    expect(failed.stdout.trim().split('\n')).toHaveLength(1);
    const none = await audit('--type', 'sign_in.failed', '--user', user.user_id, '--until', '2000-01-01');
    expect(none.stdout.trim()).toBe('No audit events.');
  });

  test('--json is the API\'s page, and --cursor follows next_cursor', async () => {
    for (let i = 0; i < 3; i++) expectOk(await signUp(uniqueEmail(`cli-page-${i}`)));
    const first = JSON.parse((await audit('--json', '--limit', '2', '--type', 'user.created')).stdout);
    expect(first.items).toHaveLength(2);
    expect(first.pagination.next_cursor).toBe(first.items[1].id);
    const second = JSON.parse((await audit('--json', '--limit', '2', '--type', 'user.created', '--cursor', first.pagination.next_cursor)).stdout);
    expect(Number(second.items[0].id)).toBeLessThan(Number(first.items[1].id));
  });

  test('bad input: one line each, naming the problem', async () => {
    expectOneLineError(await audit('--type', 'user.exploded'), /^authd: --type: Must be one or more of/);
    expectOneLineError(await audit('--since', 'last tuesday'), /--since must be a date or time/);
    expectOneLineError(await audit('--limit', '0'), /^authd: --limit/);
    expectOneLineError(await audit('--user', 'nobody'), /^authd: --user: Must be a UUID$/);
    expectOneLineError(await runCli(['audit', '--project', 'no-such-project', ...t.databaseArgs]), /PROJECT_NOT_FOUND|no-such-project/);
  });

  test('changes made with the CLI are recorded as the cli actor, named by the operating-system user', async () => {
    const created = await runCli(['users', 'create', '--project', t.demo!.projectId, '--email', uniqueEmail('by-cli'), '--json', ...t.databaseArgs]);
    expect(created.code).toBe(0);
    const userId = JSON.parse(created.stdout).id;
    const [event] = JSON.parse((await audit('--json', '--user', userId)).stdout).items;
    expect(event).toMatchObject({ type: 'user.created', actor: { type: 'cli', id: userInfo().username }, user_agent: 'authd cli', ip: null });
  });

  test('--follow prints an event written after it started, and stops on SIGINT', async () => {
    const child = Bun.spawn(
      [bunExecutable, join(repoRoot, 'cmd', 'main.ts'), 'audit', '--project', t.demo!.projectId, ...t.databaseArgs, '--type', 'user.created', '--limit', '1', '--follow'],
      { stdout: 'pipe', stderr: 'pipe' },
    );
    const reader = child.stdout.getReader();
    let seen = '';
    const readUntil = async (text: string) => {
      while (!seen.includes(text)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`--follow ended before printing ${text}; it printed:\n${seen}`);
        seen += new TextDecoder().decode(value);
      }
    };
    // The newest existing event first, then the one made now.
    await readUntil('user.created');
    const email = uniqueEmail('followed');
    const user = expectOk(await signUp(email));
    await readUntil(user.user_id);
    child.kill('SIGINT');
    expect(await child.exited).toBe(0);
    expect(seen.trim().split('\n')).toHaveLength(2);
  });
});
