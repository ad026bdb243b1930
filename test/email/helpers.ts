// Shared helpers for the email tests in this folder: a real authd with a real SMTP receiver,
// throwaway addresses, sign-up/sign-in shortcuts, the SDK's refresh grant, the
// email_messages rows a request queued, and the codes and links of received emails.
import { expect } from 'bun:test';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { openSecret } from '../../server/core/storage/secret-box';
import { as, call, expectKnownError, uniqueEmail, expectOk } from '../support/api-expectations';
import type { ApiResult, TestInstance } from '../support/instance';
import type { ReceivedEmail } from '../support/smtp-receiver';
import { pollUntil } from '../support/poll-until';
export { pollUntil };

export * from '../support/api-expectations';

/** 45 characters of lower-case Crockford base32. */
export const codePattern = /^[0-9a-hjkmnp-tv-z]{45}$/;
const crockford = '0123456789abcdefghjkmnpqrstvwxyz';

export const goodPassword = 'correct horse battery';
export const callbackBase = 'http://localhost:3000/handler';
export const verificationCallback = `${callbackBase}/email-verification`;
export const resetCallback = `${callbackBase}/password-reset`;
export const untrustedCallback = 'https://evil.example.org/handler/email-verification';

/** `length` random Crockford characters (never equal to `avoid`). */
export function randomCode(length: number, avoid?: string): string {
  for (;;) {
    let s = '';
    for (let i = 0; i < length; i++) s += crockford[Math.floor(Math.random() * crockford.length)];
    if (s !== avoid) return s;
  }
}

export function expectSuccess(res: ApiResult): void {
  expect(expectOk(res)).toEqual({ success: true });
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
  options: { email?: string; password?: string; callbackUrl?: string | null } = {},
): Promise<SignedIn> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? goodPassword;
  const body: Record<string, unknown> = { email, password };
  const callbackUrl = options.callbackUrl === undefined ? verificationCallback : options.callbackUrl;
  if (callbackUrl !== null) body.verification_callback_url = callbackUrl;
  const res = await call(t, 'POST', '/auth/password/sign-up', { headers: as(project, 'client'), body });
  return { ...expectOk(res), email, password };
}

export function signInCall(t: TestInstance, project: BootstrappedProject, email: string, password: string): Promise<ApiResult> {
  return call(t, 'POST', '/auth/password/sign-in', { headers: as(project, 'client'), body: { email, password } });
}

export async function signIn(t: TestInstance, project: BootstrappedProject, email: string, password: string): Promise<SignedIn> {
  return { ...expectOk(await signInCall(t, project, email, password)), email, password };
}

export async function getMe(t: TestInstance, project: BootstrappedProject, accessToken: string): Promise<any> {
  return expectOk(await call(t, 'GET', '/users/me', { headers: as(project, 'client', accessToken) }));
}

/** The SDK's refresh: form-encoded, no X-Stack headers, no override header. */
export function refreshFor(t: TestInstance, project: BootstrappedProject, refreshToken: string): Promise<ApiResult> {
  const form = new URLSearchParams({
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: project.projectId,
    client_secret: project.keys.publishable_client_key!,
  });
  return call(t, 'POST', '/auth/oauth/token', {
    headers: { accept: 'application/json', 'user-agent': 'oauth4webapi/v2.17.0' },
    rawBody: form.toString(),
    contentType: 'application/x-www-form-urlencoded;charset=UTF-8',
  });
}

export async function expectRefreshWorks(t: TestInstance, project: BootstrappedProject, refreshToken: string): Promise<void> {
  const body = expectOk(await refreshFor(t, project, refreshToken));
  expect(typeof body.access_token).toBe('string');
}

export async function expectRefreshRefused(t: TestInstance, project: BootstrappedProject, refreshToken: string): Promise<void> {
  expectKnownError(await refreshFor(t, project, refreshToken), 401, 'REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED');
}

export async function setProjectConfig(t: TestInstance, project: BootstrappedProject, config: Record<string, unknown>) {
  const res = await call(t, 'PATCH', '/projects/current', { headers: as(project, 'admin'), body: { config } });
  expect(`${res.status} ${res.text.slice(0, 300)}`).toStartWith('200 ');
}

export interface MessageRow {
  status: string;
  attempts: number;
  last_error: string | null;
  subject: string;
}

/** The rows of the durable email queue for one recipient (written in the request's transaction). */
export async function queuedMessages(t: TestInstance, recipient: string): Promise<MessageRow[]> {
  const rows = (await t.rows('select status, attempts, last_error, subject from email_messages where recipient = ?', recipient)) as unknown as MessageRow[];
  // Subjects are sealed at rest (a magic-link subject carries the code).
  return rows.map((row) => ({ ...row, subject: openSecret(t.ctx, row.subject) }));
}

/** The first link in an email's text part. */
export function linkFromEmail(email: ReceivedEmail): URL {
  const link = email.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no link in email "${email.subject}": ${email.text}`);
  return new URL(link);
}

/**
 * The reset email is queued shortly after send-reset-code answers (so the answer takes the same
 * time for every address); this waits for `count` messages to `recipient`.
 */
export function queuedMessagesOnceThere(t: TestInstance, recipient: string, count = 1): Promise<MessageRow[]> {
  return pollUntil(
    () => queuedMessages(t, recipient),
    (rows) => rows.length >= count,
  );
}

