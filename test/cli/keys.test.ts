// `authd keys create|list|revoke`, and the CLI changing a data directory that a running
// `authd serve` holds: new projects, new keys, revocations and edits apply at once.
import { beforeAll, describe, expect, test } from 'bun:test';
import type { ServeProcess } from '../support/instance';
import {
  type CreatedProject,
  cliJson,
  cliOk,
  expectOneLineError,
  generatedKeyPatterns,
  getCurrentProject,
  storedBytes,
  removeScratchDirs,
  scratchDir,
  runCli,
  serveBesideCli,
} from '../support/cli';
import { uuidPattern } from '../support/api-expectations';

const day = 86_400_000;
const nonExpiringMillis = Date.UTC(2099, 11, 31, 23, 59, 59);
const stackDevelopmentKeys = {
  publishable_client_key: 'this-publishable-client-key-is-for-local-development-only',
  secret_server_key: 'this-secret-server-key-is-for-local-development-only',
  super_secret_admin_key: 'this-super-secret-admin-key-is-for-local-development-only',
};

const dataDir = scratchDir();
const at = (...args: string[]) => [...args, '--data', dataDir];
let server: ServeProcess, project: CreatedProject;

serveBesideCli(dataDir, 'Keyed', (served) => ({ server, project } = served), removeScratchDirs);

const createKeys = (...flags: string[]) => cliJson(at('keys', 'create', '--project', project.project_id, ...flags));
const listKeys = async () => (await cliJson(at('keys', 'list', '--project', project.project_id))).items as Record<string, any>[];

describe('while authd serve holds the same data directory', () => {
  test('a project created by the CLI is served at once, at every access level', async () => {
    for (const level of ['client', 'server', 'admin'] as const) {
      const response = await getCurrentProject(server.url, project.project_id, level, project);
      expect(response.status).toBe(200);
      expect(response.json).toMatchObject({ id: project.project_id, display_name: 'Keyed' });
    }
  });

  test('a project update by the CLI is what the next request sees', async () => {
    const other = await cliJson(at('create-project', '--name', 'Before'));
    await cliJson(at('projects', 'update', other.project_id, '--name', 'After'));
    const response = await getCurrentProject(server.url, other.project_id, 'client', other);
    expect(response.json.display_name).toBe('After');
  });

  test('a revoked key set is refused from the next request, other key sets keep working', async () => {
    const set = await createKeys('--description', 'to revoke');
    for (const level of ['client', 'server', 'admin'] as const) {
      expect((await getCurrentProject(server.url, project.project_id, level, set)).status).toBe(200);
    }

    const revoked = await cliJson(at('keys', 'revoke', '--yes', '--project', project.project_id, set.id));
    expect(revoked).toMatchObject({ id: set.id, description: 'to revoke' });
    expect(typeof revoked.manually_revoked_at_millis).toBe('number');

    for (const [level, code] of [
      ['client', 'INVALID_PUBLISHABLE_CLIENT_KEY'],
      ['server', 'INVALID_SECRET_SERVER_KEY'],
      ['admin', 'INVALID_SUPER_SECRET_ADMIN_KEY'],
    ] as const) {
      const response = await getCurrentProject(server.url, project.project_id, level, set);
      expect(response.status).toBe(401);
      expect(response.headers.get('x-stack-known-error')).toBe(code);
      expect(response.json.code).toBe(code);
    }
    // The project's first key set is untouched.
    expect((await getCurrentProject(server.url, project.project_id, 'client', project)).status).toBe(200);
    expect((await listKeys()).find((s) => s.id === set.id)?.manually_revoked_at_millis).toBe(revoked.manually_revoked_at_millis);
  });

  test('keys revoke without --json confirms in words and the list says revoked', async () => {
    const set = await createKeys('--kinds', 'client');
    expect(await cliOk(at('keys', 'revoke', '--yes', '--project', project.project_id, set.id))).toContain(`Revoked key set ${set.id}`);
    const out = await cliOk(at('keys', 'list', '--project', project.project_id));
    expect(out).toMatch(new RegExp(`^${set.id}\\s+revoked\\b`, 'm'));
    expect((await getCurrentProject(server.url, project.project_id, 'client', set)).status).toBe(401);
  });

  test('a project deleted by the CLI stops being served', async () => {
    const doomed = await cliJson(at('create-project', '--name', 'Doomed'));
    expect((await getCurrentProject(server.url, doomed.project_id, 'client', doomed)).status).toBe(200);
    await cliJson(at('projects', 'delete', '--yes', doomed.project_id));
    const response = await getCurrentProject(server.url, doomed.project_id, 'client', doomed);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.headers.get('x-stack-known-error')).toMatch(/INVALID_PUBLISHABLE_CLIENT_KEY|PROJECT_NOT_FOUND/);
  });
});

describe('keys create', () => {
  test('--json prints the new set with all three generated keys, which work at once', async () => {
    const set = await createKeys('--description', 'generated');
    expect(Object.keys(set).sort()).toEqual(
      ['description', 'expires_at_millis', 'id', 'publishable_client_key', 'secret_server_key', 'super_secret_admin_key'].sort(),
    );
    expect(set.id).toMatch(uuidPattern);
    expect(set.description).toBe('generated');
    expect(set.expires_at_millis).toBe(nonExpiringMillis);
    for (const field of Object.keys(generatedKeyPatterns) as (keyof typeof generatedKeyPatterns)[]) {
      expect(set[field]).toMatch(generatedKeyPatterns[field]);
    }
    expect((await getCurrentProject(server.url, project.project_id, 'admin', set)).status).toBe(200);
    const bytes = storedBytes(dataDir);
    for (const key of [set.publishable_client_key, set.secret_server_key, set.super_secret_admin_key])
      expect(bytes.includes(key)).toBe(false);
  });

  test('--kinds makes only the kinds asked for; the others are null', async () => {
    const set = await createKeys('--kinds', 'client,server');
    expect(set.publishable_client_key).toMatch(generatedKeyPatterns.publishable_client_key);
    expect(set.secret_server_key).toMatch(generatedKeyPatterns.secret_server_key);
    expect(set.super_secret_admin_key).toBeNull();
    expect((await getCurrentProject(server.url, project.project_id, 'server', set)).status).toBe(200);

    const adminOnly = await createKeys('--kinds', 'admin');
    expect(adminOnly.publishable_client_key).toBeNull();
    expect(adminOnly.secret_server_key).toBeNull();
    expect(adminOnly.super_secret_admin_key).toMatch(generatedKeyPatterns.super_secret_admin_key);
    const listed = (await listKeys()).find((s) => s.id === adminOnly.id)!;
    expect(listed.super_secret_admin_key).toEqual({ last_four: adminOnly.super_secret_admin_key.slice(-4) });
    expect(listed.publishable_client_key).toBeUndefined();
  });

  test("Stack Auth's keys can be imported and then authenticate against the running server", async () => {
    const imported = await createKeys(
      '--description',
      'moved from Stack Auth',
      '--publishable-client-key',
      stackDevelopmentKeys.publishable_client_key,
      '--secret-server-key',
      stackDevelopmentKeys.secret_server_key,
      '--super-secret-admin-key',
      stackDevelopmentKeys.super_secret_admin_key,
    );
    expect(imported).toMatchObject({ description: 'moved from Stack Auth', ...stackDevelopmentKeys });
    for (const level of ['client', 'server', 'admin'] as const) {
      const response = await getCurrentProject(server.url, project.project_id, level, stackDevelopmentKeys);
      expect(response.status).toBe(200);
      expect(response.json.id).toBe(project.project_id);
    }
    expect(storedBytes(dataDir).includes(stackDevelopmentKeys.publishable_client_key)).toBe(false);
  });

  test('importing one key makes a set of just that key, unless --kinds asks for more', async () => {
    const key = 'pk_imported_0123456789abcdefghijklmnop';
    const alone = await createKeys('--publishable-client-key', key);
    expect(alone).toMatchObject({ publishable_client_key: key, secret_server_key: null, super_secret_admin_key: null });

    const mixed = await createKeys('--publishable-client-key', 'pk_imported_second_0123456789abcdef', '--kinds', 'server');
    expect(mixed.publishable_client_key).toBe('pk_imported_second_0123456789abcdef');
    expect(mixed.secret_server_key).toMatch(generatedKeyPatterns.secret_server_key);
    expect(mixed.super_secret_admin_key).toBeNull();
    expect((await getCurrentProject(server.url, project.project_id, 'client', alone)).status).toBe(200);
  });

  test('--expires-in 90d expires the set 90 days from now', async () => {
    const before = Date.now();
    const set = await createKeys('--expires-in', '90d');
    const after = Date.now();
    expect(set.expires_at_millis).toBeGreaterThanOrEqual(before + 90 * day);
    expect(set.expires_at_millis).toBeLessThanOrEqual(after + 90 * day);
    expect((await listKeys()).find((s) => s.id === set.id)?.expires_at_millis).toBe(set.expires_at_millis);
  });

  test('a bare number means weeks', async () => {
    const before = Date.now();
    const set = await createKeys('--expires-in', '2', '--kinds', 'client');
    expect(set.expires_at_millis).toBeGreaterThanOrEqual(before + 14 * day);
    expect(set.expires_at_millis).toBeLessThanOrEqual(Date.now() + 14 * day);
  });

  test('an expired set is refused and listed as expired', async () => {
    const set = await createKeys('--expires-in', '1ms', '--kinds', 'client');
    // On a quick machine the request can come within that millisecond: wait until it is over.
    while (Date.now() <= set.expires_at_millis) await Bun.sleep(1);
    const response = await getCurrentProject(server.url, project.project_id, 'client', set);
    expect(response.status).toBe(401);
    expect(response.headers.get('x-stack-known-error')).toBe('INVALID_PUBLISHABLE_CLIENT_KEY');
    expect(await cliOk(at('keys', 'list', '--project', project.project_id))).toMatch(new RegExp(`^${set.id}\\s+expired\\b`, 'm'));
  });

  test('human output prints each made key once', async () => {
    const out = await cliOk(at('keys', 'create', '--project', project.project_id, '--kinds', 'server'));
    expect(out).toMatch(/^Created key set [0-9a-f-]{36}/);
    expect([...out.matchAll(/ssk_\w{45}/g)]).toHaveLength(1);
    expect(out).not.toContain('pck_');
    expect(out).not.toContain('sak_');
  });

  describe('refused input', () => {
    let countBefore: number;
    beforeAll(async () => {
      countBefore = (await listKeys()).length;
    });

    test.each([
      [['--expires-in', 'soon'], /--expires-in.*soon/],
      [['--expires-in', '90 days'], /--expires-in/],
      [['--expires-in', '0d'], /--expires-in/],
      [['--expires-in', '-5d'], /expires-in|-5d/],
      [['--kinds', 'client,root'], /--kinds.*root/],
      [['--publishable-client-key', 'short'], /publishable client key/],
      [['--secret-server-key', 'has a space in it somewhere long enough'], /secret server key/],
    ])('keys create %p is one line on stderr', async (flags, pattern) => {
      expectOneLineError(await runCli(at('keys', 'create', '--project', project.project_id, ...flags)), pattern);
    });

    test('none of them made a key set', async () => {
      expect(await listKeys()).toHaveLength(countBefore);
    });
  });
});

describe('keys list', () => {
  test('shows only the last four characters of each key', async () => {
    const set = await createKeys('--description', 'listed');
    const listed = (await listKeys()).find((s) => s.id === set.id)!;
    expect(listed).toEqual({
      id: set.id,
      description: 'listed',
      expires_at_millis: set.expires_at_millis,
      created_at_millis: expect.any(Number),
      publishable_client_key: { last_four: set.publishable_client_key.slice(-4) },
      secret_server_key: { last_four: set.secret_server_key.slice(-4) },
      super_secret_admin_key: { last_four: set.super_secret_admin_key.slice(-4) },
    });

    const json = (await runCli(at('keys', 'list', '--project', project.project_id, '--json'))).stdout;
    expect(json).toContain(set.id);
    const text = await cliOk(at('keys', 'list', '--project', project.project_id));
    const line = text.split('\n').find((l) => l.startsWith(set.id))!;
    expect(line).toMatch(/\bactive\b/);
    expect(line).toContain('"listed"');
    for (const key of [set.publishable_client_key, set.secret_server_key, set.super_secret_admin_key]) {
      expect(line).toContain(`…${key.slice(-4)}`);
      // Not the key, nor any longer tail of it.
      for (const output of [json, text]) expect(output.includes(key.slice(-5))).toBe(false);
    }
    for (const key of Object.values(stackDevelopmentKeys))
      for (const output of [json, text]) expect(output.includes(key)).toBe(false);
    expect(text).toContain(`…${project.publishable_client_key!.slice(-4)}`);
    expect(text.includes(project.publishable_client_key!)).toBe(false);
  });
});

describe('unknown projects and key sets', () => {
  test.each([
    [['keys', 'create', '--project', 'no-such-project']],
    [['keys', 'list', '--project', 'no-such-project']],
    [['keys', 'revoke', '--project', 'no-such-project', '00000000-0000-4000-8000-000000000000']],
  ])('%p is one line with PROJECT_NOT_FOUND', async (args) => {
    expectOneLineError(await runCli(at(...args)), /no-such-project.*PROJECT_NOT_FOUND/);
  });

  test('revoking an unknown key set is one line with API_KEY_NOT_FOUND', async () => {
    expectOneLineError(
      await runCli(at('keys', 'revoke', '--yes', '--project', project.project_id, 'no-such-key-set')),
      /API_KEY_NOT_FOUND/,
    );
  });

  test('a key set of another project cannot be revoked through this one', async () => {
    const other = await cliJson(at('create-project', '--name', 'Other'));
    const [otherSet] = (await cliJson(at('keys', 'list', '--project', other.project_id))).items;
    expectOneLineError(await runCli(at('keys', 'revoke', '--yes', '--project', project.project_id, otherSet.id)), /API_KEY_NOT_FOUND/);
    expect((await getCurrentProject(server.url, other.project_id, 'client', other)).status).toBe(200);
  });
});
