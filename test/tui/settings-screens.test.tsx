// The TUI's OAuth providers and email settings screens, driven with keys against a real instance
// and a real SMTP receiver: each change checked through core, the test email through the receiver.
import { afterEach, describe, expect, test } from 'bun:test';
import { createProject, readProjectAdminView } from '../../server/core/projects/projects';
import { type TestInstance } from '../support/instance';
import { withMailInstance } from '../support/mail-instance';
import { type SmtpReceiver } from '../support/smtp-receiver';
import { driveTui, keys, openRow, type DrivenTui } from './tui-support';

let t: TestInstance, smtp: SmtpReceiver, tui: DrivenTui | undefined;

withMailInstance(
  async (started) => {
    ({ t, smtp } = started);
  },
  { instance: { settings: { smtpUrl: undefined } } },
);
afterEach(() => {
  tui?.unmount();
  tui = undefined;
});

let projectCount = 0;
async function openSection(section: string): Promise<{ tui: DrivenTui; projectId: string }> {
  const name = `Settings project ${++projectCount}`;
  const projectId = await createProject(t.ctx, { display_name: name });
  tui = await driveTui(t.ctx);
  await openRow(tui, name);
  await tui.waitFor('Configuration');
  await openRow(tui, section);
  await tui.waitFor(`${name} › ${section}`);
  return { tui, projectId };
}

async function type(driven: DrivenTui, text: string): Promise<void> {
  await driven.press(text);
  await driven.press(keys.enter);
}

const providers = async (projectId: string) => (await readProjectAdminView(t.ctx, projectId)).config.oauth_providers;

describe('OAuth providers screen', () => {
  test('shared on and off, own credentials with a hidden secret, back to shared, removal confirmed', async () => {
    const { tui, projectId } = await openSection('OAuth providers');
    expect(tui.frame()).toContain('gitlab     not set (needs your own credentials: c)');

    await openRow(tui, 'github');
    await tui.waitFor('github: on');
    expect(await providers(projectId)).toEqual([{ id: 'github', type: 'shared', enabled: true }]);
    await tui.press(keys.enter);
    await tui.waitFor('github: off');

    // gitlab has no shared credentials: Enter asks for the project's own.
    await openRow(tui, 'gitlab');
    await tui.waitFor('Client id of your gitlab OAuth app');
    await type(tui, 'gl-client');
    await tui.waitFor('Client secret');
    await tui.press('gl-secret-typed');
    expect(tui.frame()).not.toContain('gl-secret-typed');
    expect(tui.frame()).toContain('•'.repeat('gl-secret-typed'.length));
    await tui.press(keys.enter);
    await tui.waitFor('gitlab: own credentials saved');
    expect(tui.frame()).toContain('own credentials, client id gl-client, secret set');
    expect(await providers(projectId)).toContainEqual({
      id: 'gitlab',
      type: 'standard',
      enabled: true,
      client_id: 'gl-client',
      client_secret: 'gl-secret-typed',
    });

    // github (opening its row turns it back on): own credentials without a secret are refused
    // with core's message, and nothing is saved.
    await openRow(tui, 'github');
    await tui.waitFor('github: on');
    await tui.press('c');
    await type(tui, 'gh-client');
    await tui.waitFor('Client secret');
    await tui.press(keys.enter);
    await tui.waitFor(/client_id and client_secret are\s+required/);
    await tui.press(keys.escape);
    expect(await providers(projectId)).toContainEqual({ id: 'github', type: 'shared', enabled: true });

    await openRow(tui, 'gitlab');
    await tui.press('x');
    await tui.waitFor('Remove gitlab and its credentials?');
    await tui.press('y');
    await tui.waitFor('Removed gitlab.');
    expect((await providers(projectId)).map((provider) => provider.id)).toEqual(['github']);
  });
});

describe('email settings screen', () => {
  test('own SMTP server typed field by field, a test email received, a wrong port reported, back to shared', async () => {
    const { tui, projectId } = await openSection('Email settings');
    expect(tui.frame()).toContain('Shared:');
    const port = new URL(smtp.url).port;

    await tui.press('e');
    for (const [label, value] of [
      ['SMTP host', '127.0.0.1'],
      ['SMTP port', port],
      ['SMTP username', 'mailer'],
      ['SMTP password', 'mailer-password'],
      ['Sender address', 'Shop'],
      ['Sender name', 'Shop'],
    ] as const) {
      await tui.waitFor(label);
      await type(tui, value);
    }
    // A name typed where the address goes: refused, and the prompt goes back to the address.
    await tui.waitFor('config.email_config.sender_email: Please enter a valid email');
    await tui.waitFor('Sender address: Shop');
    expect((await readProjectAdminView(t.ctx, projectId)).config.email_config).toEqual({ type: 'shared' });
    for (let i = 0; i < 'Shop'.length; i++) await tui.press(keys.backspace);
    await type(tui, 'noreply@shop.example.com');
    await tui.waitFor('Sender name: Shop');
    await tui.press(keys.enter);
    await tui.waitFor('Own SMTP server saved');
    expect(tui.frame()).toContain(`Own SMTP server: 127.0.0.1:${port} as mailer`);
    expect((await readProjectAdminView(t.ctx, projectId)).config.email_config).toEqual({
      type: 'standard',
      host: '127.0.0.1',
      port: Number(port),
      username: 'mailer',
      password: 'mailer-password',
      sender_email: 'noreply@shop.example.com',
      sender_name: 'Shop',
    });

    await tui.press('t');
    await type(tui, 'admin@shop.example.com');
    await tui.waitFor(`Test email accepted by 127.0.0.1:${port}.`);
    expect((await smtp.waitFor('admin@shop.example.com')).subject).toBe('authd test email');

    // A port nothing listens on: the password is kept (empty), the test send names the failure.
    const closed = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } });
    const closedPort = String(closed.port);
    closed.stop(true);
    await tui.press('e');
    await tui.waitFor('SMTP host');
    await tui.press(keys.enter);
    await tui.waitFor('SMTP port');
    for (let i = 0; i < port.length; i++) await tui.press(keys.backspace);
    await type(tui, closedPort);
    for (const label of ['SMTP username', 'SMTP password (empty keeps the stored one)', 'Sender address', 'Sender name']) {
      await tui.waitFor(label);
      await tui.press(keys.enter);
    }
    await tui.waitFor('Own SMTP server saved');
    expect((await readProjectAdminView(t.ctx, projectId)).config.email_config).toMatchObject({
      port: Number(closedPort),
      password: 'mailer-password',
    });
    await tui.press('t');
    await type(tui, 'admin@shop.example.com');
    await tui.waitFor(`The test email was not accepted by 127.0.0.1:${closedPort}`);

    await tui.press('s');
    await tui.waitFor('Email goes through the shared server.');
    expect((await readProjectAdminView(t.ctx, projectId)).config.email_config).toEqual({ type: 'shared' });
  });
});
