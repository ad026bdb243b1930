// The users/sessions/password HTTP tests' own checks (the exact server and client user views,
// project settings); the wire expectations and account shortcuts they share with other folders
// come from test/support and are re-exported here.
import { expect } from 'bun:test';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import type { ApiResult, TestInstance } from './instance';
export * from './api-expectations';
import { as, call, expectKnownError, uuidPattern } from './api-expectations';
export * from './accounts';

export const tokenIssuer = 'https://access-token.jwt-signature.stack-auth.com';
export const refreshTokenPattern = /^[0-9a-hjkmnp-tv-z]{45}$/;

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
  // authd addition: the user's language.
  'locale',
  // authd additions, server view only: the user's ban.
  'banned_at_millis',
  'banned_until_millis',
  'ban_reason',
].sort();

const serverOnlyFields = ['primary_email_auth_enabled', 'server_metadata', 'last_active_at_millis', 'banned_at_millis', 'banned_until_millis', 'ban_reason'];
export const clientViewFields = serverViewFields
  .filter((f) => !serverOnlyFields.includes(f))
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
  expect(nullableString(view.locale)).toBe(true);
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
