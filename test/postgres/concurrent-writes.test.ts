// Two `authd serve` processes on one PostgreSQL database, writing the same rows at the same
// moment. Write transactions on PostgreSQL run side by side (SERIALIZABLE, retried on a
// serialisation failure, with unique indexes under the uniqueness rules), so a rule that reads,
// decides and writes must still hold when the same request reaches both instances at once.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { callApi, startServeProcess, type ApiResult, type ServeProcess } from '../support/instance';
import { startSmtpReceiver, type SmtpReceiver } from '../support/smtp-receiver';
import { dropTestDatabases, testDatabase } from './postgres-support';

const instanceKey = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64');
const password = 'concurrent writers on one database';

let smtp: SmtpReceiver;
let a: ServeProcess;
let b: ServeProcess;
let demo: { project_id: string; publishable_client_key: string; secret_server_key: string };

beforeAll(async () => {
  const databaseUrl = await testDatabase();
  smtp = await startSmtpReceiver();
  const start = () =>
    startServeProcess(databaseUrl, ['--smtp', smtp.url], undefined, undefined, { AUTHD_INSTANCE_KEY: instanceKey });
  a = await start();
  demo = a.events.find((e) => e.event === 'project_created' && e.project_id !== 'internal') as typeof demo;
  b = await start();
}, 60_000);

afterAll(async () => {
  for (const server of [a, b]) server?.process.kill('SIGKILL');
  await Promise.all([a?.process.exited, b?.process.exited]);
  await smtp?.stop();
  await dropTestDatabases();
}, 30_000);

const headers = (level: 'client' | 'server'): Record<string, string> => ({
  'x-stack-project-id': demo.project_id,
  'x-stack-access-type': level,
  ...(level === 'client'
    ? { 'x-stack-publishable-client-key': demo.publishable_client_key }
    : { 'x-stack-secret-server-key': demo.secret_server_key }),
});

const v1 = (server: ServeProcess, method: string, path: string, level: 'client' | 'server', body?: unknown) =>
  callApi(server.url, method, `/api/v1${path}`, { headers: headers(level), body });

/** Each answer as "status code", the code being the known error's, or "ok". */
const outcomes = (results: ApiResult[]) =>
  results.map((res) => `${res.status} ${res.status < 300 ? 'ok' : (res.json?.code ?? res.text.slice(0, 200))}`);

const tally = (values: string[]) => {
  const counts: Record<string, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
};

/** `count` copies of one request, alternating between A and B, all in flight together. */
const onBoth = (count: number, send: (server: ServeProcess) => Promise<ApiResult>) =>
  Promise.all(Array.from({ length: count }, (_, i) => send(i % 2 === 0 ? a : b)));

describe('concurrent writes of one row through two instances', () => {
  test('50 sign-ups with one email: exactly one account, the other 49 get USER_EMAIL_ALREADY_EXISTS', async () => {
    const email = `same-${Date.now().toString(36)}@example.com`;
    const results = await onBoth(50, (server) => v1(server, 'POST', '/auth/password/sign-up', 'client', { email, password }));
    expect(tally(outcomes(results))).toEqual({ '200 ok': 1, '409 USER_EMAIL_ALREADY_EXISTS': 49 });
    const listed = await v1(a, 'GET', `/users?query=${encodeURIComponent(email)}`, 'server');
    expect(listed.status).toBe(200);
    expect(listed.json.items.filter((user: { primary_email: string }) => user.primary_email === email)).toHaveLength(1);
  }, 60_000);

  test('20 adds of one member to one team: one membership, the other 19 get TEAM_MEMBERSHIP_ALREADY_EXISTS', async () => {
    const user = await v1(a, 'POST', '/users', 'server', { primary_email: `member-${Date.now().toString(36)}@example.com` });
    expect(user.status).toBe(201);
    const team = await v1(b, 'POST', '/teams', 'server', { display_name: 'racing adds' });
    expect(team.status).toBe(201);
    const results = await onBoth(20, (server) => v1(server, 'POST', `/team-memberships/${team.json.id}/${user.json.id}`, 'server', {}));
    expect(tally(outcomes(results))).toEqual({ '201 ok': 1, '409 TEAM_MEMBERSHIP_ALREADY_EXISTS': 19 });
    const members = await v1(b, 'GET', `/users?team_id=${team.json.id}`, 'server');
    expect(members.status).toBe(200);
    expect(members.json.items.map((member: { id: string }) => member.id)).toEqual([user.json.id]);
  }, 60_000);
});
