// The compiled binary's `authd tui` in a real terminal (tmux), beside a running `authd serve` on
// the same data directory: create a project, create a key, find a user, revoke the key, quit;
// then the results are checked through the CLI and the server.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { bunExecutable, callApi, repoRoot, startServeProcess, type ServeProcess } from '../support/instance';
import { removeScratchDirs, runProcess, scratchDir } from '../support/cli';

const workDir = scratchDir('authd-tui-binary-');
const dataDir = join(workDir, 'data');
const binary = join(workDir, 'authd');
// A private tmux server, so the test never touches a user's sessions.
const tmux = ['tmux', '-L', `authd-tui-test-${process.pid}`];
let server: ServeProcess;

async function tmuxRun(...args: string[]): Promise<string> {
  const result = await runProcess([...tmux, ...args]);
  if (result.code !== 0) throw new Error(`tmux ${args.join(' ')}: ${result.stderr}`);
  return result.stdout;
}

const pane = () => tmuxRun('capture-pane', '-p', '-t', 'tui');

/** Waits until the terminal shows `text` (up to 20 s: the binary starts slowly on a busy machine). */
async function waitForPane(text: string | RegExp): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const screen = await pane();
    if (typeof text === 'string' ? screen.includes(text) : text.test(screen)) return screen;
    if (Date.now() > deadline) throw new Error(`the terminal never showed ${String(text)}:\n${screen}`);
    await Bun.sleep(50);
  }
}

const send = (...keys: string[]) => tmuxRun('send-keys', '-t', 'tui', ...keys);
const typeText = (text: string) => tmuxRun('send-keys', '-t', 'tui', '-l', text);

/** Moves the highlight to the row holding `label` (rows are marked "› " when highlighted). */
async function highlight(label: string): Promise<void> {
  const selectedLine = async () => (await pane()).split('\n').find((line) => line.startsWith('› '));
  for (let step = 0; step < 20; step++) {
    const lines = (await pane()).split('\n');
    const selected = lines.find((line) => line.startsWith('› '));
    if (selected?.includes(label)) return;
    const wanted = lines.findIndex((line) => /^[› ] /.test(line) && line.includes(label));
    await send(wanted !== -1 && wanted < lines.indexOf(selected ?? '') ? 'Up' : 'Down');
    // One row per key: wait for the highlight to move before looking again.
    const deadline = Date.now() + 5000;
    while ((await selectedLine()) === selected && Date.now() < deadline) await Bun.sleep(20);
  }
  throw new Error(`could not highlight ${label}:\n${await pane()}`);
}

const cli = async (...args: string[]) => {
  const result = await runProcess([binary, ...args, '--data', dataDir, '--json'], { cwd: workDir });
  if (result.code !== 0) throw new Error(`authd ${args.join(' ')}: ${result.stderr}`);
  return JSON.parse(result.stdout);
};

beforeAll(async () => {
  const build = await runProcess([bunExecutable, join(repoRoot, 'scripts', 'build.ts')]);
  if (build.code !== 0) throw new Error(`build failed: ${build.stdout}${build.stderr}`);
  copyFileSync(join(repoRoot, 'dist', 'authd'), binary);
  server = await startServeProcess(dataDir, [], [binary], workDir);
}, 180_000);

afterAll(async () => {
  await runProcess([...tmux, 'kill-server']);
  if (server) await server.stop();
  removeScratchDirs();
});

test('the compiled authd tui: create a project and a key, find a user, revoke the key, quit', async () => {
  // The shell line prints the exit status, so quitting can be checked on screen.
  await tmuxRun(
    'new-session', '-d', '-s', 'tui', '-x', '140', '-y', '40',
    // CI=true as CI machines set it: Ink would otherwise draw only its last frame, on exit.
    `CI=true ${binary} tui --data ${dataDir}; echo "tui exited with $?"; sleep 60`,
  );
  await waitForPane('n new project');

  await send('n');
  await waitForPane('New project name');
  await typeText('Tmux shop');
  await send('Enter');
  await waitForPane('Created project "Tmux shop"');
  await highlight('Tmux shop');
  await send('Enter');
  await waitForPane('Projects › Tmux shop');
  await highlight('API keys');
  await send('Enter');
  await waitForPane('n new key set');
  await send('n');
  await waitForPane('Description of the new key set');
  await typeText('tmux key');
  await send('Enter');
  const shown = await waitForPane('Copy these keys now');
  const projectId = /project id\s+([0-9a-f-]{36})/.exec(shown)![1]!;
  const publishable = /publishable client key\s+(pck_\w+)/.exec(shown)![1]!;
  const secret = /secret server key\s+(ssk_\w+)/.exec(shown)![1]!;
  expect(shown).toContain('valid, never expires');
  // c copies the keys with OSC 52; tmux with set-clipboard on keeps them as a paste buffer.
  await tmuxRun('set-option', '-s', 'set-clipboard', 'on');
  await send('c');
  await waitForPane('Sent the new keys to the clipboard');
  const copied = await tmuxRun('show-buffer');
  expect(copied).toContain(`NEXT_PUBLIC_STACK_PROJECT_ID=${projectId}`);
  expect(copied).toContain(`STACK_SECRET_SERVER_KEY=${secret}`);

  // A user signs up through the running server with the key just made.
  const signUp = await callApi(server.url, 'POST', '/api/v1/auth/password/sign-up', {
    headers: { 'x-stack-project-id': projectId, 'x-stack-access-type': 'client', 'x-stack-publishable-client-key': publishable },
    body: { email: 'found.in.tmux@example.com', password: 'correct horse battery' },
  });
  expect(signUp.status).toBe(200);
  const other = await callApi(server.url, 'POST', '/api/v1/auth/password/sign-up', {
    headers: { 'x-stack-project-id': projectId, 'x-stack-access-type': 'client', 'x-stack-publishable-client-key': publishable },
    body: { email: 'someone.else@example.com', password: 'correct horse battery' },
  });
  expect(other.status).toBe(200);

  await send('Escape');
  await waitForPane('Dev outbox');
  await highlight('Users');
  await send('Enter');
  await waitForPane('someone.else@example.com');
  await send('/');
  await waitForPane('Search:');
  await typeText('found.in');
  // The list follows the search one read later (screens read core in effects): wait for it.
  const found = await waitForPane(/^(?![\s\S]*someone\.else@example\.com)[\s\S]*Search: found\.in/);
  expect(found).toContain('found.in.tmux@example.com');
  expect(found).not.toContain('someone.else@example.com');
  await send('Enter');
  await waitForPane('/ search · ');
  await send('Escape');
  await waitForPane('Dev outbox');
  await highlight('API keys');
  await send('Enter');
  await waitForPane('n new key set');
  await highlight('tmux key');
  await send('r');
  await waitForPane('Revoke "tmux key"?');
  await send('y');
  await waitForPane('Key set revoked.');
  await send('q');
  await waitForPane('tui exited with 0');

  // Checked through the CLI, on the same data directory the server still runs on.
  const projects = await cli('projects', 'list');
  expect(projects.items ?? projects).toContainEqual(expect.objectContaining({ id: projectId, display_name: 'Tmux shop' }));
  const keySets = await cli('keys', 'list', '--project', projectId);
  const listed = (keySets.items ?? keySets).find((set: any) => set.description === 'tmux key');
  expect(listed.manually_revoked_at_millis).toBeNumber();
  const users = await cli('users', 'list', '--project', projectId, '--query', 'found.in');
  expect((users.items ?? users).map((user: any) => user.primary_email)).toEqual(['found.in.tmux@example.com']);
  // And the running server refuses the revoked key.
  const refused = await callApi(server.url, 'GET', '/api/v1/users', {
    headers: { 'x-stack-project-id': projectId, 'x-stack-access-type': 'server', 'x-stack-secret-server-key': secret },
  });
  expect(refused.json.code).toBe('INVALID_SECRET_SERVER_KEY');
}, 120_000);
