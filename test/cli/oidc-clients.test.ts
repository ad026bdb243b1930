// `authd oidc-clients create|list|update|delete`: the secret printed once (none for a public
// client), stored only as a digest, with the issuer; bad redirect URIs refused in one line.
import { expect, test } from 'bun:test';
import { Database } from 'bun:sqlite';
import type { TestInstance } from '../support/instance';
import { cliJson, databaseFile, expectOneLineError, removeScratchDirs, runCli, scratchDir } from '../support/cli';
import { withInstance } from '../support/file-instance';

const dataDir = scratchDir();
const at = (...args: string[]) => [...args, '--data', dataDir];

let t: TestInstance;

// The server bootstraps the internal project on the directory, as `authd serve` does.
withInstance((started) => ({ t } = started), { instance: { dataDir }, afterStop: removeScratchDirs });

test('create prints client_id, the secret once and the issuer; list, update and delete manage it', async () => {
  const created = await cliJson(at('oidc-clients', 'create', '--name', 'Grafana', '--redirect-uri', 'https://grafana.example.com/login/generic_oauth', '--json'));
  expect(created.client_id).toMatch(/^oidc_/);
  expect(created.client_secret).toMatch(/^oidcs_/);
  expect(created.issuer).toMatch(/\/api\/v1\/projects\/internal\/oidc$/);
  const db = new Database(databaseFile(dataDir), { readonly: true });
  const stored = db.query('select secret_hash from oidc_clients where id = ?').get(created.client_id) as { secret_hash: string };
  db.close();
  expect(stored.secret_hash).not.toContain(created.client_secret);
  expect(stored.secret_hash).toHaveLength(64);

  const publicClient = await cliJson(at('oidc-clients', 'create', '--name', 'CLI app', '--redirect-uri', 'http://localhost:8000/cb', '--public', '--json'));
  expect(publicClient.client_secret).toBeUndefined();
  expect(publicClient.type).toBe('public');

  const listed = await cliJson(at('oidc-clients', 'list', '--json'));
  expect(listed.map((c: any) => c.name)).toEqual(['Grafana', 'CLI app']);
  expect(JSON.stringify(listed)).not.toContain('oidcs_');

  const updated = await cliJson(at('oidc-clients', 'update', created.client_id, '--first-party', '--name', 'Grafana prod', '--json'));
  expect(updated).toMatchObject({ name: 'Grafana prod', first_party: true });

  await cliJson(at('oidc-clients', 'delete', created.client_id, '--json'));
  expect((await cliJson(at('oidc-clients', 'list', '--json'))).map((c: any) => c.name)).toEqual(['CLI app']);
});

test('a redirect URI that is not https (or http on localhost) is refused in one line', async () => {
  expectOneLineError(await runCli(at('oidc-clients', 'create', '--name', 'X', '--redirect-uri', 'http://example.com/cb')), /Invalid redirect URI/);
  expectOneLineError(await runCli(at('oidc-clients', 'delete', 'oidc_nope')), /OIDC client not found/);
});
