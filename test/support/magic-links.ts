// Shared by the sign-in-by-email tests: turning magic links on, sending a code,
// and reading the link's code and the 6-character typed code out of a received email.
import { expect } from 'bun:test';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import type { ApiResult, TestInstance } from './instance';
import type { ReceivedEmail, SmtpReceiver } from './smtp-receiver';
import { as, call, codePattern, expectOk, makeProject, setProjectConfig } from './mail';

export * from './mail';

export const magicLinkCallback = 'http://localhost:3000/handler/magic-link-callback';

export async function enableMagicLink(t: TestInstance, project: BootstrappedProject): Promise<void> {
  await setProjectConfig(t, project, { magic_link_enabled: true });
}

/** A new project of its own (makeProject) with magic links switched on. */
export async function magicLinkProject(t: TestInstance, displayName: string): Promise<BootstrappedProject> {
  const project = await makeProject(t, displayName);
  await enableMagicLink(t, project);
  return project;
}

export function sendSignInCode(
  t: TestInstance,
  project: BootstrappedProject,
  email: string,
  callbackUrl = magicLinkCallback,
): Promise<ApiResult> {
  return call(t, 'POST', '/auth/otp/send-sign-in-code', {
    headers: as(project, 'client'),
    body: { email, callback_url: callbackUrl },
  });
}

export function otpSignIn(t: TestInstance, project: BootstrappedProject, code: string, level: 'client' | 'server' = 'client') {
  return call(t, 'POST', '/auth/otp/sign-in', { headers: as(project, level), body: { code } });
}

export function otpCheckCode(t: TestInstance, project: BootstrappedProject, code: string) {
  return call(t, 'POST', '/auth/otp/sign-in/check-code', { headers: as(project, 'client'), body: { code } });
}

export interface MagicLinkEmail {
  email: ReceivedEmail;
  /** The whole link, as a browser would open it. */
  link: URL;
  /** The link's 45-character code. */
  code: string;
  /** The 6 characters the email asks to type, as shown (upper case). */
  typed: string;
}

/** Reads the newest magic-link email to `recipient` that arrived after `seenBefore` messages. */
export async function receiveMagicLink(smtp: SmtpReceiver, recipient: string, seenBefore = 0): Promise<MagicLinkEmail> {
  const email = await smtp.waitFor(
    recipient,
    (m) => smtp.messages.filter((other) => other.to.includes(recipient)).indexOf(m) >= seenBefore,
  );
  const link = new URL(email.text.match(/https?:\/\/\S+/)![0]);
  const code = link.searchParams.get('code')!;
  expect(code).toMatch(codePattern);
  const typed = email.text.match(/^Your sign-in code:\s*^([0-9A-Z]{6})\r?$/m)?.[1];
  expect(typed).toBeDefined();
  expect(email.subject).toEndWith(`: Your code is ${typed}`);
  return { email, link, code, typed: typed! };
}

/** Count of messages already received for `recipient` (so the next wait skips them). */
export function receivedCount(smtp: SmtpReceiver, recipient: string): number {
  return smtp.messages.filter((m) => m.to.includes(recipient)).length;
}

export const signInResponseFields = ['access_token', 'is_new_user', 'refresh_token', 'user_id'];

/** Exactly the four fields Stack sends, tokens as strings. */
export function expectSignInResponse(
  res: ApiResult,
  isNewUser: boolean,
): { access_token: string; refresh_token: string; user_id: string } {
  const body = expectOk(res);
  expect(Object.keys(body).sort()).toEqual(signInResponseFields);
  expect(body.is_new_user).toBe(isNewUser);
  expect(typeof body.access_token).toBe('string');
  expect(body.refresh_token).toMatch(codePattern);
  return body;
}
