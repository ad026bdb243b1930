// The email calls the admin console uses, through real HTTP: a test email sent at once through
// the project's own SMTP server (a real receiver) or kept in the development outbox, limited as
// every email sent on request is; the outbox listed per project; a template's preview rendered
// in a chosen language (an edited template as written); and the same from the CLI.
import { beforeAll, describe, expect, test } from 'bun:test';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { rateLimitRules } from '../../server/core/credentials/rate-limits';
import { runCli, type TestInstance } from '../support/instance';
import { withInstance } from '../support/file-instance';
import { ownSmtpConfig, startSmtpReceiver, type SmtpReceiver } from '../support/smtp-receiver';
import {
  as,
  call,
  expectKnownError,
  expectOk,
  expectSchemaError,
  expectTextError,
  makeProject,
  setProjectConfig,
  uniqueEmail,
} from '../support/mail';

let t: TestInstance;
let smtp: SmtpReceiver;

// The receiver is the project's own SMTP server, not the instance's: the instance itself sends none.
withInstance(
  async (started) => {
    ({ t } = started);
    smtp = await startSmtpReceiver();
  },
  { beforeStop: () => smtp?.stop() },
);

describe('POST /emails/test and GET /emails/outbox', () => {
  test("sent at once through the project's own SMTP server", async () => {
    const project = await makeProject(t, 'Own mail');
    const port = Number(new URL(smtp.url).port);
    await setProjectConfig(t, project, { email_config: ownSmtpConfig(port) });
    const to = uniqueEmail('test-email');
    const sent = expectOk(
      await call(t, 'POST', '/emails/test', { headers: as(project, 'admin'), body: { recipient_email: to } }),
    );
    expect(sent).toEqual({ success: true, sent: 'smtp', server: `127.0.0.1:${port}` });
    const received = await smtp.waitFor(to);
    expect(received.subject).toBe('authd test email');
    expect(received.text).toContain('"Own mail"');
  });

  test('development without SMTP: kept in the outbox, which lists only this project, newest first', async () => {
    const project = await makeProject(t, 'Outbox mail');
    const other = await makeProject(t, 'Other mail');
    const first = uniqueEmail('outbox-first');
    const second = uniqueEmail('outbox-second');
    for (const to of [first, second]) {
      expect(
        expectOk(await call(t, 'POST', '/emails/test', { headers: as(project, 'admin'), body: { recipient_email: to } })),
      ).toEqual({
        success: true,
        sent: 'outbox',
      });
    }
    expectOk(
      await call(t, 'POST', '/emails/test', { headers: as(other, 'admin'), body: { recipient_email: uniqueEmail('elsewhere') } }),
    );
    const outbox = expectOk(await call(t, 'GET', '/emails/outbox', { headers: as(project, 'admin') }));
    expect(outbox.items.map((m: any) => m.recipient)).toEqual([second, first]);
    expect(outbox.items[0]).toMatchObject({ subject: 'authd test email', created_at_millis: expect.any(Number) });
    expect(outbox.items[0].text).toContain('"Outbox mail"');
    expect(outbox.is_paginated).toBe(false);
  });

  test('bad input and access: not an address, an unknown field, a server key; nothing kept', async () => {
    const project = await makeProject(t, 'Refusals');
    expectKnownError(
      await call(t, 'POST', '/emails/test', { headers: as(project, 'admin'), body: { recipient_email: 'not-an-address' } }),
      400,
      'SCHEMA_ERROR',
    );
    expectSchemaError(
      await call(t, 'POST', '/emails/test', {
        headers: as(project, 'admin'),
        body: { recipient_email: 'a@example.com', extra: 1 },
      }),
    );
    const asServer = await call(t, 'POST', '/emails/test', {
      headers: as(project, 'server'),
      body: { recipient_email: 'a@example.com' },
    });
    expect(asServer.status).toBe(401);
    expect((await call(t, 'GET', '/emails/outbox', { headers: as(project, 'server') })).status).toBe(401);
    expect(expectOk(await call(t, 'GET', '/emails/outbox', { headers: as(project, 'admin') })).items).toEqual([]);
  });

  test('rate limited per address, as every email sent on request: the next one is refused and not kept', async () => {
    const project = await makeProject(t, 'Limited mail');
    const to = uniqueEmail('limited');
    const limit = rateLimitRules.emailSendPerAddress.limit;
    for (let i = 0; i < limit; i++)
      expectOk(await call(t, 'POST', '/emails/test', { headers: as(project, 'admin'), body: { recipient_email: to } }));
    const refused = await call(t, 'POST', '/emails/test', { headers: as(project, 'admin'), body: { recipient_email: to } });
    expectTextError(refused, 429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(expectOk(await call(t, 'GET', '/emails/outbox', { headers: as(project, 'admin') })).items).toHaveLength(limit);
  });
});

describe('GET /email-templates/:type/preview', () => {
  let project: BootstrappedProject;
  beforeAll(async () => {
    project = await makeProject(t, 'Preview & Co');
  });
  const preview = (type: string, query = '') =>
    call(t, 'GET', `/email-templates/${type}/preview${query}`, { headers: as(project, 'admin') });

  test('an unedited template in the chosen language, sample values filled in; English by default', async () => {
    const english = expectOk(await preview('password_reset'));
    expect(english.subject).toBe('Reset your password at Preview & Co');
    expect(english.html).toStartWith('<!doctype html><html lang="en" dir="ltr">');
    expect(english.html).toContain('https://example.com/handler/password-reset?code=');
    expect(english.text).toContain('https://example.com/handler/password-reset?code=');
    const german = expectOk(await preview('password_reset', '?locale=de'));
    expect(german.html).toStartWith('<!doctype html><html lang="de" dir="ltr">');
    expect(german.subject).toContain('Preview & Co');
    expect(german.subject).not.toBe(english.subject);
    expect(expectOk(await preview('magic_link', '?locale=ar')).html).toStartWith('<!doctype html><html lang="ar" dir="rtl">');
  });

  test('an edited template is previewed as written, whatever the language', async () => {
    expectOk(
      await call(t, 'PATCH', '/email-templates/team_invitation', {
        headers: as(project, 'admin'),
        body: { subject: 'Join {{ teamDisplayName }} now' },
      }),
    );
    for (const query of ['', '?locale=ja']) {
      const edited = expectOk(await preview('team_invitation', query));
      expect(edited.subject).toBe('Join Analytical Engines now');
      expect(edited.html).toStartWith('<!doctype html><html lang="en"');
    }
  });

  test('bad input and access: an unknown type or locale, a server key', async () => {
    expectSchemaError(await preview('welcome'));
    expectSchemaError(await preview('password_reset', '?locale=xx'));
    expectSchemaError(await preview('password_reset', '?lang=de'));
    expect((await call(t, 'GET', '/email-templates/password_reset/preview', { headers: as(project, 'server') })).status).toBe(
      401,
    );
  });
});

describe('CLI', () => {
  test('authd email-templates preview --locale, and authd mail --project --outbox', async () => {
    const project = await makeProject(t, 'Cli mail');
    const previewInCli = (locale: string, ...options: string[]) =>
      runCli([
        'email-templates',
        'preview',
        'email_verification',
        '--project',
        project.projectId,
        '--locale',
        locale,
        ...options,
        ...t.databaseArgs,
      ]);
    const german = await previewInCli('de', '--json');
    expect(german.code).toBe(0);
    expect(JSON.parse(german.stdout).html).toStartWith('<!doctype html><html lang="de"');
    const badLocale = await previewInCli('xx');
    expect(badLocale.code).not.toBe(0);
    expect(badLocale.stderr).toContain('--locale must be one of en, de,');

    const to = uniqueEmail('cli-outbox');
    expectOk(await call(t, 'POST', '/emails/test', { headers: as(project, 'admin'), body: { recipient_email: to } }));
    const listed = await runCli(['mail', '--project', project.projectId, '--outbox', '--json', ...t.databaseArgs]);
    expect(listed.code).toBe(0);
    const items = JSON.parse(listed.stdout).items;
    expect(items.map((m: any) => [m.recipient, m.status, m.project_id])).toEqual([[to, 'outbox', project.projectId]]);
  });
});
