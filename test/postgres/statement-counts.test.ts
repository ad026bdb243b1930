// How many statements each hot write sends PostgreSQL, counted at the driver: every query the
// pool or a transaction's connection runs, plus each transaction's BEGIN and COMMIT. At 1 ms
// between authd and its database each one is a millisecond of the request, so these counts are
// pinned here: a change that adds a statement to sign-in, refresh, sign-up or a server's PATCH of
// a user has to change this file too. Counts, not timings. The instance runs in this process
// without its email and webhook workers, whose polls would land in the counts.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { bootstrapInstance, type BootstrappedProject } from '../../server/core/projects/bootstrap';
import { defaultSettings, silentLogger } from '../../server/core/storage/context';
import { openPostgresDatabase, type OpenedPostgresContext } from '../../server/core/storage/open-context';
import { startHttpServer, type RunningHttpServer } from '../../server/http/server';
import { callApi, projectHeaders } from '../support/instance';
import { dropTestDatabases, testDatabase } from './postgres-support';

process.env.AUTHD_INSTANCE_KEY ??= Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64');

let ctx: OpenedPostgresContext;
let server: RunningHttpServer;
let demo: BootstrappedProject;
/** Every statement sent since the last take(), in order. */
let sent: string[] = [];

type Queryable = { unsafe: (text: string, ...rest: unknown[]) => unknown };

/** Makes `connection.unsafe` (what drizzle's bun-sql driver sends every query through) note its text. */
function countQueries(connection: Queryable): void {
  const unsafe = connection.unsafe;
  connection.unsafe = function (this: unknown, text: string, ...rest: unknown[]) {
    sent.push(text);
    return unsafe.call(this, text, ...rest);
  };
}

beforeAll(async () => {
  ctx = await openPostgresDatabase(await testDatabase(), 'development', silentLogger, defaultSettings());
  const pool = ctx.storage.sql as unknown as Queryable & { reserve: () => Promise<Queryable> };
  countQueries(pool);
  // Write transactions run on a reserved connection, which sends BEGIN and COMMIT itself.
  const reserve = pool.reserve;
  pool.reserve = async function (this: unknown) {
    const connection = await reserve.call(this);
    countQueries(connection);
    return connection;
  };
  demo = (await bootstrapInstance(ctx)).find((project) => project.projectId !== 'internal')!;
  server = startHttpServer(ctx, { host: '127.0.0.1', port: 0 });
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await ctx?.storage.close();
  await dropTestDatabases();
}, 30_000);

function take(): string[] {
  const taken = sent;
  sent = [];
  return taken;
}

const v1 = (method: string, path: string, level: 'client' | 'server', body?: unknown, extra: Record<string, string> = {}) =>
  callApi(server.url.toString().replace(/\/$/, ''), method, `/api/v1${path}`, { headers: { ...projectHeaders(demo, level), ...extra }, body });

test('statements per call', async () => {
  take();
  const signUp = await v1('POST', '/auth/password/sign-up', 'client', { email: 'counted@example.com', password: 'steady copper lanterns', verification_callback_url: 'http://localhost:3000/verify' });
  expect(signUp.status).toBe(200);
  console.log('sign-up', take());
  const signIn = await v1('POST', '/auth/password/sign-in', 'client', { email: 'counted@example.com', password: 'steady copper lanterns' });
  expect(signIn.status).toBe(200);
  console.log('sign-in', take());
  await Bun.sleep(1100);
  const refresh = await v1('POST', '/auth/sessions/current/refresh', 'client', undefined, { 'x-stack-refresh-token': signIn.json.refresh_token });
  expect(refresh.status).toBe(200);
  console.log('refresh', take());
  const patch = await v1('PATCH', `/users/${signUp.json.user_id}`, 'server', { client_metadata: { note: 'a' } });
  expect(patch.status).toBe(200);
  console.log('patch', take());
  const patch2 = await v1('PATCH', `/users/${signUp.json.user_id}`, 'server', { client_metadata: { note: 'b' } });
  expect(patch2.status).toBe(200);
  console.log('patch2', take());
}, 60_000);
