// `authd tui` at a real terminal (tmux), from source: a project's OIDC clients screen registers
// a confidential client (its secret shown once, and it authenticates at the token endpoint) and a
// public one (no secret), changes redirect URIs and scopes (a bad URI refused in place), switches
// first-party, and deletes after confirming (another key keeps it), each checked through core.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { join } from 'node:path';
import { ensureShells } from '../../scripts/ensure-shells';
import { listOidcClients } from '../../server/core/oidc/oidc-clients';
import { bunExecutable, repoRoot, startTestInstance, type TestInstance } from '../support/instance';
import { removeScratchDirs, scratchDir } from '../support/cli';
import { tmuxServer } from '../support/tmux';

let t: TestInstance;
const terminals = tmuxServer('authd-tui-oidc-clients');

beforeAll(async () => {
  await ensureShells();
  t = await startTestInstance({ dataDir: scratchDir('authd-tui-oidc-clients-') });
}, 300_000);
afterAll(async () => {
  await terminals.stop();
  await t.stop();
  removeScratchDirs();
});

test('register, edit, first-party and delete OIDC clients in the TUI', async () => {
  const demo = t.demo!;
  const clients = () => listOidcClients(t.ctx, demo.projectId);
  const tui = await terminals.open(
    `${[bunExecutable, join(repoRoot, 'cmd', 'main.ts'), 'tui', ...t.databaseArgs].join(' ')}; echo "tui exited with $?"; sleep 60`,
  );
  await tui.waitFor(demo.displayName);
  await tui.highlight(demo.displayName);
  await tui.keys('Enter');
  await tui.waitFor('Configuration');
  await tui.highlight('OIDC clients');
  await tui.keys('Enter');
  await tui.waitFor('No OIDC clients: press n to register an app');

  // A confidential client: the secret is shown once.
  await tui.keys('n');
  await tui.waitFor('Name of the app');
  await tui.type('Grafana');
  await tui.keys('Enter');
  await tui.waitFor('Redirect URI');
  await tui.type('https://grafana.example.com/login/generic_oauth');
  await tui.keys('Enter');
  await tui.waitFor('c confidential');
  await tui.keys('c');
  const shown = await tui.waitFor('Copy the client secret now');
  const clientId = /client id\s+(oidc_\w+)/.exec(shown)![1]!;
  const secret = /client secret\s+(oidcs_\w+)/.exec(shown)![1]!;
  const issuer = /issuer\s+(\S+)/.exec(shown)![1]!;
  expect(shown).toContain('c copy the new credentials');
  expect(issuer).toEndWith(`/api/v1/projects/${demo.projectId}/oidc`);
  // The secret authenticates the client at the running server (the TUI names the issuer by the
  // configured public URL): a made-up code is the grant's problem, not the client's.
  const token = await fetch(`${t.url}${new URL(issuer).pathname}/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${btoa(`${clientId}:${secret}`)}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', code: 'nope', redirect_uri: 'https://grafana.example.com/login/generic_oauth' }),
  });
  expect(((await token.json()) as { error: string }).error).toBe('invalid_grant');
  expect(await clients()).toMatchObject([{ client_id: clientId, name: 'Grafana', type: 'confidential', first_party: false }]);

  // A public one: no secret.
  await tui.keys('n');
  await tui.waitFor('Name of the app');
  await tui.type('Dashboard SPA');
  await tui.keys('Enter');
  await tui.waitFor('Redirect URI');
  await tui.type('http://localhost:5173/callback');
  await tui.keys('Enter');
  await tui.waitFor('p public');
  await tui.keys('p');
  const publicShown = await tui.waitFor('Dashboard SPA is registered (public');
  expect(publicShown).not.toContain('client secret');
  expect((await clients()).find((c) => c.name === 'Dashboard SPA')?.type).toBe('public');

  // Redirect URIs: a bad one is refused in place, then two good ones.
  await tui.highlight('Grafana');
  await tui.keys('u');
  await tui.waitFor('Redirect URIs (space-separated)');
  await tui.type(' not-a-uri');
  await tui.keys('Enter');
  await tui.waitFor('not-a-uri');
  expect((await clients()).find((c) => c.name === 'Grafana')?.redirect_uris).toEqual(['https://grafana.example.com/login/generic_oauth']);
  for (let i = 0; i < ' not-a-uri'.length; i++) await tui.keys('BSpace');
  await tui.type(' https://grafana2.example.com/login/generic_oauth');
  await tui.keys('Enter');
  await tui.waitFor('Redirect URIs saved.');
  expect((await clients()).find((c) => c.name === 'Grafana')?.redirect_uris).toEqual([
    'https://grafana.example.com/login/generic_oauth',
    'https://grafana2.example.com/login/generic_oauth',
  ]);

  // Scopes: teams taken away.
  await tui.keys('s');
  await tui.waitFor('Allowed scopes');
  for (let i = 0; i < ' teams'.length; i++) await tui.keys('BSpace');
  await tui.keys('Enter');
  await tui.waitFor('Scopes saved.');
  expect((await clients()).find((c) => c.name === 'Grafana')?.allowed_scopes).toEqual(['openid', 'profile', 'email', 'offline_access']);

  await tui.keys('f');
  await tui.waitFor('Grafana is first-party: no consent screen.');
  expect((await clients()).find((c) => c.name === 'Grafana')?.first_party).toBe(true);

  // Delete: any key but y keeps it.
  await tui.keys('d');
  await tui.waitFor('Delete Grafana?');
  await tui.keys('x');
  await tui.waitFor('d delete');
  expect((await clients()).map((c) => c.name).sort()).toEqual(['Dashboard SPA', 'Grafana']);
  await tui.keys('d');
  await tui.waitFor('Delete Grafana?');
  await tui.keys('y');
  await tui.waitFor('Grafana deleted.');
  expect((await clients()).map((c) => c.name)).toEqual(['Dashboard SPA']);
  await tui.keys('q');
  await tui.waitFor('tui exited with 0');
}, 120_000);
