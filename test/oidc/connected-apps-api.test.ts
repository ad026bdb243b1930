// The signed-in user's connected apps over real HTTP against a real instance: the OIDC clients a
// user approved on the consent screen, seen only by that user, and withdrawing one (the next
// authorization asks again, and the refresh token issued before is refused).
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { createHash } from 'node:crypto';
import { startTestInstance, type TestInstance } from '../support/instance';
import { signUp, type SignedIn } from '../support/accounts';
import { as, call, expectTextError } from '../support/api-expectations';
import { createOidcClient, type OidcClientCreation } from '../../server/core/oidc/oidc-clients';
import { sessionCookieName } from '../../server/core/oidc/oidc-browser-session';

let t: TestInstance, client: OidcClientCreation;
const redirectUri = 'http://localhost:9/callback';
const verifier = 'w'.repeat(50);
const challenge = createHash('sha256').update(verifier).digest('base64url');

beforeAll(async () => {
  t = await startTestInstance();
  client = await createOidcClient(t.ctx, t.demo!.projectId, { name: 'Grafana', redirect_uris: [redirectUri] });
}, 60_000);

afterAll(async () => await t?.stop());

function authorizationFields(): Record<string, string> {
  return { client_id: client.client_id, redirect_uri: redirectUri, response_type: 'code', scope: 'openid email offline_access', state: 's1', code_challenge: challenge, code_challenge_method: 'S256' };
}

function sessionCookie(user: SignedIn): string {
  return `${sessionCookieName(t.demo!.projectId)}=${encodeURIComponent(user.refresh_token)}`;
}

async function askAuthorization(user: SignedIn): Promise<Response> {
  const url = new URL(`${client.issuer}/authorize`);
  for (const [k, v] of Object.entries(authorizationFields())) url.searchParams.set(k, v);
  return await fetch(url, { redirect: 'manual', headers: { cookie: sessionCookie(user) } });
}

/** Approves on the consent screen (the form's post) and exchanges the code: the tokens. */
async function consentAndExchange(user: SignedIn): Promise<{ refresh_token: string; access_token: string }> {
  const approved = await fetch(`${client.issuer}/authorize`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: sessionCookie(user), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...authorizationFields(), decision: 'allow' }),
  });
  expect(approved.status).toBe(303);
  const code = new URL(approved.headers.get('location')!).searchParams.get('code')!;
  expect(code).toBeTruthy();
  const token = await tokenCall({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier });
  expect(token.status).toBe(200);
  return token.body;
}

async function tokenCall(form: Record<string, string>): Promise<{ status: number; body: any }> {
  const res = await fetch(`${client.issuer}/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${client.client_id}:${client.client_secret}`).toString('base64')}`,
    },
    body: new URLSearchParams(form),
  });
  return { status: res.status, body: await res.json() };
}

const listApps = (user: SignedIn) => call(t, 'GET', '/users/me/connected-apps', { headers: as(t.demo!, 'client', user.access_token) });
const disconnect = (user: SignedIn, clientId: string) =>
  call(t, 'DELETE', `/users/me/connected-apps/${encodeURIComponent(clientId)}`, { headers: as(t.demo!, 'client', user.access_token) });

test('a user sees the apps they approved, with the scopes and when; another user sees none of them', async () => {
  const alice = await signUp(t, t.demo!);
  const bob = await signUp(t, t.demo!);
  expect((await listApps(alice)).json).toEqual({ items: [], is_paginated: false });
  const before = Date.now();
  await consentAndExchange(alice);
  const listed = await listApps(alice);
  expect(listed.status).toBe(200);
  expect(listed.json.items).toHaveLength(1);
  const [app] = listed.json.items;
  expect(app.client_id).toBe(client.client_id);
  expect(app.client_name).toBe('Grafana');
  expect(app.scopes).toEqual(['openid', 'email', 'offline_access']);
  expect(app.consented_at_millis).toBeGreaterThanOrEqual(before - 1000);
  expect((await listApps(bob)).json.items).toEqual([]);
  // Nor can Bob disconnect Alice's app: for him it is not connected.
  const refused = await disconnect(bob, client.client_id);
  expect(refused.status).toBe(404);
  expect((await listApps(alice)).json.items).toHaveLength(1);
});

test('disconnecting forgets the consent (the next authorization asks again) and the old refresh token is refused', async () => {
  const user = await signUp(t, t.demo!);
  const tokens = await consentAndExchange(user);
  // Remembered: the next authorization goes straight back with a code.
  const remembered = await askAuthorization(user);
  expect(remembered.status).toBe(303);
  expect(new URL(remembered.headers.get('location')!).searchParams.get('code')).toBeTruthy();

  const removed = await disconnect(user, client.client_id);
  expect(removed.status).toBe(200);
  expect(removed.json).toEqual({ success: true });
  expect((await listApps(user)).json.items).toEqual([]);

  const refreshed = await tokenCall({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
  expect(refreshed.status).toBe(400);
  expect(refreshed.body.error).toBe('invalid_grant');
  const userinfo = await fetch(`${client.issuer}/userinfo`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
  expect(userinfo.status).toBe(401);

  // Asked again: the consent screen, not a redirect.
  const askedAgain = await askAuthorization(user);
  expect(askedAgain.status).toBe(200);
  expect(askedAgain.headers.get('location')).toBeNull();
  expect(await askedAgain.text()).toContain('Grafana');

  // A second disconnect finds nothing.
  const again = await disconnect(user, client.client_id);
  expectTextError(again, 404, 'This app is not connected to your account');
});

test('without a signed-in user the list is refused', async () => {
  const res = await call(t, 'GET', '/users/me/connected-apps', { headers: as(t.demo!, 'client') });
  expect(res.status).toBe(400);
  expect(res.json.code).toBe('CANNOT_GET_OWN_USER_WITHOUT_USER');
});
