// Provider accounts on users against the real OAuth server on 127.0.0.1: linking to the signed-in
// user and its two "already connected" errors, `oauth_providers` on POST /users, connected-account
// access tokens (stored, refreshed at the provider, refused for shared keys), and provider tokens
// kept sealed in the database; and a banned user's provider sign-in refused.
import { describe, expect, test } from 'bun:test';
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { openSecret } from '../../server/core/storage/secret-box';
import { as, call, expectKnownError, expectTextError } from '../support/api-expectations';
import type { TestInstance } from '../support/instance';
import { createUser, shiftClock, signUp } from '../support/user-views';
import {
  appErrorUrl,
  codeExchangeFields,
  runFlow,
  tokenRequest,
  withOAuthInstance,
  type AuthorizeOptions,
  type TestProvider,
} from '../support/oauth-provider';

let provider: TestProvider, t: TestInstance, project: BootstrappedProject;

withOAuthInstance((started) => ({ provider, t, project } = started), { projectName: 'OAuth accounts', extraProviders: [{ id: 'github', enabled: true, type: 'shared' }] });

let counter = 0;
function signInAtProvider() {
  counter++;
  const identity = {
    sub: `acct-${counter}-${Date.now()}`,
    email: `acct-${counter}-${Date.now()}@example.com`,
    name: `Person ${counter}`,
  };
  provider.signedIn = identity;
  return identity;
}

/** A full flow and its token exchange; returns the token response body. */
async function signInWithGoogle(options: AuthorizeOptions = {}) {
  const flow = await runFlow(t, project, options);
  const code = flow.landing.searchParams.get('code');
  if (!code) return { flow, tokens: undefined };
  const res = await tokenRequest(t, codeExchangeFields(project, flow, code));
  expect(res.status).toBe(200);
  return { flow, tokens: res.json };
}

const me = async (accessToken: string) =>
  (await call(t, 'GET', '/users/me', { headers: as(project, 'client', accessToken) })).json;

describe('linking a provider account to the signed-in user', () => {
  test('link flow: the account joins the current user, with after_callback_redirect_url', async () => {
    const user = await signUp(t, project);
    const identity = signInAtProvider();
    const { tokens } = await signInWithGoogle({
      type: 'link',
      token: user.access_token,
      afterCallbackRedirectUrl: 'http://localhost:3000/settings',
    });
    expect(tokens.is_new_user).toBe(false);
    expect(tokens.newUser).toBe(false);
    expect(tokens.after_callback_redirect_url).toBe('http://localhost:3000/settings');
    expect(tokens.afterCallbackRedirectUrl).toBe('http://localhost:3000/settings');
    const view = await me(tokens.access_token);
    expect(view.id).toBe(user.user_id);
    expect(view.oauth_providers).toEqual([{ id: 'google', account_id: identity.sub, email: identity.email }]);
    // Signing in with Google now reaches the same user.
    const again = await signInWithGoogle();
    expect(again.tokens.is_new_user).toBe(false);
    expect((await me(again.tokens.access_token)).id).toBe(user.user_id);
  });

  test('a provider account connected to another user cannot be linked (OAUTH_CONNECTION_ALREADY_CONNECTED_TO_ANOTHER_USER)', async () => {
    const owner = await signUp(t, project);
    signInAtProvider();
    await signInWithGoogle({ type: 'link', token: owner.access_token });
    const other = await signUp(t, project);
    const { flow } = await signInWithGoogle({ type: 'link', token: other.access_token });
    expect(flow.landing.origin + flow.landing.pathname).toBe(appErrorUrl);
    expect(flow.landing.searchParams.get('errorCode')).toBe('OAUTH_CONNECTION_ALREADY_CONNECTED_TO_ANOTHER_USER');
    const withoutErrorPage = await runFlow(t, project, { type: 'link', token: other.access_token, errorRedirectUrl: null }).catch(
      (error) => error,
    );
    // runFlow expects a redirect; with no error page the known error is the answer instead.
    expect(String(withoutErrorPage)).toContain('409');
    expect((await me(other.access_token)).oauth_providers).toEqual([]);
  });

  test('a user holding one Google account cannot link a second (USER_ALREADY_CONNECTED_TO_ANOTHER_OAUTH_CONNECTION)', async () => {
    const user = await signUp(t, project);
    const first = signInAtProvider();
    await signInWithGoogle({ type: 'link', token: user.access_token });
    signInAtProvider();
    const { flow } = await signInWithGoogle({ type: 'link', token: user.access_token });
    expect(flow.landing.searchParams.get('errorCode')).toBe('USER_ALREADY_CONNECTED_TO_ANOTHER_OAUTH_CONNECTION');
    expect((await me(user.access_token)).oauth_providers).toEqual([{ id: 'google', account_id: first.sub, email: first.email }]);
  });

  test('link needs a valid access token of this project; extra scopes need own credentials', async () => {
    const get = (query: AuthorizeOptions) =>
      import('../support/oauth-provider').then(({ authorizeUrl }) =>
        call(t, 'GET', authorizeUrl(t, project, { challenge: 'c'.repeat(43) }, 's', query).slice(t.url.length)),
      );
    expectKnownError(await get({ type: 'link', token: 'not-a-jwt' }), 401, 'UNPARSABLE_ACCESS_TOKEN');
    expectKnownError(await get({ type: 'link' }), 400, 'SCHEMA_ERROR');
    const user = await signUp(t, project);
    expectKnownError(
      await get({ type: 'link', token: user.access_token, provider: 'github', providerScope: 'repo' }),
      400,
      'OAUTH_EXTRA_SCOPE_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS',
    );
  });
});

describe('POST /users with oauth_providers', () => {
  test('creates the user with the provider account, which then signs them in', async () => {
    const identity = signInAtProvider();
    const created = await createUser(t, project, {
      primary_email: identity.email,
      oauth_providers: [{ id: 'google', account_id: identity.sub, email: identity.email }],
    });
    expect(created.oauth_providers).toEqual([{ id: 'google', account_id: identity.sub, email: identity.email }]);
    const { tokens } = await signInWithGoogle();
    expect(tokens.is_new_user).toBe(false);
    expect((await me(tokens.access_token)).id).toBe(created.id);
    const listed = (await call(t, 'GET', '/users', { headers: as(project, 'server') })).json.items.find(
      (u: any) => u.id === created.id,
    );
    expect(listed.oauth_providers).toEqual(created.oauth_providers);
    // The same provider account cannot go to a second user.
    const duplicate = await call(t, 'POST', '/users', {
      headers: as(project, 'server'),
      body: { oauth_providers: [{ id: 'google', account_id: identity.sub, email: null }] },
    });
    expectKnownError(duplicate, 409, 'OAUTH_CONNECTION_ALREADY_CONNECTED_TO_ANOTHER_USER');
    const unknown = await call(t, 'POST', '/users', {
      headers: as(project, 'server'),
      body: { oauth_providers: [{ id: 'myspace', account_id: '1', email: null }] },
    });
    expectTextError(unknown, 400);
  });
});

describe('connected accounts (POST /connected-accounts/{user}/{provider}/access-token)', () => {
  const tokenFor = (accessToken: string, scope = '', user = 'me', providerId = 'google') =>
    call(t, 'POST', `/connected-accounts/${user}/${providerId}/access-token`, {
      headers: as(project, 'client', accessToken),
      body: { scope },
    });

  test('returns the stored provider token covering the scopes', async () => {
    signInAtProvider();
    const { tokens } = await signInWithGoogle();
    const issued = provider.issuedAccessTokens.at(-1)!;
    const res = await tokenFor(tokens.access_token);
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ access_token: issued });
    expect((await tokenFor(tokens.access_token, 'openid email')).json).toEqual({ access_token: issued });
    expectKnownError(
      await tokenFor(tokens.access_token, 'https://www.googleapis.com/auth/drive'),
      400,
      'OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE',
    );
    // The server may ask for any user; a client only for itself.
    const userId = (await me(tokens.access_token)).id;
    const server = await call(t, 'POST', `/connected-accounts/${userId}/google/access-token`, {
      headers: as(project, 'server'),
      body: { scope: '' },
    });
    expect(server.json).toEqual({ access_token: issued });
    const someoneElse = await signUp(t, project);
    expectTextError(await tokenFor(someoneElse.access_token, '', userId), 403);
    expectKnownError(await tokenFor(someoneElse.access_token), 400, 'OAUTH_CONNECTION_NOT_CONNECTED_TO_USER');
    expectKnownError(
      await call(t, 'POST', `/connected-accounts/${crypto.randomUUID()}/google/access-token`, {
        headers: as(project, 'server'),
        body: { scope: '' },
      }),
      404,
      'USER_NOT_FOUND',
    );
    expectKnownError(await tokenFor(tokens.access_token, '', 'me', 'gitlab'), 400, 'OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED');
  });

  test('an expiring token is refreshed at the provider with the stored refresh token', async () => {
    signInAtProvider();
    const { tokens } = await signInWithGoogle();
    const firstAccess = provider.issuedAccessTokens.at(-1)!;
    const storedRefresh = provider.issuedRefreshTokens.at(-1)!;
    const userId = (await me(tokens.access_token)).id;
    // The provider's token lives an hour; 58 minutes later it has less than the 5 minutes needed.
    const restore = shiftClock(t, 58 * 60 * 1000);
    try {
      const res = await call(t, 'POST', `/connected-accounts/${userId}/google/access-token`, {
        headers: as(project, 'server'),
        body: { scope: 'email' },
      });
      expect(res.status).toBe(201);
      expect(res.json.access_token).not.toBe(firstAccess);
      expect(res.json.access_token).toBe(provider.issuedAccessTokens.at(-1)!);
      const refreshRequest = provider.tokenRequests.at(-1)!;
      expect(refreshRequest.grant_type).toBe('refresh_token');
      expect(refreshRequest.refresh_token).toBe(storedRefresh);
      expect(refreshRequest.client_id).toBe('authd-test-client');
      expect(refreshRequest.client_secret).toBe('authd-test-secret');
      // Revoked at the provider: the app is told the connection lacks the scope (so it reconnects).
      provider.liveRefreshTokens.clear();
      const later = shiftClock(t, 2 * 60 * 60 * 1000);
      try {
        const refused = await call(t, 'POST', `/connected-accounts/${userId}/google/access-token`, {
          headers: as(project, 'server'),
          body: { scope: '' },
        });
        expectKnownError(refused, 400, 'OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE');
      } finally {
        later();
      }
    } finally {
      restore();
    }
  });

  test('shared (instance) credentials never hand out provider tokens', async () => {
    const user = await signUp(t, project);
    expectKnownError(
      await tokenFor(user.access_token, '', 'me', 'github'),
      400,
      'OAUTH_ACCESS_TOKEN_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS',
    );
  });
});

test('provider tokens are sealed in the database, never in clear text', async () => {
  signInAtProvider();
  await signInWithGoogle();
  const access = provider.issuedAccessTokens.at(-1)!;
  const refresh = provider.issuedRefreshTokens.at(-1)!;
  const rows = (await t.rows('SELECT * FROM oauth_tokens')) as { kind: string; sealed_token: string }[];
  // SQLite: the database and WAL files byte for byte; PostgreSQL: every column of every token row.
  let contents: string[];
  if (t.ctx.storage.dialect === 'sqlite') {
    const dbFile = join(t.dataDir, 'authd.db');
    contents = [dbFile, `${dbFile}-wal`].filter(existsSync).map((file) => readFileSync(file).toString('latin1'));
  } else {
    contents = rows.map((row) => JSON.stringify(row));
  }
  expect(contents.join('').length).toBeGreaterThan(0);
  for (const secret of [access, refresh]) expect(contents.some((content) => content.includes(secret))).toBe(false);
  const opened = rows.map((row) => ({ kind: row.kind, token: openSecret(t.ctx, row.sealed_token) }));
  expect(rows.every((row) => row.sealed_token.startsWith('v1.'))).toBe(true);
  expect(opened).toContainEqual({ kind: 'access', token: access });
  expect(opened).toContainEqual({ kind: 'refresh', token: refresh });
});

test('a banned user signing in with a provider gets USER_BANNED at the token exchange, and a session again once unbanned', async () => {
  signInAtProvider();
  const exchange = async () => {
    const flow = await runFlow(t, project);
    return await tokenRequest(t, codeExchangeFields(project, flow, flow.landing.searchParams.get('code')!));
  };
  const first = await exchange();
  expect(first.status).toBe(200);
  const userId = (await me(first.json.access_token)).id;
  expect((await call(t, 'POST', `/users/${userId}/ban`, { headers: as(project, 'server'), body: {} })).status).toBe(200);
  expectKnownError(await exchange(), 403, 'USER_BANNED', { banned_until_millis: null });
  expect((await call(t, 'POST', `/users/${userId}/unban`, { headers: as(project, 'server') })).status).toBe(200);
  const again = await exchange();
  expect(again.status).toBe(200);
  expect((await me(again.json.access_token)).id).toBe(userId);
});
