// Teams: creation by the server and by clients (config, creator rules, the
// deprecated add_current_user query), read, update and delete with their permission checks,
// listing, the client and server views, schema errors — and refusals that change nothing.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { apiScenarios } from '../support/api-scenarios';
import { startTestInstance, type TestInstance } from '../support/instance';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';
import { addEndpoint } from '../support/webhooks';
import {
  adminExpanded,
  addMember,
  as,
  call,
  createTeam,
  expectKnownError,
  expectList,
  expectOk,
  expectSchemaError,
  expectSuccess,
  expectTeamView,
  expectTextError,
  makeProject,
  makeUser,
  permissionIds,
  pngDataUrl,
  readTeam,
  setProjectConfig,
  teamIdsOf,
  teamWith,
  unknownUuid,
  type TestUser,
} from '../support/teams';

let t: TestInstance;
/** client_team_creation_enabled = false (the default). */
let closed: BootstrappedProject;
/** client_team_creation_enabled = true. */
let open: BootstrappedProject, alice: TestUser, bob: TestUser, openAlice: TestUser, openBob: TestUser, webhooks: WebhookReceiver;

beforeAll(async () => {
  t = await startTestInstance();
  closed = await makeProject(t, 'Closed teams');
  open = await makeProject(t, 'Open teams');
  await setProjectConfig(t, open, { client_team_creation_enabled: true });
  alice = await makeUser(t, closed, {}, 'alice');
  bob = await makeUser(t, closed, {}, 'bob');
  openAlice = await makeUser(t, open, {}, 'open-alice');
  openBob = await makeUser(t, open, {}, 'open-bob');
  webhooks = startWebhookReceiver();
  await addEndpoint(t, closed, webhooks);
});
afterAll(async () => {
  await t.stop();
  await webhooks?.stop();
});

async function allTeamIds(project: BootstrappedProject): Promise<string[]> {
  return expectList(await call(t, 'GET', '/teams', { headers: as(project, 'server') })).map((team) => team.id);
}

/** Deprecated POST /teams?add_current_user=true by a signed-in user: the team is made with them as its creator (admin). */
async function expectAddCurrentUserMakesCreator(project: BootstrappedProject, level: 'client' | 'server', displayName: string) {
  const user = await makeUser(t, project);
  const res = await call(t, 'POST', '/teams?add_current_user=true', {
    headers: as(project, level, user.access_token),
    body: { display_name: displayName },
  });
  const team = expectOk(res, 201);
  expectTeamView(team, level, { display_name: displayName });
  expect(await teamIdsOf(t, project, user.user_id)).toEqual([team.id]);
  expect(await permissionIds(t, project, team.id, user.user_id, false)).toEqual(['admin']);
}

describe('POST /teams (server)', () => {
  test('without a creator: 201 server view with the given fields and no members', async () => {
    const res = await call(t, 'POST', '/teams', {
      headers: as(closed, 'server'),
      body: {
        display_name: 'Server made',
        profile_image_url: 'https://example.com/team.png',
        client_metadata: { a: 1 },
        client_read_only_metadata: { b: [2] },
        server_metadata: { secret: true },
      },
    });
    const team = expectOk(res, 201);
    expectTeamView(team, 'server', {
      display_name: 'Server made',
      profile_image_url: 'https://example.com/team.png',
      client_metadata: { a: 1 },
      client_read_only_metadata: { b: [2] },
      server_metadata: { secret: true },
    });
    expect(Math.abs(team.created_at_millis - Date.now())).toBeLessThan(60_000);
    expect(await readTeam(t, closed, team.id)).toEqual(team);
    const members = expectOk(await call(t, 'GET', `/users?team_id=${team.id}`, { headers: as(closed, 'server') }));
    expect(members.items).toEqual([]);
  });

  test('unset optional fields read as null', async () => {
    const team = await createTeam(t, closed, { display_name: 'Bare' });
    expectTeamView(team, 'server', { display_name: 'Bare', profile_image_url: null });
    expect(team.client_metadata ?? null).toBeNull();
    expect(team.server_metadata ?? null).toBeNull();
  });

  test('with creator_user_id: the creator is a member holding the creator default permission (admin)', async () => {
    const user = await makeUser(t, closed);
    const team = await createTeam(t, closed, { creator_user_id: user.user_id });
    expect(await teamIdsOf(t, closed, user.user_id)).toEqual([team.id]);
    expect(await permissionIds(t, closed, team.id, user.user_id, false)).toEqual(['admin']);
    expect(await permissionIds(t, closed, team.id, user.user_id, true)).toEqual(adminExpanded);
  });

  test('the creator default permissions follow the project config', async () => {
    const project = await makeProject(t, 'Custom creator defaults');
    await setProjectConfig(t, project, { team_creator_default_permissions: [{ id: '$update_team' }, { id: 'member' }] });
    const user = await makeUser(t, project);
    const team = await createTeam(t, project, { creator_user_id: user.user_id });
    expect(await permissionIds(t, project, team.id, user.user_id, false)).toEqual(['$update_team', 'member']);
  });

  test('deprecated add_current_user=true with a signed-in user makes that user the creator', async () => {
    await expectAddCurrentUserMakesCreator(closed, 'server', 'Added me');
  });

  test('add_current_user=false adds nobody', async () => {
    const user = await makeUser(t, closed);
    const res = await call(t, 'POST', '/teams?add_current_user=false', {
      headers: as(closed, 'server', user.access_token),
      body: { display_name: 'Not me' },
    });
    expectOk(res, 201);
    expect(await teamIdsOf(t, closed, user.user_id)).toEqual([]);
  });

  test('add_current_user together with creator_user_id is refused (400) and creates nothing', async () => {
    const user = await makeUser(t, closed);
    const before = await allTeamIds(closed);
    const res = await call(t, 'POST', '/teams?add_current_user=true', {
      headers: as(closed, 'server', user.access_token),
      body: { display_name: 'Both', creator_user_id: user.user_id },
    });
    expect(res.status).toBe(400);
    expect(await allTeamIds(closed)).toEqual(before);
  });

  // The closed project has a webhook endpoint, so every row also shows which events were queued.
  apiScenarios(
    () => ({ t, project: closed }),
    [
      {
        name: 'a team without a creator: team.created only',
        request: () => ({ method: 'POST', path: '/teams', headers: as(closed, 'server'), body: { display_name: 'Recorded' } }),
        status: 201,
        webhooks: ['team.created'],
      },
      {
        name: "a team with a creator: team.created, then the creator's membership",
        request: async () => ({
          method: 'POST',
          path: '/teams',
          headers: as(closed, 'server'),
          body: { display_name: 'Recorded with creator', creator_user_id: (await makeUser(t, closed)).user_id },
        }),
        status: 201,
        webhooks: ['team.created', 'team_membership.created'],
      },
      // A creator the project does not know, by an id no one has or one of another project's users.
      ...[
        { name: 'an unknown creator is USER_NOT_FOUND and no team is created', team: 'Ghost team', creator: () => unknownUuid() },
        { name: 'a creator from another project is USER_NOT_FOUND', team: 'Cross team', creator: () => openAlice.user_id },
      ].map(({ name, team, creator }) => ({
        name,
        request: () => ({
          method: 'POST',
          path: '/teams',
          headers: as(closed, 'server'),
          body: { display_name: team, creator_user_id: creator() },
        }),
        status: 404,
        knownError: 'USER_NOT_FOUND',
        unchanged: () => allTeamIds(closed),
      })),
      {
        name: 'add_current_user=true without a signed-in user: USER_AUTHENTICATION_REQUIRED, no team',
        request: () => ({
          method: 'POST',
          path: '/teams?add_current_user=true',
          headers: as(closed, 'server'),
          body: { display_name: 'Nobody' },
        }),
        status: 401,
        knownError: 'USER_AUTHENTICATION_REQUIRED',
        unchanged: () => allTeamIds(closed),
      },
    ],
  );

  test('schema errors: missing display_name, unknown field, wrong types, unknown query parameter', async () => {
    const headers = as(closed, 'server');
    expectSchemaError(await call(t, 'POST', '/teams', { headers, body: {} }), 'display_name');
    expectSchemaError(await call(t, 'POST', '/teams', { headers, body: { display_name: 'x', colour: 'red' } }), 'colour');
    expectSchemaError(await call(t, 'POST', '/teams', { headers, body: { display_name: 42 } }), 'display_name');
    expectSchemaError(await call(t, 'POST', '/teams', { headers, body: { display_name: 'x', creator_user_id: 'nobody' } }));
    expectSchemaError(await call(t, 'POST', '/teams', { headers, body: { display_name: 'x', profile_image_url: 'not a url' } }));
    expectSchemaError(await call(t, 'POST', '/teams?colour=red', { headers, body: { display_name: 'x' } }));
  });
});

describe('POST /teams (client)', () => {
  test('disabled for the project: text 403 and no team', async () => {
    const before = await allTeamIds(closed);
    const res = await call(t, 'POST', '/teams', {
      headers: as(closed, 'client', alice.access_token),
      body: { display_name: 'Nope' },
    });
    expectTextError(res, 403, 'Client team creation is disabled for this project');
    expect(await allTeamIds(closed)).toEqual(before);
  });

  test('enabled: 201 client view, creator defaults to the caller with the admin permission', async () => {
    const res = await call(t, 'POST', '/teams', {
      headers: as(open, 'client', openAlice.access_token),
      body: { display_name: 'Alice made', client_metadata: { theme: 'dark' } },
    });
    const team = expectOk(res, 201);
    expectTeamView(team, 'client', { display_name: 'Alice made', client_metadata: { theme: 'dark' }, profile_image_url: null });
    expect(await permissionIds(t, open, team.id, openAlice.user_id, false)).toEqual(['admin']);
    const mine = expectList(await call(t, 'GET', '/teams?user_id=me', { headers: as(open, 'client', openAlice.access_token) }));
    expect(mine.map((m) => m.id)).toContain(team.id);
  });

  test('enabled: creator_user_id "me" and the own id are accepted', async () => {
    for (const creator of ['me', openBob.user_id]) {
      const res = await call(t, 'POST', '/teams', {
        headers: as(open, 'client', openBob.access_token),
        body: { display_name: `Bob ${creator}`, creator_user_id: creator },
      });
      const team = expectOk(res, 201);
      expect(await permissionIds(t, open, team.id, openBob.user_id, false)).toEqual(['admin']);
    }
  });

  test('enabled: a data-URL image is accepted, a plain URL is text 400 "Invalid profile image URL"', async () => {
    const ok = await call(t, 'POST', '/teams', {
      headers: as(open, 'client', openAlice.access_token),
      body: { display_name: 'Pictured', profile_image_url: pngDataUrl },
    });
    expect(expectOk(ok, 201).profile_image_url).toBe(pngDataUrl);
    const before = await allTeamIds(open);
    const bad = await call(t, 'POST', '/teams', {
      headers: as(open, 'client', openAlice.access_token),
      body: { display_name: 'Linked', profile_image_url: 'https://example.com/a.png' },
    });
    expectTextError(bad, 400, 'Invalid profile image URL');
    expect(await allTeamIds(open)).toEqual(before);
  });

  test('enabled, no signed-in user: USER_AUTHENTICATION_REQUIRED', async () => {
    const before = await allTeamIds(open);
    const res = await call(t, 'POST', '/teams', { headers: as(open, 'client'), body: { display_name: 'Anon' } });
    expectKnownError(res, 401, 'USER_AUTHENTICATION_REQUIRED');
    expect(await allTeamIds(open)).toEqual(before);
  });

  test("enabled: another user's id as creator is text 403 and creates nothing", async () => {
    const before = await allTeamIds(open);
    const res = await call(t, 'POST', '/teams', {
      headers: as(open, 'client', openAlice.access_token),
      body: { display_name: 'For Bob', creator_user_id: openBob.user_id },
    });
    expectTextError(res, 403);
    expect(await allTeamIds(open)).toEqual(before);
  });

  test('deprecated add_current_user=true works for clients too', async () => {
    await expectAddCurrentUserMakesCreator(open, 'client', 'Legacy SDK team');
  });

  test('server-only fields are a SCHEMA_ERROR for clients', async () => {
    const headers = as(open, 'client', openAlice.access_token);
    expectSchemaError(
      await call(t, 'POST', '/teams', { headers, body: { display_name: 'x', server_metadata: {} } }),
      'server_metadata',
    );
    expectSchemaError(
      await call(t, 'POST', '/teams', { headers, body: { display_name: 'x', client_read_only_metadata: {} } }),
      'client_read_only_metadata',
    );
  });
});

describe('GET /teams/{team_id}', () => {
  test('a member reads the client view; the server reads the server view', async () => {
    const team = await teamWith(t, closed, alice, [bob], {
      server_metadata: { hidden: 1 },
      client_read_only_metadata: { ro: 1 },
    });
    const asBob = expectOk(await call(t, 'GET', `/teams/${team.id}`, { headers: as(closed, 'client', bob.access_token) }));
    expectTeamView(asBob, 'client', { id: team.id, display_name: team.display_name, client_read_only_metadata: { ro: 1 } });
    const asServer = await readTeam(t, closed, team.id);
    expectTeamView(asServer, 'server', { id: team.id, server_metadata: { hidden: 1 } });
  });

  test('a client who is not a member: TEAM_MEMBERSHIP_NOT_FOUND', async () => {
    const team = await teamWith(t, closed, alice);
    const res = await call(t, 'GET', `/teams/${team.id}`, { headers: as(closed, 'client', bob.access_token) });
    expectKnownError(res, 404, 'TEAM_MEMBERSHIP_NOT_FOUND', { team_id: team.id, user_id: bob.user_id });
  });

  test('a client without a user: USER_AUTHENTICATION_REQUIRED', async () => {
    const team = await teamWith(t, closed, alice);
    expectKnownError(
      await call(t, 'GET', `/teams/${team.id}`, { headers: as(closed, 'client') }),
      401,
      'USER_AUTHENTICATION_REQUIRED',
    );
  });

  test('server, unknown team: TEAM_NOT_FOUND; a malformed id: SCHEMA_ERROR', async () => {
    const id = unknownUuid();
    expectKnownError(await call(t, 'GET', `/teams/${id}`, { headers: as(closed, 'server') }), 404, 'TEAM_NOT_FOUND', {
      team_id: id,
    });
    expectSchemaError(await call(t, 'GET', '/teams/not-a-uuid', { headers: as(closed, 'server') }));
  });
});

describe('PATCH /teams/{team_id}', () => {
  test('the creator ($update_team via admin) updates name, image and client metadata; client view back', async () => {
    const team = await teamWith(t, closed, alice);
    const res = await call(t, 'PATCH', `/teams/${team.id}`, {
      headers: as(closed, 'client', alice.access_token),
      body: { display_name: 'Renamed', profile_image_url: pngDataUrl, client_metadata: { x: 'y' } },
    });
    expectTeamView(expectOk(res), 'client', {
      id: team.id,
      display_name: 'Renamed',
      profile_image_url: pngDataUrl,
      client_metadata: { x: 'y' },
    });
    expect(await readTeam(t, closed, team.id)).toMatchObject({ display_name: 'Renamed', client_metadata: { x: 'y' } });
    const cleared = await call(t, 'PATCH', `/teams/${team.id}`, {
      headers: as(closed, 'client', alice.access_token),
      body: { profile_image_url: null },
    });
    expect(expectOk(cleared).profile_image_url).toBeNull();
  });

  test('a member without $update_team: TEAM_PERMISSION_REQUIRED, team unchanged', async () => {
    const team = await teamWith(t, closed, alice, [bob]);
    const before = await readTeam(t, closed, team.id);
    const res = await call(t, 'PATCH', `/teams/${team.id}`, {
      headers: as(closed, 'client', bob.access_token),
      body: { display_name: 'Hijacked' },
    });
    expectKnownError(res, 401, 'TEAM_PERMISSION_REQUIRED', {
      team_id: team.id,
      user_id: bob.user_id,
      permission_id: '$update_team',
    });
    expect(await readTeam(t, closed, team.id)).toEqual(before);
  });

  test('a member granted $update_team directly may update', async () => {
    const team = await teamWith(t, closed, alice, [bob]);
    const grantRes = await call(t, 'POST', `/team-permissions/${team.id}/${bob.user_id}/$update_team`, {
      headers: as(closed, 'server'),
      body: {},
    });
    expectOk(grantRes, 201);
    const res = await call(t, 'PATCH', `/teams/${team.id}`, {
      headers: as(closed, 'client', bob.access_token),
      body: { display_name: 'Bob named' },
    });
    expect(expectOk(res).display_name).toBe('Bob named');
  });

  test('a non-member: TEAM_MEMBERSHIP_NOT_FOUND; no user: USER_AUTHENTICATION_REQUIRED; both change nothing', async () => {
    const team = await teamWith(t, closed, alice);
    const before = await readTeam(t, closed, team.id);
    expectKnownError(
      await call(t, 'PATCH', `/teams/${team.id}`, {
        headers: as(closed, 'client', bob.access_token),
        body: { display_name: 'x' },
      }),
      404,
      'TEAM_MEMBERSHIP_NOT_FOUND',
    );
    expectKnownError(
      await call(t, 'PATCH', `/teams/${team.id}`, { headers: as(closed, 'client'), body: { display_name: 'x' } }),
      401,
      'USER_AUTHENTICATION_REQUIRED',
    );
    expect(await readTeam(t, closed, team.id)).toEqual(before);
  });

  test('client: a plain image URL is text 400, server-only fields are a SCHEMA_ERROR; team unchanged', async () => {
    const team = await teamWith(t, closed, alice);
    const before = await readTeam(t, closed, team.id);
    const headers = as(closed, 'client', alice.access_token);
    expectTextError(
      await call(t, 'PATCH', `/teams/${team.id}`, { headers, body: { profile_image_url: 'https://example.com/a.png' } }),
      400,
      'Invalid profile image URL',
    );
    expectSchemaError(
      await call(t, 'PATCH', `/teams/${team.id}`, { headers, body: { server_metadata: { x: 1 } } }),
      'server_metadata',
    );
    expectSchemaError(await call(t, 'PATCH', `/teams/${team.id}`, { headers, body: { client_read_only_metadata: 1 } }));
    expect(await readTeam(t, closed, team.id)).toEqual(before);
  });

  test('a member with $update_team may rename the team to the empty string, as in Stack', async () => {
    const owner = await makeUser(t, closed, {}, 'renamer');
    const team = await createTeam(t, closed, { display_name: 'Named', creator_user_id: owner.user_id });
    const headers = as(closed, 'client', owner.access_token);
    const renamed = expectOk(await call(t, 'PATCH', `/teams/${team.id}`, { headers, body: { display_name: '' } }));
    expect(renamed.display_name).toBe('');
    expect((await readTeam(t, closed, team.id)).display_name).toBe('');
    // Creating still needs a name.
    expectSchemaError(
      await call(t, 'POST', '/teams', { headers: as(closed, 'server'), body: { display_name: '' } }),
      'display_name',
    );
  });

  test('server sets server_metadata and client_read_only_metadata; clients see only the latter', async () => {
    const team = await teamWith(t, closed, alice);
    const res = await call(t, 'PATCH', `/teams/${team.id}`, {
      headers: as(closed, 'server'),
      body: {
        server_metadata: { plan: 'pro' },
        client_read_only_metadata: { seats: 5 },
        profile_image_url: 'https://example.com/t.png',
      },
    });
    expectTeamView(expectOk(res), 'server', {
      server_metadata: { plan: 'pro' },
      client_read_only_metadata: { seats: 5 },
      profile_image_url: 'https://example.com/t.png',
      created_at_millis: team.created_at_millis,
    });
    const asAlice = expectOk(await call(t, 'GET', `/teams/${team.id}`, { headers: as(closed, 'client', alice.access_token) }));
    expectTeamView(asAlice, 'client', { client_read_only_metadata: { seats: 5 } });
  });

  test('server, unknown team: TEAM_NOT_FOUND', async () => {
    const id = unknownUuid();
    expectKnownError(
      await call(t, 'PATCH', `/teams/${id}`, { headers: as(closed, 'server'), body: { display_name: 'x' } }),
      404,
      'TEAM_NOT_FOUND',
      { team_id: id },
    );
  });
});

describe('DELETE /teams/{team_id}', () => {
  test('a member without $delete_team: TEAM_PERMISSION_REQUIRED, team kept', async () => {
    const team = await teamWith(t, closed, alice, [bob]);
    const res = await call(t, 'DELETE', `/teams/${team.id}`, { headers: as(closed, 'client', bob.access_token) });
    expectKnownError(res, 401, 'TEAM_PERMISSION_REQUIRED', {
      team_id: team.id,
      user_id: bob.user_id,
      permission_id: '$delete_team',
    });
    expect(await readTeam(t, closed, team.id)).toEqual(team);
    expect(await teamIdsOf(t, closed, bob.user_id)).toContain(team.id);
  });

  test('the creator deletes it; it is gone for everyone', async () => {
    const team = await teamWith(t, closed, alice, [bob]);
    expectSuccess(await call(t, 'DELETE', `/teams/${team.id}`, { headers: as(closed, 'client', alice.access_token), body: {} }));
    expectKnownError(await call(t, 'GET', `/teams/${team.id}`, { headers: as(closed, 'server') }), 404, 'TEAM_NOT_FOUND');
    expect(await teamIdsOf(t, closed, alice.user_id)).not.toContain(team.id);
    expect(await teamIdsOf(t, closed, bob.user_id)).not.toContain(team.id);
  });

  test('deleting the selected team clears the selection', async () => {
    const user = await makeUser(t, closed);
    const team = await teamWith(t, closed, user);
    const patched = await call(t, 'PATCH', '/users/me', {
      headers: as(closed, 'client', user.access_token),
      body: { selected_team_id: team.id },
    });
    expect(expectOk(patched).selected_team_id).toBe(team.id);
    expectSuccess(await call(t, 'DELETE', `/teams/${team.id}`, { headers: as(closed, 'server') }));
    const me = expectOk(await call(t, 'GET', '/users/me', { headers: as(closed, 'client', user.access_token) }));
    expect(me.selected_team_id).toBeNull();
    expect(me.selected_team).toBeNull();
  });

  test('non-member: TEAM_MEMBERSHIP_NOT_FOUND; no user: USER_AUTHENTICATION_REQUIRED; server unknown: TEAM_NOT_FOUND', async () => {
    const team = await teamWith(t, closed, alice);
    expectKnownError(
      await call(t, 'DELETE', `/teams/${team.id}`, { headers: as(closed, 'client', bob.access_token) }),
      404,
      'TEAM_MEMBERSHIP_NOT_FOUND',
    );
    expectKnownError(
      await call(t, 'DELETE', `/teams/${team.id}`, { headers: as(closed, 'client') }),
      401,
      'USER_AUTHENTICATION_REQUIRED',
    );
    expect(await readTeam(t, closed, team.id)).toEqual(team);
    const id = unknownUuid();
    expectKnownError(await call(t, 'DELETE', `/teams/${id}`, { headers: as(closed, 'server') }), 404, 'TEAM_NOT_FOUND', {
      team_id: id,
    });
  });

  test('server deletes any team; deleting twice is TEAM_NOT_FOUND', async () => {
    const team = await teamWith(t, closed, alice);
    expectSuccess(await call(t, 'DELETE', `/teams/${team.id}`, { headers: as(closed, 'server') }));
    expectKnownError(await call(t, 'DELETE', `/teams/${team.id}`, { headers: as(closed, 'server') }), 404, 'TEAM_NOT_FOUND');
  });
});

describe('GET /teams', () => {
  test('server: every team of the project, oldest first, in the server view', async () => {
    const project = await makeProject(t, 'Listing');
    const user = await makeUser(t, project);
    const first = await createTeam(t, project, { display_name: 'First' });
    const second = await createTeam(t, project, { display_name: 'Second', creator_user_id: user.user_id });
    const third = await createTeam(t, project, { display_name: 'Third' });
    const items = expectList(await call(t, 'GET', '/teams', { headers: as(project, 'server') }));
    expect(items.map((team) => team.id)).toEqual([first.id, second.id, third.id]);
    for (const item of items) expectTeamView(item, 'server');
    expect(items[1]).toEqual(second);
  });

  test("server ?user_id=: only that user's teams", async () => {
    const project = await makeProject(t, 'Listing by user');
    const user = await makeUser(t, project);
    const other = await makeUser(t, project);
    const a = await createTeam(t, project, { creator_user_id: user.user_id });
    await createTeam(t, project, { creator_user_id: other.user_id });
    const b = await createTeam(t, project);
    await addMember(t, project, b.id, user.user_id);
    expect(await teamIdsOf(t, project, user.user_id)).toEqual([a.id, b.id]);
  });

  test('client ?user_id=me and the own id: own teams in the client view', async () => {
    const project = await makeProject(t, 'Client listing');
    const user = await makeUser(t, project);
    const other = await makeUser(t, project);
    const a = await createTeam(t, project, { creator_user_id: user.user_id });
    await createTeam(t, project, { creator_user_id: other.user_id });
    const b = await createTeam(t, project, { creator_user_id: other.user_id });
    await addMember(t, project, b.id, user.user_id);
    for (const id of ['me', user.user_id]) {
      const items = expectList(
        await call(t, 'GET', `/teams?user_id=${id}`, { headers: as(project, 'client', user.access_token) }),
      );
      expect(items.map((team) => team.id)).toEqual([a.id, b.id]);
      for (const item of items) expectTeamView(item, 'client');
    }
  });

  test("client: another user's id or no user_id is text 403; me without a user is CANNOT_GET_OWN_USER_WITHOUT_USER", async () => {
    expectTextError(
      await call(t, 'GET', `/teams?user_id=${bob.user_id}`, { headers: as(closed, 'client', alice.access_token) }),
      403,
    );
    expectTextError(await call(t, 'GET', '/teams', { headers: as(closed, 'client', alice.access_token) }), 403);
    expectKnownError(
      await call(t, 'GET', '/teams?user_id=me', { headers: as(closed, 'client') }),
      400,
      'CANNOT_GET_OWN_USER_WITHOUT_USER',
    );
  });

  test('server with a user token: user_id=me means that user', async () => {
    const user = await makeUser(t, closed);
    const team = await teamWith(t, closed, user);
    const items = expectList(await call(t, 'GET', '/teams?user_id=me', { headers: as(closed, 'server', user.access_token) }));
    expect(items.map((i) => i.id)).toEqual([team.id]);
    expectTeamView(items[0], 'server');
  });

  test('with X-Stack-Override-Error-Status a team error answers 200 plus the actual status', async () => {
    const id = unknownUuid();
    const res = await call(t, 'GET', `/teams/${id}`, {
      headers: { ...as(closed, 'server'), 'x-stack-override-error-status': 'true' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-stack-actual-status')).toBe('404');
    expect(res.headers.get('x-stack-known-error')).toBe('TEAM_NOT_FOUND');
    expect(res.json).toEqual({ code: 'TEAM_NOT_FOUND', error: `Team ${id} not found.`, details: { team_id: id } });
  });

  test('bad query: SCHEMA_ERROR', async () => {
    expectSchemaError(await call(t, 'GET', '/teams?user_id=somebody', { headers: as(closed, 'server') }));
    expectSchemaError(await call(t, 'GET', '/teams?colour=red', { headers: as(closed, 'server') }));
  });
});
