// The compiled binary's `authd tui` in a real terminal (tmux), beside a running `authd serve` on
// the same data directory: create a project, create a key, find a user, revoke the key, quit;
// then the results are checked through the CLI and the server.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { bunExecutable, callApi, repoRoot, startServeProcess, type ServeProcess } from '../support/instance';
import { removeScratchDirs, runProcess, scratchDir } from '../support/cli';
import { tmuxServer } from '../support/tmux';

const workDir = scratchDir('authd-tui-binary-');
const dataDir = join(workDir, 'data');
const binary = join(workDir, 'authd');
const terminals = tmuxServer('authd-tui-test');
let server: ServeProcess;

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
  await terminals.stop();
  if (server) await server.stop();
  removeScratchDirs();
});

test('the compiled authd tui: create a project and a key, find a user, revoke the key, quit', async () => {
  // The shell line prints the exit status, so quitting can be checked on screen.
  const tui = await terminals.open(
    // CI=true as CI machines set it: Ink would otherwise draw only its last frame, on exit.
    `CI=true ${binary} tui --data ${dataDir}; echo "tui exited with $?"; sleep 60`,
    { columns: 140, rows: 40 },
  );
  await tui.waitFor('n new project');

  await tui.keys('n');
  await tui.waitFor('New project name');
  await tui.type('Tmux shop');
  await tui.keys('Enter');
  await tui.waitFor('Created project "Tmux shop"');
  await tui.highlight('Tmux shop');
  await tui.keys('Enter');
  await tui.waitFor('Projects › Tmux shop');
  await tui.highlight('API keys');
  await tui.keys('Enter');
  await tui.waitFor('n new key set');
  await tui.keys('n');
  await tui.waitFor('Description of the new key set');
  await tui.type('tmux key');
  await tui.keys('Enter');
  const shown = await tui.waitFor('Copy these keys now');
  const projectId = /project id\s+([0-9a-f-]{36})/.exec(shown)![1]!;
  const publishable = /publishable client key\s+(pck_\w+)/.exec(shown)![1]!;
  const secret = /secret server key\s+(ssk_\w+)/.exec(shown)![1]!;
  expect(shown).toContain('valid, never expires');
  // c copies the keys with OSC 52; tmux with set-clipboard on keeps them as a paste buffer.
  await terminals.run('set-option', '-s', 'set-clipboard', 'on');
  await tui.keys('c');
  await tui.waitFor('Sent the new keys to the clipboard');
  const copied = await terminals.run('show-buffer');
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

  await tui.keys('Escape');
  await tui.waitFor('Dev outbox');
  await tui.highlight('Users');
  await tui.keys('Enter');
  await tui.waitFor('someone.else@example.com');
  await tui.keys('/');
  await tui.waitFor('Search:');
  await tui.type('found.in');
  // The list follows the search one read later (screens read core in effects): wait for it.
  const found = await tui.waitFor(/^(?![\s\S]*someone\.else@example\.com)[\s\S]*Search: found\.in/);
  expect(found).toContain('found.in.tmux@example.com');
  expect(found).not.toContain('someone.else@example.com');
  await tui.keys('Enter');
  await tui.waitFor('/ search · ');
  await tui.keys('Escape');
  await tui.waitFor('Dev outbox');
  await tui.highlight('API keys');
  await tui.keys('Enter');
  await tui.waitFor('n new key set');
  await tui.highlight('tmux key');
  await tui.keys('r');
  await tui.waitFor('Revoke "tmux key"?');
  await tui.keys('y');
  await tui.waitFor('Key set revoked.');
  await tui.keys('q');
  await tui.waitFor('tui exited with 0');

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
