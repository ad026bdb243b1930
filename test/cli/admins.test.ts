// `authd admins add|grant|revoke|list`, run as real CLI processes on a data directory that a
// running authd also serves: admins get no default password, a password only from standard
// input, and what the CLI grants or revokes is what the server enforces on the next request.
import { beforeAll, describe, expect, test } from 'bun:test';
import { callApi, type TestInstance } from '../support/instance';
import { cliJson, expectOneLineError, removeScratchDirs, scratchDir, runCli } from '../support/cli';
import { uuidPattern } from '../support/api-expectations';
import { withInstance } from '../support/file-instance';

const dataDir = scratchDir();
const at = (...args: string[]) => [...args, '--data', dataDir];
const password = 'correct horse battery';
let t: TestInstance;

// The server bootstraps the internal project on the directory, as `authd serve` does.
withInstance((started) => ({ t } = started), { instance: { dataDir }, afterStop: removeScratchDirs });

const internalClient = () => ({
  'x-stack-project-id': 'internal',
  'x-stack-access-type': 'client',
  'x-stack-publishable-client-key': t.internal.keys.publishable_client_key!,
});

function signIn(email: string, withPassword: string) {
  return callApi(t.url, 'POST', '/api/v1/auth/password/sign-in', {
    headers: internalClient(),
    body: { email, password: withPassword },
  });
}

function readProjectAsOwner(projectId: string, adminAccessToken: string) {
  return callApi(t.url, 'GET', '/api/v1/projects/current', {
    headers: { 'x-stack-project-id': projectId, 'x-stack-access-type': 'admin', 'x-stack-admin-access-token': adminAccessToken },
  });
}

const listAdmins = async () => (await cliJson(at('admins', 'list'))).items as any[];

describe('authd admins add', () => {
  test('creates an internal user with no password, and says how to sign in', async () => {
    const text = await runCli(at('admins', 'add', 'nopass@example.com'));
    expect(text.code).toBe(0);
    expect(text.stderr).toBe('');
    expect(text.stdout).toContain('Created admin nopass@example.com');
    expect(text.stdout).toContain('no password');
    expect(text.stdout).toContain('password reset or a magic link');

    const [admin] = (await listAdmins()).filter((a) => a.email === 'nopass@example.com');
    expect(admin).toMatchObject({ email: 'nopass@example.com', has_password: false, owned_project_ids: [] });
    // No default password of any kind lets it in.
    for (const guess of [password, 'password', 'admin', 'nopass@example.com']) {
      const res = await signIn('nopass@example.com', guess);
      expect(res.headers.get('x-stack-known-error')).toBe('EMAIL_PASSWORD_MISMATCH');
    }
  });

  test('--json prints the admin; adding the same email again finds it', async () => {
    const first = await cliJson(at('admins', 'add', 'json@example.com'));
    expect(first).toEqual({
      user_id: expect.stringMatching(uuidPattern),
      email: 'json@example.com',
      display_name: null,
      has_password: false,
      owned_project_ids: [],
      signed_up_at_millis: expect.any(Number),
      created: true,
      password_set: false,
    });
    const again = await cliJson(at('admins', 'add', 'json@example.com'));
    expect(again).toMatchObject({ user_id: first.user_id, created: false, password_set: false });
    expect((await listAdmins()).filter((a) => a.email === 'json@example.com')).toHaveLength(1);
  });

  test('marks the user as a console admin in client-read-only metadata (kept with what was there), also a user who signed up before', async () => {
    const email = 'signed-up-first@example.com';
    const signUp = await callApi(t.url, 'POST', '/api/v1/auth/password/sign-up', { headers: internalClient(), body: { email, password } });
    expect(signUp.status).toBe(200);
    const me = async () =>
      (await callApi(t.url, 'GET', '/api/v1/users/me', { headers: { ...internalClient(), 'x-stack-access-token': signUp.json.access_token } })).json;
    expect((await me()).client_read_only_metadata).toBeNull();
    await callApi(t.url, 'PATCH', `/api/v1/users/${signUp.json.user_id}`, {
      headers: { 'x-stack-project-id': 'internal', 'x-stack-access-type': 'server', 'x-stack-secret-server-key': t.internal.keys.secret_server_key! },
      body: { client_read_only_metadata: { team: 'support' } },
    });
    expect((await runCli(at('admins', 'add', email))).code).toBe(0);
    expect((await me()).client_read_only_metadata).toEqual({ team: 'support', authd_admin: true });
    // Adding again changes nothing, and the user cannot take the mark off (nor put it on) from a client.
    expect((await runCli(at('admins', 'add', email))).code).toBe(0);
    const byClient = await callApi(t.url, 'PATCH', '/api/v1/users/me', {
      headers: { ...internalClient(), 'x-stack-access-token': signUp.json.access_token },
      body: { client_read_only_metadata: {} },
    });
    expect(byClient.status).toBe(400);
    expect((await me()).client_read_only_metadata).toEqual({ team: 'support', authd_admin: true });
    const fresh = (await cliJson(at('admins', 'add', 'marked@example.com'))) as { user_id: string };
    const read = await callApi(t.url, 'GET', `/api/v1/users/${fresh.user_id}`, {
      headers: { 'x-stack-project-id': 'internal', 'x-stack-access-type': 'server', 'x-stack-secret-server-key': t.internal.keys.secret_server_key! },
    });
    expect(read.json.client_read_only_metadata).toEqual({ authd_admin: true });
  });

  test('--password-stdin sets a password the admin signs in with', async () => {
    const added = await cliJson(at('admins', 'add', 'withpass@example.com', '--password-stdin'), { stdin: `${password}\n` });
    expect(added).toMatchObject({ created: true, has_password: true, password_set: true });
    const res = await signIn('withpass@example.com', password);
    expect(res.status).toBe(200);
    expect(res.json.user_id).toBe(added.user_id);
  });

  test('--password-stdin on an existing admin changes its password', async () => {
    await cliJson(at('admins', 'add', 'change@example.com'));
    const changed = await cliJson(at('admins', 'add', 'change@example.com', '--password-stdin'), { stdin: password });
    expect(changed).toMatchObject({ created: false, has_password: true, password_set: true });
    expect((await signIn('change@example.com', password)).status).toBe(200);
  });

  test('bad input is one line on stderr and creates nobody', async () => {
    const before = await listAdmins();
    expectOneLineError(await runCli(at('admins', 'add', 'not-an-email')), /valid email/);
    expectOneLineError(
      await runCli(at('admins', 'add', 'short@example.com', '--password-stdin'), { stdin: 'short' }),
      /PASSWORD_TOO_SHORT/,
    );
    expectOneLineError(await runCli(at('admins', 'add', 'empty@example.com', '--password-stdin'), { stdin: '' }), /no password/);
    expectOneLineError(await runCli(at('admins', 'add')), /missing required argument/);
    expect(await listAdmins()).toEqual(before);
  });

  test('a data directory authd has never served has no internal project: a clear error', async () => {
    const fresh = scratchDir();
    expectOneLineError(await runCli(['admins', 'add', 'a@example.com', '--data', fresh]), /run "authd serve" once/);
    expectOneLineError(
      await runCli(['admins', 'grant', 'a@example.com', '--project', 'internal', '--data', fresh]),
      /run "authd serve" once/,
    );
  });
});

describe('authd admins grant, revoke and list', () => {
  let owner: { user_id: string }, accessToken: string;
  const email = 'owner@example.com';

  beforeAll(async () => {
    owner = await cliJson(at('admins', 'add', email, '--password-stdin'), { stdin: password });
    accessToken = (await signIn(email, password)).json.access_token;
  });

  test('grant makes the admin an owner the server lets in; granting again changes nothing', async () => {
    const demoId = t.demo!.projectId;
    expect(readProjectAsOwnerStatus(await readProjectAsOwner(demoId, accessToken))).toBe('ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN');

    const granted = await cliJson(at('admins', 'grant', email, '--project', demoId));
    expect(granted).toMatchObject({
      user_id: owner.user_id,
      email,
      project_id: demoId,
      granted: true,
      owned_project_ids: [demoId],
    });
    const res = await readProjectAsOwner(demoId, accessToken);
    expect(res.status).toBe(200);
    expect(res.json.id).toBe(demoId);

    const again = await cliJson(at('admins', 'grant', email, '--project', demoId));
    expect(again).toMatchObject({ granted: false, owned_project_ids: [demoId] });
    const text = await runCli(at('admins', 'grant', email, '--project', demoId));
    expect(text.stdout).toBe(`${email} already owns project ${demoId}.\n`);
  });

  test('list shows every internal user oldest first with what each owns', async () => {
    const admins = await listAdmins();
    const signUpTimes = admins.map((a) => a.signed_up_at_millis);
    expect(signUpTimes).toEqual([...signUpTimes].sort((a, b) => a - b));
    expect(admins.find((a) => a.email === email)).toMatchObject({ has_password: true, owned_project_ids: [t.demo!.projectId] });
    const text = await runCli(at('admins', 'list'));
    expect(text.stdout).toContain(`${owner.user_id}  ${email}  password: set  owns: ${t.demo!.projectId}`);
    expect(text.stdout).toContain('nopass@example.com  password: none  owns: no projects');
  });

  test('revoke ends the ownership at once; revoking again changes nothing', async () => {
    const demoId = t.demo!.projectId;
    const revoked = await cliJson(at('admins', 'revoke', '--yes', email, '--project', demoId));
    expect(revoked).toMatchObject({ project_id: demoId, revoked: true, owned_project_ids: [] });
    expect(readProjectAsOwnerStatus(await readProjectAsOwner(demoId, accessToken))).toBe('ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN');
    expect(await cliJson(at('admins', 'revoke', '--yes', email, '--project', demoId))).toMatchObject({ revoked: false });
  });

  test('bad input is one line on stderr and changes nothing', async () => {
    const before = await listAdmins();
    const unknownProject = '00000000-0000-4000-8000-000000000000';
    expectOneLineError(await runCli(at('admins', 'grant', email, '--project', unknownProject)), /PROJECT_NOT_FOUND/);
    expectOneLineError(
      await runCli(at('admins', 'grant', email, '--project', 'nope')),
      /Project nope not found.*PROJECT_NOT_FOUND/,
    );
    expectOneLineError(
      await runCli(at('admins', 'revoke', '--yes', email, '--project', 'nope')),
      /Project nope not found.*PROJECT_NOT_FOUND/,
    );
    expectOneLineError(
      await runCli(at('admins', 'grant', 'nobody@example.com', '--project', t.demo!.projectId)),
      /authd admins add/,
    );
    expectOneLineError(
      await runCli(at('admins', 'revoke', '--yes', 'nobody@example.com', '--project', t.demo!.projectId)),
      /authd admins add/,
    );
    expectOneLineError(await runCli(at('admins', 'grant', email)), /--project/);
    expectOneLineError(await runCli(at('admins', 'grant', 'bad email', '--project', t.demo!.projectId)), /valid email/);
    expect(await listAdmins()).toEqual(before);
  });
});

function readProjectAsOwnerStatus(res: { headers: Headers }): string | null {
  return res.headers.get('x-stack-known-error');
}
