// At a real terminal (tmux): a destructive command asks first and changes nothing when the
// answer is no, --password-stdin prompts without echoing what is typed, and backup and restore
// draw a progress bar (on stderr, at a terminal only).
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { join } from 'node:path';
import { call, uniqueEmail } from '../support/api-expectations';
import { bunExecutable, repoRoot, startTestInstance, type TestInstance } from '../support/instance';
import { removeScratchDirs, runCliProcess, scratchDir } from '../support/cli';
import { tmuxServer } from '../support/tmux';

const terminal = tmuxServer('authd-prompt-test');
let t: TestInstance;

beforeAll(async () => {
  t = await startTestInstance({ dataDir: scratchDir('authd-prompts-') });
});
afterAll(async () => {
  await terminal.stop();
  await t.stop();
  removeScratchDirs();
});

/** Runs `authd <args>` in a fresh 150×20 tmux window; returns helpers to read the screen and type. */
async function inTerminal(args: string[]) {
  const command = [bunExecutable, join(repoRoot, 'cmd', 'main.ts'), ...args].join(' ');
  const window = await terminal.open(`${command}; echo "exited with $?"; sleep 60`, { columns: 150, rows: 20 });
  return { ...window, enter: () => window.keys('Enter') };
}

async function newUser() {
  const demo = t.demo!;
  const res = await call(t, 'POST', '/auth/password/sign-up', {
    headers: { 'x-stack-project-id': demo.projectId, 'x-stack-access-type': 'client', 'x-stack-publishable-client-key': demo.keys.publishable_client_key! },
    body: { email: uniqueEmail('prompted'), password: 'correct horse battery' },
  });
  expect(res.status).toBe(200);
  return { id: res.json.user_id as string, email: (await call(t, 'GET', `/users/${res.json.user_id}`, { headers: serverHeaders() })).json.primary_email as string };
}

const serverHeaders = () => ({
  'x-stack-project-id': t.demo!.projectId,
  'x-stack-access-type': 'server',
  'x-stack-secret-server-key': t.demo!.keys.secret_server_key!,
});

test('users delete at a terminal asks; "n" cancels and the user stays', async () => {
  const user = await newUser();
  const term = await inTerminal(['users', 'delete', '--project', t.demo!.projectId, ...t.databaseArgs, user.id]);
  await term.waitFor(`Delete user ${user.id} and end their sessions? [y/N]`);
  await term.type('n');
  await term.enter();
  const shown = await term.waitFor('exited with 1');
  expect(shown).toContain('authd: cancelled; nothing was changed');
  expect((await call(t, 'GET', `/users/${user.id}`, { headers: serverHeaders() })).status).toBe(200);

  const again = await inTerminal(['users', 'delete', '--project', t.demo!.projectId, ...t.databaseArgs, user.id]);
  await again.waitFor('[y/N]');
  await again.type('y');
  await again.enter();
  await again.waitFor('exited with 0');
  expect((await call(t, 'GET', `/users/${user.id}`, { headers: serverHeaders() })).json.code).toBe('USER_NOT_FOUND');
}, 60_000);

test('--password-stdin at a terminal prompts and does not echo the password', async () => {
  const user = await newUser();
  const term = await inTerminal(['users', 'set-password', '--project', t.demo!.projectId, ...t.databaseArgs, user.id]);
  await term.waitFor('Password:');
  await term.type('typed at the prompt 42');
  await term.enter();
  const shown = await term.waitFor('exited with 0');
  expect(shown).not.toContain('typed at the prompt 42');
  const signIn = await call(t, 'POST', '/auth/password/sign-in', {
    headers: { 'x-stack-project-id': t.demo!.projectId, 'x-stack-access-type': 'client', 'x-stack-publishable-client-key': t.demo!.keys.publishable_client_key! },
    body: { email: user.email, password: 'typed at the prompt 42' },
  });
  expect(signIn.status).toBe(200);
}, 60_000);

test('backup and restore draw a progress bar at a terminal, and none into a pipe', async () => {
  const backupFile = join(scratchDir('authd-progress-backup-'), 'copy.db');
  const backup = await inTerminal(['backup', backupFile, ...t.databaseArgs]);
  const backedUp = await backup.waitFor('exited with 0');
  expect(backedUp).toMatch(/\[#+\] (\d+)\/\1 MB copied/);
  expect(backedUp).toContain(`Backed up ${t.dataDir}`);

  const restoredDir = scratchDir('authd-progress-restore-');
  const restore = await inTerminal(['restore', backupFile, '--data', restoredDir]);
  const restored = await restore.waitFor('exited with 0');
  expect(restored).toMatch(/\[#+\] (\d+)\/\1 MB restored/);
  expect(restored).toContain(`Restored ${backupFile} into ${restoredDir}`);

  // Piped (a script, a CI log): the result line alone, no bar on stderr.
  const pipedFile = join(scratchDir('authd-progress-piped-'), 'copy.db');
  const piped = await runCliProcess(['backup', pipedFile, ...t.databaseArgs]);
  expect(piped.code).toBe(0);
  expect(piped.stderr).not.toContain('MB copied');
  const pipedRestore = await runCliProcess(['restore', pipedFile, '--data', scratchDir('authd-progress-piped-restore-')]);
  expect(pipedRestore.code).toBe(0);
  expect(pipedRestore.stderr).not.toContain('MB restored');
}, 60_000);
