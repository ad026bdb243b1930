// The published SDK in tests: recording the requests it sends, building
// client / server / admin apps for a project, signing users in, and reading the server's state
// over the wire without the SDK (so SDK caches cannot hide what the server holds).
import { expect } from 'bun:test';
import { StackAdminApp, StackClientApp, StackServerApp } from '@stackframe/js';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { as, call, uniqueEmail } from './api-expectations';
import type { ApiResult, TestInstance } from './instance';
export { rejection } from './api-expectations';
export { memberIdsOf, pngDataUrl, systemPermissionIds, teamIdsOf } from './teams';
import { permissionIds } from './teams';

// ---------------------------------------------------------------------------------------------
// Request recording (only the SDK's requests: they alone carry X-Stack-Client-Version)

export interface RecordedRequest {
  method: string;
  /** Path and query, e.g. `/api/v1/team-permissions?team_id=…&user_id=me&recursive=true`. */
  url: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: string | undefined;
  /** The status the SDK acts on: X-Stack-Actual-Status when present, else the HTTP status. */
  status: number;
}

const recorded: RecordedRequest[] = [];
const originalFetch = globalThis.fetch;
const originalWarn = console.warn;
const originalLog = console.log;

export function installRecorder(): void {
  // The SDK warns once more than 10 apps exist; these tests build several per test.
  const quiet =
    (write: (...args: unknown[]) => void) =>
    (...args: unknown[]) => {
      if (typeof args[0] === 'string' && args[0].startsWith('You have created more than 10 Stack apps')) return;
      write(...args);
    };
  console.warn = quiet(originalWarn);
  console.log = quiet(originalLog);
  const recordingFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const response = await originalFetch(input, init);
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    if (headers.has('x-stack-client-version')) {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const actual = response.headers.get('x-stack-actual-status');
      recorded.push({
        method: (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase(),
        url: url.pathname + url.search,
        path: url.pathname,
        query: url.searchParams,
        headers,
        body: typeof init?.body === 'string' ? init.body : undefined,
        status: actual === null ? response.status : Number(actual),
      });
    }
    return response;
  };
  globalThis.fetch = Object.assign(recordingFetch, originalFetch) as typeof fetch;
}

export function uninstallRecorder(): void {
  globalThis.fetch = originalFetch;
  console.warn = originalWarn;
  console.log = originalLog;
}

/** One call to authd's API as a test file's own recorder saw it (`recordApiCalls`). */
export interface RecordedApiCall {
  method: string;
  /** The path under `stripPrefix`. */
  path: string;
  headers: Headers;
  body: string | undefined;
  /** The status the SDK acts on: X-Stack-Actual-Status when present, else the HTTP status. */
  status: number;
  responseText: string;
}

/**
 * Wraps fetch to record every call whose path starts with `pathPrefix` into `into`, and quiets the
 * SDK's "more than 10 apps" warning; returns the function that puts fetch and console.warn back.
 */
export function recordApiCalls(into: RecordedApiCall[], pathPrefix: string, stripPrefix = ''): () => void {
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith('You have created more than 10 Stack apps')) return;
    originalWarn(...args);
  };
  const recordingFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const response = await originalFetch(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname.startsWith(pathPrefix)) {
      const actual = response.headers.get('x-stack-actual-status');
      into.push({
        method: (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase(),
        path: url.pathname.slice(stripPrefix.length),
        headers: new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined)),
        body:
          typeof init?.body === 'string' ? init.body : init?.body instanceof URLSearchParams ? init.body.toString() : undefined,
        status: actual === null ? response.status : Number(actual),
        responseText: await response.clone().text(),
      });
    }
    return response;
  };
  globalThis.fetch = Object.assign(recordingFetch, originalFetch) as typeof fetch;
  return () => {
    globalThis.fetch = originalFetch;
    console.warn = originalWarn;
  };
}

/** Runs `action` and returns its result with the SDK requests sent meanwhile. */
export async function recording<T>(action: () => Promise<T>): Promise<{ result: T; requests: RecordedRequest[] }> {
  const start = recorded.length;
  const result = await action();
  return { result, requests: recorded.slice(start) };
}

/** Runs `action`, which must reject; returns the error and the SDK requests sent meanwhile. */
export async function recordingRejection(
  action: () => Promise<unknown>,
): Promise<{ error: unknown; requests: RecordedRequest[] }> {
  const start = recorded.length;
  try {
    await action();
  } catch (error) {
    return { error, requests: recorded.slice(start) };
  }
  throw new Error('expected the SDK call to fail, but it succeeded');
}

/** Runs `action`, which may fail; returns its error (undefined when it succeeded) and the SDK requests sent meanwhile. */
export async function recordRequests(action: () => Promise<unknown>): Promise<{ requests: RecordedRequest[]; error: unknown }> {
  const start = recorded.length;
  let error: unknown;
  try {
    await action();
  } catch (e) {
    error = e;
  }
  return { requests: recorded.slice(start), error };
}

/** The single recorded request with this method and path (query ignored). */
export function only(requests: RecordedRequest[], method: string, path: string): RecordedRequest {
  const matching = requests.filter((r) => r.method === method && r.path === `/api/v1${path}`);
  expect(matching.map((r) => `${r.method} ${r.url}`)).toHaveLength(1);
  return matching[0]!;
}

export function jsonBody(request: RecordedRequest): unknown {
  return request.body === undefined ? undefined : JSON.parse(request.body);
}

// ---------------------------------------------------------------------------------------------
// Apps

/** What every app of these tests is built with: the project's client key, tokens in memory, no redirects or prefetching. */
function appOptions(t: TestInstance, project: BootstrappedProject) {
  return {
    baseUrl: t.url,
    projectId: project.projectId,
    publishableClientKey: project.keys.publishable_client_key!,
    tokenStore: 'memory' as const,
    redirectMethod: 'none' as const,
    noAutomaticPrefetch: true,
  };
}

export function clientApp(t: TestInstance, project: BootstrappedProject) {
  return new StackClientApp(appOptions(t, project));
}

export function serverApp(t: TestInstance, project: BootstrappedProject) {
  return new StackServerApp({ ...appOptions(t, project), secretServerKey: project.keys.secret_server_key! });
}

export function adminApp(t: TestInstance, project: BootstrappedProject) {
  return new StackAdminApp({
    ...appOptions(t, project),
    secretServerKey: project.keys.secret_server_key!,
    superSecretAdminKey: project.keys.super_secret_admin_key!,
  });
}

export interface SignedInUser {
  app: ReturnType<typeof clientApp>;
  user: NonNullable<Awaited<ReturnType<ReturnType<typeof clientApp>['getUser']>>>;
  id: string;
  email: string;
  accessToken: string;
}

/** A user created over the server API (password auth), then signed in through a client app. */
export async function signedInUser(t: TestInstance, project: BootstrappedProject, displayName: string): Promise<SignedInUser> {
  const email = uniqueEmail(displayName.toLowerCase().replace(/[^a-z0-9]+/g, '-'));
  const password = `passphrase of ${displayName}`;
  const created = await call(t, 'POST', '/users', {
    headers: as(project, 'server'),
    body: { primary_email: email, password, primary_email_auth_enabled: true, display_name: displayName },
  });
  expect(`${created.status} ${created.text}`).toStartWith('201 ');
  const app = clientApp(t, project);
  const signIn = await app.signInWithCredential({ email, password, noRedirect: true });
  expect(signIn.status).toBe('ok');
  const user = await app.getUser();
  expect(user).not.toBeNull();
  expect(user!.id).toBe(created.json.id);
  const accessToken = (await user!.currentSession.getTokens()).accessToken!;
  return { app, user: user!, id: user!.id, email, accessToken };
}

// ---------------------------------------------------------------------------------------------
// The server's state, read over the wire without the SDK

/** GET with server access; the status must be 200. */
export async function serverRead(t: TestInstance, project: BootstrappedProject, path: string): Promise<any> {
  const res = await call(t, 'GET', path, { headers: as(project, 'server') });
  expect(`${res.status} ${res.text.slice(0, 300)}`).toStartWith('200 ');
  return res.json;
}

export function serverGet(t: TestInstance, project: BootstrappedProject, path: string): Promise<ApiResult> {
  return call(t, 'GET', path, { headers: as(project, 'server') });
}

/** A user's permission ids in a team, direct or recursive (GET /team-permissions, server access). */
export const permissionIdsOf = permissionIds;

/** Turns client team creation on or off through the admin API and checks it took. */
export async function setClientTeamCreation(t: TestInstance, project: BootstrappedProject, enabled: boolean): Promise<void> {
  const res = await call(t, 'PATCH', '/projects/current', {
    headers: as(project, 'admin'),
    body: { config: { client_team_creation_enabled: enabled } },
  });
  expect(`${res.status} ${res.text.slice(0, 300)}`).toStartWith('200 ');
  expect(res.json.config.client_team_creation_enabled).toBe(enabled);
}
