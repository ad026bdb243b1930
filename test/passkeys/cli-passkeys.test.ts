// The CLI beside a running server: `projects update --passkey on|off` switches passkeys for a
// project, `users passkeys list|remove` shows and removes a user's passkeys.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { rmSync } from 'node:fs';
import { makeTempDir, runCli, startTestInstance, type TestInstance } from '../support/instance';
import {
  as,
  call,
  expectKnownError,
  expectOk,
  makeProject,
  registerPasskey,
  signInWithPasskey,
  signUp,
} from '../support/passkeys';

let t: TestInstance;
const dataDir = makeTempDir();

beforeAll(async () => {
  t = await startTestInstance({ dataDir });
});

afterAll(async () => {
  await t?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test('passkeys on from the CLI, list a user passkey, remove it; off again refuses the ceremonies', async () => {
  const project = await makeProject(t, 'CLI passkeys');
  /** `authd users passkeys …` on the project, on the server's data directory. */
  const passkeysCli = (...args: string[]) => runCli(['users', 'passkeys', ...args, '--data', dataDir, '--project', project.projectId]);
  const initiate = () =>
    call(t, 'POST', '/auth/passkey/initiate-passkey-authentication', { headers: as(project, 'client'), body: {} });
  expectKnownError(await initiate(), 400, 'PASSKEY_AUTHENTICATION_NOT_ENABLED');

  const on = await runCli(['projects', 'update', project.projectId, '--passkey', 'on', '--data', dataDir, '--json']);
  expect(on.stderr).toBe('');
  expect(JSON.parse(on.stdout).config.passkey_enabled).toBe(true);

  const user = await signUp(t, project, { callbackUrl: null });
  const credential = await registerPasskey(t, project, user.access_token, undefined, 'Work laptop');

  const listed = await passkeysCli('list', user.user_id, '--json');
  expect(listed.stderr).toBe('');
  const items = JSON.parse(listed.stdout).items;
  expect(items.map((p: any) => p.name)).toEqual(['Work laptop']);
  const text = await passkeysCli('list', user.user_id);
  expect(text.stdout).toContain('Work laptop');
  expect(text.stdout).toContain('never used');

  const removed = await passkeysCli('remove', user.user_id, items[0].id, '--yes', '--json');
  expect(removed.stderr).toBe('');
  expect(JSON.parse(removed.stdout)).toEqual({ success: true });
  expectKnownError(await signInWithPasskey(t, project, credential), 400, 'PASSKEY_AUTHENTICATION_FAILED');

  const again = await passkeysCli('remove', user.user_id, items[0].id, '--yes');
  expect(again.code).not.toBe(0);
  expect(again.stderr.trim()).toContain('Passkey not found.');

  const off = await runCli(['projects', 'update', project.projectId, '--passkey', 'off', '--data', dataDir]);
  expect(off.stdout).toContain('passkey sign-in:      off');
  expectKnownError(await initiate(), 400, 'PASSKEY_AUTHENTICATION_NOT_ENABLED');
  expectOk(await call(t, 'GET', '/users/me', { headers: as(project, 'client', user.access_token) }));
});
