// The OpenID Provider's refusals, each with its RFC error code, over real HTTP against a real
// instance: the browser's authd session is the refresh-token cookie the hosted screens write.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { createHash } from 'node:crypto';
import { startTestInstance, type TestInstance } from '../support/instance';
import { signUp, type SignedIn } from '../support/accounts';
import { as, call } from '../support/api-expectations';
import { createOidcClient, type OidcClientCreation } from '../../server/core/oidc/oidc-clients';
import { discoveryDocument } from '../../server/core/oidc/oidc-discovery';
import { sessionCookieName } from '../../server/core/oidc/oidc-browser-session';

let t: TestInstance, client: OidcClientCreation, user: SignedIn;
const redirectUri = 'http://localhost:9/callback';
const verifier = 'v'.repeat(50);
const challenge = createHash('sha256').update(verifier).digest('base64url');

beforeAll(async () => {
  t = await startTestInstance();
  client = await createOidcClient(t.ctx, t.demo!.projectId, { name: 'App', redirect_uris: [redirectUri], first_party: true });
  user = await signUp(t, t.demo!);
}, 60_000);

afterAll(async () => await t?.stop());

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

async function authorize(params: Record<string, string>, withSession = true): Promise<Response> {
  const url = new URL(`${client.issuer}/authorize`);
  for (const [k, v] of Object.entries({ client_id: client.client_id, redirect_uri: redirectUri, response_type: 'code', scope: 'openid email offline_access', state: 's1', code_challenge: challenge, code_challenge_method: 'S256', ...params })) url.searchParams.set(k, v);
  const headers: Record<string, string> = withSession ? { cookie: `${sessionCookieName(t.demo!.projectId)}=${encodeURIComponent(user.refresh_token)}` } : {};
  return await fetch(url, { redirect: 'manual', headers });
}

async function code(): Promise<string> {
  const res = await authorize({});
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location')!).searchParams.get('code')!;
}

async function tokenCall(form: Record<string, string>, secret = client.client_secret!): Promise<{ status: number; body: any }> {
  const res = await fetch(`${client.issuer}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic(client.client_id, secret) },
    body: new URLSearchParams(form),
  });
  return { status: res.status, body: await res.json() };
}

const exchange = (c: string, extra: Record<string, string> = {}, secret?: string) =>
  tokenCall({ grant_type: 'authorization_code', code: c, redirect_uri: redirectUri, code_verifier: verifier, ...extra }, secret);

test('the discovery document has every field Discovery 1.0 requires, and its issuer is where it is served', async () => {
  const res = await fetch(`${client.issuer}/.well-known/openid-configuration`);
  const doc = await res.json();
  for (const field of ['issuer', 'authorization_endpoint', 'token_endpoint', 'jwks_uri', 'response_types_supported', 'subject_types_supported', 'id_token_signing_alg_values_supported']) {
    expect({ field, present: doc[field] !== undefined }).toEqual({ field, present: true });
  }
  expect(doc.issuer).toBe(client.issuer);
  expect(doc.response_types_supported).toContain('code');
  expect(doc.id_token_signing_alg_values_supported).toContain('ES256');
  expect(doc).toEqual(await discoveryDocument(t.ctx, t.demo!.projectId));
  const jwks = await (await fetch(doc.jwks_uri)).json();
  expect(jwks.keys[0].alg).toBe('ES256');
});

test('an unregistered redirect URI gets an error page, never a redirect', async () => {
  const res = await authorize({ redirect_uri: 'https://evil.example/callback' });
  expect(res.status).toBe(400);
  expect(res.headers.get('location')).toBeNull();
  expect(await res.text()).toContain('not one registered');
});

test('a client of another project is no client here: an error page', async () => {
  const other = await call(t, 'POST', '/internal/projects', { headers: as(t.internal, 'client', (await signUp(t, t.internal)).access_token), body: { display_name: 'Other' } });
  expect(other.status).toBe(201);
  const foreign = await createOidcClient(t.ctx, other.json.id, { name: 'Foreign', redirect_uris: [redirectUri] });
  const res = await authorize({ client_id: foreign.client_id });
  expect(res.status).toBe(400);
  expect(res.headers.get('location')).toBeNull();
  // Nor does its secret authenticate at this project's token endpoint.
  const token = await tokenCall({ grant_type: 'authorization_code', code: 'x', redirect_uri: redirectUri }, foreign.client_secret);
  expect(token.body.error).toBe('invalid_client');
});

test('prompt=none without a session redirects with login_required and the state', async () => {
  const res = await authorize({ prompt: 'none' }, false);
  expect(res.status).toBe(303);
  const location = new URL(res.headers.get('location')!);
  expect(location.searchParams.get('error')).toBe('login_required');
  expect(location.searchParams.get('state')).toBe('s1');
});

test('a wrong client secret is invalid_client with 401', async () => {
  const res = await exchange(await code(), {}, 'oidcs_wrong');
  expect(res.status).toBe(401);
  expect(res.body.error).toBe('invalid_client');
});

test('a wrong PKCE verifier is invalid_grant', async () => {
  const res = await exchange(await code(), { code_verifier: 'w'.repeat(50) });
  expect(res.status).toBe(400);
  expect(res.body.error).toBe('invalid_grant');
});

test('a reused code is invalid_grant and the tokens issued from it are revoked', async () => {
  const c = await code();
  const first = await exchange(c);
  expect(first.status).toBe(200);
  const second = await exchange(c);
  expect(second.body.error).toBe('invalid_grant');
  const refresh = await tokenCall({ grant_type: 'refresh_token', refresh_token: first.body.refresh_token });
  expect(refresh.body.error).toBe('invalid_grant');
  const info = await fetch(`${client.issuer}/userinfo`, { headers: { authorization: `Bearer ${first.body.access_token}` } });
  expect(info.status).toBe(401);
});

test('an expired code is invalid_grant', async () => {
  const c = await code();
  const realNow = t.ctx.clock.now;
  const shifted = realNow() + 61_000;
  t.ctx.clock.now = () => shifted;
  try {
    const res = await exchange(c);
    expect(res.body.error).toBe('invalid_grant');
    expect(res.body.error_description).toContain('expired');
  } finally {
    t.ctx.clock.now = realNow;
  }
});

test("a deleted user's refresh is refused", async () => {
  const other = await signUp(t, t.demo!);
  const saved = user;
  user = other;
  try {
    const tokens = (await exchange(await code())).body;
    expect(tokens.refresh_token).toBeTruthy();
    const deleted = await call(t, 'DELETE', `/users/${other.user_id}`, { headers: as(t.demo!, 'server') });
    expect(deleted.status).toBe(200);
    const refresh = await tokenCall({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    expect(refresh.body.error).toBe('invalid_grant');
  } finally {
    user = saved;
  }
});

test('an unknown grant type is unsupported_grant_type', async () => {
  const res = await tokenCall({ grant_type: 'password' });
  expect(res.body.error).toBe('unsupported_grant_type');
});
