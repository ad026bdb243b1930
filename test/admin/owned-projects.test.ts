// Owned projects over real HTTP: GET/POST /internal/projects for signed-in
// internal users only, creation recorded in the creator's managedProjectIds in the same
// transaction, and project deletion removing the project from every owner.
import { beforeAll, describe, expect, test } from 'bun:test';
import { listProjectAdminViews } from '../../server/core/projects/projects';
import type { TestInstance } from '../support/instance';
import {
  as,
  call,
  createOwnedProject,
  expectKnownError,
  expectOk,
  expectSchemaError,
  expectTextError,
  listOwnedProjects,
  makeProject,
  managedProjectIdsOf,
  ownerHeaders,
  setServerMetadata,
  shiftClock,
  signUp,
  signUpAdmin,
  unknownUuid,
  uuidPattern,
  type SignedIn,
} from '../support/admins';
import { withInstance } from '../support/file-instance';
import { stackDefaultConfig } from '../support/projects';

let t: TestInstance;

withInstance((started) => ({ t } = started));

const projectCount = async () => (await listProjectAdminViews(t.ctx)).length;

describe('GET and POST /internal/projects', () => {
  let admin: SignedIn;

  beforeAll(async () => {
    admin = await signUpAdmin(t);
  });

  test('a new admin owns nothing; creating answers 201 with the admin view and records the owner', async () => {
    expect(await listOwnedProjects(t, admin)).toEqual([]);
    expect(await managedProjectIdsOf(t, admin.user_id)).toBeUndefined();

    const created = await createOwnedProject(t, admin, { display_name: 'Owned one', description: 'first' });
    expect(created.id).toMatch(uuidPattern);
    expect(created.display_name).toBe('Owned one');
    expect(created.description).toBe('first');
    expect(created.user_count).toBe(0);
    expect(created.is_production_mode).toBe(false);
    // Stack's defaults for a new project.
    expect(created.config).toMatchObject(stackDefaultConfig);
    expect(await managedProjectIdsOf(t, admin.user_id)).toEqual([created.id]);

    // The same view the project's own admin API gives.
    const viaOwner = expectOk(
      await call(t, 'GET', '/projects/current', { headers: ownerHeaders(created.id, admin.access_token) }),
    );
    expect(viaOwner).toEqual(created);
  });

  test('the list is newest first and holds only the caller’s projects', async () => {
    const other = await signUpAdmin(t);
    const mineBefore = await listOwnedProjects(t, admin);
    // A minute later, so the order does not rest on two creations falling in different milliseconds.
    const restoreClock = shiftClock(t, 60_000);
    const second = await createOwnedProject(t, admin, { display_name: 'Owned two' });
    const theirs = await createOwnedProject(t, other, { display_name: 'Not yours' });
    restoreClock();

    const mine = await listOwnedProjects(t, admin);
    expect(mine.map((p) => p.id)).toEqual([second.id, ...mineBefore.map((p) => p.id)]);
    expect(mine[0]).toEqual(second);
    expect((await listOwnedProjects(t, other)).map((p) => p.id)).toEqual([theirs.id]);
  });

  test('server access on the internal project works too (the wire allows any access type)', async () => {
    const res = await call(t, 'GET', '/internal/projects', { headers: as(t.internal, 'server', admin.access_token) });
    expect(expectOk(res).items.length).toBeGreaterThan(0);
  });

  test('other metadata fields are kept when a project is added', async () => {
    const keeper = await signUpAdmin(t);
    await setServerMetadata(t, keeper.user_id, { plan: 'team', managedProjectIds: [] });
    const created = await createOwnedProject(t, keeper, { display_name: 'Kept' });
    const user = expectOk(await call(t, 'GET', `/users/${keeper.user_id}`, { headers: as(t.internal, 'server') }));
    expect(user.server_metadata).toEqual({ plan: 'team', managedProjectIds: [created.id] });
  });

  test('ids listed for projects that do not exist are skipped', async () => {
    const lister = await signUpAdmin(t);
    const real = await createOwnedProject(t, lister, { display_name: 'Real' });
    await setServerMetadata(t, lister.user_id, { managedProjectIds: [unknownUuid(), real.id, 42] });
    expect((await listOwnedProjects(t, lister)).map((p) => p.id)).toEqual([real.id]);
  });
});

describe('who may call /internal/projects', () => {
  test('without a signed-in user: USER_AUTHENTICATION_REQUIRED, for GET and POST', async () => {
    for (const method of ['GET', 'POST']) {
      const res = await call(t, method, '/internal/projects', {
        headers: as(t.internal, 'client'),
        body: method === 'POST' ? { display_name: 'x' } : undefined,
      });
      expectKnownError(res, 401, 'USER_AUTHENTICATION_REQUIRED');
    }
  });

  test('a signed-in user of another project: EXPECTED_INTERNAL_PROJECT, and nothing is created', async () => {
    const demo = t.demo!;
    const user = await signUp(t, demo);
    const before = await projectCount();
    for (const method of ['GET', 'POST']) {
      const res = await call(t, method, '/internal/projects', {
        headers: as(demo, 'client', user.access_token),
        body: method === 'POST' ? { display_name: 'x' } : undefined,
      });
      expectKnownError(res, 401, 'EXPECTED_INTERNAL_PROJECT');
    }
    expect(await projectCount()).toBe(before);
  });

  test('no project headers at all: ACCESS_TYPE_REQUIRED', async () => {
    expectKnownError(await call(t, 'GET', '/internal/projects'), 400, 'ACCESS_TYPE_REQUIRED');
  });

  test('bad bodies and query parameters are SCHEMA_ERROR, and create nothing', async () => {
    const admin = await signUpAdmin(t);
    const headers = as(t.internal, 'client', admin.access_token);
    const before = await projectCount();
    expectSchemaError(await call(t, 'POST', '/internal/projects', { headers, body: {} }), 'display_name');
    expectSchemaError(
      await call(t, 'POST', '/internal/projects', { headers, body: { display_name: 'x', owner: 'me' } }),
      'owner',
    );
    expectSchemaError(await call(t, 'POST', '/internal/projects', { headers, body: { display_name: '   ' } }));
    expectSchemaError(await call(t, 'GET', '/internal/projects?limit=3', { headers }), 'limit');
    expect(await projectCount()).toBe(before);
    expect(await managedProjectIdsOf(t, admin.user_id)).toBeUndefined();
  });

  test('a creation refused by a project rule leaves neither a project nor an owner entry', async () => {
    const admin = await signUpAdmin(t);
    const before = await projectCount();
    const res = await call(t, 'POST', '/internal/projects', {
      headers: as(t.internal, 'client', admin.access_token),
      body: { display_name: 'Bad defaults', config: { team_member_default_permissions: [{ id: 'no_such_permission' }] } },
    });
    expectTextError(res, 400, 'Invalid team default permission ids');
    expect(await projectCount()).toBe(before);
    expect(await managedProjectIdsOf(t, admin.user_id)).toBeUndefined();
  });
});

describe('deleting a project', () => {
  test('removes it from every owner and keeps their other projects', async () => {
    const first = await signUpAdmin(t);
    const second = await signUpAdmin(t);
    const doomed = await createOwnedProject(t, first, { display_name: 'Doomed' });
    const kept = await createOwnedProject(t, first, { display_name: 'Kept' });
    const secondOwn = await createOwnedProject(t, second, { display_name: 'Second own' });
    await setServerMetadata(t, second.user_id, { note: 'co-owner', managedProjectIds: [doomed.id, secondOwn.id] });

    const res = await call(t, 'DELETE', '/projects/current', { headers: ownerHeaders(doomed.id, first.access_token), body: {} });
    expect(expectOk(res)).toEqual({ success: true });

    expect(await managedProjectIdsOf(t, first.user_id)).toEqual([kept.id]);
    expect(await managedProjectIdsOf(t, second.user_id)).toEqual([secondOwn.id]);
    const secondUser = expectOk(await call(t, 'GET', `/users/${second.user_id}`, { headers: as(t.internal, 'server') }));
    expect(secondUser.server_metadata.note).toBe('co-owner');
    expect((await listOwnedProjects(t, first)).map((p) => p.id)).toEqual([kept.id]);
  });

  test('deleting a project made with keys (no owner) touches no admin', async () => {
    const bystander = await signUpAdmin(t);
    const own = await createOwnedProject(t, bystander, { display_name: 'Bystander' });
    const keyed = await makeProject(t, 'Keyed');
    const res = await call(t, 'DELETE', '/projects/current', { headers: as(keyed, 'admin'), body: {} });
    expectOk(res);
    expect(await managedProjectIdsOf(t, bystander.user_id)).toEqual([own.id]);
  });
});
