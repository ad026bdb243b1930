// A user's team permissions: listing (clients only their own; recursive by
// default for clients, direct grants by default for servers), idempotent grants and revokes by
// the server, and the expansion through contained permissions over a chain and a diamond.
import { beforeAll, describe, expect, test } from 'bun:test';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import type { TestInstance } from '../support/instance';
import {
  adminExpanded,
  as,
  call,
  createTeam,
  definePermission,
  expectKnownError,
  expectList,
  expectOk,
  expectSchemaError,
  expectTextError,
  grant,
  makeProject,
  makeUser,
  makeUsers,
  memberExpanded,
  permissionIds,
  revoke,
  teamWith,
  unknownUuid,
  type TestUser,
} from '../support/teams';
import { withProject } from '../support/file-instance';

let t: TestInstance, project: BootstrappedProject, owner: TestUser, member: TestUser, outsider: TestUser, team: any;

withProject('Team permissions', async (started) => {
  ({ t, project } = started);
  [owner, member, outsider] = (await makeUsers(t, project, 'owner', 'member', 'outsider')) as [TestUser, TestUser, TestUser];
  team = await teamWith(t, project, owner, [member]);
});

function listAs(headers: Record<string, string>, query: string) {
  return call(t, 'GET', `/team-permissions${query}`, { headers });
}
const ids = (items: any[]) => items.map((p) => p.id);

describe('GET /team-permissions', () => {
  test('client, user_id=me, recursive=true: the expanded creator permissions', async () => {
    const items = expectList(
      await listAs(as(project, 'client', owner.access_token), `?team_id=${team.id}&user_id=me&recursive=true`),
    );
    expect(items).toEqual(adminExpanded.map((id) => ({ id, user_id: owner.user_id, team_id: team.id })));
  });

  test('client, recursive=false: only direct grants', async () => {
    const items = expectList(
      await listAs(as(project, 'client', member.access_token), `?team_id=${team.id}&user_id=me&recursive=false`),
    );
    expect(items).toEqual([{ id: 'member', user_id: member.user_id, team_id: team.id }]);
  });

  test('client default is recursive; server default is not', async () => {
    const client = expectList(await listAs(as(project, 'client', member.access_token), `?team_id=${team.id}&user_id=me`));
    expect(ids(client)).toEqual(memberExpanded);
    const server = expectList(await listAs(as(project, 'server'), `?team_id=${team.id}&user_id=${member.user_id}`));
    expect(ids(server)).toEqual(['member']);
  });

  test('client: own id works; another user or no user_id is text 403; me without a user is CANNOT_GET_OWN_USER_WITHOUT_USER', async () => {
    const own = expectList(
      await listAs(as(project, 'client', member.access_token), `?team_id=${team.id}&user_id=${member.user_id}`),
    );
    expect(ids(own)).toEqual(memberExpanded);
    expectTextError(
      await listAs(as(project, 'client', member.access_token), `?team_id=${team.id}&user_id=${owner.user_id}`),
      403,
    );
    expectTextError(await listAs(as(project, 'client', member.access_token), `?team_id=${team.id}`), 403);
    expectKnownError(
      await listAs(as(project, 'client'), `?team_id=${team.id}&user_id=me`),
      400,
      'CANNOT_GET_OWN_USER_WITHOUT_USER',
    );
  });

  test('a non-member simply holds nothing', async () => {
    expect(expectList(await listAs(as(project, 'client', outsider.access_token), `?team_id=${team.id}&user_id=me`))).toEqual([]);
  });

  test('without team_id: every team of the user, sorted by team id then permission id', async () => {
    const user = await makeUser(t, project);
    const a = await teamWith(t, project, user);
    const b = await teamWith(t, project, owner, [user]);
    await grant(t, project, b.id, user.user_id, '$update_team');
    const items = expectList(await listAs(as(project, 'server'), `?user_id=${user.user_id}&recursive=false`));
    const expected = [
      { id: 'admin', user_id: user.user_id, team_id: a.id },
      { id: '$update_team', user_id: user.user_id, team_id: b.id },
      { id: 'member', user_id: user.user_id, team_id: b.id },
    ].sort((x, y) => (x.team_id < y.team_id ? -1 : x.team_id > y.team_id ? 1 : x.id < y.id ? -1 : 1));
    expect(items).toEqual(expected);
  });

  test('client without team_id: its own permissions in every team', async () => {
    const user = await makeUser(t, project);
    const a = await teamWith(t, project, user);
    const b = await teamWith(t, project, owner, [user]);
    const items = expectList(await listAs(as(project, 'client', user.access_token), '?user_id=me&recursive=false'));
    expect(items.map((p) => `${p.team_id}/${p.id}`).sort()).toEqual([`${a.id}/admin`, `${b.id}/member`].sort());
    for (const item of items) expect(item.user_id).toBe(user.user_id);
  });

  test('server without user_id: every member of the team, sorted by user id then permission id', async () => {
    const items = expectList(await listAs(as(project, 'server'), `?team_id=${team.id}&recursive=false`));
    const expected = [
      { id: 'admin', user_id: owner.user_id, team_id: team.id },
      { id: 'member', user_id: member.user_id, team_id: team.id },
    ].sort((x, y) => (x.user_id < y.user_id ? -1 : 1));
    expect(items).toEqual(expected);
  });

  test('bad query: SCHEMA_ERROR', async () => {
    expectSchemaError(await listAs(as(project, 'server'), `?team_id=${team.id}&recursive=yes`));
    expectSchemaError(await listAs(as(project, 'server'), `?team_id=nope`));
    expectSchemaError(await listAs(as(project, 'server'), `?team_id=${team.id}&colour=red`));
  });
});

describe('POST /team-permissions/{team_id}/{user_id}/{permission_id}', () => {
  test('grants a system permission: 201 {id, user_id, team_id}; granting again is idempotent', async () => {
    const user = await makeUser(t, project);
    const own = await teamWith(t, project, owner, [user]);
    for (let i = 0; i < 2; i++) {
      const res = await call(t, 'POST', `/team-permissions/${own.id}/${user.user_id}/$delete_team`, {
        headers: as(project, 'server'),
        body: {},
      });
      expect(expectOk(res, 201)).toEqual({ id: '$delete_team', user_id: user.user_id, team_id: own.id });
    }
    expect(await permissionIds(t, project, own.id, user.user_id, false)).toEqual(['$delete_team', 'member']);
  });

  test('the granted permission takes effect on client checks', async () => {
    const user = await makeUser(t, project);
    const own = await teamWith(t, project, owner, [user]);
    const headers = as(project, 'client', user.access_token);
    expectKnownError(await call(t, 'DELETE', `/teams/${own.id}`, { headers }), 401, 'TEAM_PERMISSION_REQUIRED');
    await grant(t, project, own.id, user.user_id, 'admin');
    expect(expectOk(await call(t, 'DELETE', `/teams/${own.id}`, { headers }))).toEqual({ success: true });
  });

  test('unknown user: USER_NOT_FOUND; non-member: TEAM_MEMBERSHIP_NOT_FOUND; unknown permission: PERMISSION_NOT_FOUND', async () => {
    const headers = as(project, 'server');
    expectKnownError(
      await call(t, 'POST', `/team-permissions/${team.id}/${unknownUuid()}/admin`, { headers, body: {} }),
      404,
      'USER_NOT_FOUND',
    );
    expectKnownError(
      await call(t, 'POST', `/team-permissions/${team.id}/${outsider.user_id}/admin`, { headers, body: {} }),
      404,
      'TEAM_MEMBERSHIP_NOT_FOUND',
      { team_id: team.id, user_id: outsider.user_id },
    );
    expectKnownError(
      await call(t, 'POST', `/team-permissions/${team.id}/${member.user_id}/no_such_thing`, { headers, body: {} }),
      404,
      'PERMISSION_NOT_FOUND',
      { permission_id: 'no_such_thing' },
    );
    expect(await permissionIds(t, project, team.id, member.user_id, false)).toEqual(['member']);
    expect(await permissionIds(t, project, team.id, outsider.user_id, false)).toEqual([]);
  });

  test('client access: INSUFFICIENT_ACCESS_TYPE, nothing granted', async () => {
    const res = await call(t, 'POST', `/team-permissions/${team.id}/${member.user_id}/admin`, {
      headers: as(project, 'client', owner.access_token),
      body: {},
    });
    expectKnownError(res, 401, 'INSUFFICIENT_ACCESS_TYPE', {
      actual_access_type: 'client',
      allowed_access_types: ['server', 'admin'],
    });
    expect(await permissionIds(t, project, team.id, member.user_id, false)).toEqual(['member']);
  });
});

describe('DELETE /team-permissions/{team_id}/{user_id}/{permission_id}', () => {
  test('revokes a direct grant; revoking again is TEAM_PERMISSION_NOT_FOUND', async () => {
    const user = await makeUser(t, project);
    const own = await teamWith(t, project, owner, [user]);
    await revoke(t, project, own.id, user.user_id, 'member');
    expect(await permissionIds(t, project, own.id, user.user_id, true)).toEqual([]);
    expectKnownError(
      await call(t, 'DELETE', `/team-permissions/${own.id}/${user.user_id}/member`, { headers: as(project, 'server') }),
      401,
      'TEAM_PERMISSION_NOT_FOUND',
      { team_id: own.id, user_id: user.user_id, permission_id: 'member' },
    );
  });

  test('a permission held only through containment is TEAM_PERMISSION_NOT_FOUND and stays', async () => {
    expectKnownError(
      await call(t, 'DELETE', `/team-permissions/${team.id}/${member.user_id}/$read_members`, { headers: as(project, 'server') }),
      401,
      'TEAM_PERMISSION_NOT_FOUND',
      { team_id: team.id, user_id: member.user_id, permission_id: '$read_members' },
    );
    expect(await permissionIds(t, project, team.id, member.user_id, true)).toEqual(memberExpanded);
  });

  test('unknown user, non-member, unknown permission, client access', async () => {
    expectKnownError(
      await call(t, 'DELETE', `/team-permissions/${team.id}/${unknownUuid()}/member`, { headers: as(project, 'server') }),
      404,
      'USER_NOT_FOUND',
    );
    expectKnownError(
      await call(t, 'DELETE', `/team-permissions/${team.id}/${outsider.user_id}/member`, { headers: as(project, 'server') }),
      404,
      'TEAM_MEMBERSHIP_NOT_FOUND',
    );
    expectKnownError(
      await call(t, 'DELETE', `/team-permissions/${team.id}/${member.user_id}/no_such_thing`, { headers: as(project, 'server') }),
      404,
      'PERMISSION_NOT_FOUND',
      { permission_id: 'no_such_thing' },
    );
    expectKnownError(
      await call(t, 'DELETE', `/team-permissions/${team.id}/${member.user_id}/member`, {
        headers: as(project, 'client', owner.access_token),
      }),
      401,
      'INSUFFICIENT_ACCESS_TYPE',
    );
    expect(await permissionIds(t, project, team.id, member.user_id, false)).toEqual(['member']);
  });
});

describe('permission graph', () => {
  // Its own project, so that its definitions do not touch the other tests.
  let graph: BootstrappedProject, user: TestUser, gteam: any;

  beforeAll(async () => {
    graph = await makeProject(t, 'Permission graph');
    // Chain a → b → c, where c contains a system permission.
    await definePermission(t, graph, 'c', ['$read_members']);
    await definePermission(t, graph, 'b', ['c']);
    await definePermission(t, graph, 'a', ['b']);
    // Diamond top → {left, right} → bottom, with bottom → $update_team.
    await definePermission(t, graph, 'bottom', ['$update_team']);
    await definePermission(t, graph, 'left', ['bottom']);
    await definePermission(t, graph, 'right', ['bottom', '$invite_members']);
    await definePermission(t, graph, 'top', ['left', 'right']);
    // An unrelated definition nobody is granted.
    await definePermission(t, graph, 'lonely', ['$delete_team']);
    user = await makeUser(t, graph);
    gteam = await createTeam(t, graph);
    const res = await call(t, 'POST', `/team-memberships/${gteam.id}/${user.user_id}`, {
      headers: as(graph, 'server'),
      body: {},
    });
    expectOk(res, 201);
    await revoke(t, graph, gteam.id, user.user_id, 'member');
    await grant(t, graph, gteam.id, user.user_id, 'a');
    await grant(t, graph, gteam.id, user.user_id, 'top');
  });

  test('recursive listing holds exactly everything reachable, each once, sorted', async () => {
    expect(await permissionIds(t, graph, gteam.id, user.user_id, true)).toEqual([
      '$invite_members',
      '$read_members',
      '$update_team',
      'a',
      'b',
      'bottom',
      'c',
      'left',
      'right',
      'top',
    ]);
  });

  test('non-recursive listing holds only the direct grants', async () => {
    expect(await permissionIds(t, graph, gteam.id, user.user_id, false)).toEqual(['a', 'top']);
  });

  test('permission_id filters after the expansion', async () => {
    const headers = as(graph, 'server');
    const deep = expectList(await listAs(headers, `?team_id=${gteam.id}&user_id=${user.user_id}&recursive=true&permission_id=c`));
    expect(deep).toEqual([{ id: 'c', user_id: user.user_id, team_id: gteam.id }]);
    const system = expectList(
      await listAs(headers, `?team_id=${gteam.id}&user_id=${user.user_id}&recursive=true&permission_id=$update_team`),
    );
    expect(ids(system)).toEqual(['$update_team']);
    expect(
      expectList(await listAs(headers, `?team_id=${gteam.id}&user_id=${user.user_id}&recursive=false&permission_id=c`)),
    ).toEqual([]);
    expect(
      expectList(await listAs(headers, `?team_id=${gteam.id}&user_id=${user.user_id}&recursive=true&permission_id=lonely`)),
    ).toEqual([]);
    const client = expectList(
      await listAs(as(graph, 'client', user.access_token), `?team_id=${gteam.id}&user_id=me&permission_id=bottom`),
    );
    expect(ids(client)).toEqual(['bottom']);
  });

  test('expanded permissions count for client checks ($update_team through top → left → bottom)', async () => {
    const res = await call(t, 'PATCH', `/teams/${gteam.id}`, {
      headers: as(graph, 'client', user.access_token),
      body: { display_name: 'Renamed through the diamond' },
    });
    expect(expectOk(res).display_name).toBe('Renamed through the diamond');
    expectKnownError(
      await call(t, 'DELETE', `/teams/${gteam.id}`, { headers: as(graph, 'client', user.access_token) }),
      401,
      'TEAM_PERMISSION_REQUIRED',
    );
  });

  test('after revoking, what was reachable only through the revoked grant disappears', async () => {
    await revoke(t, graph, gteam.id, user.user_id, 'top');
    expect(await permissionIds(t, graph, gteam.id, user.user_id, true)).toEqual(['$read_members', 'a', 'b', 'c']);
    await revoke(t, graph, gteam.id, user.user_id, 'a');
    expect(await permissionIds(t, graph, gteam.id, user.user_id, true)).toEqual([]);
    // Granting a middle node expands only below it.
    await grant(t, graph, gteam.id, user.user_id, 'left');
    expect(await permissionIds(t, graph, gteam.id, user.user_id, true)).toEqual(['$update_team', 'bottom', 'left']);
  });
});
