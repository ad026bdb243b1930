// Isolation: a member of one team cannot reach another team, a member
// without permissions cannot manage its own team, and one project's keys and users never reach
// another project's teams. Every refusal leaves the data as it was.
import { describe, expect, test } from 'bun:test';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import type { ApiResult, TestInstance } from '../support/instance';
import {
  as,
  call,
  definePermission,
  definitions,
  expectKnownError,
  expectList,
  expectOk,
  expectTextError,
  makeProject,
  makeUser,
  memberIdsOf,
  permissionIds,
  readTeam,
  revoke,
  teamIdsOf,
  teamWith,
  uniqueEmail,
  type TestUser,
} from '../support/teams';
import { withInstance } from '../support/file-instance';

let t: TestInstance, p: BootstrappedProject, q: BootstrappedProject;
let alice: TestUser; // creator of team A (project p)
let bob: TestUser; // creator of team B (project p)
let bare: TestUser; // member of A without permissions
let quinn: TestUser; // creator of team Q (project q)
let teamA: any, teamB: any, teamQ: any;

const callback = 'http://localhost:3000/handler/team-invitation';

withInstance(async (started) => {
  ({ t } = started);
  p = await makeProject(t, 'Project P');
  q = await makeProject(t, 'Project Q');
  alice = await makeUser(t, p, {}, 'alice');
  bob = await makeUser(t, p, {}, 'bob');
  bare = await makeUser(t, p, {}, 'bare');
  quinn = await makeUser(t, q, {}, 'quinn');
  teamA = await teamWith(t, p, alice, [bare], { display_name: 'A' });
  teamB = await teamWith(t, p, bob, [], { display_name: 'B' });
  teamQ = await teamWith(t, q, quinn, [], { display_name: 'Q' });
  await revoke(t, p, teamA.id, bare.user_id, 'member');
});

describe("a member of team A and team B's data", () => {
  test('cannot read, patch or delete team B: TEAM_MEMBERSHIP_NOT_FOUND, B unchanged', async () => {
    const headers = as(p, 'client', alice.access_token);
    const before = await readTeam(t, p, teamB.id);
    const attempts: ApiResult[] = [
      await call(t, 'GET', `/teams/${teamB.id}`, { headers }),
      await call(t, 'PATCH', `/teams/${teamB.id}`, { headers, body: { display_name: 'Taken over' } }),
      await call(t, 'DELETE', `/teams/${teamB.id}`, { headers }),
    ];
    for (const res of attempts) expectKnownError(res, 404, 'TEAM_MEMBERSHIP_NOT_FOUND');
    expect(await readTeam(t, p, teamB.id)).toEqual(before);
  });

  test("cannot list B's members, profiles or invitations, nor invite to B", async () => {
    const headers = as(p, 'client', alice.access_token);
    expectKnownError(
      await call(t, 'GET', `/team-member-profiles?team_id=${teamB.id}`, { headers }),
      404,
      'TEAM_MEMBERSHIP_NOT_FOUND',
    );
    expectKnownError(
      await call(t, 'GET', `/team-member-profiles/${teamB.id}/${bob.user_id}`, { headers }),
      404,
      'TEAM_MEMBERSHIP_NOT_FOUND',
    );
    expectKnownError(
      await call(t, 'GET', `/team-invitations?team_id=${teamB.id}`, { headers }),
      404,
      'TEAM_MEMBERSHIP_NOT_FOUND',
    );
    expectKnownError(
      await call(t, 'POST', '/team-invitations/send-code', {
        headers,
        body: { team_id: teamB.id, email: uniqueEmail('b-invite'), callback_url: callback },
      }),
      404,
      'TEAM_MEMBERSHIP_NOT_FOUND',
    );
    expect(expectList(await call(t, 'GET', `/team-invitations?team_id=${teamB.id}`, { headers: as(p, 'server') }))).toEqual([]);
  });

  test("cannot remove B's creator from B", async () => {
    const res = await call(t, 'DELETE', `/team-memberships/${teamB.id}/${bob.user_id}`, {
      headers: as(p, 'client', alice.access_token),
    });
    expectKnownError(res, 404, 'TEAM_MEMBERSHIP_NOT_FOUND');
    expect(await memberIdsOf(t, p, teamB.id)).toEqual([bob.user_id]);
  });

  test("does not see B in its own list, and cannot read bob's permissions", async () => {
    const mine = expectList(await call(t, 'GET', '/teams?user_id=me', { headers: as(p, 'client', alice.access_token) }));
    expect(mine.map((team) => team.id)).toEqual([teamA.id]);
    const res = await call(t, 'GET', `/team-permissions?team_id=${teamB.id}&user_id=${bob.user_id}`, {
      headers: as(p, 'client', alice.access_token),
    });
    expectTextError(res, 403);
  });

  test('cannot select team B', async () => {
    expectKnownError(
      await call(t, 'PATCH', '/users/me', { headers: as(p, 'client', alice.access_token), body: { selected_team_id: teamB.id } }),
      404,
      'TEAM_MEMBERSHIP_NOT_FOUND',
    );
  });
});

describe('a member without permissions in its own team', () => {
  test('cannot invite, update, delete, remove others or list members; nothing changes', async () => {
    const headers = as(p, 'client', bare.access_token);
    const before = await readTeam(t, p, teamA.id);
    const refusals: [ApiResult, string][] = [
      [
        await call(t, 'POST', '/team-invitations/send-code', {
          headers,
          body: { team_id: teamA.id, email: uniqueEmail('bare-invite'), callback_url: callback },
        }),
        '$invite_members',
      ],
      [await call(t, 'PATCH', `/teams/${teamA.id}`, { headers, body: { display_name: 'Bare rename' } }), '$update_team'],
      [await call(t, 'DELETE', `/teams/${teamA.id}`, { headers }), '$delete_team'],
      [await call(t, 'DELETE', `/team-memberships/${teamA.id}/${alice.user_id}`, { headers }), '$remove_members'],
      [await call(t, 'GET', `/team-member-profiles?team_id=${teamA.id}`, { headers }), '$read_members'],
    ];
    for (const [res, permission] of refusals) {
      expectKnownError(res, 401, 'TEAM_PERMISSION_REQUIRED', {
        team_id: teamA.id,
        user_id: bare.user_id,
        permission_id: permission,
      });
    }
    expect(await readTeam(t, p, teamA.id)).toEqual(before);
    expect(await memberIdsOf(t, p, teamA.id)).toEqual([alice.user_id, bare.user_id].sort());
    expect(expectList(await call(t, 'GET', `/team-invitations?team_id=${teamA.id}`, { headers: as(p, 'server') }))).toEqual([]);
  });

  test('can still read the team and leave it', async () => {
    const user = await makeUser(t, p);
    const team = await teamWith(t, p, alice, [user]);
    await revoke(t, p, team.id, user.user_id, 'member');
    const headers = as(p, 'client', user.access_token);
    expect(expectOk(await call(t, 'GET', `/teams/${team.id}`, { headers })).id).toBe(team.id);
    expect(expectOk(await call(t, 'DELETE', `/team-memberships/${team.id}/me`, { headers }))).toEqual({ success: true });
    expect(await teamIdsOf(t, p, user.user_id)).toEqual([]);
  });
});

describe('project boundaries', () => {
  test("P's server key gets TEAM_NOT_FOUND for Q's team on every team endpoint; Q's team unchanged", async () => {
    const headers = as(p, 'server');
    const before = await readTeam(t, q, teamQ.id);
    const attempts: ApiResult[] = [
      await call(t, 'GET', `/teams/${teamQ.id}`, { headers }),
      await call(t, 'PATCH', `/teams/${teamQ.id}`, { headers, body: { display_name: 'Stolen' } }),
      await call(t, 'DELETE', `/teams/${teamQ.id}`, { headers }),
      await call(t, 'POST', `/team-memberships/${teamQ.id}/${alice.user_id}`, { headers, body: {} }),
      await call(t, 'GET', `/team-member-profiles?team_id=${teamQ.id}`, { headers }),
      await call(t, 'GET', `/team-invitations?team_id=${teamQ.id}`, { headers }),
      await call(t, 'POST', '/team-invitations/send-code', {
        headers,
        body: { team_id: teamQ.id, email: uniqueEmail('cross'), callback_url: callback },
      }),
    ];
    for (const res of attempts) expectKnownError(res, 404, 'TEAM_NOT_FOUND', { team_id: teamQ.id });
    expect(await readTeam(t, q, teamQ.id)).toEqual(before);
    expect(await memberIdsOf(t, q, teamQ.id)).toEqual([quinn.user_id]);
  });

  test("P's server key: Q's user is USER_NOT_FOUND; P's lists never show Q's teams", async () => {
    expectKnownError(
      await call(t, 'POST', `/team-memberships/${teamA.id}/${quinn.user_id}`, { headers: as(p, 'server'), body: {} }),
      404,
      'USER_NOT_FOUND',
    );
    expectKnownError(
      await call(t, 'POST', `/team-permissions/${teamA.id}/${quinn.user_id}/admin`, { headers: as(p, 'server'), body: {} }),
      404,
      'USER_NOT_FOUND',
    );
    const all = expectList(await call(t, 'GET', '/teams', { headers: as(p, 'server') })).map((team) => team.id);
    expect(all).toContain(teamA.id);
    expect(all).not.toContain(teamQ.id);
    expect(await memberIdsOf(t, p, teamA.id)).not.toContain(quinn.user_id);
  });

  test("P's client with P's user: Q's team is a membership error", async () => {
    const headers = as(p, 'client', alice.access_token);
    for (const res of [
      await call(t, 'GET', `/teams/${teamQ.id}`, { headers }),
      await call(t, 'PATCH', `/teams/${teamQ.id}`, { headers, body: { display_name: 'x' } }),
      await call(t, 'DELETE', `/teams/${teamQ.id}`, { headers }),
    ]) {
      expectKnownError(res, 404, 'TEAM_MEMBERSHIP_NOT_FOUND');
    }
    expect(await readTeam(t, q, teamQ.id)).toMatchObject({ display_name: 'Q' });
  });

  test("Q's user token with P's keys: INVALID_PROJECT_FOR_ACCESS_TOKEN", async () => {
    expectKnownError(
      await call(t, 'GET', `/teams/${teamA.id}`, { headers: as(p, 'client', quinn.access_token) }),
      401,
      'INVALID_PROJECT_FOR_ACCESS_TOKEN',
    );
  });

  test('permission definitions belong to their project', async () => {
    await definePermission(t, p, 'only_in_p', ['$read_members']);
    expect((await definitions(t, q)).map((d) => d.id)).not.toContain('only_in_p');
    expectKnownError(
      await call(t, 'POST', `/team-permissions/${teamQ.id}/${quinn.user_id}/only_in_p`, { headers: as(q, 'server'), body: {} }),
      404,
      'PERMISSION_NOT_FOUND',
    );
    expect(await permissionIds(t, q, teamQ.id, quinn.user_id, false)).toEqual(['admin']);
    expectKnownError(
      await call(t, 'DELETE', '/team-permission-definitions/only_in_p', { headers: as(q, 'admin') }),
      404,
      'PERMISSION_NOT_FOUND',
    );
    expect((await definitions(t, p)).map((d) => d.id)).toContain('only_in_p');
  });
});
