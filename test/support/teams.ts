// Shared helpers for the team HTTP tests: users with tokens, teams,
// memberships and grants made through the API, the exact read shapes of teams, member profiles,
// team permissions and definitions, and reads (always with the server key) that let a test check
// that a refused call changed nothing.
import { expect } from 'bun:test';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import type { ApiResult, TestInstance } from './instance';
import type { TestUser } from './accounts';
import { as, call } from './api-expectations';
import { expectOk, uniqueEmail } from './user-views';

export * from './user-views';
export { randomCode } from './mail';

export const systemPermissionIds = ['$delete_team', '$invite_members', '$read_members', '$remove_members', '$update_team'];
export const systemPermissionDescriptions: Record<string, string> = {
  $update_team: 'Update the team information',
  $delete_team: 'Delete the team',
  $read_members: 'Read and list the other members of the team',
  $remove_members: 'Remove other members from the team',
  $invite_members: 'Invite other users to the team',
};
/** What the default `admin` (creator) and `member` definitions expand to, recursively. */
export const adminExpanded = ['$delete_team', '$invite_members', '$read_members', '$remove_members', '$update_team', 'admin'];
export const memberExpanded = ['$invite_members', '$read_members', 'member'];

/** A 1×1 PNG as a client may send it (client-side profile images). */
export const pngDataUrl =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** A user made with the server key (POST /users) plus a session for it (POST /auth/sessions). */
export async function makeUser(
  t: TestInstance,
  project: BootstrappedProject,
  body: Record<string, unknown> = {},
  prefix = 'member',
): Promise<TestUser> {
  const email = (body.primary_email as string | undefined) ?? uniqueEmail(prefix);
  const created = expectOk(
    await call(t, 'POST', '/users', {
      headers: as(project, 'server'),
      body: { primary_email: email, primary_email_auth_enabled: true, ...body },
    }),
    201,
  );
  const session = expectOk(
    await call(t, 'POST', '/auth/sessions', { headers: as(project, 'server'), body: { user_id: created.id } }),
  );
  return { user_id: created.id, access_token: session.access_token, email };
}

/** makeUser for each prefix in turn: `const [owner, member] = await makeUsers(t, project, 'owner', 'member')`. */
export async function makeUsers(t: TestInstance, project: BootstrappedProject, ...prefixes: string[]): Promise<TestUser[]> {
  const users: TestUser[] = [];
  for (const prefix of prefixes) users.push(await makeUser(t, project, {}, prefix));
  return users;
}

/** POST /teams with the server key; returns the server view. */
export async function createTeam(
  t: TestInstance,
  project: BootstrappedProject,
  body: Record<string, unknown> = {},
): Promise<any> {
  const res = await call(t, 'POST', '/teams', {
    headers: as(project, 'server'),
    body: { display_name: `Team ${Math.random().toString(36).slice(2, 8)}`, ...body },
  });
  return expectOk(res, 201);
}

/** POST /team-invitations/send-code with the server key: `email` is invited to the team. */
export async function sendTeamInvitation(
  t: TestInstance,
  project: BootstrappedProject,
  teamId: string,
  email: string,
  callbackUrl: string,
): Promise<void> {
  const res = await call(t, 'POST', '/team-invitations/send-code', {
    headers: as(project, 'server'),
    body: { team_id: teamId, email, callback_url: callbackUrl },
  });
  expectOk(res);
}

/** POST /team-memberships with the server key. */
export async function addMember(t: TestInstance, project: BootstrappedProject, teamId: string, userId: string): Promise<void> {
  const res = await call(t, 'POST', `/team-memberships/${teamId}/${userId}`, { headers: as(project, 'server'), body: {} });
  expect(expectOk(res, 201)).toEqual({ team_id: teamId, user_id: userId });
}

/** A team created by the server with `creator` as its creator, plus `members` added as members. */
export async function teamWith(
  t: TestInstance,
  project: BootstrappedProject,
  creator: TestUser,
  members: TestUser[] = [],
  body: Record<string, unknown> = {},
): Promise<any> {
  const team = await createTeam(t, project, { creator_user_id: creator.user_id, ...body });
  for (const member of members) await addMember(t, project, team.id, member.user_id);
  return team;
}

export async function grant(t: TestInstance, project: BootstrappedProject, teamId: string, userId: string, permissionId: string) {
  const res = await call(t, 'POST', `/team-permissions/${teamId}/${userId}/${encodeURIComponent(permissionId)}`, {
    headers: as(project, 'server'),
    body: {},
  });
  expect(expectOk(res, 201)).toEqual({ id: permissionId, user_id: userId, team_id: teamId });
}

export async function revoke(
  t: TestInstance,
  project: BootstrappedProject,
  teamId: string,
  userId: string,
  permissionId: string,
) {
  const res = await call(t, 'DELETE', `/team-permissions/${teamId}/${userId}/${encodeURIComponent(permissionId)}`, {
    headers: as(project, 'server'),
  });
  expect(expectOk(res)).toEqual({ success: true });
}

/** The permission ids a member holds in a team, as the server lists them. */
export async function permissionIds(
  t: TestInstance,
  project: BootstrappedProject,
  teamId: string,
  userId: string,
  recursive: boolean,
): Promise<string[]> {
  const res = await call(t, 'GET', `/team-permissions?team_id=${teamId}&user_id=${userId}&recursive=${recursive}`, {
    headers: as(project, 'server'),
  });
  const body = expectList(res);
  for (const item of body) expect(item).toEqual({ id: item.id, user_id: userId, team_id: teamId });
  return body.map((p: any) => p.id);
}

/** An unpaginated list; returns its items. */
export function expectList(res: ApiResult): any[] {
  const body = expectOk(res);
  expect(Object.keys(body).sort()).toEqual(['is_paginated', 'items']);
  expect(body.is_paginated).toBe(false);
  expect(Array.isArray(body.items)).toBe(true);
  return body.items;
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const clientTeamKeys = ['client_metadata', 'client_read_only_metadata', 'display_name', 'id', 'profile_image_url'];
const serverTeamKeys = [...clientTeamKeys, 'created_at_millis', 'server_metadata'].sort();

/** Exactly the Team fields of the view, as Stack sends them. */
export function expectTeamView(team: any, kind: 'client' | 'server', expected: Record<string, unknown> = {}): void {
  expect(team).toBeObject();
  expect(Object.keys(team).sort()).toEqual(kind === 'server' ? serverTeamKeys : clientTeamKeys);
  expect(team.id).toMatch(uuid);
  expect(typeof team.display_name).toBe('string');
  expect(team.profile_image_url === null || typeof team.profile_image_url === 'string').toBe(true);
  if (kind === 'server') expect(Number.isInteger(team.created_at_millis)).toBe(true);
  expect(team).toMatchObject(expected);
}

/** Exactly the TeamMemberProfile fields of the view, as Stack sends them. */
export function expectMemberProfile(profile: any, kind: 'client' | 'server', expected: Record<string, unknown> = {}): void {
  expect(profile).toBeObject();
  const keys = ['display_name', 'profile_image_url', 'team_id', 'user_id'];
  // The client view adds authd's primary_email; the server view has the email in `user`.
  expect(Object.keys(profile).sort()).toEqual(
    kind === 'server' ? [...keys, 'user'].sort() : ['display_name', 'primary_email', 'profile_image_url', 'team_id', 'user_id'],
  );
  expect(profile.team_id).toMatch(uuid);
  expect(profile.user_id).toMatch(uuid);
  if (kind === 'server') expect(profile.user.id).toBe(profile.user_id);
  expect(profile).toMatchObject(expected);
}

/** A team's server view, read with the server key (TEAM_NOT_FOUND fails the test). */
export async function readTeam(t: TestInstance, project: BootstrappedProject, teamId: string): Promise<any> {
  return expectOk(await call(t, 'GET', `/teams/${teamId}`, { headers: as(project, 'server') }));
}

/** Ids of the teams a user is a member of, as the server lists them. */
export async function teamIdsOf(t: TestInstance, project: BootstrappedProject, userId: string): Promise<string[]> {
  return expectList(await call(t, 'GET', `/teams?user_id=${userId}`, { headers: as(project, 'server') })).map((team) => team.id);
}

/** Ids of the members of a team, from GET /users?team_id=. */
export async function memberIdsOf(t: TestInstance, project: BootstrappedProject, teamId: string): Promise<string[]> {
  const body = expectOk(await call(t, 'GET', `/users?team_id=${teamId}`, { headers: as(project, 'server') }));
  return body.items.map((u: any) => u.id).sort();
}

/** The project's permission definitions (admin). */
export async function definitions(t: TestInstance, project: BootstrappedProject): Promise<any[]> {
  return expectList(await call(t, 'GET', '/team-permission-definitions', { headers: as(project, 'admin') }));
}

export async function definePermission(
  t: TestInstance,
  project: BootstrappedProject,
  id: string,
  contained: string[] = [],
  description?: string,
): Promise<any> {
  const body: Record<string, unknown> = { id, contained_permission_ids: contained };
  if (description !== undefined) body.description = description;
  const res = await call(t, 'POST', '/team-permission-definitions', { headers: as(project, 'admin'), body });
  return expectOk(res, 201);
}
