// Which statements each hot call sends PostgreSQL, in order, counted at the driver: every query
// the pool or a write transaction's reserved connection runs, BEGIN and COMMIT included. With
// the database a millisecond away each round trip is a millisecond of the request, so the lists
// are pinned here: a change that adds a statement to sign-up, sign-in, refresh or a server's
// PATCH of a user has to change this file too. Counts, not timings. Left out: the read of the
// write generation (at most one a millisecond per instance, shared by the requests arriving in
// it, so how many a call sees depends on the clock). The instance runs in this process without
// its email and webhook workers, whose polls would land in the lists. Each call follows a
// write, so the caches a write empties (API keys, the project, the user's view) are read again,
// as under a steady load of writes.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { bootstrapInstance, type BootstrappedProject } from '../../server/core/projects/bootstrap';
import { updateProject } from '../../server/core/projects/projects';
import { defaultSettings, silentLogger } from '../../server/core/storage/context';
import { openPostgresDatabase, type OpenedPostgresContext } from '../../server/core/storage/open-context';
import { startHttpServer, type RunningHttpServer } from '../../server/http/server';
import { callApi, projectHeaders } from '../support/instance';
import { dropTestDatabases, testDatabase } from './postgres-support';

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
  // A key for this instance only: left in the environment, it would be another file's key too.
  const keyBefore = process.env.AUTHD_INSTANCE_KEY;
  process.env.AUTHD_INSTANCE_KEY = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64');
  try {
    ctx = await openPostgresDatabase(await testDatabase(), 'development', silentLogger, defaultSettings());
  } finally {
    if (keyBefore === undefined) delete process.env.AUTHD_INSTANCE_KEY;
    else process.env.AUTHD_INSTANCE_KEY = keyBefore;
  }
  const pool = ctx.storage.sql as unknown as Queryable & { reserve: () => Promise<Queryable> };
  countQueries(pool);
  // Write transactions run on a reserved connection, which sends BEGIN and COMMIT itself.
  const reserve = pool.reserve;
  pool.reserve = async function (this: unknown) {
    const connection = await reserve.call(this);
    countQueries(connection);
    return connection;
  };
  // A clock the tests move on, so whether a user's activity is due to be written never depends
  // on how long the machine took between two calls.
  ctx.clock = { now: () => Date.now() + clockOffset };
  demo = (await bootstrapInstance(ctx)).find((project) => project.projectId !== 'internal')!;
  server = startHttpServer(ctx, { host: '127.0.0.1', port: 0 });
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await ctx?.storage.close();
  await dropTestDatabases();
}, 30_000);

/**
 * `received` against `expected`, where an inner array is statements sent together (which of
 * them the driver sends first is not fixed): compared as sorted lists, the rest in order.
 */
function expectStatements(received: string[], expected: (string | string[])[]): void {
  let at = 0;
  const shaped = expected.map((item) => {
    if (typeof item === 'string') return received[at++];
    const group = received.slice(at, (at += item.length));
    return [...group].sort();
  });
  if (at < received.length) shaped.push(...received.slice(at));
  expect(shaped).toEqual(expected.map((item) => (typeof item === 'string' ? item : [...item].sort())));
}

/** Moves the instance's clock on: past the second within which a user's activity is written once. */
let clockOffset = 0;
const moveClockOn = () => void (clockOffset += 2_000);

/** What each statement sent since the last call did: "select table", "insert table", BEGIN, COMMIT… */
function take(): string[] {
  const taken = sent;
  sent = [];
  return taken
    .filter((text) => !text.startsWith('SELECT coalesce(sum(generation), 0)'))
    .map((text) => {
      if (text.startsWith('BEGIN')) return `${text.split(';')[0]} + write lock and generation`;
      const verb = /^(select|insert into|update|delete from)\b/i.exec(text)?.[1]?.toLowerCase() ?? text;
      const table = /(?:from|into|update) "([a-z_]+)"/i.exec(text)?.[1];
      return table ? `${verb.split(' ')[0]} ${table}` : verb;
    });
}

const v1 = (method: string, path: string, level: 'client' | 'server', body?: unknown, extra: Record<string, string> = {}) =>
  callApi(server.url, method, `/api/v1${path}`, { headers: { ...projectHeaders(demo, level), ...extra }, body });

const password = 'steady copper lanterns';
const serializable = 'BEGIN ISOLATION LEVEL SERIALIZABLE + write lock and generation';
/** What every API call reads first, after a write emptied the caches: the project's keys. */
const keys = 'select api_key_sets';

async function signUp(email: string) {
  const res = await v1('POST', '/auth/password/sign-up', 'client', { email, password, verification_callback_url: 'http://localhost:3000/verify' });
  expect(res.status).toBe(200);
  return res.json as { user_id: string; refresh_token: string };
}

test('a password sign-up: the checks, one transaction for the account and its session, one for the verification email', async () => {
  // The first sign-up also makes the project's signing key; the second shows the usual cost.
  await signUp('first@example.com');
  take();
  await signUp('counted@example.com');
  expectStatements(take(), [
    keys,
    'select projects',
    // Is the address taken? (contact_channels joined with users), before the hash is computed.
    'select contact_channels',
    serializable,
    // The project and the address again, inside the transaction that decides, sent together.
    ['select projects', 'select contact_channels'],
    'insert users',
    ['insert audit_events', 'insert contact_channels'],
    'select webhook_endpoints',
    // Whether to make a team on sign-up.
    'select projects',
    // The session's token and the user's first activity, then the sign-in's audit event.
    ['insert refresh_tokens', 'update users', 'insert audit_events'],
    'COMMIT',
    // The verification email, in a transaction of its own.
    'select contact_channels',
    'select projects',
    'select project_email_configs',
    serializable,
    'select users',
    'insert verification_codes',
    'select projects',
    'select contact_channels',
    'select projects',
    'select email_templates',
    'select project_email_configs',
    'insert email_messages',
    'COMMIT',
    // Signing the access token: the key is read again after the writes.
    'select project_signing_keys',
  ]);
}, 60_000);

test('a password sign-in: the user read, then one transaction whose statements go out together', async () => {
  await signUp('sign-in@example.com');
  moveClockOn();
  take();
  const res = await v1('POST', '/auth/password/sign-in', 'client', { email: 'sign-in@example.com', password });
  expect(res.status).toBe(200);
  expectStatements(take(), [
    keys,
    'select projects',
    'select contact_channels',
    serializable,
    ['insert refresh_tokens', 'update users', 'insert audit_events'],
    'COMMIT',
    'select project_signing_keys',
  ]);
}, 60_000);

test('a refresh: the token and the project read together; the activity write; with rotation, one transaction', async () => {
  const user = await signUp('refresh@example.com');
  moveClockOn();
  take();
  const plain = await v1('POST', '/auth/sessions/current/refresh', 'client', undefined, { 'x-stack-refresh-token': user.refresh_token });
  expect(plain.status).toBe(200);
  expectStatements(take(), [keys, ['select refresh_tokens', 'select projects'], serializable, 'update users', 'COMMIT']);
  // Within the second: the activity is not written again, and the refresh writes nothing.
  const again = await v1('POST', '/auth/sessions/current/refresh', 'client', undefined, { 'x-stack-refresh-token': user.refresh_token });
  expect(again.status).toBe(200);
  expectStatements(take(), [keys, ['select refresh_tokens', 'select projects'], 'select project_signing_keys']);

  await updateProject(ctx, demo.projectId, { config: { refresh_token_rotation_enabled: true } } as never);
  moveClockOn();
  take();
  const rotated = await v1('POST', '/auth/sessions/current/refresh', 'client', undefined, { 'x-stack-refresh-token': user.refresh_token });
  expect(rotated.status).toBe(200);
  expect(rotated.json.refresh_token).not.toBe(user.refresh_token);
  expectStatements(take(), [
    keys,
    ['select refresh_tokens', 'select projects'],
    serializable,
    // The claim (only one of two racing refreshes gets it), then what follows from it.
    'update refresh_tokens',
    ['insert refresh_tokens', 'delete refresh_tokens', 'update users'],
    'COMMIT',
    'select project_signing_keys',
  ]);
  await updateProject(ctx, demo.projectId, { config: { refresh_token_rotation_enabled: false } } as never);
}, 60_000);

test("a server's PATCH of a user's metadata: one UPDATE in a READ COMMITTED transaction, then the user's view", async () => {
  const user = await signUp('patched@example.com');
  take();
  const res = await v1('PATCH', `/users/${user.user_id}`, 'server', { client_metadata: { note: 'counted' } });
  expect(res.status).toBe(200);
  expect(res.json.client_metadata).toEqual({ note: 'counted' });
  expectStatements(take(), [
    keys,
    'BEGIN ISOLATION LEVEL READ COMMITTED + write lock and generation',
    ['update users', 'select webhook_endpoints'],
    'COMMIT',
    // The user's view: four reads sent at once.
    ['select users', 'select contact_channels', 'select oauth_accounts', 'select passkeys'],
  ]);
}, 60_000);
