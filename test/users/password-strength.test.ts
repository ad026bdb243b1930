// The offline password check on every path that sets a password: a breached password (or one
// only dressed up with digits or leetspeak), one containing the user's email, and one zxcvbn
// rates as easily guessed are refused with PASSWORD_REQUIREMENTS_NOT_MET and their message,
// before anything is written; a reset link survives a refusal; the published SDK reads the
// error as its PasswordRequirementsNotMet; a project can turn the check off (the length rules
// stay); the CLI shows the same message.
import { describe, expect, test } from 'bun:test';
import { StackClientApp } from '@stackframe/js';
import { KnownErrors } from '@stackframe/stack-shared';
import {
  breachedPasswordMessage,
  emailInPasswordMessage,
  weakPasswordMessage,
} from '../../server/core/credentials/password-policy';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { runCli } from '../support/cli';
import { type TestInstance } from '../support/instance';
import { withMailInstance } from '../support/mail-instance';
import { codeFromEmail, type SmtpReceiver } from '../support/smtp-receiver';
import type { ApiResult } from '../support/instance';
import {
  as,
  call,
  createUser,
  expectOk,
  goodPassword,
  makeProject,
  setProjectConfig,
  signUp,
  uniqueEmail,
} from '../support/user-views';

let t: TestInstance, smtp: SmtpReceiver;

withMailInstance((started) => ({ t, smtp } = started));

function expectRefused(res: ApiResult, message: string): void {
  expect(res.status).toBe(400);
  expect(res.json).toEqual({ code: 'PASSWORD_REQUIREMENTS_NOT_MET', error: message, details: { message } });
  expect(res.headers.get('x-stack-known-error')).toBe('PASSWORD_REQUIREMENTS_NOT_MET');
}

function signUpCall(project: BootstrappedProject, email: string, password: string) {
  return call(t, 'POST', '/auth/password/sign-up', { headers: as(project, 'client'), body: { email, password } });
}

async function usersWithEmail(email: string): Promise<number> {
  const [row] = await t.rows('select count(*) as n from contact_channels where value = ?', email);
  return Number(row!.n);
}

describe('sign-up', () => {
  test.each([
    ['a top breached password', 'password1234', breachedPasswordMessage],
    ['a breached word with a year and a symbol tacked on', 'Sunshine2024!', breachedPasswordMessage],
    ['a breached password in leetspeak', 'P@55w0rd123', breachedPasswordMessage],
    ['a keyboard walk', 'qwertyuiop', breachedPasswordMessage],
    ['the part of the email before the @', 'grace.hopper-1906', emailInPasswordMessage],
    ['a repeated short word zxcvbn sees through', 'hunter2hunter2', weakPasswordMessage],
  ])('%s is refused with its message and no user is made', async (_, password, message) => {
    // Unique by its domain: the part before the @ is what the email rule looks for.
    const email = `grace.hopper@${uniqueEmail('x').split('@')[0]}.example.com`;
    expectRefused(await signUpCall(t.demo!, email, password), message);
    expect(await usersWithEmail(email)).toBe(0);
  });

  test("strong passwords pass, the test suite's own among them", async () => {
    for (const password of [goodPassword, 'correct horse battery staple', 'Xk7#Lp2!qz9M', 'a brand new passphrase']) {
      expectOk(await signUpCall(t.demo!, uniqueEmail('strong'), password));
    }
  });

  test('the length rules come first and keep their own codes', async () => {
    const short = await signUpCall(t.demo!, uniqueEmail('short'), 'abc');
    expect(short.json.code).toBe('PASSWORD_TOO_SHORT');
  });
});

describe('every other path that sets a password', () => {
  test('server create and update, own change and set, all refused; the stored password is unchanged', async () => {
    const project = t.demo!;
    const email = uniqueEmail('paths');
    expectRefused(
      await call(t, 'POST', '/users', {
        headers: as(project, 'server'),
        body: { primary_email: email, primary_email_auth_enabled: true, password: 'iloveyou2' },
      }),
      breachedPasswordMessage,
    );
    expect(await usersWithEmail(email)).toBe(0);

    const user = await signUp(t, project, email);
    expectRefused(
      await call(t, 'PATCH', `/users/${user.user_id}`, { headers: as(project, 'server'), body: { password: 'letmein123' } }),
      breachedPasswordMessage,
    );
    const clientHeaders = { ...as(project, 'client', user.access_token), 'x-stack-refresh-token': user.refresh_token };
    expectRefused(
      await call(t, 'POST', '/auth/password/update', {
        headers: clientHeaders,
        body: { old_password: goodPassword, new_password: email },
      }),
      emailInPasswordMessage,
    );
    const stillOld = await call(t, 'POST', '/auth/password/sign-in', {
      headers: as(project, 'client'),
      body: { email, password: goodPassword },
    });
    expect(stillOld.status).toBe(200);

    const linkOnly = await createUser(t, project, {
      primary_email: uniqueEmail('no-password'),
      primary_email_auth_enabled: true,
    });
    const session = expectOk(
      await call(t, 'POST', '/auth/sessions', { headers: as(project, 'server'), body: { user_id: linkOnly.id } }),
    );
    expectRefused(
      await call(t, 'POST', '/auth/password/set', {
        headers: { ...as(project, 'client', session.access_token), 'x-stack-refresh-token': session.refresh_token },
        body: { password: 'football1' },
      }),
      breachedPasswordMessage,
    );
  });

  test('a reset refused for containing the email leaves the emailed link usable', async () => {
    const project = t.demo!;
    const email = uniqueEmail('reset.owner');
    await createUser(t, project, { primary_email: email, primary_email_auth_enabled: true, password: goodPassword });
    const headers = as(project, 'client');
    expectOk(
      await call(t, 'POST', '/auth/password/send-reset-code', {
        headers,
        body: { email, callback_url: 'http://localhost:3000/handler/password-reset' },
      }),
    );
    const code = codeFromEmail(await smtp.waitFor(email));
    expectRefused(
      await call(t, 'POST', '/auth/password/reset', { headers, body: { code, password: `my ${email} secret` } }),
      emailInPasswordMessage,
    );
    expectRefused(
      await call(t, 'POST', '/auth/password/reset', { headers, body: { code, password: 'dragon2023' } }),
      breachedPasswordMessage,
    );
    expectOk(await call(t, 'POST', '/auth/password/reset', { headers, body: { code, password: 'quiet lanterns over marble' } }));
    const signIn = await call(t, 'POST', '/auth/password/sign-in', {
      headers,
      body: { email, password: 'quiet lanterns over marble' },
    });
    expect(signIn.status).toBe(200);
  });

  test('the CLI prints the same message and exits non-zero', async () => {
    const result = await runCli(
      ['users', 'create', '--project', t.demo!.projectId, '--email', uniqueEmail('cli'), '--password-stdin', ...t.databaseArgs],
      { stdin: 'password1234' },
    );
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain(breachedPasswordMessage);
  });
});

describe('the project setting', () => {
  test('off: breached passwords are accepted, the length rules still apply; on again: refused', async () => {
    const project = await makeProject(t, 'relaxed passwords');
    await setProjectConfig(t, project, { password_strength_check_enabled: false });
    const view = expectOk(await call(t, 'GET', '/projects/current', { headers: as(project, 'admin') }));
    expect(view.config.password_strength_check_enabled).toBe(false);
    expectOk(await signUpCall(project, uniqueEmail('relaxed'), 'password1234'));
    expect((await signUpCall(project, uniqueEmail('relaxed'), 'short')).json.code).toBe('PASSWORD_TOO_SHORT');
    await setProjectConfig(t, project, { password_strength_check_enabled: true });
    expectRefused(await signUpCall(project, uniqueEmail('relaxed'), 'password1234'), breachedPasswordMessage);
  });

  test('a client key cannot turn it off', async () => {
    const res = await call(t, 'PATCH', '/projects/current', {
      headers: as(t.demo!, 'client'),
      body: { config: { password_strength_check_enabled: false } },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    const view = expectOk(await call(t, 'GET', '/projects/current', { headers: as(t.demo!, 'admin') }));
    expect(view.config.password_strength_check_enabled).toBe(true);
  });
});

describe('through the published SDK', () => {
  test('signUpWithCredential answers KnownErrors.PasswordRequirementsNotMet with the message', async () => {
    const app = new StackClientApp({
      baseUrl: t.url,
      projectId: t.demo!.projectId,
      publishableClientKey: t.demo!.keys.publishable_client_key!,
      tokenStore: 'memory',
      redirectMethod: 'none',
      noAutomaticPrefetch: true,
    });
    const result = await app.signUpWithCredential({
      email: uniqueEmail('sdk'),
      password: 'password1234',
      verificationCallbackUrl: 'http://localhost:3000/handler/email-verification',
      noRedirect: true,
    });
    expect(result.status).toBe('error');
    if (result.status === 'error') {
      expect(result.error).toBeInstanceOf(KnownErrors.PasswordRequirementsNotMet);
      expect(result.error.message).toBe(breachedPasswordMessage);
    }
  });
});
