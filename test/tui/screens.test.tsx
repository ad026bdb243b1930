// Every TUI screen driven with keys (ink-testing-library) against a real instance whose HTTP
// server is running on the same database, checking each change through core or the API.
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test';
import { createApiKeySet, isValidApiKey, listApiKeySets, nonExpiringKeyMillis } from '../../server/core/projects/api-keys';
import { createProject, listProjectAdminViews, readProjectAdminView } from '../../server/core/projects/projects';
import { listEmailTemplates } from '../../server/core/email/email-templates';
import { listPermissionDefinitions } from '../../server/core/projects/permission-definitions';
import { listTeams, listMemberProfiles } from '../../server/core/teams/teams';
import { serverCaller } from '../../server/core/teams/team-callers';
import { listWebhookEndpoints } from '../../server/core/webhooks/webhook-endpoints';
import { readUserServerView } from '../../server/core/users/user-views';
import { listUsers } from '../../server/core/users/users';
import { call } from '../support/api-expectations';
import { startTestInstance, type TestInstance } from '../support/instance';
import { driveTui, keys, openRow, selectRow, type DrivenTui } from './tui-support';

let t: TestInstance, tui: DrivenTui | undefined;

beforeAll(async () => {
  t = await startTestInstance();
});
afterEach(() => {
  tui?.unmount();
  tui = undefined;
});
afterAll(() => t.stop());

interface ScratchProject {
  id: string;
  name: string;
  headers(level: 'client' | 'server' | 'admin'): Record<string, string>;
}

let projectCount = 0;
async function scratchProject(): Promise<ScratchProject> {
  const name = `TUI project ${++projectCount}`;
  const id = await createProject(t.ctx, { display_name: name });
  const made = await createApiKeySet(t.ctx, id, {
    description: 'test keys',
    expiresAtMillis: nonExpiringKeyMillis,
    keys: { publishable_client_key: true, secret_server_key: true, super_secret_admin_key: true },
  });
  const header = { client: 'publishable-client-key', server: 'secret-server-key', admin: 'super-secret-admin-key' } as const;
  const value = { client: made.publishable_client_key, server: made.secret_server_key, admin: made.super_secret_admin_key };
  return {
    id,
    name,
    headers: (level) => ({ 'x-stack-project-id': id, 'x-stack-access-type': level, [`x-stack-${header[level]}`]: value[level]! }),
  };
}

async function signUp(project: ScratchProject, email: string): Promise<{ user_id: string; access_token: string }> {
  const res = await call(t, 'POST', '/auth/password/sign-up', {
    headers: project.headers('client'),
    body: { email, password: 'correct horse battery' },
  });
  expect(res.status).toBe(200);
  return res.json;
}

/** Opens the TUI on `project` and then on one of its sections. */
async function openSection(project: ScratchProject, section: string): Promise<DrivenTui> {
  tui = await driveTui(t.ctx);
  await openRow(tui, project.name);
  // A new project cannot yet run in production mode; the count reads as words, not "problem(s)".
  expect(await tui.waitFor('Configuration')).toMatch(/Production mode blocked by (a problem|\d+ problems): see Configuration\./);
  await openRow(tui, section);
  await tui.waitFor(`${project.name} › ${section}`);
  return tui;
}

describe('authd tui screens', () => {
  test('projects: listed, created with n, Escape goes back, the help line shows the keys', async () => {
    tui = await driveTui(t.ctx);
    await tui.waitFor('n new project');
    expect(tui.frame()).toContain('internal');
    expect(tui.frame()).toContain('q quit');
    await tui.press('n');
    await tui.waitFor('New project name');
    await tui.waitFor('Enter confirm · Esc cancel');
    await tui.press('Made in the TUI');
    await tui.press(keys.enter);
    await tui.waitFor('Created project "Made in the TUI"');
    expect((await listProjectAdminViews(t.ctx)).some((p) => p.display_name === 'Made in the TUI')).toBe(true);
    await openRow(tui, 'Made in the TUI');
    await tui.waitFor('Projects › Made in the TUI');
    await tui.press(keys.escape);
    await tui.waitFor(/^authd · Projects\n/);
  });

  test('configuration: switches toggle through core, production checks shown as they fail, domains checked', async () => {
    const project = await scratchProject();
    tui = await openSection(project, 'Configuration');
    expect(tui.frame()).toContain("turn off 'Allow localhost'");
    await openRow(tui, 'Production mode');
    await tui.waitFor('Production mode cannot be turned on until this is fixed:');
    expect((await readProjectAdminView(t.ctx, project.id)).is_production_mode).toBe(false);
    await openRow(tui, 'Allow localhost callbacks');
    await tui.waitFor('Allow localhost callbacks: off');
    expect((await readProjectAdminView(t.ctx, project.id)).config.allow_localhost).toBe(false);
    await tui.waitFor('Production-mode checks: all pass.');
    await openRow(tui, 'Passkeys');
    await tui.waitFor('Passkeys: on');
    expect((await readProjectAdminView(t.ctx, project.id)).config.passkey_enabled).toBe(true);
    await openRow(tui, 'Invitations need the invited email');
    await tui.waitFor('Invitations need the invited email: on');
    expect((await readProjectAdminView(t.ctx, project.id)).config.team_invitation_requires_matching_email).toBe(true);
    // The default language of screens and emails: Enter steps from English to the next one.
    await openRow(tui, 'Default language');
    await tui.waitFor('Default language: de');
    expect((await readProjectAdminView(t.ctx, project.id)).config.default_locale).toBe('de');
    await tui.waitFor('de (Deutsch)');

    await tui.press('a');
    await tui.waitFor('Trusted domain (https://…)');
    await tui.press('http://plain.example.com');
    await tui.press(keys.enter);
    await tui.waitFor('Domain must start with https://');
    for (let i = 0; i < 'http://plain.example.com'.length; i++) await tui.press(keys.backspace);
    await tui.press('https://app.example.com');
    await tui.press(keys.enter);
    await tui.waitFor('Added https://app.example.com');
    expect((await readProjectAdminView(t.ctx, project.id)).config.domains).toEqual([
      { domain: 'https://app.example.com', handler_path: '/handler' },
    ]);
  });

  test('API keys: created and shown once, listed as never expiring, revoked after confirmation (and no longer shown)', async () => {
    const project = await scratchProject();
    tui = await openSection(project, 'API keys');
    expect(tui.frame()).toContain('valid, never expires');
    await tui.press('n');
    await tui.waitFor('Description of the new key set');
    await tui.press('deploy key');
    await tui.press(keys.enter);
    const shown = await tui.waitFor('Copy these keys now');
    const secret = /secret server key\s+(ssk_\w+)/.exec(shown)![1]!;
    expect(await isValidApiKey(t.ctx, project.id, 'secret_server_key', secret)).toBe(true);
    expect((await call(t, 'GET', '/users', { headers: { ...project.headers('server'), 'x-stack-secret-server-key': secret } })).status).toBe(200);

    await openRow(tui, 'deploy key');
    await tui.press('r');
    await tui.waitFor('Revoke "deploy key"?');
    await tui.press('n');
    await tui.waitFor('r revoke');
    expect(await isValidApiKey(t.ctx, project.id, 'secret_server_key', secret)).toBe(true);
    await tui.press('r');
    await tui.waitFor('Revoke "deploy key"?');
    await tui.press('y');
    await tui.waitFor('Key set revoked.');
    expect(tui.frame()).toMatch(/deploy key\s+revoked/);
    // Its keys are no longer offered to copy.
    expect(tui.frame()).not.toContain('Copy these keys now');
    expect((await listApiKeySets(t.ctx, project.id)).find((s) => s.description === 'deploy key')?.manually_revoked_at_millis).toBeNumber();
    // The running server refuses it from the next request.
    const refused = await call(t, 'GET', '/users', { headers: { ...project.headers('server'), 'x-stack-secret-server-key': secret } });
    expect(refused.json.code).toBe('INVALID_SECRET_SERVER_KEY');
  });

  test('users: search as you type, metadata JSON refused when invalid, password, MFA off, sign out everywhere, delete confirmed', async () => {
    const project = await scratchProject();
    const ada = await signUp(project, 'ada@tui.example.com');
    await signUp(project, 'grace@tui.example.com');
    tui = await openSection(project, 'Users');
    await tui.waitFor('grace@tui.example.com');
    await tui.press('/');
    await tui.waitFor('Search:');
    await tui.press('ad');
    await tui.waitFor('Search: ad');
    expect(tui.frame()).toContain('ada@tui.example.com');
    expect(tui.frame()).not.toContain('grace@tui.example.com');
    await tui.press('x');
    await tui.waitFor('No user matches "adx"');
    await tui.press(keys.backspace);
    await tui.waitFor('ada@tui.example.com');
    await tui.press(keys.enter);
    await tui.press(keys.enter);
    await tui.waitFor('server metadata');

    await tui.press('m');
    await tui.waitFor('Server metadata (JSON)');
    for (let i = 0; i < 4; i++) await tui.press(keys.backspace);
    await tui.press('{"plan": ');
    await tui.press(keys.enter);
    await tui.waitFor('Invalid JSON format');
    await tui.press('"pro"}');
    await tui.press(keys.enter);
    await tui.waitFor('Server metadata saved.');
    expect((await readUserServerView(t.ctx, project.id, ada.user_id)).server_metadata).toEqual({ plan: 'pro' });

    await tui.press('p');
    await tui.waitFor('New password');
    await tui.press('a brand new secret');
    expect(tui.frame()).not.toContain('a brand new secret');
    expect(tui.frame()).toContain('••••');
    await tui.press(keys.enter);
    await tui.waitFor('Password set');
    const signIn = await call(t, 'POST', '/auth/password/sign-in', {
      headers: project.headers('client'),
      body: { email: 'ada@tui.example.com', password: 'a brand new secret' },
    });
    expect(signIn.status).toBe(200);

    await call(t, 'PATCH', `/users/${ada.user_id}`, {
      headers: project.headers('server'),
      body: { totp_secret_base64: Buffer.from('12345678901234567890').toString('base64') },
    });
    await tui.press('f');
    await tui.waitFor('Multi-factor sign-in turned off.');
    expect((await readUserServerView(t.ctx, project.id, ada.user_id)).requires_totp_mfa).toBe(false);

    // Sessions listed with where they were used; one ended on its own, the other kept.
    const second = await call(t, 'POST', '/auth/password/sign-in', {
      headers: { ...project.headers('client'), 'user-agent': 'SecondDevice/1.0' },
      body: { email: 'ada@tui.example.com', password: 'a brand new secret' },
    });
    expect(second.status).toBe(200);
    await call(t, 'POST', '/auth/sessions/current/refresh', {
      headers: { ...project.headers('client'), 'x-stack-refresh-token': second.json.refresh_token, 'user-agent': 'SecondDevice/1.0' },
    });
    // The screen reads the sessions at each render: opening and cancelling an edit redraws it.
    await tui.press('m');
    await tui.press(keys.escape);
    await tui.waitFor('SecondDevice/1.0');
    expect(tui.frame()).toContain('Sessions (2)');
    await selectRow(tui, 'SecondDevice/1.0');
    await tui.press('r');
    await tui.waitFor('End the session');
    await tui.press('y');
    await tui.waitFor('Session ended: that device is signed out.');
    await tui.waitFor('Sessions (1)');
    const endedRefresh = await call(t, 'POST', '/auth/sessions/current/refresh', {
      headers: { ...project.headers('client'), 'x-stack-refresh-token': second.json.refresh_token },
    });
    expect(endedRefresh.json.code).toBe('REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED');
    const keptRefresh = await call(t, 'POST', '/auth/sessions/current/refresh', {
      headers: { ...project.headers('client'), 'x-stack-refresh-token': signIn.json.refresh_token },
    });
    expect(keptRefresh.status).toBe(200);

    await tui.press('o');
    await tui.waitFor('End all');
    await tui.press('y');
    await tui.waitFor(/Signed out everywhere \(\d+ session\(s\) ended\)/);
    const refresh = await call(t, 'POST', '/auth/sessions/current/refresh', {
      headers: { ...project.headers('client'), 'x-stack-refresh-token': signIn.json.refresh_token },
    });
    expect(refresh.json.code).toBe('REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED');

    await tui.press('d');
    await tui.waitFor('Delete ada@tui.example.com');
    await tui.press('n');
    await tui.waitFor('d delete');
    expect((await readUserServerView(t.ctx, project.id, ada.user_id)).id).toBe(ada.user_id);
    await tui.press('d');
    await tui.waitFor('Delete ada@tui.example.com');
    await tui.press('y');
    await tui.waitFor('User deleted.');
    expect(tui.frame()).toContain('Press / to search');
    expect((await call(t, 'GET', `/users/${ada.user_id}`, { headers: project.headers('server') })).json.code).toBe('USER_NOT_FOUND');
  });

  test('users: n creates a user by email through core, opens it; a bad address is refused and nothing is made', async () => {
    const project = await scratchProject();
    tui = await openSection(project, 'Users');
    await tui.waitFor('No users yet.');
    expect(tui.frame()).toContain('n new user');
    await tui.press('n');
    await tui.waitFor("New user's email");
    await tui.press('not-an-address');
    await tui.press(keys.enter);
    await tui.waitFor('email: Please enter a valid email');
    expect((await listUsers(t.ctx, project.id, { limit: 10 })).items).toHaveLength(0);
    for (let i = 0; i < 'not-an-address'.length; i++) await tui.press(keys.backspace);
    await tui.press('new.person@tui.example.com');
    await tui.press(keys.enter);
    await tui.waitFor('User new.person@tui.example.com created.');
    await tui.waitFor('server metadata');
    const [made] = (await listUsers(t.ctx, project.id, { limit: 10 })).items;
    expect(made).toMatchObject({ primary_email: 'new.person@tui.example.com', primary_email_auth_enabled: true, has_password: false });
    // The API sees the same user: it was made through the core function POST /users uses.
    const res = await call(t, 'GET', `/users/${made!.id}`, { headers: project.headers('server') });
    expect(res.status).toBe(200);
    expect(res.json.primary_email).toBe('new.person@tui.example.com');
  });

  test('teams and members: created, a member added and removed, deleted after confirmation', async () => {
    const project = await scratchProject();
    const member = await signUp(project, 'member@tui.example.com');
    tui = await openSection(project, 'Teams');
    await tui.press('n');
    await tui.waitFor('Team name');
    await tui.press('Platform');
    await tui.press(keys.enter);
    await tui.waitFor('Team "Platform" created.');
    const team = (await listTeams(t.ctx, project.id)).find((x) => x.display_name === 'Platform')!;
    await openRow(tui, 'Platform');
    await tui.waitFor('No members.');
    await tui.press('a');
    await tui.waitFor('User id to add');
    await tui.press(member.user_id);
    await tui.press(keys.enter);
    await tui.waitFor('member@tui.example.com');
    expect(await listMemberProfiles(t.ctx, project.id, serverCaller, { teamId: team.id })).toHaveLength(1);
    await tui.press('x');
    await tui.waitFor('Member removed.');
    expect(await listMemberProfiles(t.ctx, project.id, serverCaller, { teamId: team.id })).toHaveLength(0);
    await tui.press(keys.escape);
    await tui.waitFor('n new team');
    await tui.press('d');
    await tui.waitFor('Delete team "Platform"');
    await tui.press('y');
    await tui.waitFor('Team deleted.');
    expect(await listTeams(t.ctx, project.id)).toHaveLength(0);
  });

  test('permission definitions: defined with contained ones, a cycle refused with core’s message, deleted', async () => {
    const project = await scratchProject();
    tui = await openSection(project, 'Permission definitions');
    await tui.press('n');
    await tui.waitFor('Permission id');
    await tui.press('read_reports');
    await tui.press(keys.enter);
    await tui.waitFor('Defined read_reports.');
    await tui.press('n');
    await tui.waitFor('Permission id');
    await tui.press('manage_reports: read_reports');
    await tui.press(keys.enter);
    await tui.waitFor('contains read_reports');
    expect((await listPermissionDefinitions(t.ctx, project.id)).find((d) => d.id === 'manage_reports')?.contained_permission_ids).toEqual([
      'read_reports',
    ]);
    await tui.press('n');
    await tui.waitFor('Permission id');
    await tui.press('read_reports');
    await tui.press(keys.enter);
    await tui.waitFor(/already|exists/i);
    await tui.press(keys.escape);
    await openRow(tui, 'manage_reports');
    await tui.press('d');
    await tui.waitFor('Delete manage_reports');
    await tui.press('y');
    await tui.waitFor('Deleted.');
    expect((await listPermissionDefinitions(t.ctx, project.id)).some((d) => d.id === 'manage_reports')).toBe(false);
  });

  test('email templates: previewed with sample values, subject edited, content JSON checked, reset', async () => {
    const project = await scratchProject();
    tui = await openSection(project, 'Email templates');
    await tui.waitFor(`Subject: Verify your email at ${project.name}`);
    expect(tui.frame()).toContain('Ada Lovelace');
    await tui.press('s');
    await tui.waitFor('Subject:');
    for (let i = 0; i < 60; i++) await tui.press(keys.backspace);
    await tui.press('Welcome to {{ projectDisplayName }}');
    await tui.press(keys.enter);
    await tui.waitFor(`Subject: Welcome to ${project.name}`);
    expect((await listEmailTemplates(t.ctx, project.id)).find((x) => x.type === 'email_verification')).toMatchObject({ is_default: false });
    await tui.press('e');
    await tui.waitFor("(JSON):");
    await tui.press('garbage');
    await tui.press(keys.enter);
    await tui.waitFor('Invalid JSON format');
    await tui.press(keys.escape);
    await tui.press('r');
    await tui.waitFor('Reset to the default.');
    await tui.waitFor(`Subject: Verify your email at ${project.name}`);
  });

  test('webhooks: an endpoint added with its secret shown once, its delivery log, a retry', async () => {
    const project = await scratchProject();
    const received: string[] = [];
    const receiver = Bun.serve({
      hostname: '127.0.0.1',
      port: 0,
      fetch: async (request) => {
        received.push(await request.text());
        return new Response('ok');
      },
    });
    try {
      tui = await openSection(project, 'Webhooks');
      await tui.press('n');
      await tui.waitFor('Endpoint URL');
      await tui.press(`http://127.0.0.1:${receiver.port}/hook`);
      await tui.press(keys.enter);
      await tui.waitFor(/signing secret, shown once: whsec_/);
      expect(await listWebhookEndpoints(t.ctx, project.id)).toHaveLength(1);
      await signUp(project, 'hooked@tui.example.com');
      await openRow(tui, `127.0.0.1:${receiver.port}`);
      await tui.waitFor('user.created');
      await tui.press('t');
      await tui.waitFor('Delivered.');
      expect(received.some((body) => body.includes('"user.created"'))).toBe(true);
    } finally {
      await receiver.stop(true);
    }
  });

  test('audit log: events appear as they are written, a type filter by its start, details of the chosen one', async () => {
    const project = await scratchProject();
    await signUp(project, 'audited@tui.example.com');
    tui = await openSection(project, 'Audit log');
    await tui.waitFor('sign_in.succeeded');
    expect(tui.frame()).toContain('user.created');
    // Written while the screen is open: shown within its one-second refresh.
    await call(t, 'POST', '/auth/password/sign-in', {
      headers: { ...project.headers('client'), 'user-agent': 'TuiAuditTest/3' },
      body: { email: 'audited@tui.example.com', password: 'not the right one' },
    });
    await tui.waitFor('sign_in.failed');
    await tui.press('f');
    await tui.waitFor('Event type (or its start');
    await tui.press('nothing_like_this');
    await tui.press(keys.enter);
    await tui.waitFor('No event type starts with "nothing_like_this".');
    for (let i = 0; i < 'nothing_like_this'.length; i++) await tui.press(keys.backspace);
    await tui.press('sign_in.f');
    await tui.press(keys.enter);
    await tui.waitFor('Filter: sign_in.f');
    const frame = await tui.waitFor('TuiAuditTest/3');
    expect(frame).not.toContain('user.created');
    expect(frame).toContain('"reason":"wrong_password"');
  });

  test('outbox and metrics: emails with their links, sign-ups per day drawn as a chart', async () => {
    const project = await scratchProject();
    await signUp(project, 'charted@tui.example.com');
    await call(t, 'POST', '/auth/password/send-reset-code', {
      headers: project.headers('client'),
      body: { email: 'charted@tui.example.com', callback_url: 'http://localhost:3000/reset' },
    });
    tui = await openSection(project, 'Dev outbox');
    await tui.waitFor('charted@tui.example.com');
    expect(tui.frame()).toContain('http://localhost:3000/reset');
    await tui.press(keys.escape);
    await tui.waitFor('Configuration');
    await openRow(tui, 'Metrics');
    const frame = await tui.waitFor('Sign-ups per day');
    expect(frame).toContain('Total users: 1');
    expect(frame).toMatch(/Sign-ups per day\s+│[ ▁▂▃▄▅▆▇]*█│ max 1/);
  });
});
