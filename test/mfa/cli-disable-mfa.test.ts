// `authd users disable-mfa`: an admin turns off the second factor of a user who lost their
// authenticator, from the CLI beside the running server, which sees it on the next request.
import { expect, test } from 'bun:test';
import type { TestInstance } from '../support/instance';
import { runCli } from '../support/cli';
import {
  expectMfaRequired,
  expectOk,
  makeProject,
  newTotpSecret,
  setTotpSecretAsClient,
  signInCall,
  signUp,
  storedTotp,
} from '../support/totp';
import { withInstance } from '../support/file-instance';

let t: TestInstance;

withInstance((started) => ({ t } = started));

test('disable-mfa clears the secret; the next password sign-in needs no second factor', async () => {
  const project = await makeProject(t, 'CLI MFA');
  const user = await signUp(t, project, { callbackUrl: null });
  expectOk(await setTotpSecretAsClient(t, project, user.access_token, newTotpSecret().base64));
  expectMfaRequired(await signInCall(t, project, user.email, user.password));

  const result = await runCli([
    'users',
    'disable-mfa',
    ...t.databaseArgs,
    '--project',
    project.projectId,
    user.user_id,
    '--json',
  ]);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  const view = JSON.parse(result.stdout);
  expect(view.id).toBe(user.user_id);
  expect(view.requires_totp_mfa).toBe(false);
  expect(await storedTotp(t, user.user_id)).toEqual({ secret: null, requires: 0, lastStep: null });
  expect(Object.keys(expectOk(await signInCall(t, project, user.email, user.password))).sort()).toEqual([
    'access_token',
    'refresh_token',
    'user_id',
  ]);

  const unknown = await runCli(['users', 'disable-mfa', ...t.databaseArgs, '--project', project.projectId, crypto.randomUUID()]);
  expect(unknown.code).not.toBe(0);
  expect(unknown.stderr.trim().split('\n')).toHaveLength(1);
  expect(unknown.stderr).toContain('User not found');
});
