// `authd projects test-email`: sent at once with the project's own SMTP server (a real receiver),
// a refusing server reported in one line, and development without SMTP keeping it in the outbox.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { cliJson, cliOk, expectOneLineError, removeScratchDirs, runCli, scratchDir } from '../support/cli';
import { ownSmtpConfig, startSmtpReceiver, type SmtpReceiver } from '../support/smtp-receiver';

let smtp: SmtpReceiver;
const dataDir = scratchDir();
const at = (...args: string[]) => [...args, '--data', dataDir];

beforeAll(async () => {
  smtp = await startSmtpReceiver();
});

afterAll(async () => {
  await smtp?.stop();
  removeScratchDirs();
});

async function projectWithEmail(name: string, emailConfig: object | null): Promise<string> {
  const projectId = (await cliJson(at('create-project', '--name', name))).project_id;
  if (emailConfig) {
    await cliOk(at('projects', 'update', projectId, '--config-json', JSON.stringify({ email_config: emailConfig })));
  }
  return projectId;
}


test("the project's own SMTP server receives the test email", async () => {
  const port = Number(new URL(smtp.url).port);
  const projectId = await projectWithEmail('Own mail', ownSmtpConfig(port));
  const out = await cliOk(at('projects', 'test-email', projectId, '--to', 'admin@shop.example.com'));
  expect(out).toBe(`Test email to admin@shop.example.com accepted by 127.0.0.1:${port}.\n`);
  const received = await smtp.waitFor('admin@shop.example.com');
  expect(received.subject).toBe('authd test email');
  expect(received.text).toContain('the project "Own mail"');
});

test('a server that refuses connections: the reason in one line, exit code not 0', async () => {
  const closed = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } });
  const port = closed.port;
  closed.stop(true);
  const projectId = await projectWithEmail('Broken mail', ownSmtpConfig(port));
  const line = expectOneLineError(await runCli(at('projects', 'test-email', projectId, '--to', 'admin@shop.example.com')));
  expect(line).toStartWith(`authd: The test email was not accepted by 127.0.0.1:${port}: `);
  expect(line).toMatch(/ECONNREFUSED/);
  const json = await runCli(at('projects', 'test-email', projectId, '--to', 'admin@shop.example.com', '--json'));
  expect(JSON.parse(json.stderr).code).toBe('TEST_EMAIL_NOT_SENT');
});

test('development without any SMTP server: kept in the outbox, where authd mail shows it', async () => {
  const projectId = await projectWithEmail('Outbox mail', null);
  const sent = await runCli(at('projects', 'test-email', projectId, '--to', 'dev@example.com', '--json'));
  expect(sent.code).toBe(0);
  expect(JSON.parse(sent.stdout)).toEqual({ sent: 'outbox' });
  expect(await cliOk(at('mail', '--to', 'dev@example.com'))).toContain('authd test email');
});

test('bad input: a recipient that is not an address, a missing --to, an unknown project', async () => {
  const projectId = await projectWithEmail('Bad input', null);
  expectOneLineError(await runCli(at('projects', 'test-email', projectId, '--to', 'not-an-address')), /not an email address: not-an-address/);
  expectOneLineError(await runCli(at('projects', 'test-email', projectId)), /--to/);
  expectOneLineError(await runCli(at('projects', 'test-email', 'no-such-project', '--to', 'a@example.com')), /PROJECT_NOT_FOUND/);
});
