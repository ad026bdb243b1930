// Team member profiles: listing by team (clients must name the team, be a
// member and hold $read_members unless asking for themselves), the fallback to the user's own
// name and image, authd's primary_email on the client view, updates of one's own profile, and the server view with the embedded user.
import { describe, expect, test } from 'bun:test';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import type { TestInstance } from '../support/instance';
import {
  addMember,
  as,
  call,
  createTeam,
  expectKnownError,
  expectList,
  expectMemberProfile,
  expectOk,
  expectSchemaError,
  expectTextError,
  expectUserView,
  makeProject,
  makeUser,
  pngDataUrl,
  revoke,
  teamWith,
  unknownUuid,
  type TestUser,
} from '../support/teams';
import { withInstance } from '../support/file-instance';

let t: TestInstance, project: BootstrappedProject, owner: TestUser, member: TestUser;
/** A member whose `member` grant was revoked: no $read_members. */
let bare: TestUser, outsider: TestUser, team: any;

withInstance(async (started) => {
  ({ t } = started);
  project = await makeProject(t, 'Member profiles');
  owner = await makeUser(
    t,
    project,
    { display_name: 'Olivia Owner', profile_image_url: 'https://example.com/olivia.png' },
    'owner',
  );
  member = await makeUser(t, project, { display_name: 'Mark Member' }, 'member');
  bare = await makeUser(t, project, { display_name: 'Bea Bare' }, 'bare');
  outsider = await makeUser(t, project, {}, 'outsider');
  team = await teamWith(t, project, owner, [member, bare]);
  await revoke(t, project, team.id, bare.user_id, 'member');
});

function list(query: string, headers: Record<string, string>) {
  return call(t, 'GET', `/team-member-profiles${query}`, { headers });
}

/** PATCH /team-member-profiles/{team}/me as `user`, a client. */
function patchOwnProfile(user: TestUser, body: unknown) {
  return call(t, 'PATCH', `/team-member-profiles/${team.id}/me`, { headers: as(project, 'client', user.access_token), body });
}

describe('GET /team-member-profiles', () => {
  test('a member with $read_members lists every member, oldest membership first, client view with fallbacks', async () => {
    const items = expectList(await list(`?team_id=${team.id}`, as(project, 'client', member.access_token)));
    expect(items).toEqual([
      {
        team_id: team.id,
        user_id: owner.user_id,
        display_name: 'Olivia Owner',
        profile_image_url: 'https://example.com/olivia.png',
        primary_email: owner.email,
      },
      {
        team_id: team.id,
        user_id: member.user_id,
        display_name: 'Mark Member',
        profile_image_url: null,
        primary_email: member.email,
      },
      { team_id: team.id, user_id: bare.user_id, display_name: 'Bea Bare', profile_image_url: null, primary_email: bare.email },
    ]);
    for (const item of items) expectMemberProfile(item, 'client');
  });

  test('a nameless member is known by the primary_email on the client view; without $read_members, still refused', async () => {
    const nameless = await makeUser(t, project, {}, 'nameless');
    const withNameless = await teamWith(t, project, owner, [nameless]);
    const items = expectList(await list(`?team_id=${withNameless.id}`, as(project, 'client', owner.access_token)));
    expect(items.map((item) => [item.user_id, item.display_name, item.primary_email])).toEqual([
      [owner.user_id, 'Olivia Owner', owner.email],
      [nameless.user_id, null, nameless.email],
    ]);
    const one = expectOk(
      await call(t, 'GET', `/team-member-profiles/${withNameless.id}/${nameless.user_id}`, {
        headers: as(project, 'client', owner.access_token),
      }),
    );
    expect(one.primary_email).toBe(nameless.email);
    // A member without $read_members still learns nothing of the others.
    await revoke(t, project, withNameless.id, nameless.user_id, 'member');
    expectKnownError(
      await list(`?team_id=${withNameless.id}`, as(project, 'client', nameless.access_token)),
      401,
      'TEAM_PERMISSION_REQUIRED',
    );
    expectKnownError(
      await call(t, 'GET', `/team-member-profiles/${withNameless.id}/${owner.user_id}`, {
        headers: as(project, 'client', nameless.access_token),
      }),
      401,
      'TEAM_PERMISSION_REQUIRED',
    );
  });

  test('client without team_id: text 400', async () => {
    expectTextError(
      await list('', as(project, 'client', member.access_token)),
      400,
      'team_id is required for access type client',
    );
    expectTextError(
      await list('?user_id=me', as(project, 'client', member.access_token)),
      400,
      'team_id is required for access type client',
    );
  });

  test('client member without $read_members: TEAM_PERMISSION_REQUIRED, but user_id=me works', async () => {
    expectKnownError(
      await list(`?team_id=${team.id}`, as(project, 'client', bare.access_token)),
      401,
      'TEAM_PERMISSION_REQUIRED',
      {
        team_id: team.id,
        user_id: bare.user_id,
        permission_id: '$read_members',
      },
    );
    const own = expectList(await list(`?team_id=${team.id}&user_id=me`, as(project, 'client', bare.access_token)));
    expect(own).toEqual([
      { team_id: team.id, user_id: bare.user_id, display_name: 'Bea Bare', profile_image_url: null, primary_email: bare.email },
    ]);
    const ownById = expectList(
      await list(`?team_id=${team.id}&user_id=${bare.user_id}`, as(project, 'client', bare.access_token)),
    );
    expect(ownById).toEqual(own);
  });

  test('client non-member: TEAM_MEMBERSHIP_NOT_FOUND (also for user_id=me)', async () => {
    expectKnownError(
      await list(`?team_id=${team.id}`, as(project, 'client', outsider.access_token)),
      404,
      'TEAM_MEMBERSHIP_NOT_FOUND',
    );
    expectKnownError(
      await list(`?team_id=${team.id}&user_id=me`, as(project, 'client', outsider.access_token)),
      404,
      'TEAM_MEMBERSHIP_NOT_FOUND',
    );
  });

  test('server: the server view embeds the server user view', async () => {
    const items = expectList(await list(`?team_id=${team.id}`, as(project, 'server')));
    expect(items.map((p) => p.user_id)).toEqual([owner.user_id, member.user_id, bare.user_id]);
    for (const item of items) {
      expectMemberProfile(item, 'server', { team_id: team.id });
      expectUserView(item.user, 'server');
    }
    expect(items[0].user.display_name).toBe('Olivia Owner');
    expect(items[0].display_name).toBe('Olivia Owner');
  });

  test("server: user_id alone lists that user's profiles in every team; unknown team/user errors", async () => {
    const second = await teamWith(t, project, owner, [member]);
    const items = expectList(await list(`?user_id=${member.user_id}`, as(project, 'server')));
    expect(items.map((p) => p.team_id).sort()).toEqual([team.id, second.id].sort());
    for (const item of items) expect(item.user_id).toBe(member.user_id);
    const teamId = unknownUuid();
    expectKnownError(await list(`?team_id=${teamId}`, as(project, 'server')), 404, 'TEAM_NOT_FOUND', { team_id: teamId });
    expectKnownError(await list(`?team_id=${team.id}&user_id=${unknownUuid()}`, as(project, 'server')), 404, 'USER_NOT_FOUND');
  });

  test('bad query: SCHEMA_ERROR', async () => {
    expectSchemaError(await list('?team_id=abc', as(project, 'server')));
    expectSchemaError(await list(`?team_id=${team.id}&colour=red`, as(project, 'server')));
  });
});

describe('GET /team-member-profiles/{team_id}/{user_id}', () => {
  test('own profile with me; another member needs $read_members', async () => {
    const own = expectOk(
      await call(t, 'GET', `/team-member-profiles/${team.id}/me`, { headers: as(project, 'client', bare.access_token) }),
    );
    expectMemberProfile(own, 'client', { team_id: team.id, user_id: bare.user_id, display_name: 'Bea Bare' });
    expectKnownError(
      await call(t, 'GET', `/team-member-profiles/${team.id}/${owner.user_id}`, {
        headers: as(project, 'client', bare.access_token),
      }),
      401,
      'TEAM_PERMISSION_REQUIRED',
      { team_id: team.id, user_id: bare.user_id, permission_id: '$read_members' },
    );
    const other = expectOk(
      await call(t, 'GET', `/team-member-profiles/${team.id}/${owner.user_id}`, {
        headers: as(project, 'client', member.access_token),
      }),
    );
    expectMemberProfile(other, 'client', { user_id: owner.user_id, display_name: 'Olivia Owner' });
  });

  test('server reads any profile (server view); a non-member is TEAM_MEMBERSHIP_NOT_FOUND', async () => {
    const profile = expectOk(
      await call(t, 'GET', `/team-member-profiles/${team.id}/${member.user_id}`, { headers: as(project, 'server') }),
    );
    expectMemberProfile(profile, 'server', { user_id: member.user_id });
    expectUserView(profile.user, 'server');
    expectKnownError(
      await call(t, 'GET', `/team-member-profiles/${team.id}/${outsider.user_id}`, { headers: as(project, 'server') }),
      404,
      'TEAM_MEMBERSHIP_NOT_FOUND',
      { team_id: team.id, user_id: outsider.user_id },
    );
  });
});

describe('PATCH /team-member-profiles/{team_id}/{user_id}', () => {
  test('a member sets its own team name and image; the user itself is unchanged; null falls back again', async () => {
    const user = await makeUser(t, project, { display_name: 'Plain Name' });
    const own = await createTeam(t, project);
    await addMember(t, project, own.id, user.user_id);
    const headers = as(project, 'client', user.access_token);
    const patched = expectOk(
      await call(t, 'PATCH', `/team-member-profiles/${own.id}/me`, {
        headers,
        body: { display_name: 'Team Alias', profile_image_url: pngDataUrl },
      }),
    );
    expect(patched).toEqual({
      team_id: own.id,
      user_id: user.user_id,
      display_name: 'Team Alias',
      profile_image_url: pngDataUrl,
      primary_email: user.email,
    });
    const listed = expectList(await list(`?team_id=${own.id}&user_id=me`, headers));
    expect(listed).toEqual([patched]);
    const me = expectOk(await call(t, 'GET', '/users/me', { headers }));
    expect(me.display_name).toBe('Plain Name');
    expect(me.profile_image_url).toBeNull();
    const reset = expectOk(
      await call(t, 'PATCH', `/team-member-profiles/${own.id}/${user.user_id}`, {
        headers,
        body: { display_name: null, profile_image_url: null },
      }),
    );
    expect(reset).toEqual({
      team_id: own.id,
      user_id: user.user_id,
      display_name: 'Plain Name',
      profile_image_url: null,
      primary_email: user.email,
    });
  });

  test('the fallback follows later changes of the user', async () => {
    const user = await makeUser(t, project, { display_name: 'Before' });
    const own = await createTeam(t, project);
    await addMember(t, project, own.id, user.user_id);
    expectOk(
      await call(t, 'PATCH', `/users/${user.user_id}`, {
        headers: as(project, 'server'),
        body: { display_name: 'After', profile_image_url: 'https://example.com/after.png' },
      }),
    );
    const profile = expectOk(
      await call(t, 'GET', `/team-member-profiles/${own.id}/${user.user_id}`, { headers: as(project, 'server') }),
    );
    expect(profile.display_name).toBe('After');
    expect(profile.profile_image_url).toBe('https://example.com/after.png');
  });

  test("another member's profile: text 403, profile unchanged", async () => {
    const res = await call(t, 'PATCH', `/team-member-profiles/${team.id}/${member.user_id}`, {
      headers: as(project, 'client', owner.access_token),
      body: { display_name: 'Renamed by owner' },
    });
    expectTextError(res, 403);
    const profile = expectOk(
      await call(t, 'GET', `/team-member-profiles/${team.id}/${member.user_id}`, { headers: as(project, 'server') }),
    );
    expect(profile.display_name).toBe('Mark Member');
  });

  test("server patches anyone's profile and gets the server view", async () => {
    const res = await call(t, 'PATCH', `/team-member-profiles/${team.id}/${bare.user_id}`, {
      headers: as(project, 'server'),
      body: { display_name: 'Bea in this team' },
    });
    const profile = expectOk(res);
    expectMemberProfile(profile, 'server', { user_id: bare.user_id, display_name: 'Bea in this team' });
    expect(profile.user.display_name).toBe('Bea Bare');
    expectOk(
      await call(t, 'PATCH', `/team-member-profiles/${team.id}/${bare.user_id}`, {
        headers: as(project, 'server'),
        body: { display_name: null },
      }),
    );
  });

  test('non-member: TEAM_MEMBERSHIP_NOT_FOUND; unknown fields: SCHEMA_ERROR; client plain-URL image: text 400', async () => {
    expectKnownError(await patchOwnProfile(outsider, { display_name: 'x' }), 404, 'TEAM_MEMBERSHIP_NOT_FOUND');
    expectSchemaError(await patchOwnProfile(member, { nickname: 'x' }), 'nickname');
    expectTextError(
      await patchOwnProfile(member, { profile_image_url: 'https://example.com/x.png' }),
      400,
      'Invalid profile image URL',
    );
    const profile = expectOk(
      await call(t, 'GET', `/team-member-profiles/${team.id}/${member.user_id}`, { headers: as(project, 'server') }),
    );
    expect(profile.profile_image_url).toBeNull();
  });
});
