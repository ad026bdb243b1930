// `authd tui` at a real terminal (tmux), from source: a project's OIDC clients screen registers
// a confidential client (its secret shown once, and it authenticates at the token endpoint) and a
// public one (no secret), changes redirect URIs and scopes (a bad URI refused in place), switches
// first-party, and deletes after confirming (another key keeps it), each checked through core.
import { expect, test } from 'bun:test';
import { listOidcClients } from '../../server/core/oidc/oidc-clients';
import type { TestInstance } from '../support/instance';
import type { TmuxWindow } from '../support/tmux';
import { openDemoProjectScreen, withTuiInstance, type TuiFile } from '../support/tui-sessions';

let tuiFile: TuiFile;
let t: TestInstance;
withTuiInstance('authd-tui-oidc-clients', (started) => {
  tuiFile = started;
  t = started.t;
});

/**
 * Sends `key` until the screen shows `text` (or, given `{ gone }`, no longer shows that). A key
 * that arrives between a screen's first frame and the moment its key handler is attached (Ink
 * attaches it after rendering) is dropped, so a key sent right after the screen changed is sent
 * again if nothing happened; each of these keys is harmless a second time once it has worked.
 */
async function press(tui: TmuxWindow, key: string, text: string | { gone: string } | ((shown: string) => boolean)): Promise<string> {
  const done = (shown: string) =>
    typeof text === 'function' ? text(shown) : typeof text === 'string' ? shown.includes(text) : !shown.includes(text.gone);
  for (let attempt = 0; attempt < 5; attempt++) {
    await tui.keys(key);
    const deadline = Date.now() + 3000;
    while (Date.now() < deadline) {
      const shown = await tui.screen();
      if (done(shown)) return shown;
      await Bun.sleep(50);
    }
  }
  throw new Error(`${key} never led to ${JSON.stringify(text)}:\n${await tui.screen()}`);
}

/** Whether a text field labelled `label` holds exactly `value` (the cursor follows it). */
const fieldHolds = (label: string, value: string) => (shown: string) => shown.split('\n').some((line) => line.trimEnd() === `${label}: ${value}`);

/**
 * Types `text` into a field that just opened holding `before`: its first key (not a space: the
 * screen cannot show it) is sent until the field shows it (the field's handler is attached by
 * then), the rest in one go.
 */
async function typeInto(tui: TmuxWindow, label: string, before: string, text: string): Promise<void> {
  const [first, rest] = text.startsWith('BSpace') ? ['BSpace', text.slice('BSpace'.length)] : [text[0]!, text.slice(1)];
  await press(tui, first, fieldHolds(label, first === 'BSpace' ? before.slice(0, -1) : before + first));
  if (rest) await tui.type(rest);
}

/** From the client list: n, the app's name, then its redirect URI, each entered; the kind question comes next. */
async function enterNewClient(tui: TmuxWindow, name: string, redirectUri: string): Promise<void> {
  await press(tui, 'n', 'Name of the app');
  await typeInto(tui, 'Name of the app (shown on the consent screen)', '', name);
  await tui.keys('Enter');
  await tui.waitFor('Redirect URI (exact');
  await typeInto(tui, 'Redirect URI (exact; more with u later)', '', redirectUri);
  await tui.keys('Enter');
}

test('register, edit, first-party and delete OIDC clients in the TUI', async () => {
  const demo = t.demo!;
  const clients = () => listOidcClients(t.ctx, demo.projectId);
  const tui = await openDemoProjectScreen(tuiFile, 'OIDC clients');
  await tui.waitFor('No OIDC clients: press n to register an app');

  // A redirect URI that cannot be one is refused where it is typed; the field stays open.
  await enterNewClient(tui, 'Broken', 'not-a-url');
  const refused = await tui.waitFor('Invalid redirect URI "not-a-url"');
  expect(refused).toContain('Redirect URI (exact; more with u later): not-a-url');
  expect(refused).not.toContain('c confidential');
  await press(tui, 'Escape', 'No OIDC clients: press n');
  expect(await clients()).toEqual([]);

  // A confidential client: the secret is shown once.
  await enterNewClient(tui, 'Grafana', 'https://grafana.example.com/login/generic_oauth');
  await tui.waitFor('c confidential');
  const shown = await press(tui, 'c', 'Copy the client secret now');
  const clientId = /client id\s+(oidc_\w+)/.exec(shown)![1]!;
  const secret = /client secret\s+(oidcs_\w+)/.exec(shown)![1]!;
  const issuer = /issuer\s+(\S+)/.exec(shown)![1]!;
  await tui.waitFor('c copy credentials');
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
  await enterNewClient(tui, 'Dashboard SPA', 'http://localhost:5173/callback');
  await tui.waitFor('p public');
  const publicShown = await press(tui, 'p', 'Dashboard SPA is registered (public');
  expect(publicShown).not.toContain('client secret');
  expect((await clients()).find((c) => c.name === 'Dashboard SPA')?.type).toBe('public');

  // Redirect URIs: a bad one is refused in place, then two good ones.
  await tui.highlight('Grafana');
  await press(tui, 'u', 'Redirect URIs (space-separated)');
  await typeInto(tui, 'Redirect URIs (space-separated)', 'https://grafana.example.com/login/generic_oauth', ',not-a-uri');
  await tui.keys('Enter');
  await tui.waitFor('not-a-uri');
  expect((await clients()).find((c) => c.name === 'Grafana')?.redirect_uris).toEqual(['https://grafana.example.com/login/generic_oauth']);
  for (let i = 0; i < ',not-a-uri'.length; i++) await tui.keys('BSpace');
  await tui.type(' https://grafana2.example.com/login/generic_oauth');
  await tui.keys('Enter');
  await tui.waitFor('Redirect URIs saved.');
  expect((await clients()).find((c) => c.name === 'Grafana')?.redirect_uris).toEqual([
    'https://grafana.example.com/login/generic_oauth',
    'https://grafana2.example.com/login/generic_oauth',
  ]);

  // Scopes: teams taken away.
  await press(tui, 's', 'Allowed scopes');
  await typeInto(tui, 'Allowed scopes (of openid profile email offline_access teams)', 'openid profile email offline_access teams', 'BSpace');
  for (let i = 1; i < ' teams'.length; i++) await tui.keys('BSpace');
  await tui.keys('Enter');
  await tui.waitFor('Scopes saved.');
  expect((await clients()).find((c) => c.name === 'Grafana')?.allowed_scopes).toEqual(['openid', 'profile', 'email', 'offline_access']);

  await press(tui, 'f', 'Grafana is first-party: no consent screen.');
  expect((await clients()).find((c) => c.name === 'Grafana')?.first_party).toBe(true);

  // Delete: any key but y keeps it.
  await press(tui, 'd', 'Delete Grafana?');
  await press(tui, 'x', { gone: 'Delete Grafana?' });
  expect((await clients()).map((c) => c.name).sort()).toEqual(['Dashboard SPA', 'Grafana']);
  await press(tui, 'd', 'Delete Grafana?');
  const afterDelete = await press(tui, 'y', 'Grafana deleted.');
  expect((await clients()).map((c) => c.name)).toEqual(['Dashboard SPA']);
  // The deleted client's credentials are no longer on screen.
  expect(afterDelete).not.toContain(clientId);
  await press(tui, 'q', 'tui exited with 0');
}, 120_000);
