// create_team_on_sign_up: with the project option on, every new user gets a
// personal team named after their display name, else their email, else "Personal Team", with
// the user as creator holding the creator default permissions. Off, nobody gets a team.
import { describe, expect, test } from 'bun:test';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import type { TestInstance } from '../support/instance';
import {
  adminExpanded,
  as,
  call,
  expectList,
  expectOk,
  goodPassword,
  makeProject,
  memberIdsOf,
  permissionIds,
  setProjectConfig,
  uniqueEmail,
} from '../support/teams';
import { withInstance } from '../support/file-instance';

let t: TestInstance, on: BootstrappedProject, off: BootstrappedProject;

withInstance(async (started) => {
  ({ t } = started);
  on = await makeProject(t, 'Teams on sign-up');
  off = await makeProject(t, 'No teams on sign-up');
  await setProjectConfig(t, on, { create_team_on_sign_up: true });
});

async function teamsOf(project: BootstrappedProject, userId: string): Promise<any[]> {
  return expectList(await call(t, 'GET', `/teams?user_id=${userId}`, { headers: as(project, 'server') }));
}

/** The user's single team: named `name`, with the user as its only member, holding `admin`. */
async function expectPersonalTeam(project: BootstrappedProject, userId: string, name: string): Promise<void> {
  const teams = await teamsOf(project, userId);
  expect(teams.map((team) => team.display_name)).toEqual([name]);
  const team = teams[0];
  expect(await memberIdsOf(t, project, team.id)).toEqual([userId]);
  expect(await permissionIds(t, project, team.id, userId, false)).toEqual(['admin']);
  expect(await permissionIds(t, project, team.id, userId, true)).toEqual(adminExpanded);
}

describe('create_team_on_sign_up = true', () => {
  test('password sign-up: "<email>\'s Team", visible to the user through GET /teams?user_id=me', async () => {
    const email = uniqueEmail('signup');
    const res = await call(t, 'POST', '/auth/password/sign-up', {
      headers: as(on, 'client'),
      body: { email, password: goodPassword, verification_callback_url: 'http://localhost:3000/handler/email-verification' },
    });
    const body = expectOk(res);
    await expectPersonalTeam(on, body.user_id, `${email}'s Team`);
    const mine = expectList(await call(t, 'GET', '/teams?user_id=me', { headers: as(on, 'client', body.access_token) }));
    expect(mine.map((team) => team.display_name)).toEqual([`${email}'s Team`]);
  });

  test('POST /users with a display name: "<display_name>\'s Team"', async () => {
    const created = expectOk(
      await call(t, 'POST', '/users', {
        headers: as(on, 'server'),
        body: { display_name: 'Zed Zimmer', primary_email: uniqueEmail('zed') },
      }),
      201,
    );
    await expectPersonalTeam(on, created.id, "Zed Zimmer's Team");
  });

  test('POST /users with only an email: "<email>\'s Team"', async () => {
    const email = uniqueEmail('mailonly');
    const created = expectOk(await call(t, 'POST', '/users', { headers: as(on, 'server'), body: { primary_email: email } }), 201);
    await expectPersonalTeam(on, created.id, `${email}'s Team`);
  });

  test('POST /users with neither: "Personal Team"', async () => {
    const created = expectOk(await call(t, 'POST', '/users', { headers: as(on, 'server'), body: {} }), 201);
    await expectPersonalTeam(on, created.id, 'Personal Team');
  });

  test('a refused creation makes no team', async () => {
    const email = uniqueEmail('dup');
    expectOk(
      await call(t, 'POST', '/users', {
        headers: as(on, 'server'),
        body: { primary_email: email, primary_email_auth_enabled: true },
      }),
      201,
    );
    const before = expectList(await call(t, 'GET', '/teams', { headers: as(on, 'server') })).length;
    const res = await call(t, 'POST', '/users', {
      headers: as(on, 'server'),
      body: { primary_email: email, primary_email_auth_enabled: true },
    });
    expect(res.status).toBe(409);
    expect(expectList(await call(t, 'GET', '/teams', { headers: as(on, 'server') })).length).toBe(before);
  });

  test('the creator permissions follow team_creator_default_permissions', async () => {
    const project = await makeProject(t, 'Sign-up teams, custom creator');
    await setProjectConfig(t, project, {
      create_team_on_sign_up: true,
      team_creator_default_permissions: [{ id: '$delete_team' }],
    });
    const created = expectOk(
      await call(t, 'POST', '/users', { headers: as(project, 'server'), body: { display_name: 'Cy' } }),
      201,
    );
    const teams = await teamsOf(project, created.id);
    expect(teams.map((team) => team.display_name)).toEqual(["Cy's Team"]);
    expect(await permissionIds(t, project, teams[0].id, created.id, false)).toEqual(['$delete_team']);
  });
});

describe('create_team_on_sign_up = false (default)', () => {
  test('neither sign-up nor POST /users creates a team', async () => {
    const res = await call(t, 'POST', '/auth/password/sign-up', {
      headers: as(off, 'client'),
      body: {
        email: uniqueEmail('plain'),
        password: goodPassword,
        verification_callback_url: 'http://localhost:3000/handler/email-verification',
      },
    });
    const body = expectOk(res);
    expect(await teamsOf(off, body.user_id)).toEqual([]);
    const created = expectOk(
      await call(t, 'POST', '/users', { headers: as(off, 'server'), body: { display_name: 'Nobody' } }),
      201,
    );
    expect(await teamsOf(off, created.id)).toEqual([]);
    expect(expectList(await call(t, 'GET', '/teams', { headers: as(off, 'server') }))).toEqual([]);
  });
});
