// Two `authd serve` processes on one PostgreSQL database, as behind a load balancer: what one
// writes the other serves at once (a user, a revoked key), every webhook and email produced on
// either goes out exactly once, and one killed mid-write loses nothing it acknowledged while the
// other keeps serving. Development mode, so loopback clients are exempt from per-address limits.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { SQL } from 'bun';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';
import { startSmtpReceiver, type SmtpReceiver } from '../support/smtp-receiver';
import { callApi, startServeProcess, type ApiResult, type ServeProcess } from '../support/instance';
import { dropTestDatabases, testDatabase } from './postgres-support';
import { pollUntil } from '../support/poll-until';

const instanceKey = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64');
const password = 'two instances share one database';

let databaseUrl: string, smtp: SmtpReceiver, hooks: WebhookReceiver, a: ServeProcess, b: ServeProcess;
let demo: { project_id: string; publishable_client_key: string; secret_server_key: string; super_secret_admin_key: string };

const start = () =>
  startServeProcess(databaseUrl, ['--smtp', smtp.url], undefined, undefined, { AUTHD_INSTANCE_KEY: instanceKey });

beforeAll(async () => {
  databaseUrl = await testDatabase();
  smtp = await startSmtpReceiver();
  hooks = startWebhookReceiver();
  a = await start();
  const created = a.events.filter((e) => e.event === 'project_created');
  expect(created.map((e) => e.project_id)).toContain('internal');
  demo = created.find((e) => e.project_id !== 'internal') as typeof demo;
  b = await start();
  // The database was made by A: B creates no project of its own.
  expect(b.events.filter((e) => e.event === 'project_created')).toEqual([]);
  const endpoint = ok(await v1(a, 'POST', '/webhooks/endpoints', { headers: headers('admin'), body: { url: hooks.url } }), 201);
  hooks.secret = endpoint.secret;
}, 60_000);

afterAll(async () => {
  for (const server of [a, b]) server?.process.kill('SIGKILL');
  await Promise.all([a?.process.exited, b?.process.exited]);
  await hooks?.stop();
  await smtp?.stop();
  await dropTestDatabases();
}, 30_000);

const headers = (level: 'client' | 'server' | 'admin', extra: Record<string, string> = {}): Record<string, string> => ({
  'x-stack-project-id': demo.project_id,
  'x-stack-access-type': level,
  ...(level === 'client' && { 'x-stack-publishable-client-key': demo.publishable_client_key }),
  ...(level === 'server' && { 'x-stack-secret-server-key': demo.secret_server_key }),
  ...(level === 'admin' && { 'x-stack-super-secret-admin-key': demo.super_secret_admin_key }),
  ...extra,
});

const v1 = (
  server: ServeProcess,
  method: string,
  path: string,
  init: { headers?: Record<string, string>; body?: unknown } = {},
) => callApi(server.url, method, `/api/v1${path}`, init);

function ok(res: ApiResult, status = 200): any {
  expect(`${res.status} ${res.text.slice(0, 300)}`).toStartWith(`${status} `);
  return res.json;
}

const signUp = (server: ServeProcess, email: string, extra: Record<string, unknown> = {}) =>
  v1(server, 'POST', '/auth/password/sign-up', { headers: headers('client'), body: { email, password, ...extra } });

/** The values that occur more than once. */
const repeated = (values: string[]) => {
  const seen = new Set<string>();
  return values.filter((value) => (seen.has(value) ? true : (seen.add(value), false)));
};

describe('two instances on one PostgreSQL database', () => {
  test('a user signed up on A signs in on B, and B knows them', async () => {
    const email = `across-${Date.now()}@example.com`;
    const signedUp = ok(await signUp(a, email));
    const signedIn = ok(await v1(b, 'POST', '/auth/password/sign-in', { headers: headers('client'), body: { email, password } }));
    expect(signedIn.user_id).toBe(signedUp.user_id);
    const me = ok(
      await v1(b, 'GET', '/users/me', { headers: headers('client', { 'x-stack-access-token': signedIn.access_token }) }),
    );
    expect(me.id).toBe(signedUp.user_id);
    expect(me.primary_email).toBe(email);
    // A's own token is good on B too: one signing key, one session table.
    const meFromA = ok(
      await v1(b, 'GET', '/users/me', { headers: headers('client', { 'x-stack-access-token': signedUp.access_token }) }),
    );
    expect(meFromA.id).toBe(signedUp.user_id);
  }, 30_000);

  test('a key set revoked through A is refused by B on its next request, though B had just accepted it', async () => {
    for (let round = 0; round < 10; round++) {
      const set = ok(
        await v1(a, 'POST', '/internal/api-keys', {
          headers: headers('admin'),
          body: {
            description: `revoked across instances ${round}`,
            expires_at_millis: Date.now() + 3600_000,
            has_publishable_client_key: false,
            has_secret_server_key: true,
            has_super_secret_admin_key: false,
          },
        }),
      );
      const withKey = {
        'x-stack-project-id': demo.project_id,
        'x-stack-access-type': 'server',
        'x-stack-secret-server-key': set.secret_server_key,
      };
      // Twice, so B answers the second from its cache of valid keys.
      for (let i = 0; i < 2; i++) ok(await v1(b, 'GET', '/projects/current', { headers: withKey }));
      const revoked = ok(
        await v1(a, 'PATCH', `/internal/api-keys/${set.id}`, { headers: headers('admin'), body: { revoked: true } }),
      );
      expect(revoked.manually_revoked_at_millis).toBeNumber();
      const refused = await v1(b, 'GET', '/projects/current', { headers: withKey });
      expect(`${refused.status} ${refused.headers.get('x-stack-known-error')}`).toBe('401 INVALID_SECRET_SERVER_KEY');
      expect((await v1(a, 'GET', '/projects/current', { headers: withKey })).status).toBe(401);
    }
  }, 30_000);

  test("a user deleted through A: B refuses the user's token and refresh token on its next request, though it had just served them", async () => {
    const signedUp = ok(await signUp(a, `deleted-across-${Date.now()}@example.com`));
    const asUser = headers('client', { 'x-stack-access-token': signedUp.access_token });
    // Twice, so B answers the second from its cached view of the user.
    for (let i = 0; i < 2; i++) expect(ok(await v1(b, 'GET', '/users/me', { headers: asUser })).id).toBe(signedUp.user_id);
    ok(await v1(a, 'DELETE', `/users/${signedUp.user_id}`, { headers: headers('server'), body: {} }));
    const me = await v1(b, 'GET', '/users/me', { headers: asUser });
    expect(`${me.status} ${me.headers.get('x-stack-known-error')}`).toBe('400 CANNOT_GET_OWN_USER_WITHOUT_USER');
    const refresh = await v1(b, 'POST', '/auth/sessions/current/refresh', {
      headers: headers('client', { 'x-stack-refresh-token': signedUp.refresh_token }),
      body: {},
    });
    expect(refresh.status).not.toBe(200);
  }, 30_000);

  test("a session ended through A: B refuses its access token within seconds (B's revocation list), long before the token expires", async () => {
    const email = `revoked-across-${Date.now()}@example.com`;
    const laptop = ok(await signUp(a, email));
    const phone = ok(await v1(b, 'POST', '/auth/password/sign-in', { headers: headers('client'), body: { email, password } }));
    const asPhone = headers('client', { 'x-stack-access-token': phone.access_token });
    const asLaptop = headers('client', { 'x-stack-access-token': laptop.access_token });
    expect(ok(await v1(b, 'GET', '/users/me', { headers: asPhone })).id).toBe(laptop.user_id);
    const sessions = ok(
      await v1(a, 'GET', '/auth/sessions?user_id=me', {
        headers: { ...asLaptop, 'x-stack-refresh-token': laptop.refresh_token },
      }),
    );
    const phoneSession = sessions.items.find((session: any) => !session.is_current_session);
    ok(await v1(a, 'DELETE', `/auth/sessions/${phoneSession.id}?user_id=me`, { headers: asLaptop }));
    // B reads the list again at most every 2 s; the deadline is generous for a loaded machine.
    const refused = await pollUntil(
      () => v1(b, 'GET', '/users/me', { headers: asPhone }),
      (res) => res.status !== 200,
      15_000,
    );
    expect(`${refused.status} ${refused.headers.get('x-stack-known-error')}`).toBe('401 ACCESS_TOKEN_EXPIRED');
    expect(refused.json.details).toEqual({ expired_at_millis: null });
    // A refuses it at once (its own revocation); the laptop's token still works on both.
    expect((await v1(a, 'GET', '/users/me', { headers: asPhone })).status).toBe(401);
    for (const server of [a, b]) expect(ok(await v1(server, 'GET', '/users/me', { headers: asLaptop })).id).toBe(laptop.user_id);
  }, 30_000);

  test('1,000 messages made on A and B: each webhook and each email arrives exactly once', async () => {
    // Turned on through A, used through B: B's cached project must see it too.
    ok(await v1(a, 'PATCH', '/projects/current', { headers: headers('admin'), body: { config: { magic_link_enabled: true } } }));
    const runId = Date.now().toString(36);
    const emails = Array.from({ length: 500 }, (_, i) => `fanout-${runId}-${i}@example.com`);
    /** Runs `make` for every address, 8 at a time, every other one on A and the others on B. */
    const forEveryAddress = async (make: (server: ServeProcess, email: string) => Promise<void>) => {
      let next = 0;
      const worker = async () => {
        while (next < emails.length) {
          const i = next++;
          await make(i % 2 === 0 ? a : b, emails[i]!);
        }
      };
      await Promise.all(Array.from({ length: 8 }, worker));
    };
    const started = performance.now();
    // The receiver holds its answers while the users are made, for at most 4 s: each
    // instance's worker waits on one delivery meanwhile, and afterwards both face the same
    // backlog and race to claim each delivery of it. (A delivery in flight for 5 s is due for
    // its second attempt, which the other instance would make while the first still runs.)
    let release!: () => void;
    hooks.holdUntil = Promise.race([new Promise<void>((resolve) => (release = resolve)), Bun.sleep(4_000)]);
    // 500 users made through the server API, each a user.created webhook ...
    await forEveryAddress(async (server, email) => {
      const body = { primary_email: email, primary_email_verified: true, primary_email_auth_enabled: true };
      ok(await v1(server, 'POST', '/users', { headers: headers('server'), body }), 201);
    });
    release();
    hooks.holdUntil = undefined;
    const createdSeconds = (performance.now() - started) / 1000;
    // ... and a sign-in code sent to each through the other instance, each an email, while the
    // webhooks go out. (In development mode the request makes its email's first attempt itself,
    // claiming it as the delivery workers do, before it answers.)
    await forEveryAddress(async (server, email) => {
      const mailing = server === a ? b : a;
      ok(
        await v1(mailing, 'POST', '/auth/otp/send-sign-in-code', {
          headers: headers('client'),
          body: { email, callback_url: 'http://localhost:3000/magic' },
        }),
      );
    });
    const madeSeconds = (performance.now() - started) / 1000;

    const wanted = new Set(emails);
    const webhooksFor = () =>
      hooks.received.filter((hook) => hook.type === 'user.created' && wanted.has(hook.data.primary_email));
    const emailsFor = () => smtp.messages.filter((message) => message.to.some((to) => wanted.has(to)));
    await pollUntil(
      () => webhooksFor().length + emailsFor().length,
      (count) => count >= 2 * emails.length,
      60_000,
    );

    console.log(
      `two instances: ${emails.length} users made in ${createdSeconds.toFixed(1)} s, ${emails.length} codes sent by ${madeSeconds.toFixed(1)} s, all received after ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    // Once nothing is pending in the database, no attempt is left in flight to add a duplicate.
    const sql = new SQL({ url: databaseUrl, max: 1 });
    try {
      const unsettled = await pollUntil(
        async () => {
          const [row] = await sql`
            SELECT (SELECT count(*) FROM webhook_deliveries WHERE status <> 'succeeded') AS hooks,
                   (SELECT count(*) FROM email_messages WHERE status <> 'sent') AS emails`;
          return Number(row.hooks) + Number(row.emails);
        },
        (count) => count === 0,
        30_000,
      );
      expect(unsettled).toBe(0);
      const [claims] = await sql`
        SELECT (SELECT count(*) FROM webhook_delivery_attempts) AS hook_attempts,
               (SELECT count(*) FROM webhook_deliveries) AS hook_deliveries,
               (SELECT count(*) FROM email_messages WHERE attempts <> 1) AS emails_not_claimed_once`;
      // Every message went out at its first attempt: none was claimed twice.
      expect(Number(claims.hook_attempts)).toBe(Number(claims.hook_deliveries));
      expect(Number(claims.emails_not_claimed_once)).toBe(0);
    } finally {
      await sql.close();
    }

    expect(hooks.rejected).toEqual([]);
    expect(hooks.received.every((hook) => hook.answeredStatus === 200)).toBe(true);
    expect(repeated(hooks.received.map((hook) => hook.id))).toEqual([]);
    const hooked = webhooksFor().map((hook) => hook.data.primary_email as string);
    expect(repeated(hooked)).toEqual([]);
    expect(emails.filter((email) => !hooked.includes(email))).toEqual([]);

    const mailed = emailsFor().flatMap((message) => message.to);
    expect(repeated(mailed)).toEqual([]);
    expect(emails.filter((email) => !mailed.includes(email))).toEqual([]);
  }, 110_000);

  test('an endpoint answering after 8 s (over the 5 s retry delay, under the timeout) gets its event once', async () => {
    const email = `slow-endpoint-${Date.now()}@example.com`;
    // The receiver takes 8 s to answer: the first attempt is still running when its delivery
    // would be due again, and the other instance polls meanwhile.
    hooks.holdUntil = Bun.sleep(8_000);
    try {
      const user = ok(await v1(a, 'POST', '/users', { headers: headers('server'), body: { primary_email: email } }), 201);
      const sql = new SQL({ url: databaseUrl, max: 1 });
      try {
        const status = async () => {
          const rows = await sql`
            SELECT d.status, d.attempts FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
            WHERE e.type = 'user.created' AND e.payload LIKE ${`%${user.id}%`}`;
          return rows.map((row: { status: string; attempts: number }) => `${row.status} after ${row.attempts}`).join(', ');
        };
        expect(await pollUntil(status, (value) => value.startsWith('succeeded'), 20_000)).toBe('succeeded after 1');
      } finally {
        await sql.close();
      }
    } finally {
      hooks.holdUntil = undefined;
    }
    expect(hooks.received.filter((hook) => hook.data.primary_email === email).map((hook) => hook.answeredStatus)).toEqual([200]);
  }, 30_000);

  test('A killed with SIGKILL under sign-up load loses no acknowledged sign-up, and B keeps serving', async () => {
    const runId = Date.now().toString(36);
    const acknowledged: { email: string; userId: string; on: 'A' | 'B' }[] = [];
    const failedOnA: string[] = [];
    const failedOnB: string[] = [];
    let counter = 0;
    let killed = false;
    let stopped = false;
    const loadOn = (on: 'A' | 'B') => async () => {
      const server = on === 'A' ? a : b;
      while (!stopped && !(on === 'A' && killed)) {
        const email = `killed-${runId}-${counter++}@example.com`;
        let failure: string | undefined;
        try {
          const res = await signUp(server, email);
          if (res.status === 200) acknowledged.push({ email, userId: res.json.user_id, on });
          else failure = `${email}: ${res.status} ${res.text.slice(0, 200)}`;
        } catch (error) {
          failure = `${email}: ${error instanceof Error ? error.message : String(error)}`;
        }
        // On A, a request cut off by the kill is no failure: it was never acknowledged.
        if (failure && !(on === 'A' && killed)) (on === 'A' ? failedOnA : failedOnB).push(failure);
      }
    };
    const onA = Array.from({ length: 8 }, loadOn('A'));
    // B takes sign-ups of its own meanwhile, before, during and after the kill: none may fail.
    const onB = Array.from({ length: 2 }, loadOn('B'));
    const countOn = (on: 'A' | 'B') => acknowledged.filter((ack) => ack.on === on).length;

    await pollUntil(
      () => countOn('A'),
      (count) => count >= 20 || failedOnA.length > 0,
      30_000,
    );
    expect(failedOnA).toEqual([]);
    // A random moment of the load, with sign-ups in flight.
    await Bun.sleep(Math.random() * 500);
    killed = true;
    a.process.kill('SIGKILL');
    await a.process.exited;
    const onBAtKill = countOn('B');
    // B goes on: at least 10 more sign-ups of its own after the kill.
    await pollUntil(
      () => countOn('B'),
      (count) => count >= onBAtKill + 10 || failedOnB.length > 0,
      30_000,
    );
    stopped = true;
    await Promise.all([...onA, ...onB]);
    expect(failedOnA).toEqual([]);
    expect(failedOnB).toEqual([]);
    expect(countOn('B')).toBeGreaterThanOrEqual(onBAtKill + 10);

    const missing: string[] = [];
    for (const { email, userId } of acknowledged) {
      const res = await v1(b, 'GET', `/users/${userId}`, { headers: headers('server') });
      if (res.status !== 200 || res.json.primary_email !== email) missing.push(`${email}: ${res.status}`);
    }
    expect(missing).toEqual([]);
    console.log(
      `two instances: ${countOn('A')} sign-ups acknowledged by A before its SIGKILL, ${countOn('B')} by B; all found on B`,
    );

    const email = `after-kill-${runId}@example.com`;
    const after = ok(await signUp(b, email));
    const signedIn = ok(await v1(b, 'POST', '/auth/password/sign-in', { headers: headers('client'), body: { email, password } }));
    expect(signedIn.user_id).toBe(after.user_id);
  }, 90_000);
});
