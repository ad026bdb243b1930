// Team memberships and the selected team of a user: the
// server adds members (who get the member default permissions), anyone leaves, removing others
// needs $remove_members, and the selection follows membership.
import { describe, expect, test } from 'bun:test';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import type { TestInstance } from '../support/instance';
import {
  addMember,
  as,
  call,
  createTeam,
  expectKnownError,
  expectOk,
  expectSchemaError,
  expectSuccess,
  expectTeamView,
  expectUserView,
  makeProject,
  makeUser,
  makeUsers,
  memberExpanded,
  memberIdsOf,
  permissionIds,
  setProjectConfig,
  teamIdsOf,
  teamWith,
  unknownUuid,
  type TestUser,
} from '../support/teams';
import { withProject } from '../support/file-instance';

let t: TestInstance, project: BootstrappedProject, owner: TestUser, member: TestUser, outsider: TestUser;

withProject('Memberships', async (started) => {
  ({ t, project } = started);
  [owner, member, outsider] = (await makeUsers(t, project, 'owner', 'member', 'outsider')) as [TestUser, TestUser, TestUser];
});

describe('POST /team-memberships/{team_id}/{user_id}', () => {
  const addMemberAs = (level: 'server' | 'admin', teamId: string, userId: string) =>
    call(t, 'POST', `/team-memberships/${teamId}/${userId}`, { headers: as(project, level), body: {} });

  test('server adds a member: 201 {team_id, user_id}, member default permission `member`', async () => {
    const team = await createTeam(t, project);
    const user = await makeUser(t, project);
    const res = await addMemberAs('server', team.id, user.user_id);
    expect(expectOk(res, 201)).toEqual({ team_id: team.id, user_id: user.user_id });
    expect(await teamIdsOf(t, project, user.user_id)).toEqual([team.id]);
    expect(await memberIdsOf(t, project, team.id)).toEqual([user.user_id]);
    expect(await permissionIds(t, project, team.id, user.user_id, false)).toEqual(['member']);
    expect(await permissionIds(t, project, team.id, user.user_id, true)).toEqual(memberExpanded);
  });

  test('admin access may add members too', async () => {
    const team = await createTeam(t, project);
    const user = await makeUser(t, project);
    const res = await addMemberAs('admin', team.id, user.user_id);
    expect(expectOk(res, 201)).toEqual({ team_id: team.id, user_id: user.user_id });
  });

  test('the member default permissions follow the project config', async () => {
    const custom = await makeProject(t, 'Custom member defaults');
    await setProjectConfig(t, custom, { team_member_default_permissions: [{ id: '$read_members' }] });
    const team = await createTeam(t, custom);
    const user = await makeUser(t, custom);
    await addMember(t, custom, team.id, user.user_id);
    expect(await permissionIds(t, custom, team.id, user.user_id, false)).toEqual(['$read_members']);
  });

  test('unknown user: USER_NOT_FOUND; unknown team: TEAM_NOT_FOUND; nothing added', async () => {
    const team = await createTeam(t, project);
    expectKnownError(
      await call(t, 'POST', `/team-memberships/${team.id}/${unknownUuid()}`, { headers: as(project, 'server'), body: {} }),
      404,
      'USER_NOT_FOUND',
    );
    const teamId = unknownUuid();
    expectKnownError(
      await call(t, 'POST', `/team-memberships/${teamId}/${outsider.user_id}`, { headers: as(project, 'server'), body: {} }),
      404,
      'TEAM_NOT_FOUND',
      { team_id: teamId },
    );
    expect(await memberIdsOf(t, project, team.id)).toEqual([]);
    expect(await teamIdsOf(t, project, outsider.user_id)).toEqual([]);
  });

  test('adding twice: TEAM_MEMBERSHIP_ALREADY_EXISTS; the creator is already a member', async () => {
    const team = await teamWith(t, project, owner, [member]);
    expectKnownError(
      await call(t, 'POST', `/team-memberships/${team.id}/${member.user_id}`, { headers: as(project, 'server'), body: {} }),
      409,
      'TEAM_MEMBERSHIP_ALREADY_EXISTS',
    );
    expectKnownError(
      await call(t, 'POST', `/team-memberships/${team.id}/${owner.user_id}`, { headers: as(project, 'server'), body: {} }),
      409,
      'TEAM_MEMBERSHIP_ALREADY_EXISTS',
    );
    // The refused add did not reset the creator's permissions to the member default.
    expect(await permissionIds(t, project, team.id, owner.user_id, false)).toEqual(['admin']);
  });

  test('client access: INSUFFICIENT_ACCESS_TYPE, nothing added', async () => {
    const team = await teamWith(t, project, owner);
    const res = await call(t, 'POST', `/team-memberships/${team.id}/${outsider.user_id}`, {
      headers: as(project, 'client', owner.access_token),
      body: {},
    });
    expectKnownError(res, 401, 'INSUFFICIENT_ACCESS_TYPE', {
      actual_access_type: 'client',
      allowed_access_types: ['server', 'admin'],
    });
    expect(await memberIdsOf(t, project, team.id)).toEqual([owner.user_id]);
  });

  test('malformed ids: SCHEMA_ERROR', async () => {
    const team = await createTeam(t, project);
    expectSchemaError(
      await call(t, 'POST', `/team-memberships/${team.id}/someone`, { headers: as(project, 'server'), body: {} }),
    );
    expectSchemaError(
      await call(t, 'POST', `/team-memberships/nope/${outsider.user_id}`, { headers: as(project, 'server'), body: {} }),
    );
  });
});

describe('DELETE /team-memberships/{team_id}/{user_id}', () => {
  test('any member leaves with `me` (no permission needed); grants go with the membership', async () => {
    const team = await teamWith(t, project, owner, [member]);
    const res = await call(t, 'DELETE', `/team-memberships/${team.id}/me`, {
      headers: as(project, 'client', member.access_token),
      body: {},
    });
    expectSuccess(res);
    expect(await teamIdsOf(t, project, member.user_id)).not.toContain(team.id);
    expect(await memberIdsOf(t, project, team.id)).toEqual([owner.user_id]);
    expect(await permissionIds(t, project, team.id, member.user_id, true)).toEqual([]);
    // Rejoining starts again from the member default.
    await addMember(t, project, team.id, member.user_id);
    expect(await permissionIds(t, project, team.id, member.user_id, false)).toEqual(['member']);
  });

  test('a member without $remove_members cannot remove someone else', async () => {
    const team = await teamWith(t, project, owner, [member]);
    const res = await call(t, 'DELETE', `/team-memberships/${team.id}/${owner.user_id}`, {
      headers: as(project, 'client', member.access_token),
    });
    expectKnownError(res, 401, 'TEAM_PERMISSION_REQUIRED', {
      team_id: team.id,
      user_id: member.user_id,
      permission_id: '$remove_members',
    });
    expect(await memberIdsOf(t, project, team.id)).toEqual([owner.user_id, member.user_id].sort());
  });

  test('a member with $remove_members (the creator) removes someone else', async () => {
    const team = await teamWith(t, project, owner, [member]);
    expectSuccess(
      await call(t, 'DELETE', `/team-memberships/${team.id}/${member.user_id}`, {
        headers: as(project, 'client', owner.access_token),
      }),
    );
    expect(await memberIdsOf(t, project, team.id)).toEqual([owner.user_id]);
  });

  test('client without a user: CANNOT_GET_OWN_USER_WITHOUT_USER', async () => {
    const team = await teamWith(t, project, owner);
    expectKnownError(
      await call(t, 'DELETE', `/team-memberships/${team.id}/me`, { headers: as(project, 'client'), body: {} }),
      400,
      'CANNOT_GET_OWN_USER_WITHOUT_USER',
    );
    expect(await memberIdsOf(t, project, team.id)).toEqual([owner.user_id]);
  });

  test('leaving a team one is not in: TEAM_MEMBERSHIP_NOT_FOUND', async () => {
    const team = await teamWith(t, project, owner);
    expectKnownError(
      await call(t, 'DELETE', `/team-memberships/${team.id}/me`, { headers: as(project, 'client', outsider.access_token) }),
      404,
      'TEAM_MEMBERSHIP_NOT_FOUND',
    );
  });

  test('server removes any member; removing again is TEAM_MEMBERSHIP_NOT_FOUND; unknown user is USER_NOT_FOUND', async () => {
    const team = await teamWith(t, project, owner, [member]);
    expectSuccess(await call(t, 'DELETE', `/team-memberships/${team.id}/${owner.user_id}`, { headers: as(project, 'server') }));
    expect(await memberIdsOf(t, project, team.id)).toEqual([member.user_id]);
    expectKnownError(
      await call(t, 'DELETE', `/team-memberships/${team.id}/${owner.user_id}`, { headers: as(project, 'server') }),
      404,
      'TEAM_MEMBERSHIP_NOT_FOUND',
      { team_id: team.id, user_id: owner.user_id },
    );
    expectKnownError(
      await call(t, 'DELETE', `/team-memberships/${team.id}/${unknownUuid()}`, { headers: as(project, 'server') }),
      404,
      'USER_NOT_FOUND',
    );
  });

  test('leaving the selected team clears selected_team_id; leaving another team keeps it', async () => {
    const user = await makeUser(t, project);
    const selected = await teamWith(t, project, owner, [user]);
    const other = await teamWith(t, project, owner, [user]);
    const headers = as(project, 'client', user.access_token);
    expect(
      expectOk(await call(t, 'PATCH', '/users/me', { headers, body: { selected_team_id: selected.id } })).selected_team_id,
    ).toBe(selected.id);
    expectSuccess(await call(t, 'DELETE', `/team-memberships/${other.id}/me`, { headers }));
    expect(expectOk(await call(t, 'GET', '/users/me', { headers })).selected_team_id).toBe(selected.id);
    expectSuccess(await call(t, 'DELETE', `/team-memberships/${selected.id}/me`, { headers }));
    const me = expectOk(await call(t, 'GET', '/users/me', { headers }));
    expect(me.selected_team_id).toBeNull();
    expect(me.selected_team).toBeNull();
  });
});

describe('selected team', () => {
  test('client PATCH /users/me selects a team it is in: client team view embedded', async () => {
    const user = await makeUser(t, project);
    const team = await teamWith(t, project, owner, [user], { server_metadata: { hidden: true } });
    const headers = as(project, 'client', user.access_token);
    const view = expectOk(await call(t, 'PATCH', '/users/me', { headers, body: { selected_team_id: team.id } }));
    expectUserView(view, 'client');
    expect(view.selected_team_id).toBe(team.id);
    expectTeamView(view.selected_team, 'client', { id: team.id, display_name: team.display_name });
    const me = expectOk(await call(t, 'GET', '/users/me', { headers }));
    expect(me.selected_team).toEqual(view.selected_team);
  });

  test('server views (GET /users/{id}, server PATCH /users/me) embed the server team view', async () => {
    const user = await makeUser(t, project);
    const team = await teamWith(t, project, owner, [user], { server_metadata: { hidden: true } });
    const view = expectOk(
      await call(t, 'PATCH', '/users/me', {
        headers: as(project, 'server', user.access_token),
        body: { selected_team_id: team.id },
      }),
    );
    expectUserView(view, 'server');
    expectTeamView(view.selected_team, 'server', { id: team.id, server_metadata: { hidden: true } });
    const read = expectOk(await call(t, 'GET', `/users/${user.user_id}`, { headers: as(project, 'server') }));
    expect(read.selected_team_id).toBe(team.id);
    expectTeamView(read.selected_team, 'server', { id: team.id, created_at_millis: team.created_at_millis });
  });

  test('server PATCH /users/{id} selects a team too, and null clears it', async () => {
    const user = await makeUser(t, project);
    const team = await teamWith(t, project, owner, [user]);
    const set = expectOk(
      await call(t, 'PATCH', `/users/${user.user_id}`, { headers: as(project, 'server'), body: { selected_team_id: team.id } }),
    );
    expect(set.selected_team_id).toBe(team.id);
    const cleared = expectOk(
      await call(t, 'PATCH', `/users/${user.user_id}`, { headers: as(project, 'server'), body: { selected_team_id: null } }),
    );
    expect(cleared.selected_team_id).toBeNull();
    expect(cleared.selected_team).toBeNull();
  });

  test('a team the user is not in (or no team at all): TEAM_MEMBERSHIP_NOT_FOUND, selection kept', async () => {
    const user = await makeUser(t, project);
    const mine = await teamWith(t, project, owner, [user]);
    const notMine = await teamWith(t, project, owner);
    const headers = as(project, 'client', user.access_token);
    expectOk(await call(t, 'PATCH', '/users/me', { headers, body: { selected_team_id: mine.id } }));
    expectKnownError(
      await call(t, 'PATCH', '/users/me', { headers, body: { selected_team_id: notMine.id } }),
      404,
      'TEAM_MEMBERSHIP_NOT_FOUND',
    );
    expectKnownError(
      await call(t, 'PATCH', '/users/me', { headers, body: { selected_team_id: unknownUuid() } }),
      404,
      'TEAM_MEMBERSHIP_NOT_FOUND',
    );
    expectKnownError(
      await call(t, 'PATCH', `/users/${user.user_id}`, {
        headers: as(project, 'server'),
        body: { selected_team_id: notMine.id },
      }),
      404,
      'TEAM_MEMBERSHIP_NOT_FOUND',
    );
    expect(expectOk(await call(t, 'GET', '/users/me', { headers })).selected_team_id).toBe(mine.id);
  });

  test('the embedded selected team follows later changes of the team', async () => {
    const user = await makeUser(t, project);
    const team = await teamWith(t, project, owner, [user]);
    const headers = as(project, 'client', user.access_token);
    expectOk(await call(t, 'PATCH', '/users/me', { headers, body: { selected_team_id: team.id } }));
    expectOk(await call(t, 'GET', `/users/${user.user_id}`, { headers: as(project, 'server') }));
    expectOk(
      await call(t, 'PATCH', `/teams/${team.id}`, {
        headers: as(project, 'server'),
        body: { display_name: 'Renamed later', server_metadata: { tier: 2 } },
      }),
    );
    const me = expectOk(await call(t, 'GET', '/users/me', { headers }));
    expect(me.selected_team.display_name).toBe('Renamed later');
    const read = expectOk(await call(t, 'GET', `/users/${user.user_id}`, { headers: as(project, 'server') }));
    expect(read.selected_team).toMatchObject({ display_name: 'Renamed later', server_metadata: { tier: 2 } });
  });

  test('removal by the server also clears the selection', async () => {
    const user = await makeUser(t, project);
    const team = await teamWith(t, project, owner, [user]);
    const headers = as(project, 'client', user.access_token);
    expectOk(await call(t, 'PATCH', '/users/me', { headers, body: { selected_team_id: team.id } }));
    expectSuccess(await call(t, 'DELETE', `/team-memberships/${team.id}/${user.user_id}`, { headers: as(project, 'server') }));
    const read = expectOk(await call(t, 'GET', `/users/${user.user_id}`, { headers: as(project, 'server') }));
    expect(read.selected_team_id).toBeNull();
    expect(read.selected_team).toBeNull();
  });

  test('a deleted user disappears from the team: members, profiles, permissions', async () => {
    const user = await makeUser(t, project);
    const team = await teamWith(t, project, owner, [user]);
    expectSuccess(await call(t, 'DELETE', `/users/${user.user_id}`, { headers: as(project, 'server') }));
    expect(await memberIdsOf(t, project, team.id)).toEqual([owner.user_id]);
    const profiles = expectOk(
      await call(t, 'GET', `/team-member-profiles?team_id=${team.id}`, { headers: as(project, 'server') }),
    );
    expect(profiles.items.map((p: any) => p.user_id)).toEqual([owner.user_id]);
    const perms = expectOk(
      await call(t, 'GET', `/team-permissions?team_id=${team.id}&recursive=false`, { headers: as(project, 'server') }),
    );
    expect(perms.items.map((p: any) => p.user_id)).toEqual([owner.user_id]);
  });

  test('GET /users?team_id= lists only the members of that team', async () => {
    const a = await makeUser(t, project);
    const b = await makeUser(t, project);
    await makeUser(t, project);
    const team = await teamWith(t, project, a, [b]);
    const body = expectOk(await call(t, 'GET', `/users?team_id=${team.id}`, { headers: as(project, 'server') }));
    expect(body.items.map((u: any) => u.id).sort()).toEqual([a.user_id, b.user_id].sort());
    for (const item of body.items) expectUserView(item, 'server');
    const empty = await createTeam(t, project);
    expect(await memberIdsOf(t, project, empty.id)).toEqual([]);
  });
});
