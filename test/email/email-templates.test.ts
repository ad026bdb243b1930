// Email templates through real HTTP and a real SMTP server: the four
// defaults, an edited password_reset template used by the next reset email (variables filled,
// user input HTML-escaped in the HTML part), invalid content, reset to default, access.
import { describe, expect, test } from 'bun:test';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { type TestInstance } from '../support/instance';
import { withMailInstance } from '../support/mail-instance';
import { codeFromEmail, type SmtpReceiver } from '../support/smtp-receiver';
import {
  as,
  call,
  expectAdminOnly,
  expectKnownError,
  expectOk,
  expectSchemaError,
  expectSuccess,
  expectTextError,
  goodPassword,
  linkFromEmail,
  makeProject,
  resetCallback,
  uniqueEmail,
} from '../support/mail';

let t: TestInstance, smtp: SmtpReceiver, project: BootstrappedProject;

const projectName = 'Templates & Co';

withMailInstance(async (started) => {
  ({ t, smtp } = started);
  project = await makeProject(t, projectName);
});

const types = ['email_verification', 'password_reset', 'magic_link', 'team_invitation'];
const defaultSubjects: Record<string, string> = {
  email_verification: 'Verify your email at {{ projectDisplayName }}',
  password_reset: 'Reset your password at {{ projectDisplayName }}',
  magic_link: 'Sign in to {{ projectDisplayName }}: Your code is {{ otp }}',
  team_invitation: 'You have been invited to join {{ teamDisplayName }} on {{ projectDisplayName }}',
};

const customContent = {
  root: { type: 'EmailLayout', data: { childrenIds: ['intro', 'cta'] } },
  intro: { type: 'Text', data: { props: { text: 'Custom {{ userDisplayName }}' }, style: {} } },
  cta: { type: 'Button', data: { props: { text: 'Pick a password', url: '{{ passwordResetLink }}' }, style: {} } },
};
const customSubject = 'Custom reset for {{ projectDisplayName }}';

const admin = () => as(project, 'admin');

/** A user (with a display name) and the reset email they get. */
async function resetEmailFor(displayName: string) {
  const email = uniqueEmail('tmpl');
  const created = await call(t, 'POST', '/users', {
    headers: as(project, 'server'),
    body: { primary_email: email, primary_email_auth_enabled: true, password: goodPassword, display_name: displayName },
  });
  expectOk(created, 201);
  const res = await call(t, 'POST', '/auth/password/send-reset-code', {
    headers: as(project, 'client'),
    body: { email, callback_url: resetCallback },
  });
  expectOk(res);
  return await smtp.waitFor(email);
}

describe('email templates', () => {
  test('GET /email-templates lists the four types, all default', async () => {
    const body = expectOk(await call(t, 'GET', '/email-templates', { headers: admin() }));
    expect(body.is_paginated).toBe(false);
    expect(body.items.map((i: any) => i.type).sort()).toEqual([...types].sort());
    for (const item of body.items) {
      expect(Object.keys(item).sort()).toEqual(['content', 'is_default', 'subject', 'type']);
      expect(item.is_default).toBe(true);
      expect(item.subject).toBe(defaultSubjects[item.type]!);
      expect(item.content.root.type).toBe('EmailLayout');
      expect(Array.isArray(item.content.root.data.childrenIds)).toBe(true);
    }
  });

  test('an edited password_reset template is used by the next reset email; DELETE restores the default', async () => {
    const patched = expectOk(
      await call(t, 'PATCH', '/email-templates/password_reset', {
        headers: admin(),
        body: { subject: customSubject, content: customContent },
      }),
    );
    expect(patched).toEqual({ type: 'password_reset', subject: customSubject, content: customContent, is_default: false });

    const read = expectOk(await call(t, 'GET', '/email-templates/password_reset', { headers: admin() }));
    expect(read).toEqual(patched);
    const list = expectOk(await call(t, 'GET', '/email-templates', { headers: admin() }));
    for (const item of list.items) expect(item.is_default).toBe(item.type !== 'password_reset');

    const mail = await resetEmailFor('<b>x</b>');
    // The subject is a header, not HTML: the project name is not escaped there.
    expect(mail.subject).toBe(`Custom reset for ${projectName}`);
    expect(mail.text).toContain('Custom <b>x</b>');
    expect(mail.html).toContain('Custom &lt;b&gt;x&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>x</b>');
    expect(mail.html).toContain('Pick a password');
    expect(mail.text).not.toContain('Choose a new password');
    const link = linkFromEmail(mail);
    expect(link.origin + link.pathname).toBe(resetCallback);
    // The button's link works.
    const code = codeFromEmail(mail);
    expect(mail.html).toContain(code);
    const check = await call(t, 'POST', '/auth/password/reset/check-code', { headers: as(project, 'client'), body: { code } });
    expect(expectOk(check)).toEqual({ is_code_valid: true });

    // Other types keep their defaults.
    const verification = expectOk(await call(t, 'GET', '/email-templates/email_verification', { headers: admin() }));
    expect(verification.is_default).toBe(true);

    expectSuccess(await call(t, 'DELETE', '/email-templates/password_reset', { headers: admin() }));
    const restored = expectOk(await call(t, 'GET', '/email-templates/password_reset', { headers: admin() }));
    expect(restored.is_default).toBe(true);
    expect(restored.subject).toBe(defaultSubjects.password_reset!);
    const defaultMail = await resetEmailFor('Plain Name');
    expect(defaultMail.subject).toBe(`Reset your password at ${projectName}`);
    expect(defaultMail.text).not.toContain('Custom');

    expectTextError(
      await call(t, 'DELETE', '/email-templates/password_reset', { headers: admin() }),
      404,
      'Email template not found',
    );
  });

  test('a PATCH of only the subject keeps the default content', async () => {
    const defaults = expectOk(await call(t, 'GET', '/email-templates/magic_link', { headers: admin() }));
    const patched = expectOk(
      await call(t, 'PATCH', '/email-templates/magic_link', { headers: admin(), body: { subject: 'Your code: {{ otp }}' } }),
    );
    expect(patched.is_default).toBe(false);
    expect(patched.subject).toBe('Your code: {{ otp }}');
    expect(patched.content).toEqual(defaults.content);
    expectSuccess(await call(t, 'DELETE', '/email-templates/magic_link', { headers: admin() }));
  });

  test('content that is not an email document is 400 "Invalid email template content" and changes nothing', async () => {
    for (const content of [{}, [], [customContent], 'text', 42, { root: { type: 'Text', data: { childrenIds: [] } } }]) {
      const res = await call(t, 'PATCH', '/email-templates/email_verification', { headers: admin(), body: { content } });
      expectTextError(res, 400, 'Invalid email template content');
    }
    const read = expectOk(await call(t, 'GET', '/email-templates/email_verification', { headers: admin() }));
    expect(read.is_default).toBe(true);
  });

  test('content null and unknown fields are SCHEMA_ERROR', async () => {
    expectSchemaError(
      await call(t, 'PATCH', '/email-templates/email_verification', { headers: admin(), body: { content: null } }),
    );
    expectSchemaError(
      await call(t, 'PATCH', '/email-templates/email_verification', { headers: admin(), body: { subject: 'x', html: 'y' } }),
    );
  });

  test('a client or server key is INSUFFICIENT_ACCESS_TYPE', async () => {
    await expectAdminOnly(t, project, [
      { method: 'GET', path: '/email-templates' },
      { method: 'PATCH', path: '/email-templates/password_reset', body: { subject: 'nope' } },
      { method: 'DELETE', path: '/email-templates/password_reset' },
    ]);
  });

  test('an unknown template type is SCHEMA_ERROR', async () => {
    expectSchemaError(await call(t, 'GET', '/email-templates/welcome', { headers: admin() }));
    expectSchemaError(await call(t, 'PATCH', '/email-templates/welcome', { headers: admin(), body: { subject: 'x' } }));
    expectSchemaError(await call(t, 'DELETE', '/email-templates/welcome', { headers: admin() }));
  });
});
