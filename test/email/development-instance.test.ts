// A development instance is what an app's own integration tests drive: from 127.0.0.1, hundreds
// of sign-ups, each mail read from the test mailbox right after the call returns. So there the
// first delivery attempt happens before the answer and loopback clients have no per-address
// limit; a production instance keeps every limit.
import { describe, expect, test } from 'bun:test';
import { createServer } from 'node:net';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { rateLimitRules } from '../../server/core/credentials/rate-limits';
import { startTestInstance, type ApiResult, type TestInstance } from '../support/instance';
import { withMailInstance } from '../support/mail-instance';
import { type ReceivedEmail, type SmtpReceiver } from '../support/smtp-receiver';
import {
  as,
  call,
  expectOk,
  expectTextError,
  goodPassword,
  magicLinkCallback,
  magicLinkProject,
  makeProject,
  queuedMessages,
  resetCallback,
  signUp,
  uniqueEmail,
  verificationCallback,
} from '../support/magic-links';
import { createTeam, sendTeamInvitation } from '../support/teams';

let t: TestInstance, smtp: SmtpReceiver;

withMailInstance((started) => ({ t, smtp } = started));

describe("mail in the project's name", () => {
  test('the sender is the project, at the instance address; the subject names it; the code has a line of its own', async () => {
    const named = await startTestInstance({ settings: { smtpUrl: smtp.url, mailFrom: 'hello@acme.test' } });
    try {
      const project = await magicLinkProject(named, 'Acme "Rockets"');
      const email = uniqueEmail('named');
      expectOk(await sendSignInCode(named, project, email));
      const mail = await smtp.waitFor(email);
      expect(mail.raw).toMatch(/^From: "?Acme Rockets"? <hello@acme\.test>/m);
      // (The receiver may unfold a long header with a stray space, so spaces are not compared.)
      expect(mail.subject.replace(/\s/g, '')).toStartWith('SignintoAcme"Rockets":Yourcodeis');
      const code = mail.subject.slice(-6);
      expect(mail.text.split(/\r?\n/)).toContain(code);
      expect(mail.html).toMatch(new RegExp(`>${code}</`));
    } finally {
      await named.stop();
    }
  });
});

/** The mail to `recipient` already at the receiver: read at once, never waited for. */
function alreadyReceived(recipient: string): ReceivedEmail[] {
  return smtp.messages.filter((m) => m.to.includes(recipient));
}

function sendSignInCode(instance: TestInstance, project: BootstrappedProject, email: string): Promise<ApiResult> {
  return call(instance, 'POST', '/auth/otp/send-sign-in-code', {
    headers: as(project, 'client'),
    body: { email, callback_url: magicLinkCallback },
  });
}

function passwordSignUp(instance: TestInstance, project: BootstrappedProject, email: string): Promise<ApiResult> {
  return call(instance, 'POST', '/auth/password/sign-up', {
    headers: as(project, 'client'),
    body: { email, password: goodPassword, verification_callback_url: verificationCallback },
  });
}

function codeOf(mail: ReceivedEmail): string {
  return new URL(mail.text.match(/https?:\/\/\S+/)![0]).searchParams.get('code')!;
}

describe('mail before the answer', () => {
  test('every code email is at the SMTP receiver when its call returns', async () => {
    const project = await magicLinkProject(t, 'Mailbox readers');

    const magic = uniqueEmail('magic');
    expectOk(await sendSignInCode(t, project, magic));
    expect(alreadyReceived(magic)).toHaveLength(1);

    const signedUp = uniqueEmail('signup');
    const user = expectOk(await passwordSignUp(t, project, signedUp));
    expect(alreadyReceived(signedUp)).toHaveLength(1);

    expectOk(
      await call(t, 'POST', '/auth/password/send-reset-code', {
        headers: as(project, 'client'),
        body: { email: signedUp, callback_url: resetCallback },
      }),
    );
    expect(alreadyReceived(signedUp)).toHaveLength(2);

    expectOk(
      await call(t, 'POST', '/contact-channels/send-verification-code', {
        headers: as(project, 'client', user.access_token),
        body: { email: signedUp, callback_url: verificationCallback },
      }),
    );
    expect(alreadyReceived(signedUp)).toHaveLength(3);

    const team = await createTeam(t, project, { display_name: 'Crew' });
    const invited = uniqueEmail('invited');
    await sendTeamInvitation(t, project, team.id, invited, 'http://localhost:3000/handler/team-invitation');
    expect(alreadyReceived(invited)).toHaveLength(1);
  });

  test('an unreachable SMTP server still gets an answer, and the queue keeps the message for its retries', async () => {
    // A port nobody listens on (taken, then freed): the first attempt fails.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as { port: number }).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const refusing = await startTestInstance({ settings: { smtpUrl: `smtp://127.0.0.1:${closedPort}` } });
    try {
      const project = await magicLinkProject(refusing, 'Nobody listens');
      const email = uniqueEmail('queued');
      expectOk(await sendSignInCode(refusing, project, email));
      const [row] = await queuedMessages(refusing, email);
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(row!.last_error).toBeTruthy();
    } finally {
      await refusing.stop();
    }
  });
});

describe("an app's test suite against one instance from 127.0.0.1", () => {
  test('development: 300 password sign-ups and 300 magic-link sign-ups, each mail read right after its call, no 429', async () => {
    const project = await magicLinkProject(t, 'Test suite target');
    const started = performance.now();
    for (let i = 0; i < 300; i++) {
      const email = uniqueEmail(`pw${i}`);
      const res = await passwordSignUp(t, project, email);
      expect(res.status).toBe(200);
      const [verification] = alreadyReceived(email);
      expect(verification).toBeDefined();
      expect(codeOf(verification!)).toHaveLength(45);
    }
    const passwordDone = performance.now();
    for (let i = 0; i < 300; i++) {
      const email = uniqueEmail(`ml${i}`);
      expect((await sendSignInCode(t, project, email)).status).toBe(200);
      const [mail] = alreadyReceived(email);
      expect(mail).toBeDefined();
      const signedIn = expectOk(
        await call(t, 'POST', '/auth/otp/sign-in', { headers: as(project, 'client'), body: { code: codeOf(mail!) } }),
      );
      expect(signedIn.is_new_user).toBe(true);
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `300 password sign-ups in ${((passwordDone - started) / 1000).toFixed(1)} s, then 300 magic-link sign-ups; ${seconds.toFixed(1)} s in all`,
    );
  }, 180_000);

  test('production: the same run from 127.0.0.1 is rate limited', async () => {
    const production = await startTestInstance({ mode: 'production', settings: { smtpUrl: smtp.url } });
    try {
      const project = await makeProject(production, 'Production target');
      const { limit } = rateLimitRules.signUpPerIp;
      for (let i = 0; i < limit; i++) expect((await signUp(production, project, { callbackUrl: null })).email).toBeTruthy();
      expectTextError(
        await call(production, 'POST', '/auth/password/sign-up', {
          headers: as(project, 'client'),
          body: { email: uniqueEmail('one-too-many'), password: goodPassword },
        }),
        429,
      );
    } finally {
      await production.stop();
    }
  });
});
