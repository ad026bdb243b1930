// `authd users ban|unban|impersonate`, run in process against a data directory that a real
// instance then serves: the ban the CLI sets refuses the user's password sign-in over HTTP, unban
// lifts it, and impersonation prints tokens whose act claim names the CLI, or a single-use link.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { decodeJwt } from 'jose';
import { cliJson, cliOk, expectOneLineError, removeScratchDirs, runCli, scratchDir, type CreatedProject } from '../support/cli';
import { startTestInstance, callApi, type TestInstance } from '../support/instance';

afterAll(removeScratchDirs);

const dataDir = scratchDir();
const at = (...args: string[]) => [...args, '--data', dataDir];
const password = 'correct horse battery';
let project: CreatedProject;
let userId: string;

const inProject = (...args: string[]) => cliJson(at(...args, '--project', project.project_id));

beforeAll(async () => {
  project = await cliJson(at('create-project', '--name', 'Support'));
  userId = (await cliJson(at('users', 'create', '--project', project.project_id, '--email', 'ban-me@example.com', '--password-stdin'), { stdin: password })).id;
});

async function signInOver(t: TestInstance) {
  return await callApi(t.url, 'POST', '/api/v1/auth/password/sign-in', {
    headers: { 'x-stack-project-id': project.project_id, 'x-stack-access-type': 'client', 'x-stack-publishable-client-key': project.publishable_client_key },
    body: { email: 'ban-me@example.com', password },
  });
}

describe('authd users ban and unban', () => {
  test('ban --until --reason --json prints the user with the ban; the served API then refuses the sign-in; unban lifts it', async () => {
    const until = new Date(Date.now() + 24 * 60 * 60 * 1000);
    const banned = await inProject('users', 'ban', userId, '--until', until.toISOString(), '--reason', 'abuse report');
    expect(banned).toMatchObject({ id: userId, banned_until_millis: until.getTime(), ban_reason: 'abuse report' });
    expect(banned.banned_at_millis).toBeNumber();
    const plain = await cliOk(at('users', 'ban', userId, '--project', project.project_id));
    expect(plain).toBe(`Banned user ${userId} until unbanned; their sessions are ended.\n`);

    const t = await startTestInstance({ dataDir });
    try {
      const refused = await signInOver(t);
      expect(refused.status).toBe(403);
      expect(refused.json.code).toBe('USER_BANNED');
    } finally {
      await t.stop();
    }
    const lifted = await inProject('users', 'unban', userId);
    expect([lifted.banned_at_millis, lifted.banned_until_millis, lifted.ban_reason]).toEqual([null, null, null]);
    const t2 = await startTestInstance({ dataDir });
    try {
      expect((await signInOver(t2)).status).toBe(200);
    } finally {
      await t2.stop();
    }
  });

  test('a bad --until, a time in the past and an unknown user are one-line errors', async () => {
    expectOneLineError(await runCli(at('users', 'ban', userId, '--project', project.project_id, '--until', 'next tuesday')), /--until must be an ISO date/);
    expectOneLineError(await runCli(at('users', 'ban', userId, '--project', project.project_id, '--until', '2001-01-01')), /until must be a time in the future/);
    expectOneLineError(await runCli(at('users', 'ban', '00000000-0000-4000-8000-000000000000', '--project', project.project_id)), /User not found/);
    expect((await inProject('users', 'get', userId)).banned_at_millis).toBeNull();
  });
});

describe('authd users impersonate', () => {
  test('--tokens --json prints a one-hour session whose access token names the CLI in act', async () => {
    const session = await inProject('users', 'impersonate', userId, '--tokens');
    expect(Object.keys(session).sort()).toEqual(['access_token', 'expires_at_millis', 'refresh_token']);
    expect(decodeJwt(session.access_token)).toMatchObject({ sub: userId, act: { sub: 'authd:cli' } });
    expect(session.expires_at_millis - Date.now()).toBeGreaterThan(59 * 60 * 1000);
  });

  test('without --tokens it prints a single-use link to the hosted screens', async () => {
    const link = await inProject('users', 'impersonate', userId);
    expect(link.url).toMatch(new RegExp(`/api/v1/projects/${project.project_id}/impersonation\\?code=[0-9a-z]{45}$`));
    const text = await cliOk(at('users', 'impersonate', userId, '--project', project.project_id));
    expect(text.split('\n')[0]).toMatch(/\/impersonation\?code=/);
    expect(text).toContain('it works once');
  });
});
