// `authd teams import` of Clerk's organisations and Stack's teams after their users: the teams
// with their names, images, metadata and creation times, the memberships (Clerk's admins with the
// team creator's permissions), members whose user is missing named in the report, a second run
// that changes nothing, a dry run that writes nothing, and an unknown format refused by name.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { as, call, makeProject } from '../support/api-expectations';
import { cliJson, expectOneLineError, runCli } from '../support/cli';
import { startTestInstance, type TestInstance } from '../support/instance';
import { fixture } from './format-cases';

let t: TestInstance;
beforeAll(async () => {
  t = await startTestInstance();
});
afterAll(async () => await t?.stop());

const importArgs = (kind: 'users' | 'teams', project: BootstrappedProject, file: string, format: string, ...flags: string[]) => [
  kind,
  'import',
  fixture(file),
  '--format',
  format,
  '--project',
  project.projectId,
  ...t.databaseArgs,
  ...flags,
];

async function userIdOf(project: BootstrappedProject, email: string): Promise<string> {
  const found = await call(t, 'GET', `/users?query=${encodeURIComponent(email)}`, { headers: as(project, 'server') });
  const user = found.json.items.find((item: { primary_email: string }) => item.primary_email === email);
  expect(user).toBeDefined();
  return user.id;
}

async function teamsOf(project: BootstrappedProject, email: string) {
  const res = await call(t, 'GET', `/teams?user_id=${await userIdOf(project, email)}`, { headers: as(project, 'server') });
  expect(res.status).toBe(200);
  return res.json.items as {
    id: string;
    display_name: string;
    profile_image_url: string | null;
    client_metadata: unknown;
    client_read_only_metadata: unknown;
    server_metadata: unknown;
    created_at_millis: number;
  }[];
}

async function permissionsOf(project: BootstrappedProject, teamId: string, email: string): Promise<string[]> {
  const res = await call(t, 'GET', `/team-permissions?team_id=${teamId}&user_id=${await userIdOf(project, email)}`, {
    headers: as(project, 'server'),
  });
  return res.json.items.map((item: { id: string }) => item.id).sort();
}

const teamCount = async (project: BootstrappedProject) =>
  Number((await t.rows('select count(*) as n from teams where project_id = ?', project.projectId))[0]!.n);
const membershipCount = async (project: BootstrappedProject) =>
  Number((await t.rows('select count(*) as n from team_members where project_id = ?', project.projectId))[0]!.n);

describe('Clerk organisations', () => {
  let project: BootstrappedProject;
  beforeAll(async () => {
    project = await makeProject(t, 'clerk organisations');
    await cliJson(importArgs('users', project, 'clerk-users.csv', 'clerk'));
    await cliJson(importArgs('users', project, 'clerk-users.jsonl', 'clerk'));
  });

  test('the organisations become teams with their members; a missing member and a bad line are named', async () => {
    const report = await cliJson(importArgs('teams', project, 'clerk-organizations.jsonl', 'clerk'));
    expect(report).toMatchObject({
      format: 'clerk',
      dry_run: false,
      read: 3,
      imported: 2,
      skipped: 0,
      refused_count: 1,
      memberships_added: 4,
      members_not_found_count: 1,
    });
    expect(report.refused).toEqual([{ line: 3, external_id: null, reason: 'has no id' }]);
    // Niklaus was refused at the users' import (an unverifiable hash), so he is no user here.
    expect(report.members_not_found).toEqual([
      { line: 2, team_external_id: 'org_2yBcDeFgHiJkLmNoPqRsTuVwXy', user_external_id: 'user_2fGhIjKlMnOpQrStUvWxYzAbCdE' },
    ]);

    const [team] = await teamsOf(project, 'edsger.bcrypt@clerk.example.com');
    expect(team).toMatchObject({
      display_name: 'Structured Programming',
      profile_image_url: 'https://img.clerk.com/structured-programming.png',
      client_read_only_metadata: { tier: 'gold' },
      server_metadata: { billing_id: 'acct_1' },
      created_at_millis: 1654013202977,
    });
    for (const email of ['barbara.argon2i@clerk.example.com', 'donald.argon2id@clerk.example.com']) {
      expect((await teamsOf(project, email)).map((other) => other.id)).toEqual([team!.id]);
    }
    // An org:admin joins with the creator's permissions, a member with a member's.
    expect(await permissionsOf(project, team!.id, 'edsger.bcrypt@clerk.example.com')).toContain('admin');
    expect(await permissionsOf(project, team!.id, 'barbara.argon2i@clerk.example.com')).toEqual(['member']);
    expect((await teamsOf(project, 'radia.google@clerk.example.com')).map((other) => other.display_name)).toEqual(['Networks']);
  });

  test('a second run changes nothing', async () => {
    const [teamsBefore, membersBefore] = [await teamCount(project), await membershipCount(project)];
    const report = await cliJson(importArgs('teams', project, 'clerk-organizations.jsonl', 'clerk'));
    expect(report).toMatchObject({ imported: 0, skipped: 2, refused_count: 1, memberships_added: 0 });
    expect([await teamCount(project), await membershipCount(project)]).toEqual([teamsBefore, membersBefore]);
  });
});

describe('Stack teams', () => {
  test('the teams and their members, with the three metadata kinds and the creation time', async () => {
    const project = await makeProject(t, 'stack teams');
    await cliJson(importArgs('users', project, 'stack-users.jsonl', 'stack'));
    const report = await cliJson(importArgs('teams', project, 'stack-teams.jsonl', 'stack'));
    expect(report).toMatchObject({ read: 2, imported: 1, refused_count: 1, memberships_added: 2, members_not_found_count: 0 });
    for (const email of ['john.argon2d@stack.example.com', 'mary.google@stack.example.com']) {
      expect(await teamsOf(project, email)).toMatchObject([
        {
          display_name: 'Compilers',
          client_metadata: { room: 'B12' },
          server_metadata: { cost_center: 42 },
          created_at_millis: 1690000000000,
        },
      ]);
    }
  });
});

describe("authd's team records", () => {
  test("jsonl: members named by the user's external id or by its authd id", async () => {
    const project = await makeProject(t, 'team records');
    await cliJson(importArgs('users', project, 'stack-users.jsonl', 'stack'));
    const maryId = await userIdOf(project, 'mary.google@stack.example.com');
    const file = `${t.dataDir}/teams.jsonl`;
    await Bun.write(
      file,
      `${JSON.stringify({ external_id: 'crm-team-1', display_name: 'Pioneers', members: [{ user_external_id: '3f0e8a1b-2c3d-4e5f-8a9b-0c1d2e3f4a5b', admin: true }, { user_external_id: maryId }] })}\n` +
        `${JSON.stringify({ external_id: 'crm-team-2', display_name: 'Nameless', members: 'everyone' })}\n`,
    );
    const report = await cliJson([
      'teams',
      'import',
      file,
      '--format',
      'jsonl',
      '--project',
      project.projectId,
      ...t.databaseArgs,
    ]);
    expect(report).toMatchObject({ imported: 1, refused_count: 1, memberships_added: 2 });
    expect(report.refused[0]).toMatchObject({ line: 2, reason: expect.stringContaining('members') });
    const [team] = await teamsOf(project, 'mary.google@stack.example.com');
    expect(team!.display_name).toBe('Pioneers');
    expect(await permissionsOf(project, team!.id, 'john.argon2d@stack.example.com')).toContain('admin');
  });
});

describe('refusals', () => {
  test('--dry-run reports the same and writes nothing', async () => {
    const project = await makeProject(t, 'teams dry run');
    await cliJson(importArgs('users', project, 'stack-users.jsonl', 'stack'));
    const report = await cliJson(importArgs('teams', project, 'stack-teams.jsonl', 'stack', '--dry-run'));
    expect(report).toMatchObject({ dry_run: true, imported: 1, memberships_added: 2 });
    expect([await teamCount(project), await membershipCount(project)]).toEqual([0, 0]);
  });

  test('an unknown format is refused by name and writes nothing', async () => {
    const project = await makeProject(t, 'teams unknown format');
    const result = await runCli(importArgs('teams', project, 'stack-teams.jsonl', 'auth0'));
    expectOneLineError(result, /^authd: Unknown team import format "auth0": use clerk, stack or jsonl\.$/);
    expect(await teamCount(project)).toBe(0);
  });
});
