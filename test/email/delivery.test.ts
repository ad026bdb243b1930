// Delivery robustness: requests only queue email (a dead SMTP server never holds up or fails a
// request; the worker retries and records the error), a development instance without SMTP keeps
// mail in the outbox, and a production instance without SMTP says so instead of pretending.
import { describe, expect, test } from 'bun:test';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { startTestInstance, type TestInstance } from '../support/instance';
import { withMailInstance } from '../support/mail-instance';
import { codeFromEmail, type SmtpReceiver } from '../support/smtp-receiver';
import {
  as,
  call,
  expectOk,
  expectTextError,
  goodPassword,
  makeProject,
  pollUntil,
  queuedMessages,
  queuedMessagesOnceThere,
  resetCallback,
  setProjectConfig,
  sleep,
  uniqueEmail,
  type MessageRow,
} from '../support/mail';

const maybeAnswer = { success: 'maybe, only if user with e-mail exists' };

async function createPasswordUser(t: TestInstance, project: BootstrappedProject): Promise<string> {
  const email = uniqueEmail('delivery');
  const res = await call(t, 'POST', '/users', {
    headers: as(project, 'server'),
    body: { primary_email: email, primary_email_auth_enabled: true, password: goodPassword },
  });
  expectOk(res, 201);
  return email;
}

function sendResetCode(t: TestInstance, project: BootstrappedProject, email: string) {
  return call(t, 'POST', '/auth/password/send-reset-code', {
    headers: as(project, 'client'),
    body: { email, callback_url: resetCallback },
  });
}

describe('a project whose own SMTP server is unreachable', () => {
  let t: TestInstance, smtp: SmtpReceiver;

  withMailInstance((started) => ({ t, smtp } = started));

  test('send-reset-code still answers 200; the queued message records the failed attempt and stays pending', async () => {
    const project = await makeProject(t, 'Dead SMTP');
    await setProjectConfig(t, project, {
      email_config: {
        type: 'standard',
        host: '127.0.0.1',
        port: 1,
        username: 'nobody',
        password: 'secret',
        sender_name: 'Dead SMTP',
        sender_email: 'noreply@dead.example.com',
      },
    });
    const email = await createPasswordUser(t, project);
    const started = Date.now();
    const res = await sendResetCode(t, project, email);
    expect(expectOk(res)).toEqual(maybeAnswer);
    // Bounded, not a benchmark: the request must not wait for SMTP retries.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await queuedMessagesOnceThere(t, email)).toHaveLength(1);

    const rows = await pollUntil(
      () => queuedMessages(t, email),
      (r: MessageRow[]) => r.length === 1 && r[0]!.attempts >= 1 && r[0]!.last_error !== null,
    );
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.attempts).toBeGreaterThanOrEqual(1);
    expect(typeof row.last_error).toBe('string');
    expect(row.last_error!.length).toBeGreaterThan(0);
    expect(row.status).toBe('pending');
    // Nothing reached the instance's own SMTP server instead.
    expect(smtp.messages.filter((m) => m.to.includes(email))).toEqual([]);
  });

  test('projects on the shared config are unaffected and deliver through the instance SMTP server', async () => {
    const project = await makeProject(t, 'Shared SMTP');
    const email = await createPasswordUser(t, project);
    expectOk(await sendResetCode(t, project, email));
    const mail = await smtp.waitFor(email);
    expect(mail.subject).toBe('Reset your password at Shared SMTP');
    expect(codeFromEmail(mail)).toHaveLength(45);
    const rows = await pollUntil(
      () => queuedMessages(t, email),
      (r) => r[0]?.status === 'sent',
    );
    expect(rows.map((r) => r.status)).toEqual(['sent']);
  });
});

describe('instances without SMTP', () => {
  test('development: the message is kept with status outbox, and the request succeeds', async () => {
    const t = await startTestInstance();
    try {
      const demo = t.demo!;
      const email = await createPasswordUser(t, demo);
      expect(expectOk(await sendResetCode(t, demo, email))).toEqual(maybeAnswer);
      const rows = await queuedMessagesOnceThere(t, email);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.status).toBe('outbox');
      expect(rows[0]!.subject).toBe(`Reset your password at ${demo.displayName}`);
      // The delivery worker leaves outbox mail alone.
      await sleep(300);
      expect((await queuedMessages(t, email))[0]!.status).toBe('outbox');
      expect((await queuedMessages(t, email))[0]!.attempts).toBe(0);
    } finally {
      await t.stop();
    }
  });

  test('production: send-reset-code answers 503 text naming --smtp, for known and unknown emails alike', async () => {
    const t = await startTestInstance({ mode: 'production' });
    try {
      expect(t.demo).toBeUndefined();
      const project = await makeProject(t, 'Production without SMTP');
      const email = await createPasswordUser(t, project);
      for (const recipient of [email, uniqueEmail('unknown')]) {
        const res = await sendResetCode(t, project, recipient);
        expectTextError(res, 503);
        expect(res.text).toContain('--smtp');
        expect(await queuedMessages(t, recipient)).toEqual([]);
      }
    } finally {
      await t.stop();
    }
  });
});
