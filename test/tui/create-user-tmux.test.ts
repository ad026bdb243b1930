// `authd tui` at a real terminal (tmux), from source: n on a project's users screen creates a
// user by email through core's createUser, and the running server serves that user at once.
import { expect, test } from 'bun:test';
import { call } from '../support/api-expectations';
import type { TestInstance } from '../support/instance';
import { openDemoProjectScreen, withTuiInstance, type TuiFile } from '../support/tui-sessions';

let tuiFile: TuiFile;
let t: TestInstance;
withTuiInstance('authd-tui-create-user', (started) => {
  tuiFile = started;
  t = started.t;
});

test('n on the users screen creates a user the API then serves; a bad address is refused in place', async () => {
  const demo = t.demo!;
  const tui = await openDemoProjectScreen(tuiFile, 'Users');
  await tui.waitFor('n new user');
  await tui.keys('n');
  await tui.waitFor("New user's email");
  await tui.type('not-an-address');
  await tui.keys('Enter');
  await tui.waitFor('email: Please enter a valid email');
  for (let i = 0; i < 'not-an-address'.length; i++) await tui.keys('BSpace');
  await tui.type('made.in.tmux@example.com');
  await tui.keys('Enter');
  await tui.waitFor('User made.in.tmux@example.com created.');
  await tui.keys('q');
  await tui.waitFor('tui exited with 0');

  const headers = {
    'x-stack-project-id': demo.projectId,
    'x-stack-access-type': 'server',
    'x-stack-secret-server-key': demo.keys.secret_server_key!,
  };
  const listed = await call(t, 'GET', '/users?query=made.in.tmux', { headers });
  expect(listed.status).toBe(200);
  expect(listed.json.items.map((user: { primary_email: string }) => user.primary_email)).toEqual(['made.in.tmux@example.com']);
}, 90_000);
