// Shared helpers for the HTTP API tests in this folder: assertions on the wire's error forms
// (wire §2.3), throwaway projects with their own key sets, and "the server still serves" checks.
import { expect } from 'bun:test';
import { createApiKeySet } from '../../server/core/api-keys';
import { createProject } from '../../server/core/projects';
import type { BootstrappedProject } from '../../server/core/bootstrap';
import { callApi, projectHeaders, type AccessLevel, type ApiResult, type TestInstance } from '../support/instance';

export const api = '/api/v1';

/** A random UUID that names no project, user or key set. */
export const unknownUuid = () => crypto.randomUUID();

/** Lower-case Crockford base32, 45 characters, after the kind's prefix (wire §4.13, §3.3). */
export const keyPatterns = {
  publishable_client_key: /^pck_[0-9a-hjkmnp-tv-z]{45}$/,
  secret_server_key: /^ssk_[0-9a-hjkmnp-tv-z]{45}$/,
  super_secret_admin_key: /^sak_[0-9a-hjkmnp-tv-z]{45}$/,
} as const;

/** Creates a project through core (no CLI) with one key set holding all three keys. */
export function makeProject(
  t: TestInstance,
  displayName: string,
  options: { expiresAtMillis?: number } = {},
): BootstrappedProject {
  const projectId = createProject(t.ctx, { display_name: displayName });
  const keys = createApiKeySet(t.ctx, projectId, {
    description: `keys of ${displayName}`,
    expiresAtMillis: options.expiresAtMillis ?? Date.now() + 365 * 24 * 3600 * 1000,
    keys: { publishable_client_key: true, secret_server_key: true, super_secret_admin_key: true },
  });
  return { projectId, displayName, keys };
}

export function call(
  t: TestInstance,
  method: string,
  path: string,
  init: { headers?: Record<string, string>; body?: unknown; rawBody?: BodyInit; contentType?: string } = {},
): Promise<ApiResult> {
  return callApi(t.url, method, path.startsWith('/api') || path === '/health' ? path : api + path, init);
}

export function as(project: BootstrappedProject, level: AccessLevel): Record<string, string> {
  return projectHeaders(project, level);
}

export async function adminView(t: TestInstance, project: BootstrappedProject): Promise<any> {
  const res = await call(t, 'GET', '/projects/current', { headers: as(project, 'admin') });
  expect(res.status).toBe(200);
  return res.json;
}

/**
 * A known error as the SDK checks it (wire §2.3): status, JSON content type, header equal to
 * body.code, body made only of code, error and (optionally) details.
 */
export function expectKnownError(res: ApiResult, status: number, code: string, details?: Record<string, unknown>): void {
  const summary = `${res.status} ${res.text.slice(0, 500)}`;
  expect(summary).toStartWith(`${status} `);
  expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(res.headers.get('x-stack-known-error')).toBe(code);
  expect(res.json).toBeObject();
  expect(res.json.code).toBe(code);
  expect(typeof res.json.error).toBe('string');
  expect(res.json.error.length).toBeGreaterThan(0);
  for (const key of Object.keys(res.json)) expect(['code', 'error', 'details']).toContain(key);
  if (details !== undefined) expect(res.json.details).toEqual(details);
}

/** SCHEMA_ERROR with the wire's message format (wire §1.5); returns the message. */
export function expectSchemaError(res: ApiResult, ...fragments: string[]): string {
  expectKnownError(res, 400, 'SCHEMA_ERROR');
  const message: string = res.json.error;
  expect(res.json.details).toEqual({ message });
  for (const fragment of fragments) expect(message).toContain(fragment);
  return message;
}

/** A status error: plain text, no known-error header (wire §2.3). */
export function expectTextError(res: ApiResult, status: number, text?: string): void {
  expect(`${res.status} ${res.text.slice(0, 500)}`).toStartWith(`${status} `);
  expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  expect(res.headers.get('x-stack-known-error')).toBeNull();
  if (text !== undefined) expect(res.text).toBe(text);
}

/** After bad input: /health answers and a valid authenticated call still works. */
export async function expectStillServing(t: TestInstance, project: BootstrappedProject): Promise<void> {
  const health = await call(t, 'GET', '/health');
  expect(health.status).toBe(200);
  const current = await call(t, 'GET', '/projects/current', { headers: as(project, 'client') });
  expect(current.status).toBe(200);
  expect(current.json.id).toBe(project.projectId);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
