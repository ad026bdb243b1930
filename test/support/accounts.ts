// Accounts over the wire, the one set of shortcuts every API test folder uses: sign-up, sign-in,
// server-created users and sessions, and the SDK's refresh grant.
import { expect } from 'bun:test';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { as, call, expectKnownError, expectOk, uniqueEmail } from './api-expectations';
import type { ApiResult, TestInstance } from './instance';

export const goodPassword = 'correct horse battery';
/** A callback URL every project trusts (localhost), for sign-ups that send a verification email. */
export const trustedVerificationCallback = 'http://localhost:3000/handler/email-verification';

/** A user with a session: what most tests need to act as one. */
export interface TestUser {
  user_id: string;
  access_token: string;
  email: string;
}

export interface SignedIn {
  access_token: string;
  refresh_token: string;
  user_id: string;
  email: string;
  password: string;
}

export interface SignUpOptions {
  email?: string;
  password?: string;
  /** The verification email's callback; null sends none (no verification email). */
  callbackUrl?: string | null;
}

/** Signs up through the client endpoint: by default a unique address and a trusted verification callback. */
export async function signUp(
  t: TestInstance,
  project: BootstrappedProject,
  emailOrOptions: string | SignUpOptions = {},
  password?: string,
): Promise<SignedIn> {
  const options = typeof emailOrOptions === 'string' ? { email: emailOrOptions, password } : emailOrOptions;
  const email = options.email ?? uniqueEmail();
  const chosenPassword = options.password ?? goodPassword;
  const body: Record<string, unknown> = { email, password: chosenPassword };
  const callbackUrl = options.callbackUrl === undefined ? trustedVerificationCallback : options.callbackUrl;
  if (callbackUrl !== null) body.verification_callback_url = callbackUrl;
  const res = await call(t, 'POST', '/auth/password/sign-up', { headers: as(project, 'client'), body });
  return { ...expectOk(res), email, password: chosenPassword };
}

/** The password sign-in call itself, for tests of its refusals. */
export function signInCall(t: TestInstance, project: BootstrappedProject, email: string, password: string): Promise<ApiResult> {
  return call(t, 'POST', '/auth/password/sign-in', { headers: as(project, 'client'), body: { email, password } });
}

export async function signIn(t: TestInstance, project: BootstrappedProject, email: string, password: string): Promise<SignedIn> {
  return { ...expectOk(await signInCall(t, project, email, password)), email, password };
}

/** GET /users/me with the user's access token. */
export async function getMe(t: TestInstance, project: BootstrappedProject, accessToken: string): Promise<any> {
  return expectOk(await call(t, 'GET', '/users/me', { headers: as(project, 'client', accessToken) }));
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

/** Marks a user's primary email verified with the server key (PATCH /users/{id}). */
export async function markEmailVerified(t: TestInstance, project: BootstrappedProject, userId: string): Promise<any> {
  return expectOk(await call(t, 'PATCH', `/users/${userId}`, { headers: as(project, 'server'), body: { primary_email_verified: true } }));
}
