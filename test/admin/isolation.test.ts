// Isolation of project owners: an owner's token reaches only the projects it owns, and
// an owner whose ownership is withdrawn (through the API, or with `authd admins revoke` while
// `authd serve` runs on the same data directory) is refused from the very next request.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { callApi, startServeProcess, startTestInstance, type ServeProcess, type TestInstance } from '../support/instance';
import { removeScratchDirs, scratchDir, runCli } from '../support/cli';
import {
  as,
  call,
  createOwnedProject,
  expectKnownError,
  expectOk,
  ownerHeaders,
  readProjectAsOwner,
  setServerMetadata,
  signUpAdmin,
  type SignedIn,
} from '../support/admins';

describe('owners of different projects, in one instance', () => {
  let t: TestInstance, alice: SignedIn, bob: SignedIn, projectA: any, projectB: any;

  beforeAll(async () => {
    t = await startTestInstance();
    [alice, bob] = await Promise.all([signUpAdmin(t), signUpAdmin(t)]);
    projectA = await createOwnedProject(t, alice, { display_name: 'A' });
    projectB = await createOwnedProject(t, bob, { display_name: 'B' });
  });

  afterAll(async () => {
    await t.stop();
  });

  test('the owner of A cannot read, change, delete or list anything of B, and B stays as it was', async () => {
    const intoB = ownerHeaders(projectB.id, alice.access_token);
    const attempts: [string, string, unknown?][] = [
      ['GET', '/projects/current'],
      ['PATCH', '/projects/current', { display_name: 'taken over' }],
      ['DELETE', '/projects/current', {}],
      ['GET', '/internal/api-keys'],
      ['POST', '/internal/api-keys', { description: 'x', expires_at_millis: Date.now() + 1000 }],
      ['GET', '/team-permission-definitions'],
      ['GET', '/users'],
      ['GET', '/internal/metrics'],
    ];
    for (const [method, path, body] of attempts) {
      const res = await call(t, method, path, { headers: intoB, body });
      expectKnownError(res, 401, 'ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN');
    }
    const b = expectOk(await readProjectAsOwner(t, projectB.id, bob.access_token));
    expect(b.display_name).toBe('B');
    const keys = expectOk(await call(t, 'GET', '/internal/api-keys', { headers: ownerHeaders(projectB.id, bob.access_token) }));
    expect(keys.items).toEqual([]);
    // And A's owner still reaches A.
    expect(expectOk(await readProjectAsOwner(t, projectA.id, alice.access_token)).id).toBe(projectA.id);
  });

  test('B’s owner does not see A among its owned projects', async () => {
    const res = await call(t, 'GET', '/internal/projects', { headers: as(t.internal, 'client', bob.access_token) });
    expect(expectOk(res).items.map((p: any) => p.id)).toEqual([projectB.id]);
  });

  test('ownership withdrawn through the API is refused on the next call, and given back works again', async () => {
    expectOk(await readProjectAsOwner(t, projectA.id, alice.access_token));
    expectOk(await readProjectAsOwner(t, projectA.id, alice.access_token));
    await setServerMetadata(t, alice.user_id, { managedProjectIds: [] });
    expectKnownError(await readProjectAsOwner(t, projectA.id, alice.access_token), 401, 'ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN');
    await setServerMetadata(t, alice.user_id, { managedProjectIds: [projectA.id] });
    expectOk(await readProjectAsOwner(t, projectA.id, alice.access_token));
  });
});

describe('`authd admins revoke` while `authd serve` runs on the same data directory', () => {
  const dataDir = scratchDir();
  let server: ServeProcess;
  let internal: { project_id: string; publishable_client_key: string };
  const email = 'owner@example.com';
  const password = 'correct horse battery';

  beforeAll(async () => {
    server = await startServeProcess(dataDir);
    internal = server.events.find((e) => e.event === 'project_created' && e.project_id === 'internal') as any;
  });

  afterAll(async () => {
    await server.stop();
    removeScratchDirs();
  });

  const clientHeaders = (accessToken?: string) => ({
    'x-stack-project-id': 'internal',
    'x-stack-access-type': 'client',
    'x-stack-publishable-client-key': internal.publishable_client_key,
    ...(accessToken ? { 'x-stack-access-token': accessToken } : {}),
  });

  test('the owner is refused on the next request after the CLI revokes, and let in after it grants', async () => {
    const signUp = await callApi(server.url, 'POST', '/api/v1/auth/password/sign-up', {
      headers: clientHeaders(),
      body: { email, password, verification_callback_url: 'http://localhost:3000/handler/email-verification' },
    });
    const session = expectOk(signUp);
    const created = await callApi(server.url, 'POST', '/api/v1/internal/projects', {
      headers: clientHeaders(session.access_token),
      body: { display_name: 'Served' },
    });
    const project = expectOk(created, 201);
    const readProject = () =>
      callApi(server.url, 'GET', '/api/v1/projects/current', { headers: ownerHeaders(project.id, session.access_token) });
    // Twice, so the server's caches hold the answer before the CLI changes it underneath.
    expectOk(await readProject());
    expectOk(await readProject());

    const listed = await runCli(['admins', 'list', '--json', '--data', dataDir]);
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout).items).toEqual([expect.objectContaining({ email, owned_project_ids: [project.id] })]);

    const revoked = await runCli(['admins', 'revoke', '--yes', email, '--project', project.id, '--json', '--data', dataDir]);
    expect(revoked.stderr).toBe('');
    expect(JSON.parse(revoked.stdout)).toMatchObject({ email, project_id: project.id, revoked: true, owned_project_ids: [] });
    expectKnownError(await readProject(), 401, 'ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN');

    const granted = await runCli(['admins', 'grant', email, '--project', project.id, '--json', '--data', dataDir]);
    expect(JSON.parse(granted.stdout)).toMatchObject({ granted: true, owned_project_ids: [project.id] });
    expectOk(await readProject());
  });
});
