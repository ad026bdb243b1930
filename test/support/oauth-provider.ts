// OAuth test support: a real OAuth 2 / OpenID Connect server (oauth2-mock-server) on 127.0.0.1
// playing "Google", an authd pointed at it through endpoint overrides, and a tiny browser (a
// cookie jar plus fetch with manual redirects) that walks authorize → provider → callback.
import { expect } from 'bun:test';
import { aroundFile } from './file-instance';
import { createHash, randomBytes } from 'node:crypto';
import { OAuth2Server } from 'oauth2-mock-server';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import type { InstanceMode, InstanceSettings } from '../../server/core/storage/context';
import { as, call, makeProject } from './api-expectations';
import { readApiResult, startTestInstance, type ApiResult, type TestInstance } from './instance';

export const appCallbackUrl = 'http://localhost:3000/handler/oauth-callback';
export const appErrorUrl = 'http://localhost:3000/handler/error';

/** Who is signed in at the provider; the next authorization is granted as them. */
export interface ProviderIdentity {
  sub: string;
  email: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
}

export interface TestProvider {
  server: OAuth2Server;
  issuer: string;
  /** Set before a flow: the browser's session at the provider. */
  signedIn: ProviderIdentity;
  /** Make the provider answer the next authorization with error=access_denied. */
  denyNext: boolean;
  /** Refresh tokens the provider still honours. */
  liveRefreshTokens: Set<string>;
  issuedAccessTokens: string[];
  issuedRefreshTokens: string[];
  tokenRequests: Record<string, string>[];
  stop(): Promise<void>;
}

export async function startTestProvider(): Promise<TestProvider> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const issuer = server.issuer.url!;
  const byCode = new Map<string, { identity: ProviderIdentity; scope: string }>();
  const byAccessToken = new Map<string, ProviderIdentity>();
  const byRefreshToken = new Map<string, { identity: ProviderIdentity; scope: string }>();
  const provider: TestProvider = {
    server,
    issuer,
    signedIn: { sub: 'nobody', email: 'nobody@example.com' },
    denyNext: false,
    liveRefreshTokens: new Set(),
    issuedAccessTokens: [],
    issuedRefreshTokens: [],
    tokenRequests: [],
    stop: () => server.stop(),
  };
  server.service.on('beforeAuthorizeRedirect', (redirect: { url: URL }, req: { query: Record<string, string> }) => {
    if (provider.denyNext) {
      provider.denyNext = false;
      redirect.url.searchParams.delete('code');
      redirect.url.searchParams.set('error', 'access_denied');
      return;
    }
    const code = redirect.url.searchParams.get('code')!;
    byCode.set(code, { identity: { ...provider.signedIn }, scope: req.query.scope ?? '' });
  });
  server.service.on(
    'beforeResponse',
    (response: { body: Record<string, unknown>; statusCode: number }, req: { body: Record<string, string> }) => {
      provider.tokenRequests.push({ ...req.body });
      let grant: { identity: ProviderIdentity; scope: string } | undefined;
      if (req.body.grant_type === 'authorization_code') grant = byCode.get(req.body.code ?? '');
      if (req.body.grant_type === 'refresh_token') {
        grant = provider.liveRefreshTokens.has(req.body.refresh_token ?? '')
          ? byRefreshToken.get(req.body.refresh_token!)
          : undefined;
      }
      if (!grant) {
        response.statusCode = 400;
        response.body = { error: 'invalid_grant' };
        return;
      }
      // The scopes granted are the ones asked for at authorize (the library echoes "dummy").
      response.body.scope = grant.scope;
      delete response.body.id_token;
      // Opaque tokens, as GitHub's: the library's JWTs repeat byte for byte within one second.
      const accessToken = `at-${crypto.randomUUID()}`;
      response.body.access_token = accessToken;
      const refreshToken = response.body.refresh_token as string;
      byAccessToken.set(accessToken, grant.identity);
      byRefreshToken.set(refreshToken, grant);
      provider.liveRefreshTokens.add(refreshToken);
      provider.issuedAccessTokens.push(accessToken);
      provider.issuedRefreshTokens.push(refreshToken);
    },
  );
  server.service.on(
    'beforeUserinfo',
    (response: { body: Record<string, unknown>; statusCode: number }, req: { headers: Record<string, string> }) => {
      const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      const identity = byAccessToken.get(token);
      if (!identity) {
        response.statusCode = 401;
        response.body = { error: 'invalid_token' };
        return;
      }
      response.body = { email_verified: true, ...identity };
    },
  );
  return provider;
}

/** authd with "google" served by the test provider. */
export async function startOAuthInstance(provider: TestProvider, mode: InstanceMode = 'development'): Promise<TestInstance> {
  return await startTestInstance({ mode, settings: { oauth: providerOAuthSettings(provider) } });
}

/** The instance's OAuth settings that send "google" to the test provider. */
export function providerOAuthSettings(provider: TestProvider): NonNullable<InstanceSettings['oauth']> {
  return {
    endpointOverrides: {
      google: {
        authorizeUrl: `${provider.issuer}/authorize`,
        tokenUrl: `${provider.issuer}/token`,
        userinfoUrl: `${provider.issuer}/userinfo`,
      },
    },
  };
}

export const googleClient = { client_id: 'authd-test-client', client_secret: 'authd-test-secret' };

/** A project with Google on its own (standard) credentials, plus any other provider entries. */
export async function makeOAuthProject(
  t: TestInstance,
  name: string,
  extraProviders: Record<string, unknown>[] = [],
): Promise<BootstrappedProject> {
  const project = await makeProject(t, name);
  const res = await call(t, 'PATCH', '/projects/current', {
    headers: as(project, 'admin'),
    body: {
      config: {
        oauth_providers: [{ id: 'google', enabled: true, type: 'standard', ...googleClient }, ...extraProviders],
      },
    },
  });
  expect(`${res.status} ${res.text.slice(0, 300)}`).toStartWith('200 ');
  return project;
}

export interface OAuthFileInstance {
  provider: TestProvider;
  t: TestInstance;
  /** A project with Google on the test provider (makeOAuthProject); absent when the file names none. */
  project: BootstrappedProject;
}

/**
 * A test file's OAuth provider and the instance it signs in to, started before the file's tests
 * and stopped after them; with `projectName`, a project of that name with Google on its own
 * credentials (and `extraProviders`), else the demo project as it is.
 */
export function withOAuthInstance(
  ready: (started: OAuthFileInstance) => Promise<unknown> | unknown,
  options: {
    projectName?: string;
    extraProviders?: Record<string, unknown>[];
    timeoutMillis?: number;
    /** Runs after the file's tests and before the instance stops. */
    beforeStop?: () => Promise<void> | void;
  } = {},
): void {
  aroundFile<OAuthFileInstance>(
    async (into) => {
      into.provider = await startTestProvider();
      into.t = await startOAuthInstance(into.provider);
      into.project = options.projectName
        ? await makeOAuthProject(into.t, options.projectName, options.extraProviders)
        : into.t.demo!;
    },
    async (started) => {
      await started.t?.stop();
      await started.provider?.stop();
    },
    ready,
    options,
  );
}

/** The browser: cookies per origin-less jar (everything is 127.0.0.1 here) and manual redirects. */
export class TestBrowser {
  cookies = new Map<string, string>();

  async get(url: string, init: { method?: string; body?: URLSearchParams; sendCookies?: boolean } = {}): Promise<ApiResult> {
    const headers: Record<string, string> = {};
    if (init.sendCookies !== false && this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    if (init.body) headers['content-type'] = 'application/x-www-form-urlencoded';
    const response = await fetch(url, { method: init.method ?? 'GET', headers, body: init.body, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const equals = pair!.indexOf('=');
      const name = pair!.slice(0, equals).trim();
      const expired = attributes.some((a) => a.trim().toLowerCase() === 'max-age=0');
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, pair!.slice(equals + 1).trim());
    }
    return await readApiResult(response);
  }
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export interface AuthorizeOptions {
  type?: 'authenticate' | 'link';
  token?: string;
  providerScope?: string;
  redirectUri?: string;
  errorRedirectUrl?: string | null;
  afterCallbackRedirectUrl?: string;
  provider?: string;
  extra?: Record<string, string>;
}

export function authorizeUrl(
  t: TestInstance,
  project: BootstrappedProject,
  pkce: { challenge: string },
  state: string,
  options: AuthorizeOptions = {},
): string {
  const url = new URL(`${t.url}/api/v1/auth/oauth/authorize/${options.provider ?? 'google'}`);
  const params = url.searchParams;
  params.set('client_id', project.projectId);
  params.set('client_secret', project.keys.publishable_client_key!);
  params.set('redirect_uri', options.redirectUri ?? appCallbackUrl);
  params.set('scope', 'legacy');
  params.set('state', state);
  params.set('grant_type', 'authorization_code');
  params.set('code_challenge', pkce.challenge);
  params.set('code_challenge_method', 'S256');
  params.set('response_type', 'code');
  params.set('type', options.type ?? 'authenticate');
  if (options.errorRedirectUrl !== null) params.set('error_redirect_url', options.errorRedirectUrl ?? appErrorUrl);
  if (options.afterCallbackRedirectUrl) params.set('after_callback_redirect_url', options.afterCallbackRedirectUrl);
  if (options.token) params.set('token', options.token);
  if (options.providerScope) params.set('provider_scope', options.providerScope);
  for (const [name, value] of Object.entries(options.extra ?? {})) params.set(name, value);
  return url.toString();
}

export interface FlowAtCallback {
  browser: TestBrowser;
  verifier: string;
  state: string;
  /** authd's callback URL with the provider's code and the inner state. */
  callbackUrl: string;
  redirectUri: string;
}

/** Authorize at authd, then "log in" at the provider; stops just before the callback. */
export async function goToProvider(
  t: TestInstance,
  project: BootstrappedProject,
  options: AuthorizeOptions = {},
): Promise<FlowAtCallback> {
  const browser = new TestBrowser();
  const pkce = pkcePair();
  const state = randomBytes(32).toString('base64url');
  const authorize = await browser.get(authorizeUrl(t, project, pkce, state, options));
  expect(`${authorize.status} ${authorize.status === 307 ? '' : authorize.text}`).toBe('307 ');
  const atProvider = await browser.get(authorize.headers.get('location')!);
  expect(atProvider.status).toBe(302);
  const callbackUrl = atProvider.headers.get('location')!;
  expect(callbackUrl).toStartWith(`${t.url}/api/v1/auth/oauth/callback/`);
  return { browser, verifier: pkce.verifier, state, callbackUrl, redirectUri: options.redirectUri ?? appCallbackUrl };
}

/** The whole browser part of a flow; returns where authd finally sends the browser. */
export async function runFlow(
  t: TestInstance,
  project: BootstrappedProject,
  options: AuthorizeOptions = {},
): Promise<FlowAtCallback & { landing: URL }> {
  const flow = await goToProvider(t, project, options);
  const callback = await flow.browser.get(flow.callbackUrl);
  expect(`${callback.status} ${callback.status === 307 ? '' : callback.text}`).toBe('307 ');
  return { ...flow, landing: new URL(callback.headers.get('location')!) };
}

/** The token request exactly as an OAuth client library sends it (form-encoded, client_secret_post). */
export function tokenRequest(t: TestInstance, fields: Record<string, string>) {
  return call(t, 'POST', '/auth/oauth/token', {
    headers: { accept: 'application/json' },
    rawBody: new URLSearchParams(fields).toString(),
    contentType: 'application/x-www-form-urlencoded;charset=UTF-8',
  });
}

export function codeExchangeFields(project: BootstrappedProject, flow: { verifier: string; redirectUri: string }, code: string) {
  return {
    grant_type: 'authorization_code',
    code,
    redirect_uri: flow.redirectUri,
    code_verifier: flow.verifier,
    client_id: project.projectId,
    client_secret: project.keys.publishable_client_key!,
  };
}
