// What HTTP tests share: throwaway projects made through core, calls relative to /api/v1, and
// assertions on the wire's answer forms (known errors, SCHEMA_ERROR, status errors).
import { expect } from 'bun:test';
import { createApiKeySet } from '../../server/core/projects/api-keys';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { createProject } from '../../server/core/projects/projects';
import { callApi, projectHeaders, type AccessLevel, type ApiResult, type TestInstance } from './instance';

export const api = '/api/v1';

/** A random UUID that names no project, user or key set. */
export const unknownUuid = () => crypto.randomUUID();

/** Creates a project through core (no CLI) with one key set holding all three keys. */
export async function makeProject(
  t: TestInstance,
  displayName: string,
  options: { expiresAtMillis?: number } = {},
): Promise<BootstrappedProject> {
  const projectId = await createProject(t.ctx, { display_name: displayName });
  const keys = await createApiKeySet(t.ctx, projectId, {
    description: `keys of ${displayName}`,
    expiresAtMillis: options.expiresAtMillis ?? Date.now() + 365 * 24 * 3600 * 1000,
    keys: { publishable_client_key: true, secret_server_key: true, super_secret_admin_key: true },
  });
  return { projectId, displayName, keys };
}

let emailCounter = 0;

/** An address no other test of the run uses, e.g. uniqueEmail('reset') is reset-3-k2j9x1@example.com. */
export function uniqueEmail(prefix = 'user'): string {
  emailCounter++;
  return `${prefix}-${emailCounter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Moves the instance clock `offsetMillis` ahead of real time; returns the restore function. */
export function shiftClock(t: TestInstance, offsetMillis: number): () => void {
  const previous = t.ctx.clock;
  t.ctx.clock = { now: () => Date.now() + offsetMillis };
  return () => {
    t.ctx.clock = previous;
  };
}

export type CallInit = { headers?: Record<string, string>; body?: unknown; rawBody?: BodyInit; contentType?: string };

export function call(t: TestInstance, method: string, path: string, init: CallInit = {}): Promise<ApiResult> {
  return callApi(t.url, method, path.startsWith('/api') || path === '/health' ? path : api + path, init);
}

/** The headers of an app of `level`, plus a user's access token when given. */
export function as(project: BootstrappedProject, level: AccessLevel, accessToken?: string): Record<string, string> {
  const headers = projectHeaders(project, level);
  if (accessToken !== undefined) headers['x-stack-access-token'] = accessToken;
  return headers;
}

/** A success: the status, a JSON body and no known-error header; returns the parsed body. */
export function expectOk(res: ApiResult, status = 200): any {
  expect(`${res.status} ${res.text.slice(0, 500)}`).toStartWith(`${status} `);
  expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(res.headers.get('x-stack-known-error')).toBeNull();
  return res.json;
}

/**
 * A known error as the SDK checks it: status, JSON content type, header equal to
 * body.code, body made only of code, error and (optionally) details.
 */
export function expectKnownError(res: ApiResult, status: number, code: string, details?: Record<string, unknown>): void {
  expect(`${res.status} ${res.text.slice(0, 500)}`).toStartWith(`${status} `);
  expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(res.headers.get('x-stack-known-error')).toBe(code);
  expect(res.json).toBeObject();
  expect(res.json.code).toBe(code);
  expect(typeof res.json.error).toBe('string');
  expect(res.json.error.length).toBeGreaterThan(0);
  for (const key of Object.keys(res.json)) expect(['code', 'error', 'details']).toContain(key);
  if (details !== undefined) expect(res.json.details).toEqual(details);
}

/**
 * Admin-only endpoints: each request, sent with the client key and then the server key (with
 * `accessToken` when given), is INSUFFICIENT_ACCESS_TYPE naming the level it came with.
 */
export async function expectAdminOnly(
  t: TestInstance,
  project: BootstrappedProject,
  requests: { method: string; path: string; body?: unknown }[],
  accessToken?: string,
): Promise<void> {
  for (const level of ['client', 'server'] as const) {
    for (const { method, path, body } of requests) {
      const res = await call(t, method, path, { headers: as(project, level, accessToken), body });
      expectKnownError(res, 401, 'INSUFFICIENT_ACCESS_TYPE', { actual_access_type: level, allowed_access_types: ['admin'] });
    }
  }
}

/** SCHEMA_ERROR with the wire's message format; returns the message. */
export function expectSchemaError(res: ApiResult, ...fragments: string[]): string {
  expectKnownError(res, 400, 'SCHEMA_ERROR');
  const message: string = res.json.error;
  expect(message).toStartWith('Request validation failed on ');
  expect(res.json.details).toEqual({ message });
  for (const fragment of fragments) expect(message).toContain(fragment);
  return message;
}

/** A status error: plain text, no known-error header. */
export function expectTextError(res: ApiResult, status: number, text?: string): void {
  expect(`${res.status} ${res.text.slice(0, 500)}`).toStartWith(`${status} `);
  expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  expect(res.headers.get('x-stack-known-error')).toBeNull();
  if (text !== undefined) expect(res.text).toBe(text);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A `{ success: true }` answer with status 200. */
export function expectSuccess(res: ApiResult): void {
  expect(expectOk(res)).toEqual({ success: true });
}

/** What `promise` rejects with; fails the test if it resolves. */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail, but it succeeded');
}
