// Emailed codes are not readable from the queue: subject and body are sealed with the instance
// key while a message waits, the body is dropped once delivered (the delivery record stays), and
// in development without SMTP `authd mail` still shows the links, opened with the instance key.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { SMTPServer } from 'smtp-server';
import { listEmailMessages } from '../../server/core/email/email-queue';
import { runCli, startTestInstance, type TestInstance } from '../support/instance';
import { withMailInstance } from '../support/mail-instance';
import { codeFromEmail, type SmtpReceiver } from '../support/smtp-receiver';
import { as, call, expectOk, goodPassword, pollUntil, resetCallback, uniqueEmail } from '../support/mail';

interface RawMessage {
  recipient: string;
  subject: string;
  html: string;
  text: string;
  status: string;
  attempts: number;
  sent_at: number | null;
  created_at: number;
}

/** The stored rows, with PostgreSQL's bigint text read back as numbers as SQLite gives them. */
async function rawMessages(t: TestInstance, recipient: string): Promise<RawMessage[]> {
  const rows = await t.rows(
    'select recipient, subject, html, text, status, attempts, sent_at, created_at from email_messages where recipient = ?',
    recipient,
  );
  return rows.map((row) => ({
    ...(row as unknown as RawMessage),
    attempts: Number(row.attempts),
    sent_at: row.sent_at === null ? null : Number(row.sent_at),
    created_at: Number(row.created_at),
  }));
}

async function userAskingForReset(t: TestInstance): Promise<string> {
  const project = t.demo!;
  const email = uniqueEmail('sealed');
  expectOk(
    await call(t, 'POST', '/users', {
      headers: as(project, 'server'),
      body: { primary_email: email, primary_email_auth_enabled: true, password: goodPassword },
    }),
    201,
  );
  expectOk(
    await call(t, 'POST', '/auth/password/send-reset-code', {
      headers: as(project, 'client'),
      body: { email, callback_url: resetCallback },
    }),
  );
  await pollUntil(
    () => rawMessages(t, email),
    (rows) => rows.length === 1,
  );
  return email;
}

describe('development outbox (no SMTP)', () => {
  let t: TestInstance;
  beforeAll(async () => {
    t = await startTestInstance();
  });
  afterAll(() => t.stop());

  test('the queued message is sealed; `authd mail` opens it and shows the working link', async () => {
    const email = await userAskingForReset(t);
    const [row] = await rawMessages(t, email);
    expect(row!.status).toBe('outbox');
    for (const sealed of [row!.subject, row!.html, row!.text]) {
      expect(sealed).toStartWith('v1.');
      expect(sealed).not.toContain('code=');
      expect(sealed).not.toContain('Reset');
    }

    const listed = await runCli(['mail', ...t.databaseArgs, '--to', email, '--json']);
    expect(listed.code).toBe(0);
    const [item] = JSON.parse(listed.stdout).items;
    expect(item.subject).toBe(`Reset your password at ${t.demo!.displayName}`);
    const link = new URL(item.text.match(/https?:\/\/\S+/)[0]);
    expect(`${link.origin}${link.pathname}`).toBe(resetCallback);
    // The code in the opened body is the live one.
    expectOk(
      await call(t, 'POST', '/auth/password/reset/check-code', {
        headers: as(t.demo!, 'client'),
        body: { code: link.searchParams.get('code') },
      }),
    );

    const plain = await runCli(['mail', ...t.databaseArgs, '--to', email]);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toContain(link.toString());
  });
});

describe('delivered through SMTP', () => {
  let t: TestInstance, smtp: SmtpReceiver;
  withMailInstance((started) => ({ t, smtp } = started));

  test('once sent, the body is dropped and the delivery record kept (with its subject still sealed)', async () => {
    const email = await userAskingForReset(t);
    const received = await smtp.waitFor(email);
    expect(codeFromEmail(received)).toMatch(/^[0-9a-z]{45}$/);
    const [row] = await pollUntil(
      () => rawMessages(t, email),
      (rows) => rows[0]?.status === 'sent',
    );
    expect(row).toMatchObject({ recipient: email, status: 'sent', attempts: 1, html: '', text: '' });
    expect(row!.sent_at).toBeGreaterThanOrEqual(row!.created_at);
    expect(row!.subject).toStartWith('v1.');

    const [listed] = await listEmailMessages(t.ctx, { recipient: email });
    expect(listed).toMatchObject({ subject: received.subject, text: '', html: '', status: 'sent' });
  });
});

describe("a project's own SMTP server", () => {
  test('the sealed SMTP password is opened for delivery: the server authenticates authd with it', async () => {
    const password = `smtp-${crypto.randomUUID()}`;
    const logins: { username?: string | null; password?: string | null }[] = [];
    let received = 0;
    const server = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      onAuth(auth, _session, callback) {
        logins.push({ username: auth.username, password: auth.password });
        if (auth.password === password) callback(null, { user: auth.username ?? '' });
        else callback(new Error('wrong password'));
      },
      onData(stream, _session, callback) {
        stream.on('data', () => {});
        stream.on('end', () => {
          received++;
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const t = await startTestInstance();
    try {
      const port = (server.server.address() as { port: number }).port;
      expectOk(
        await call(t, 'PATCH', '/projects/current', {
          headers: as(t.demo!, 'admin'),
          body: {
            config: {
              email_config: {
                type: 'standard',
                host: '127.0.0.1',
                port,
                username: 'mailer',
                password,
                sender_name: 'Demo',
                sender_email: 'demo@example.com',
              },
            },
          },
        }),
      );
      const [stored] = await t.rows('select password from project_email_configs where project_id = ?', t.demo!.projectId);
      expect(stored!.password).toStartWith('v1.');
      expect(stored!.password).not.toContain(password);
      const admin = expectOk(await call(t, 'GET', '/projects/current', { headers: as(t.demo!, 'admin') }));
      expect(admin.config.email_config.password).toBe(password);

      const email = await userAskingForReset(t);
      const [row] = await pollUntil(
        () => rawMessages(t, email),
        (rows) => rows[0]?.status === 'sent',
      );
      expect(row!.status).toBe('sent');
      expect(received).toBe(1);
      expect(logins).toEqual([{ username: 'mailer', password }]);
    } finally {
      await t.stop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
