// `authd projects providers list|set|remove`: OAuth providers one at a time, with the project
// update's rules, client secrets from standard input only, sealed at rest and never printed.
import { afterAll, expect, test } from 'bun:test';
import { readProjectAdminView } from '../../server/core/projects/projects';
import { openContext } from '../../cmd/cli-support';
import { cliJson, cliOk, expectOneLineError, removeScratchDirs, runCli, scratchDir, storedBytes } from '../support/cli';

afterAll(removeScratchDirs);

const dataDir = scratchDir();
const at = (...args: string[]) => [...args, '--data', dataDir];
const clientSecret = 'gitlab-client-secret-never-printed';

async function newProject(name: string): Promise<string> {
  return (await cliJson(at('create-project', '--name', name))).project_id;
}

/** What the API's admin view of the project holds for its providers (secrets opened). */
async function storedProviders(projectId: string) {
  const ctx = openContext(dataDir, 'development');
  try {
    return (await readProjectAdminView(ctx, projectId)).config.oauth_providers;
  } finally {
    ctx.storage.close();
  }
}

test('set adds and changes providers, keeping what a change leaves out; list never shows the secret', async () => {
  const projectId = await newProject('Providers');
  expect(await cliOk(at('projects', 'providers', 'list', projectId))).toBe('No OAuth providers.\n');

  expect(await cliOk(at('projects', 'providers', 'set', projectId, 'github'))).toBe('github  on  shared credentials\n');
  const standard = await cliJson(
    at('projects', 'providers', 'set', projectId, 'gitlab', '--type', 'standard', '--client-id', 'gl-client', '--client-secret-stdin'),
    { stdin: `${clientSecret}\n` },
  );
  expect(standard).toEqual({ id: 'gitlab', type: 'standard', enabled: true, client_id: 'gl-client', client_secret_set: true });
  // A new client id alone keeps the stored secret; turning a provider off keeps its settings.
  await cliOk(at('projects', 'providers', 'set', projectId, 'gitlab', '--client-id', 'gl-client-2'));
  await cliOk(at('projects', 'providers', 'set', projectId, 'github', '--enabled', 'off'));
  expect(await storedProviders(projectId)).toEqual([
    { id: 'github', type: 'shared', enabled: false },
    { id: 'gitlab', type: 'standard', enabled: true, client_id: 'gl-client-2', client_secret: clientSecret },
  ]);

  const listed = await cliOk(at('projects', 'providers', 'list', projectId));
  expect(listed).toBe('github  off  shared credentials\ngitlab  on  own credentials: client id gl-client-2, client secret set\n');
  const json = await cliJson(at('projects', 'providers', 'list', projectId));
  expect(JSON.stringify(json)).not.toContain(clientSecret);
  // Sealed at rest, like every secret authd must read back.
  expect(storedBytes(dataDir).includes(clientSecret)).toBe(false);
});

test('remove drops a provider and its credentials; unknown ones are named', async () => {
  const projectId = await newProject('Removals');
  await cliOk(at('projects', 'providers', 'set', projectId, 'spotify'));
  expect(await cliOk(at('projects', 'providers', 'remove', projectId, 'spotify', '--yes'))).toBe('Removed the spotify provider.\n');
  expect(await storedProviders(projectId)).toEqual([]);
  expectOneLineError(
    await runCli(at('projects', 'providers', 'remove', projectId, 'spotify', '--yes')),
    /not found or not enabled.*OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED/,
  );
  expectOneLineError(await runCli(at('projects', 'providers', 'remove', projectId, 'myspace', '--yes')), /INVALID_STANDARD_OAUTH_PROVIDER_ID/);
});

test('bad input is refused in one line and changes nothing', async () => {
  const projectId = await newProject('Refusals');
  await cliOk(at('projects', 'providers', 'set', projectId, 'google'));
  const before = await storedProviders(projectId);
  for (const [args, pattern] of [
    [['gitlab'], /INVALID_SHARED_OAUTH_PROVIDER_ID/],
    [['myspace', '--type', 'standard'], /INVALID_STANDARD_OAUTH_PROVIDER_ID/],
    [['discord', '--type', 'standard', '--client-id', 'x'], /client_id and client_secret are required/],
    [['google', '--type', 'weird'], /--type must be "shared" or "standard", not "weird"/],
    [['google', '--enabled', 'maybe'], /--enabled takes on or off/],
  ] as const) {
    expectOneLineError(await runCli(at('projects', 'providers', 'set', projectId, ...args)), pattern);
  }
  expectOneLineError(
    await runCli(at('projects', 'providers', 'set', projectId, 'discord', '--type', 'standard', '--client-secret-stdin'), { stdin: '' }),
    /no client secret on standard input/,
  );
  expectOneLineError(await runCli(at('projects', 'providers', 'list', 'no-such-project')), /PROJECT_NOT_FOUND/);
  expect(await storedProviders(projectId)).toEqual(before);
});
