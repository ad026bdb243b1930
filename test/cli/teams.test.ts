// `authd teams …`, `authd teams members …` and `authd permissions …`, run as real CLI processes
// against a data directory, and a CLI grant read at once by `authd serve` on the same directory.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { callApi, type ServeProcess } from '../support/instance';
import {
  type CreatedProject,
  cliJson,
  cliOk,
  expectOneLineError,
  keyHeaders,
  removeScratchDirs,
  scratchDir,
  runCli,
  serveBesideCli,
} from '../support/cli';
import { uuidPattern } from '../support/api-expectations';

// Runs after every describe block's own afterAll, so no server still uses these.
afterAll(removeScratchDirs);

const dataDir = scratchDir();
const at = (...args: string[]) => [...args, '--data', dataDir];
const unknownId = '00000000-0000-4000-8000-000000000000';
const systemPermissions = ['$delete_team', '$invite_members', '$read_members', '$remove_members', '$update_team'];

let project: CreatedProject, alice: { id: string }, bob: { id: string }, carol: { id: string };

/** `authd <group> <command> … --project P --data D --json`, parsed. */
const inProject = (...args: string[]) => cliJson(at(...args, '--project', project.project_id));
/** The same without --json, for commands that must fail. */
const failInProject = (...args: string[]) => runCli(at(...args, '--project', project.project_id));
const createUser = (email: string) => inProject('users', 'create', '--email', email);
const createTeam = (...flags: string[]) => inProject('teams', 'create', ...flags);
const memberPermissions = async (teamId: string, userId: string, ...flags: string[]) =>
  ((await inProject('permissions', 'list', '--team', teamId, '--user', userId, ...flags)).items as { id: string }[]).map(
    (item) => item.id,
  );

beforeAll(async () => {
  project = await cliJson(at('create-project', '--name', 'Teams'));
  [alice, bob, carol] = await Promise.all([
    createUser('alice@example.com'),
    createUser('bob@example.com'),
    createUser('carol@example.com'),
  ]);
  for (const user of [alice, bob, carol]) expect(user.id).toMatch(uuidPattern);
});

describe('teams create, get, list, update and delete', () => {
  test('create --json prints the team server view, with the creator as first member holding admin', async () => {
    const team = await createTeam('--name', 'Alpha', '--creator', alice.id, '--server-metadata', '{"plan":"pro"}');
    expect(Object.keys(team).sort()).toEqual(
      [
        'client_metadata',
        'client_read_only_metadata',
        'created_at_millis',
        'display_name',
        'id',
        'profile_image_url',
        'server_metadata',
      ].sort(),
    );
    expect(team).toMatchObject({
      display_name: 'Alpha',
      profile_image_url: null,
      client_metadata: null,
      client_read_only_metadata: null,
      server_metadata: { plan: 'pro' },
    });
    expect(team.id).toMatch(uuidPattern);
    expect(Math.abs(team.created_at_millis - Date.now())).toBeLessThan(60_000);

    const members = await inProject('teams', 'members', 'list', team.id);
    expect(members.items.map((m: any) => m.user_id)).toEqual([alice.id]);
    expect(await memberPermissions(team.id, alice.id)).toEqual(['admin']);
  });

  test('create without --creator makes a team with no members', async () => {
    const team = await createTeam('--name', 'Empty');
    expect(team.server_metadata).toBeNull();
    expect(await inProject('teams', 'members', 'list', team.id)).toEqual({ items: [] });
  });

  test('get prints the same server view as create', async () => {
    const team = await createTeam('--name', 'Gettable', '--server-metadata', '[1,2]');
    expect(await inProject('teams', 'get', team.id)).toEqual(team);
  });

  test("list prints every team of the project oldest first, and --user only that user's", async () => {
    const first = await createTeam('--name', 'Listed one', '--creator', carol.id);
    const second = await createTeam('--name', 'Listed two');
    const all = (await inProject('teams', 'list')).items as any[];
    const ids = all.map((t) => t.id);
    expect(ids.indexOf(first.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(second.id)).toBeGreaterThan(ids.indexOf(first.id));
    expect(all.find((t) => t.id === second.id)).toEqual(second);

    expect(await inProject('teams', 'list', '--user', carol.id)).toEqual({ items: [first] });
    expect(await inProject('teams', 'list', '--user', bob.id)).toEqual({ items: [] });
  });

  test('update changes name and metadata, and get shows the change', async () => {
    const team = await createTeam('--name', 'Before', '--server-metadata', '{"a":1}');
    const updated = await inProject(
      'teams',
      'update',
      team.id,
      '--name',
      'After',
      '--server-metadata',
      '{"b":2}',
      '--client-metadata',
      '{"theme":"dark"}',
    );
    expect(updated).toEqual({
      ...team,
      display_name: 'After',
      server_metadata: { b: 2 },
      client_metadata: { theme: 'dark' },
    });
    expect(await inProject('teams', 'get', team.id)).toEqual(updated);

    // Only the named fields change; null clears metadata.
    const cleared = await inProject('teams', 'update', team.id, '--server-metadata', 'null');
    expect(cleared).toEqual({ ...updated, server_metadata: null });
  });

  test('delete prints success, and the team is gone', async () => {
    const team = await createTeam('--name', 'Doomed', '--creator', bob.id);
    expect(await inProject('teams', 'delete', '--yes', team.id)).toEqual({ success: true });
    expectOneLineError(await failInProject('teams', 'get', team.id), new RegExp(`Team ${team.id} not found.*TEAM_NOT_FOUND`));
    expect((await inProject('teams', 'list', '--user', bob.id)).items.map((t: any) => t.id)).not.toContain(team.id);
  });

  test('human output is one line per team', async () => {
    const team = await createTeam('--name', 'Human team', '--creator', bob.id);
    const out = await cliOk(at('teams', 'list', '--project', project.project_id, '--user', bob.id));
    expect(out.trimEnd().split('\n')).toHaveLength(1);
    expect(out).toMatch(new RegExp(`^${team.id}\\s+"Human team"\\s+created \\d{4}-\\d\\d-\\d\\dT`));
    expect(await cliOk(at('teams', 'delete', '--yes', '--project', project.project_id, team.id))).toContain(
      `Deleted team ${team.id}`,
    );
    expect(await cliOk(at('teams', 'list', '--project', project.project_id, '--user', bob.id))).toBe('No teams.\n');
  });
});

describe('teams members', () => {
  let team: { id: string };

  beforeAll(async () => {
    team = await createTeam('--name', 'Members', '--creator', alice.id);
  });

  test('add prints the member profile with the user, and the member gets the member defaults', async () => {
    const profile = await inProject('teams', 'members', 'add', team.id, bob.id);
    expect(Object.keys(profile).sort()).toEqual(['display_name', 'profile_image_url', 'team_id', 'user', 'user_id']);
    expect(profile).toMatchObject({ team_id: team.id, user_id: bob.id, profile_image_url: null });
    expect(profile.user).toMatchObject({ id: bob.id, primary_email: 'bob@example.com' });
    expect(await memberPermissions(team.id, bob.id)).toEqual(['member']);
  });

  test('list prints member profiles by membership age, each with its user', async () => {
    const { items } = await inProject('teams', 'members', 'list', team.id);
    expect(items.map((m: any) => [m.team_id, m.user_id, m.user.id, m.user.primary_email])).toEqual([
      [team.id, alice.id, alice.id, 'alice@example.com'],
      [team.id, bob.id, bob.id, 'bob@example.com'],
    ]);
    const human = await cliOk(at('teams', 'members', 'list', team.id, '--project', project.project_id));
    expect(human.trimEnd().split('\n')).toEqual([
      expect.stringMatching(new RegExp(`^${alice.id}\\s+alice@example\\.com`)),
      expect.stringMatching(new RegExp(`^${bob.id}\\s+bob@example\\.com`)),
    ]);
  });

  test('adding a member twice is refused', async () => {
    await inProject('teams', 'members', 'add', team.id, carol.id);
    expectOneLineError(
      await failInProject('teams', 'members', 'add', team.id, carol.id),
      /^authd: Team membership already exists\. \(TEAM_MEMBERSHIP_ALREADY_EXISTS\)$/,
    );
  });

  test('remove ends the membership and its permissions', async () => {
    const leaving = await createTeam('--name', 'Leaving', '--creator', alice.id);
    await inProject('teams', 'members', 'add', leaving.id, carol.id);
    expect(await memberPermissions(leaving.id, carol.id)).toEqual(['member']);
    expect(await inProject('teams', 'members', 'remove', '--yes', leaving.id, carol.id)).toEqual({ success: true });
    const { items } = await inProject('teams', 'members', 'list', leaving.id);
    expect(items.map((m: any) => m.user_id)).toEqual([alice.id]);
    expect(await memberPermissions(leaving.id, carol.id)).toEqual([]);
    expect((await inProject('teams', 'list', '--user', carol.id)).items.map((t: any) => t.id)).not.toContain(leaving.id);
    expectOneLineError(
      await failInProject('teams', 'members', 'remove', '--yes', leaving.id, carol.id),
      new RegExp(`User ${carol.id} is not found in team ${leaving.id}.*TEAM_MEMBERSHIP_NOT_FOUND`),
    );
  });
});

describe('permissions define, update, list and delete', () => {
  test('list prints the system permissions and the project defaults, sorted by id', async () => {
    const { items } = await inProject('permissions', 'list');
    const ids = items.map((d: any) => d.id);
    expect(ids).toEqual([...ids].sort());
    for (const id of [...systemPermissions, 'admin', 'member']) expect(ids).toContain(id);
    expect(items.find((d: any) => d.id === 'member')).toEqual({
      id: 'member',
      description: 'Default permission for team members',
      contained_permission_ids: ['$invite_members', '$read_members'],
    });
    expect(items.find((d: any) => d.id === 'admin').contained_permission_ids).toEqual(systemPermissions);
  });

  test('define --json prints the new definition, with its contained ids sorted', async () => {
    const defined = await inProject(
      'permissions',
      'define',
      'docs:write',
      '--contains',
      '$update_team, $read_members',
      '--description',
      'Write docs',
    );
    expect(defined).toEqual({
      id: 'docs:write',
      description: 'Write docs',
      contained_permission_ids: ['$read_members', '$update_team'],
    });
    expect((await inProject('permissions', 'list')).items).toContainEqual(defined);
    // Without --contains or --description: no description field, no contained ids.
    expect(await inProject('permissions', 'define', 'docs_read')).toEqual({ id: 'docs_read', contained_permission_ids: [] });
  });

  test('defining an existing id is refused', async () => {
    await inProject('permissions', 'define', 'dup');
    expectOneLineError(
      await failInProject('permissions', 'define', 'dup'),
      /^authd: A permission with the id "dup" already exists\.$/,
    );
    expectOneLineError(await failInProject('permissions', 'define', 'member'), /"member" already exists/);
  });

  test('update renames, replaces the contained ids and the description; grants follow the new id', async () => {
    const team = await createTeam('--name', 'Renames', '--creator', alice.id);
    await inProject('permissions', 'define', 'old_name', '--contains', '$read_members', '--description', 'Old');
    await inProject('permissions', 'grant', team.id, alice.id, 'old_name');

    const updated = await inProject(
      'permissions',
      'update',
      'old_name',
      '--id',
      'new_name',
      '--contains',
      '$delete_team',
      '--description',
      'New',
    );
    expect(updated).toEqual({ id: 'new_name', description: 'New', contained_permission_ids: ['$delete_team'] });
    const ids = (await inProject('permissions', 'list')).items.map((d: any) => d.id);
    expect(ids).toContain('new_name');
    expect(ids).not.toContain('old_name');
    expect(await memberPermissions(team.id, alice.id)).toEqual(['admin', 'new_name']);

    // --contains "" and --description "" clear both.
    expect(await inProject('permissions', 'update', 'new_name', '--contains', '', '--description', '')).toEqual({
      id: 'new_name',
      contained_permission_ids: [],
    });
  });

  test('delete prints success and takes the definition out of grants and other definitions', async () => {
    const team = await createTeam('--name', 'Deletes', '--creator', bob.id);
    await inProject('permissions', 'define', 'doomed');
    await inProject('permissions', 'define', 'holder', '--contains', 'doomed');
    await inProject('permissions', 'grant', team.id, bob.id, 'doomed');
    expect(await inProject('permissions', 'delete', '--yes', 'doomed')).toEqual({ success: true });

    const { items } = await inProject('permissions', 'list');
    expect(items.map((d: any) => d.id)).not.toContain('doomed');
    expect(items.find((d: any) => d.id === 'holder')).toEqual({ id: 'holder', contained_permission_ids: [] });
    expect(await memberPermissions(team.id, bob.id)).toEqual(['admin']);
    expectOneLineError(
      await failInProject('permissions', 'delete', '--yes', 'doomed'),
      /Permission "doomed" not found.*PERMISSION_NOT_FOUND/,
    );
  });

  test('human output is one line per definition', async () => {
    await inProject('permissions', 'define', 'human:perm', '--contains', '$read_members', '--description', 'For people');
    const out = await cliOk(at('permissions', 'list', '--project', project.project_id));
    const lines = out.trimEnd().split('\n');
    expect(lines.length).toBe((await inProject('permissions', 'list')).items.length);
    expect(lines).toContain('human:perm  contains $read_members  "For people"');
  });
});

describe('permissions grant, list --team/--user and revoke', () => {
  let team: { id: string };

  beforeAll(async () => {
    team = await createTeam('--name', 'Grants', '--creator', alice.id);
    await inProject('teams', 'members', 'add', team.id, bob.id);
    await inProject('permissions', 'define', 'billing:read');
    await inProject('permissions', 'define', 'billing:admin', '--contains', 'billing:read,$remove_members');
  });

  test('grant prints the granted permission; granting it again changes nothing', async () => {
    const granted = await inProject('permissions', 'grant', team.id, bob.id, 'billing:admin');
    expect(granted).toEqual({ id: 'billing:admin', user_id: bob.id, team_id: team.id });
    expect(await inProject('permissions', 'grant', team.id, bob.id, 'billing:admin')).toEqual(granted);
    expect(await memberPermissions(team.id, bob.id)).toEqual(['billing:admin', 'member']);
  });

  test('list --recursive adds what the grants contain', async () => {
    expect(await memberPermissions(team.id, bob.id, '--recursive')).toEqual([
      '$invite_members',
      '$read_members',
      '$remove_members',
      'billing:admin',
      'billing:read',
      'member',
    ]);
    const { items } = await inProject('permissions', 'list', '--team', team.id, '--user', bob.id, '--recursive');
    for (const item of items) expect(item).toEqual({ id: item.id, user_id: bob.id, team_id: team.id });
  });

  test('list --team alone covers every member of the team', async () => {
    const { items } = await inProject('permissions', 'list', '--team', team.id);
    expect(items.map((p: any) => `${p.user_id} ${p.id}`).sort()).toEqual(
      [`${alice.id} admin`, `${bob.id} billing:admin`, `${bob.id} member`].sort(),
    );
  });

  test('revoke prints success and the permission is gone; revoking it again is refused', async () => {
    await inProject('permissions', 'grant', team.id, bob.id, 'billing:read');
    expect(await inProject('permissions', 'revoke', '--yes', team.id, bob.id, 'billing:read')).toEqual({ success: true });
    expect(await memberPermissions(team.id, bob.id)).not.toContain('billing:read');
    expectOneLineError(
      await failInProject('permissions', 'revoke', '--yes', team.id, bob.id, 'billing:read'),
      new RegExp(`User ${bob.id} does not have permission billing:read in team ${team.id}.*TEAM_PERMISSION_NOT_FOUND`),
    );
  });

  test('revoking a permission held only through another one is refused', async () => {
    // bob holds $remove_members only because billing:admin contains it.
    expect(await memberPermissions(team.id, bob.id, '--recursive')).toContain('$remove_members');
    expectOneLineError(
      await failInProject('permissions', 'revoke', '--yes', team.id, bob.id, '$remove_members'),
      /TEAM_PERMISSION_NOT_FOUND/,
    );
  });

  test('grants need a member and a defined permission', async () => {
    const [notMember, undefinedPermission] = await Promise.all([
      failInProject('permissions', 'grant', team.id, carol.id, 'billing:read'),
      failInProject('permissions', 'grant', team.id, bob.id, 'no_such_permission'),
    ]);
    expectOneLineError(notMember, new RegExp(`User ${carol.id} is not found in team ${team.id}.*TEAM_MEMBERSHIP_NOT_FOUND`));
    expectOneLineError(undefinedPermission, /Permission "no_such_permission" not found.*PERMISSION_NOT_FOUND/);
  });

  test('human output is one line per permission', async () => {
    const out = await cliOk(at('permissions', 'list', '--team', team.id, '--user', bob.id, '--project', project.project_id));
    expect(out.trimEnd().split('\n')).toEqual([
      `billing:admin  team ${team.id}  user ${bob.id}`,
      `member  team ${team.id}  user ${bob.id}`,
    ]);
  });
});

describe('errors are one line with exit code 1', () => {
  test('an unknown team is named in the error', async () => {
    const results = await Promise.all([
      failInProject('teams', 'get', unknownId),
      failInProject('teams', 'update', unknownId, '--name', 'X'),
      failInProject('teams', 'delete', '--yes', unknownId),
      failInProject('teams', 'members', 'list', unknownId),
      failInProject('teams', 'members', 'add', unknownId, alice.id),
    ]);
    for (const result of results) {
      expect(result.code).toBe(1);
      expectOneLineError(result, new RegExp(`^authd: Team ${unknownId} not found\\. \\(TEAM_NOT_FOUND\\)$`));
    }
    expectOneLineError(
      await failInProject('permissions', 'list', '--team', unknownId, '--user', alice.id),
      new RegExp(`Team ${unknownId} not found`),
    );
  });

  test('a team id that is not a UUID is refused as the API refuses it', async () => {
    const result = await failInProject('teams', 'get', 'not-a-team');
    expect(result.code).toBe(1);
    expectOneLineError(result, /^authd: <team-id>: Must be a UUID$/);
    expectOneLineError(await failInProject('teams', 'list', '--user', 'me'), /^authd: --user: Must be a UUID$/);
  });

  test('unknown users and projects are named', async () => {
    const [user, creator, project404] = await Promise.all([
      failInProject('teams', 'list', '--user', unknownId),
      failInProject('teams', 'create', '--name', 'Orphan', '--creator', unknownId),
      runCli(at('teams', 'list', '--project', 'no-such-project')),
    ]);
    expectOneLineError(user, /User not found\. \(USER_NOT_FOUND\)/);
    expectOneLineError(creator, /USER_NOT_FOUND/);
    expectOneLineError(project404, /Project no-such-project not found.*PROJECT_NOT_FOUND/);
  });

  test('bad team fields get the validation message of the API', async () => {
    const [emptyName, badJson, me] = await Promise.all([
      failInProject('teams', 'create', '--name', ''),
      failInProject('teams', 'create', '--name', 'Bad', '--server-metadata', '{oops'),
      failInProject('teams', 'create', '--name', 'Me', '--creator', 'me'),
    ]);
    expectOneLineError(emptyName, /^authd: --name: Please enter a team name$/);
    expectOneLineError(badJson, /^authd: --server-metadata: Invalid JSON format$/);
    expectOneLineError(me, /--creator/);
  });

  test('a bad permission id gets the validation message', async () => {
    const [upper, system, contained, renamed] = await Promise.all([
      failInProject('permissions', 'define', 'Billing-Read'),
      failInProject('permissions', 'define', '$superuser'),
      failInProject('permissions', 'define', 'ok_id', '--contains', 'Not OK'),
      failInProject('permissions', 'update', 'member', '--id', 'Member!'),
    ]);
    const charset = 'Only lowercase letters, numbers, ":", "_" and optional "\\$" at the beginning are allowed';
    expectOneLineError(upper, new RegExp(`^authd: <permission-id>: ${charset}$`));
    expectOneLineError(system, /^authd: <permission-id>: Invalid system permission$/);
    expectOneLineError(contained, new RegExp(`^authd: --contains\\[0\\]: ${charset}$`));
    expectOneLineError(renamed, new RegExp(`^authd: --id: ${charset}$`));
    // Nothing was created.
    const ids = (await inProject('permissions', 'list')).items.map((d: any) => d.id);
    expect(ids).not.toContain('ok_id');
    expect(ids).toContain('member');
  });

  test('an undefined contained permission is named', async () => {
    expectOneLineError(
      await failInProject('permissions', 'define', 'needs_missing', '--contains', 'missing_one'),
      /Contained permission with ID "missing_one" not found.*CONTAINED_PERMISSION_NOT_FOUND/,
    );
  });

  test('a cycle of contained permissions is refused with its path', async () => {
    await inProject('permissions', 'define', 'cycle_a');
    await inProject('permissions', 'define', 'cycle_b', '--contains', 'cycle_a');
    expectOneLineError(
      await failInProject('permissions', 'update', 'cycle_a', '--contains', 'cycle_b'),
      /^authd: Contained permissions cannot form a cycle: cycle_a → cycle_b → cycle_a$/,
    );
    expectOneLineError(
      await failInProject('permissions', 'update', 'cycle_a', '--contains', 'cycle_a'),
      /^authd: Contained permissions cannot form a cycle: cycle_a → cycle_a$/,
    );
    // The refused update left cycle_a as it was.
    const { items } = await inProject('permissions', 'list');
    expect(items.find((d: any) => d.id === 'cycle_a')).toEqual({ id: 'cycle_a', contained_permission_ids: [] });
  });

  test('updating or deleting an undefined or system permission is refused', async () => {
    const [update, remove] = await Promise.all([
      failInProject('permissions', 'update', 'never_defined', '--description', 'x'),
      failInProject('permissions', 'delete', '--yes', '$read_members'),
    ]);
    expectOneLineError(update, /Permission "never_defined" not found.*PERMISSION_NOT_FOUND/);
    expectOneLineError(remove, /Permission "\$read_members" not found.*PERMISSION_NOT_FOUND/);
  });

  test('--recursive without --team or --user is refused', async () => {
    expectOneLineError(await failInProject('permissions', 'list', '--recursive'), /--recursive.*--team.*--user/);
  });

  test("commander's own errors on `teams members` subcommands are one line too", async () => {
    // A suggestion goes on a second line unless every level of commands is configured.
    expectOneLineError(await runCli(['teams', 'members', 'add', '--jsn']), /unknown option '--jsn'.*Did you mean --json\?/);
    expectOneLineError(await runCli(['teams', 'members', 'add', unknownId]), /missing required argument 'user-id'/);
    expectOneLineError(await runCli(['teams', 'members', 'lst']), /Did you mean list\?/);
  });
});

describe('while authd serve holds the same data directory', () => {
  const servedDir = scratchDir();
  const served = (...args: string[]) => [...args, '--data', servedDir];
  let server: ServeProcess, servedProject: CreatedProject;

  serveBesideCli(servedDir, 'Served teams', (started) => ({ server, project: servedProject } = started));

  const serverHeaders = () => keyHeaders(servedProject.project_id, 'server', servedProject);

  test('a grant made by the CLI is visible at once through GET /api/v1/team-permissions, and so is its revocation', async () => {
    const inServed = (...args: string[]) => cliJson(served(...args, '--project', servedProject.project_id));
    const user = await inServed('users', 'create', '--email', 'served@example.com');
    const team = await inServed('teams', 'create', '--name', 'Served', '--creator', user.id);
    const path = `/api/v1/team-permissions?team_id=${team.id}&user_id=${user.id}`;
    const listed = async () => {
      const response = await callApi(server.url, 'GET', path, { headers: serverHeaders() });
      expect(response.status).toBe(200);
      return response.json.items as { id: string; user_id: string; team_id: string }[];
    };

    // Warm whatever the server keeps between requests before the CLI writes.
    expect((await listed()).map((p) => p.id)).toEqual(['admin']);
    await inServed('permissions', 'define', 'served:perm');
    await inServed('permissions', 'grant', team.id, user.id, 'served:perm');
    expect(await listed()).toEqual([
      { id: 'admin', user_id: user.id, team_id: team.id },
      { id: 'served:perm', user_id: user.id, team_id: team.id },
    ]);

    await inServed('permissions', 'revoke', '--yes', team.id, user.id, 'served:perm');
    expect((await listed()).map((p) => p.id)).toEqual(['admin']);
  });

  test('--project defaults to internal, which serve created', async () => {
    const internalUser = await cliJson(served('users', 'create', '--email', 'internal-member@example.com'));
    const team = await cliJson(served('teams', 'create', '--name', 'Internal team', '--creator', internalUser.id));
    expect((await cliJson(served('teams', 'list', '--project', 'internal'))).items.map((t: any) => t.id)).toContain(team.id);
    expect((await cliJson(served('teams', 'members', 'list', team.id))).items.map((m: any) => m.user_id)).toEqual([
      internalUser.id,
    ]);
    const elsewhere = await runCli(served('teams', 'get', team.id, '--project', servedProject.project_id));
    expectOneLineError(elsewhere, /TEAM_NOT_FOUND/);
  });

  test('a team created by the CLI is served at once as the same server view', async () => {
    const team = await cliJson(served('teams', 'create', '--name', 'Seen', '--project', servedProject.project_id));
    const response = await callApi(server.url, 'GET', `/api/v1/teams/${team.id}`, { headers: serverHeaders() });
    expect(response.status).toBe(200);
    expect(response.json).toEqual(team);
  });
});
