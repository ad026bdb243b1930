// Team permission definitions (admin only): the listed system and default
// definitions, id rules, contained ids that must exist and must not form a cycle, renaming that
// carries grants along, and deletion that removes grants and containments.
import { describe, expect, test } from 'bun:test';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import type { TestInstance } from '../support/instance';
import {
  as,
  call,
  createTeam,
  definePermission,
  definitions,
  expectAdminOnly,
  expectKnownError,
  expectList,
  expectOk,
  expectSchemaError,
  expectSuccess,
  expectTextError,
  grant,
  makeProject,
  makeUser,
  permissionIds,
  systemPermissionDescriptions,
  systemPermissionIds,
  teamWith,
} from '../support/teams';
import { withProject } from '../support/file-instance';

let t: TestInstance, project: BootstrappedProject;

withProject('Permission definitions', (started) => ({ t, project } = started));

function post(body: unknown, p = project) {
  return call(t, 'POST', '/team-permission-definitions', { headers: as(p, 'admin'), body });
}
function patch(id: string, body: unknown, p = project) {
  return call(t, 'PATCH', `/team-permission-definitions/${id}`, { headers: as(p, 'admin'), body });
}
function del(id: string, p = project) {
  return call(t, 'DELETE', `/team-permission-definitions/${id}`, { headers: as(p, 'admin') });
}
const idRule = 'Only lowercase letters, numbers, ":", "_" and optional "$" at the beginning are allowed';

describe('GET /team-permission-definitions', () => {
  test('a new project lists the five system permissions, then admin and member, sorted by id', async () => {
    const items = await definitions(t, await makeProject(t, 'Fresh definitions'));
    expect(items).toEqual([
      ...systemPermissionIds.map((id) => ({ id, description: systemPermissionDescriptions[id], contained_permission_ids: [] })),
      { id: 'admin', description: 'Default permission for team creators', contained_permission_ids: systemPermissionIds },
      {
        id: 'member',
        description: 'Default permission for team members',
        contained_permission_ids: ['$invite_members', '$read_members'],
      },
    ]);
  });

  test('client and server access: INSUFFICIENT_ACCESS_TYPE', async () => {
    const user = await makeUser(t, project);
    await expectAdminOnly(
      t,
      project,
      [
        { method: 'GET', path: '/team-permission-definitions' },
        { method: 'POST', path: '/team-permission-definitions', body: { id: 'sneaky' } },
        { method: 'PATCH', path: '/team-permission-definitions/member', body: { description: 'x' } },
        { method: 'DELETE', path: '/team-permission-definitions/member' },
      ],
      user.access_token,
    );
    const ids = (await definitions(t, project)).map((d) => d.id);
    expect(ids).not.toContain('sneaky');
    expect(ids).toContain('member');
  });
});

describe('POST /team-permission-definitions', () => {
  test('201 definition with sorted contained ids; description omitted when unset', async () => {
    const res = await post({ id: 'editor', contained_permission_ids: ['member', '$update_team'], description: 'Edits things' });
    expect(expectOk(res, 201)).toEqual({
      id: 'editor',
      description: 'Edits things',
      contained_permission_ids: ['$update_team', 'member'],
    });
    const bare = expectOk(await post({ id: 'ns:viewer_2' }), 201);
    expect(bare).toEqual({ id: 'ns:viewer_2', contained_permission_ids: [] });
    const listed = await definitions(t, project);
    expect(listed.find((d) => d.id === 'editor')).toEqual({
      id: 'editor',
      description: 'Edits things',
      contained_permission_ids: ['$update_team', 'member'],
    });
    expect(listed.find((d) => d.id === 'ns:viewer_2')).toEqual({ id: 'ns:viewer_2', contained_permission_ids: [] });
    const ids = listed.map((d) => d.id);
    expect(ids).toEqual([...ids].sort());
  });

  test('ids with uppercase letters, spaces or other characters: SCHEMA_ERROR with the id rule', async () => {
    for (const id of ['Editor', 'has space', 'dash-ed', 'dot.ted', '']) {
      expectSchemaError(await post({ id }), idRule);
    }
    expectSchemaError(await post({ id: 'fine', contained_permission_ids: ['Not Fine'] }), idRule);
  });

  test('an unknown $ id: SCHEMA_ERROR "Invalid system permission"; a custom definition may not take a system id', async () => {
    expectSchemaError(await post({ id: '$foo' }), 'Invalid system permission');
    expectSchemaError(await post({ id: 'fine', contained_permission_ids: ['$foo'] }), 'Invalid system permission');
    const before = await definitions(t, project);
    const res = await post({ id: '$update_team' });
    expect(res.status).toBe(400);
    expect(await definitions(t, project)).toEqual(before);
  });

  test('unknown contained id: CONTAINED_PERMISSION_NOT_FOUND, nothing created', async () => {
    expectKnownError(
      await post({ id: 'orphan', contained_permission_ids: ['member', 'ghost'] }),
      400,
      'CONTAINED_PERMISSION_NOT_FOUND',
      {
        permission_id: 'ghost',
      },
    );
    expect((await definitions(t, project)).map((d) => d.id)).not.toContain('orphan');
  });

  test('a duplicate id: text 400, the existing definition unchanged', async () => {
    const before = (await definitions(t, project)).find((d) => d.id === 'member');
    expectTextError(await post({ id: 'member', contained_permission_ids: [] }), 400);
    expect((await definitions(t, project)).find((d) => d.id === 'member')).toEqual(before);
  });

  test('unknown fields and wrong types: SCHEMA_ERROR', async () => {
    expectSchemaError(await post({ id: 'x1', colour: 'red' }), 'colour');
    expectSchemaError(await post({ id: 'x1', contained_permission_ids: 'member' }));
    expectSchemaError(await post({ contained_permission_ids: [] }), 'id');
  });
});

describe('PATCH /team-permission-definitions/{permission_id}', () => {
  test('changes description and contained ids', async () => {
    await definePermission(t, project, 'patchable', ['$read_members'], 'Before');
    const res = await patch('patchable', { description: 'After', contained_permission_ids: ['$remove_members', 'member'] });
    expect(expectOk(res)).toEqual({
      id: 'patchable',
      description: 'After',
      contained_permission_ids: ['$remove_members', 'member'],
    });
    expect((await definitions(t, project)).find((d) => d.id === 'patchable')).toEqual(expectOk(res));
  });

  test('a cycle through another definition: text 400 mentioning "cycle", definition unchanged', async () => {
    await definePermission(t, project, 'cyc_b');
    await definePermission(t, project, 'cyc_a', ['cyc_b']);
    await definePermission(t, project, 'cyc_c', ['cyc_a']);
    const indirect = await patch('cyc_b', { contained_permission_ids: ['cyc_c'] });
    expectTextError(indirect, 400);
    expect(indirect.text.toLowerCase()).toContain('cycle');
    const direct = await patch('cyc_b', { contained_permission_ids: ['cyc_a'] });
    expectTextError(direct, 400);
    expect(direct.text.toLowerCase()).toContain('cycle');
    expect((await definitions(t, project)).find((d) => d.id === 'cyc_b')).toEqual({ id: 'cyc_b', contained_permission_ids: [] });
  });

  test('self-containment: text 400 mentioning "cycle"', async () => {
    await definePermission(t, project, 'selfish');
    const res = await patch('selfish', { contained_permission_ids: ['selfish'] });
    expectTextError(res, 400);
    expect(res.text.toLowerCase()).toContain('cycle');
    expect((await definitions(t, project)).find((d) => d.id === 'selfish')).toEqual({
      id: 'selfish',
      contained_permission_ids: [],
    });
  });

  test('unknown contained id: CONTAINED_PERMISSION_NOT_FOUND; bad new id: SCHEMA_ERROR', async () => {
    await definePermission(t, project, 'stable', ['$read_members']);
    expectKnownError(await patch('stable', { contained_permission_ids: ['ghost'] }), 400, 'CONTAINED_PERMISSION_NOT_FOUND', {
      permission_id: 'ghost',
    });
    expectSchemaError(await patch('stable', { id: 'Not OK' }), idRule);
    expectSchemaError(await patch('stable', { id: '$nope' }), 'Invalid system permission');
    expect((await definitions(t, project)).find((d) => d.id === 'stable')).toEqual({
      id: 'stable',
      contained_permission_ids: ['$read_members'],
    });
  });

  test('renaming keeps grants and containments working under the new id', async () => {
    const p = await makeProject(t, 'Rename');
    await definePermission(t, p, 'writer_old', ['$update_team']);
    await definePermission(t, p, 'boss', ['writer_old']);
    const user = await makeUser(t, p);
    const team = await teamWith(t, p, user);
    await grant(t, p, team.id, user.user_id, 'writer_old');
    const res = await patch('writer_old', { id: 'writer_new' }, p);
    expect(expectOk(res)).toEqual({ id: 'writer_new', contained_permission_ids: ['$update_team'] });
    const listed = await definitions(t, p);
    expect(listed.map((d) => d.id)).not.toContain('writer_old');
    expect(listed.find((d) => d.id === 'boss')!.contained_permission_ids).toEqual(['writer_new']);
    expect(await permissionIds(t, p, team.id, user.user_id, false)).toEqual(['admin', 'writer_new']);
    const filtered = expectList(
      await call(
        t,
        'GET',
        `/team-permissions?team_id=${team.id}&user_id=${user.user_id}&permission_id=writer_new&recursive=true`,
        {
          headers: as(p, 'server'),
        },
      ),
    );
    expect(filtered).toEqual([{ id: 'writer_new', user_id: user.user_id, team_id: team.id }]);
    expectKnownError(
      await call(t, 'POST', `/team-permissions/${team.id}/${user.user_id}/writer_old`, { headers: as(p, 'server'), body: {} }),
      404,
      'PERMISSION_NOT_FOUND',
    );
    // The grant still counts: revoke admin, then $update_team comes only through writer_new.
    expectSuccess(await call(t, 'DELETE', `/team-permissions/${team.id}/${user.user_id}/admin`, { headers: as(p, 'server') }));
    const renamed = await call(t, 'PATCH', `/teams/${team.id}`, {
      headers: as(p, 'client', user.access_token),
      body: { display_name: 'Via writer_new' },
    });
    expect(expectOk(renamed).display_name).toBe('Via writer_new');
  });

  test('renaming onto an existing id: text 400, nothing renamed', async () => {
    await definePermission(t, project, 'rename_src');
    const res = await patch('rename_src', { id: 'member' });
    expectTextError(res, 400);
    const ids = (await definitions(t, project)).map((d) => d.id);
    expect(ids).toContain('rename_src');
  });
});

describe('definitions used as project defaults', () => {
  async function config(p: BootstrappedProject) {
    return expectOk(await call(t, 'GET', '/projects/current', { headers: as(p, 'admin') })).config;
  }

  test('renaming a default keeps it the default under the new id', async () => {
    const p = await makeProject(t, 'Rename defaults');
    expectOk(await patch('admin', { id: 'owner' }, p));
    expectOk(await patch('member', { id: 'regular' }, p));
    const c = await config(p);
    expect(c.team_creator_default_permissions).toEqual([{ id: 'owner' }]);
    expect(c.team_member_default_permissions).toEqual([{ id: 'regular' }]);
    const creator = await makeUser(t, p);
    const joiner = await makeUser(t, p);
    const team = await teamWith(t, p, creator);
    expectOk(
      await call(t, 'POST', `/team-memberships/${team.id}/${joiner.user_id}`, { headers: as(p, 'server'), body: {} }),
      201,
    );
    expect(await permissionIds(t, p, team.id, creator.user_id, false)).toEqual(['owner']);
    expect(await permissionIds(t, p, team.id, joiner.user_id, false)).toEqual(['regular']);
  });

  test('deleting a default removes it from the defaults; new members then get nothing', async () => {
    const p = await makeProject(t, 'Delete defaults');
    expectSuccess(await del('member', p));
    const c = await config(p);
    expect(c.team_member_default_permissions).toEqual([]);
    expect(c.team_creator_default_permissions).toEqual([{ id: 'admin' }]);
    const joiner = await makeUser(t, p);
    const team = await createTeam(t, p);
    expectOk(
      await call(t, 'POST', `/team-memberships/${team.id}/${joiner.user_id}`, { headers: as(p, 'server'), body: {} }),
      201,
    );
    expect(await permissionIds(t, p, team.id, joiner.user_id, true)).toEqual([]);
  });

  test('system permissions cannot be patched or deleted as definitions', async () => {
    const before = await definitions(t, project);
    expectKnownError(await patch('$update_team', { description: 'Mine now' }), 404, 'PERMISSION_NOT_FOUND');
    expectKnownError(await del('$update_team'), 404, 'PERMISSION_NOT_FOUND');
    expect(await definitions(t, project)).toEqual(before);
  });
});

describe('DELETE /team-permission-definitions/{permission_id}', () => {
  test('unknown id: PERMISSION_NOT_FOUND', async () => {
    expectKnownError(await del('never_defined'), 404, 'PERMISSION_NOT_FOUND', { permission_id: 'never_defined' });
  });

  test('removes the definition, its grants, and its place in other definitions', async () => {
    const p = await makeProject(t, 'Delete definition');
    await definePermission(t, p, 'doomed', ['$delete_team']);
    await definePermission(t, p, 'parent', ['doomed', '$read_members']);
    const user = await makeUser(t, p);
    const team = await createTeam(t, p, { creator_user_id: user.user_id });
    await grant(t, p, team.id, user.user_id, 'doomed');
    await grant(t, p, team.id, user.user_id, 'parent');
    expect(await permissionIds(t, p, team.id, user.user_id, false)).toEqual(['admin', 'doomed', 'parent']);
    expectSuccess(await del('doomed', p));
    const listed = await definitions(t, p);
    expect(listed.map((d) => d.id)).not.toContain('doomed');
    expect(listed.find((d) => d.id === 'parent')).toEqual({ id: 'parent', contained_permission_ids: ['$read_members'] });
    expect(await permissionIds(t, p, team.id, user.user_id, false)).toEqual(['admin', 'parent']);
    expect(await permissionIds(t, p, team.id, user.user_id, true)).not.toContain('doomed');
    expectKnownError(await del('doomed', p), 404, 'PERMISSION_NOT_FOUND');
    // The id is free again, and a new definition under it is not granted to anyone.
    await definePermission(t, p, 'doomed');
    expect(await permissionIds(t, p, team.id, user.user_id, false)).toEqual(['admin', 'parent']);
  });

  test('deleting a definition some member holds only through it shrinks their expansion', async () => {
    const p = await makeProject(t, 'Delete middle');
    await definePermission(t, p, 'leaf', ['$remove_members']);
    await definePermission(t, p, 'root', ['leaf']);
    const user = await makeUser(t, p);
    const team = await createTeam(t, p);
    expectOk(await call(t, 'POST', `/team-memberships/${team.id}/${user.user_id}`, { headers: as(p, 'server'), body: {} }), 201);
    await grant(t, p, team.id, user.user_id, 'root');
    expect(await permissionIds(t, p, team.id, user.user_id, true)).toContain('$remove_members');
    expectSuccess(await del('leaf', p));
    expect(await permissionIds(t, p, team.id, user.user_id, true)).toEqual([
      '$invite_members',
      '$read_members',
      'member',
      'root',
    ]);
  });
});
