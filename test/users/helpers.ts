// Shared helpers for the users/sessions/password HTTP tests in this folder: wire error forms
//, throwaway projects, sign-up/sign-in shortcuts, the SDK's refresh grant
// and the exact server and client user views.
import { expect } from 'bun:test';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import type { ApiResult, TestInstance } from '../support/instance';
export * from '../support/api-expectations';
import { as, call, expectKnownError, uniqueEmail, uuidPattern, expectOk } from '../support/api-expectations';

export const tokenIssuer = 'https://access-token.jwt-signature.stack-auth.com';
export const refreshTokenPattern = /^[0-9a-hjkmnp-tv-z]{45}$/;

export const goodPassword = 'correct horse battery';

export async function setProjectConfig(t: TestInstance, project: BootstrappedProject, config: Record<string, unknown>) {
  const res = await call(t, 'PATCH', '/projects/current', { headers: as(project, 'admin'), body: { config } });
  expect(`${res.status} ${res.text.slice(0, 300)}`).toStartWith('200 ');
  for (const [key, value] of Object.entries(config)) expect(res.json.config[key]).toEqual(value);
}

/** The SCHEMA_ERROR of an endpoint that needs a user but got none (last paragraph). */
export function expectNoUserSchemaError(res: ApiResult): void {
  expectKnownError(res, 400, 'SCHEMA_ERROR');
  expect(res.json.details).toEqual({ message: res.json.error });
  expect(res.json.error).toContain('auth.user must be defined');
}

export interface SignedIn {
  access_token: string;
  refresh_token: string;
  user_id: string;
  email: string;
  password: string;
}

export async function signUp(
  t: TestInstance,
  project: BootstrappedProject,
  email = uniqueEmail(),
  password = goodPassword,
): Promise<SignedIn> {
  const res = await call(t, 'POST', '/auth/password/sign-up', {
    headers: as(project, 'client'),
    body: { email, password, verification_callback_url: 'http://localhost:3000/handler/email-verification' },
  });
  const body = expectOk(res);
  return { ...body, email, password };
}

export async function signIn(t: TestInstance, project: BootstrappedProject, email: string, password: string): Promise<SignedIn> {
  const res = await call(t, 'POST', '/auth/password/sign-in', { headers: as(project, 'client'), body: { email, password } });
  const body = expectOk(res);
  return { ...body, email, password };
}

/** The SDK's refresh: form-encoded, no X-Stack headers, no override header. */
export function refreshGrant(
  t: TestInstance,
  fields: { client_id?: string; client_secret?: string; refresh_token?: string; grant_type?: string },
): Promise<ApiResult> {
  const form = new URLSearchParams();
  form.set('grant_type', fields.grant_type ?? 'refresh_token');
  for (const key of ['refresh_token', 'client_id', 'client_secret'] as const) {
    const value = fields[key];
    if (value !== undefined) form.set(key, value);
  }
  return call(t, 'POST', '/auth/oauth/token', {
    headers: { accept: 'application/json', 'user-agent': 'oauth4webapi/v2.17.0' },
    rawBody: form.toString(),
    contentType: 'application/x-www-form-urlencoded;charset=UTF-8',
  });
}

export function refreshFor(t: TestInstance, project: BootstrappedProject, refreshToken: string): Promise<ApiResult> {
  return refreshGrant(t, {
    client_id: project.projectId,
    client_secret: project.keys.publishable_client_key!,
    refresh_token: refreshToken,
  });
}

export async function expectRefreshWorks(t: TestInstance, project: BootstrappedProject, refreshToken: string): Promise<string> {
  const res = await refreshFor(t, project, refreshToken);
  const body = expectOk(res);
  expect(typeof body.access_token).toBe('string');
  return body.access_token;
}

export async function expectRefreshRefused(t: TestInstance, project: BootstrappedProject, refreshToken: string): Promise<void> {
  expectKnownError(await refreshFor(t, project, refreshToken), 401, 'REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED');
}

export async function createUser(t: TestInstance, project: BootstrappedProject, body: Record<string, unknown>): Promise<any> {
  return expectOk(await call(t, 'POST', '/users', { headers: as(project, 'server'), body }), 201);
}

export async function getUser(t: TestInstance, project: BootstrappedProject, userId: string): Promise<any> {
  return expectOk(await call(t, 'GET', `/users/${userId}`, { headers: as(project, 'server') }));
}

export async function listAllUsers(t: TestInstance, project: BootstrappedProject): Promise<any[]> {
  return expectOk(await call(t, 'GET', '/users', { headers: as(project, 'server') })).items;
}

/** POST /auth/sessions with the server key. */
export async function createSessionFor(
  t: TestInstance,
  project: BootstrappedProject,
  userId: string,
  expiresInMillis?: number,
): Promise<{ access_token: string; refresh_token: string }> {
  const body: Record<string, unknown> = { user_id: userId };
  if (expiresInMillis !== undefined) body.expires_in_millis = expiresInMillis;
  return expectOk(await call(t, 'POST', '/auth/sessions', { headers: as(project, 'server'), body }));
}

export const serverViewFields = [
  'id',
  'primary_email',
  'primary_email_verified',
  'primary_email_auth_enabled',
  'display_name',
  'selected_team',
  'selected_team_id',
  'profile_image_url',
  'signed_up_at_millis',
  'has_password',
  'otp_auth_enabled',
  'passkey_auth_enabled',
  'client_metadata',
  'client_read_only_metadata',
  'server_metadata',
  'last_active_at_millis',
  'oauth_providers',
  'auth_with_email',
  'requires_totp_mfa',
].sort();

export const clientViewFields = serverViewFields
  .filter((f) => !['primary_email_auth_enabled', 'server_metadata', 'last_active_at_millis'].includes(f))
  .sort();

const nullableString = (v: unknown) => v === null || typeof v === 'string';

/** Exactly the fields of the server or client user view, each of the type Stack sends. */
export function expectUserView(view: any, kind: 'server' | 'client'): void {
  expect(view).toBeObject();
  expect(Object.keys(view).sort()).toEqual(kind === 'server' ? serverViewFields : clientViewFields);
  expect(view.id).toMatch(uuidPattern);
  expect(nullableString(view.primary_email)).toBe(true);
  expect(typeof view.primary_email_verified).toBe('boolean');
  expect(nullableString(view.display_name)).toBe(true);
  expect(view.selected_team === null || typeof view.selected_team === 'object').toBe(true);
  expect(view.selected_team_id === null || uuidPattern.test(view.selected_team_id)).toBe(true);
  expect(nullableString(view.profile_image_url)).toBe(true);
  expect(Number.isInteger(view.signed_up_at_millis)).toBe(true);
  for (const flag of ['has_password', 'otp_auth_enabled', 'passkey_auth_enabled', 'auth_with_email', 'requires_totp_mfa']) {
    expect(typeof view[flag]).toBe('boolean');
  }
  expect(view.auth_with_email).toBe(view.has_password || view.otp_auth_enabled);
  expect(Array.isArray(view.oauth_providers)).toBe(true);
  if (kind === 'server') {
    expect(typeof view.primary_email_auth_enabled).toBe('boolean');
    expect(Number.isInteger(view.last_active_at_millis)).toBe(true);
    expect(view.last_active_at_millis).toBeGreaterThanOrEqual(view.signed_up_at_millis);
  }
}

/** Replaces one character of a base64url string with a different one. */
export function flipChar(s: string, index: number): string {
  const c = s[index]!;
  return s.slice(0, index) + (c === 'A' ? 'B' : 'A') + s.slice(index + 1);
}
