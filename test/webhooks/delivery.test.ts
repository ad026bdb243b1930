// Delivery robustness: retries on the backoff schedule (the clock is moved, nothing waits
// minutes), the delivery log with status codes, giving up after the last attempt, manual
// retry, and pending deliveries that survive a restart, including ones the CLI queued while the
// server was down.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { rmSync } from 'node:fs';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { maxWebhookAttempts, webhookRetryDelaysMillis } from '../../server/core/webhooks/webhook-delivery';
import { dropTestDatabase, ensurePostgres } from '../../scripts/ensure-postgres';
import { makeTempDir, startTestInstance, testDialect, type TestInstance } from '../support/instance';
import { runCli } from '../support/cli';
import { uniqueEmail } from '../support/user-views';
import { addEndpoint, advanceClock, as, call, deliveriesOf, makeProject, pollUntil } from '../support/webhooks';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

const unreachableText = 'no answer from the endpoint (not reachable, not a public address, or no answer in time)';

async function createUser(t: TestInstance, project: BootstrappedProject, name: string): Promise<string> {
  const res = await call(t, 'POST', '/users', { headers: as(project, 'server'), body: { display_name: name } });
  expect(res.status).toBe(201);
  return res.json.id;
}

/** Waits until the endpoint's only delivery has made `attempts` attempts and none is in flight. */
async function deliveryAfter(t: TestInstance, project: BootstrappedProject, endpointId: string, attempts: number) {
  const items = await pollUntil(
    () => deliveriesOf(t, project, endpointId),
    (items) =>
      items[0]?.attempts === attempts && items[0].attempt_log.at(-1)?.error !== 'authd stopped before this attempt finished',
  );
  expect(items).toHaveLength(1);
  expect(items[0].attempts).toBe(attempts);
  return items[0];
}

describe('retries', () => {
  let t: TestInstance, receiver: WebhookReceiver;

  beforeAll(async () => {
    t = await startTestInstance();
    receiver = startWebhookReceiver();
  });

  afterAll(async () => {
    await t?.stop();
    await receiver?.stop();
  });

  test('a receiver failing the first three times gets the event on the fourth attempt, on the backoff schedule', async () => {
    const project = await makeProject(t, 'Flaky receiver');
    const endpointId = await addEndpoint(t, project, receiver);
    receiver.failNext(3, 503);
    const userId = await createUser(t, project, 'Retried');

    let delivery = await deliveryAfter(t, project, endpointId, 1);
    expect(delivery.status).toBe('pending');
    expect(delivery.last_status_code).toBe(503);
    // The next attempt waits for the first delay; moving the clock to just before changes nothing.
    expect(delivery.next_attempt_at_millis - delivery.attempt_log[0].attempted_at_millis).toBe(webhookRetryDelaysMillis[0]!);
    advanceClock(t, webhookRetryDelaysMillis[0]! - 1_000);
    await Bun.sleep(200);
    expect((await deliveriesOf(t, project, endpointId))[0].attempts).toBe(1);

    advanceClock(t, 1_000);
    delivery = await deliveryAfter(t, project, endpointId, 2);
    expect(delivery.next_attempt_at_millis - delivery.attempt_log[1].attempted_at_millis).toBe(webhookRetryDelaysMillis[1]!);
    advanceClock(t, webhookRetryDelaysMillis[1]!);
    delivery = await deliveryAfter(t, project, endpointId, 3);
    advanceClock(t, webhookRetryDelaysMillis[2]!);
    delivery = await deliveryAfter(t, project, endpointId, 4);

    expect(delivery.status).toBe('succeeded');
    expect(delivery.event_type).toBe('user.created');
    expect(delivery.last_status_code).toBe(200);
    expect(delivery.last_error).toBeNull();
    expect(delivery.next_attempt_at_millis).toBeNull();
    expect(delivery.delivered_at_millis).toBeNumber();
    expect(delivery.attempt_log.map((a: any) => a.status_code)).toEqual([503, 503, 503, 200]);
    expect(delivery.attempt_log.map((a: any) => a.error)).toEqual([
      'the endpoint answered 503',
      'the endpoint answered 503',
      'the endpoint answered 503',
      null,
    ]);
    expect(delivery.attempt_log[0].response_excerpt).toBe('try again later');

    // The receiver saw the same signed message four times (same webhook-id), all verified.
    const seen = receiver.received.filter((e) => e.data.id === userId);
    expect(seen.map((e) => e.answeredStatus)).toEqual([503, 503, 503, 200]);
    expect(new Set(seen.map((e) => e.id)).size).toBe(1);
    expect(receiver.rejected).toEqual([]);
  });

  test('after the last scheduled attempt the delivery is failed; a manual retry delivers it', async () => {
    const project = await makeProject(t, 'Dead receiver');
    const endpointId = await addEndpoint(t, project, receiver);
    receiver.failNext(1000, 500);
    const userId = await createUser(t, project, 'Given up');

    await deliveryAfter(t, project, endpointId, 1);
    for (let attempt = 2; attempt <= maxWebhookAttempts; attempt++) {
      advanceClock(t, webhookRetryDelaysMillis[attempt - 2]!);
      await deliveryAfter(t, project, endpointId, attempt);
    }
    const failed = (await deliveriesOf(t, project, endpointId))[0];
    expect(failed.status).toBe('failed');
    expect(failed.attempts).toBe(maxWebhookAttempts);
    expect(failed.next_attempt_at_millis).toBeNull();
    expect(failed.attempt_log).toHaveLength(maxWebhookAttempts);
    expect(failed.attempt_log.every((a: any) => a.status_code === 500)).toBe(true);
    // The schedule spans about a day.
    const span = failed.attempt_log.at(-1).attempted_at_millis - failed.attempt_log[0].attempted_at_millis;
    expect(span).toBeGreaterThanOrEqual(webhookRetryDelaysMillis.reduce((a, b) => a + b, 0));
    expect(span).toBeGreaterThan(20 * 3600_000);

    // Nothing happens on its own any more.
    advanceClock(t, 48 * 3600_000);
    await Bun.sleep(200);
    expect((await deliveriesOf(t, project, endpointId))[0].attempts).toBe(maxWebhookAttempts);

    receiver.failNext(0);
    const retried = await call(t, 'POST', `/webhooks/deliveries/${failed.id}/retry`, { headers: as(project, 'admin') });
    expect(retried.status).toBe(200);
    expect(retried.json.status).toBe('succeeded');
    expect(retried.json.attempts).toBe(maxWebhookAttempts + 1);
    expect(retried.json.attempt_log.at(-1).status_code).toBe(200);
    await receiver.waitFor((e) => e.type === 'user.created' && e.data.id === userId);

    const single = await call(t, 'GET', `/webhooks/deliveries/${failed.id}`, { headers: as(project, 'admin') });
    expect(single.json).toEqual(retried.json);
  });

  test('an unreachable endpoint is logged with one coarse error, whatever the cause, and no status code', async () => {
    const project = await makeProject(t, 'Unreachable');
    const closed = startWebhookReceiver();
    const url = closed.url;
    await closed.stop();
    const created = await call(t, 'POST', '/webhooks/endpoints', { headers: as(project, 'admin'), body: { url } });
    expect(created.status).toBe(201);
    await createUser(t, project, 'Nobody listens');
    const delivery = await deliveryAfter(t, project, created.json.id, 1);
    expect(delivery.status).toBe('pending');
    expect(delivery.last_status_code).toBeNull();
    expect(delivery.attempt_log[0].status_code).toBeNull();
    // "Connection refused" here, a DNS failure below: the log does not tell them apart.
    expect(delivery.attempt_log[0].error).toBe(unreachableText);

    const unresolvable = await call(t, 'POST', '/webhooks/endpoints', {
      headers: as(project, 'admin'),
      body: { url: 'http://no-such-host.invalid/hooks' },
    });
    expect(unresolvable.status).toBe(201);
    await createUser(t, project, 'Nobody resolves');
    const undelivered = await deliveryAfter(t, project, unresolvable.json.id, 1);
    expect(undelivered.attempt_log[0].error).toBe(unreachableText);
  });
});

describe('production: the address is checked when connecting', () => {
  test('a name that resolved to a public address at creation and to loopback at delivery (DNS rebinding) is never connected to', async () => {
    const prod = await startTestInstance({ mode: 'production' });
    let connections = 0;
    const listener = Bun.listen({
      hostname: '127.0.0.1',
      port: 0,
      socket: {
        open(socket) {
          connections++;
          socket.end();
        },
        data() {},
      },
    });
    try {
      const project = await makeProject(prod, 'Rebinding');
      const answers: string[][] = [['93.184.216.34'], ['93.184.216.34', '127.0.0.1'], ['127.0.0.1']];
      let lookups = 0;
      prod.ctx.webhookDns = async () =>
        (answers[Math.min(lookups++, answers.length - 1)] ?? []).map((address) => ({ address, family: 4 }));
      const created = await call(prod, 'POST', '/webhooks/endpoints', {
        headers: as(project, 'admin'),
        body: { url: `https://hooks.rebinding.test:${listener.port}/x` },
      });
      expect(created.status).toBe(201);
      await createUser(prod, project, 'Rebound');
      const first = await deliveryAfter(prod, project, created.json.id, 1);
      expect(first.attempt_log[0].error).toBe(unreachableText);
      const retried = await call(prod, 'POST', `/webhooks/deliveries/${first.id}/retry`, { headers: as(project, 'admin') });
      expect(retried.json.attempts).toBe(2);
      expect(retried.json.attempt_log.at(-1).error).toBe(unreachableText);
      expect(lookups).toBe(3);
      expect(connections).toBe(0);
    } finally {
      listener.stop(true);
      await prod.stop();
    }
  });
});

describe('a restart loses no pending delivery', () => {
  test('a retry scheduled before the stop and an event the CLI queued while stopped are both delivered after the start', async () => {
    // The same data for both starts: a data directory on SQLite, a database kept between them on PostgreSQL.
    const dataDir = makeTempDir('authd-webhook-restart-');
    const databaseUrl = testDialect === 'postgres' ? await ensurePostgres('authd_api') : undefined;
    const where = databaseUrl ? { databaseUrl } : { dataDir };
    const receiver = startWebhookReceiver();
    let t = await startTestInstance(where);
    try {
      const project = await makeProject(t, 'Restarted');
      const endpointId = await addEndpoint(t, project, receiver);
      receiver.failNext(1, 500);
      const firstUser = await createUser(t, project, 'Before the stop');
      const pending = await deliveryAfter(t, project, endpointId, 1);
      expect(pending.status).toBe('pending');
      await t.stop();

      // While no server runs, the CLI changes data: the event waits in the outbox.
      const cli = await runCli([
        'users',
        'create',
        ...t.databaseArgs,
        '--project',
        project.projectId,
        '--email',
        uniqueEmail('offline'),
        '--json',
      ]);
      expect(cli.stderr).toBe('');
      expect(cli.code).toBe(0);
      const offlineUser = JSON.parse(cli.stdout).id;
      await Bun.sleep(300);
      expect(receiver.received.some((e) => e.data.id === offlineUser)).toBe(false);

      t = await startTestInstance(where);
      // Due at once: the event queued while stopped.
      const offline = await receiver.waitFor((e) => e.type === 'user.created' && e.data.id === offlineUser);
      expect(offline.data.primary_email).toStartWith('offline-');
      // Due once its backoff has passed: the retry scheduled before the stop.
      advanceClock(t, webhookRetryDelaysMillis[0]!);
      const retried = await receiver.waitFor((e) => e.type === 'user.created' && e.data.id === firstUser);
      expect(retried.id).toBe(receiver.received.find((e) => e.data.id === firstUser)!.id);
      // The receiver has the event as soon as it answers; the worker records the answer after.
      const log = await pollUntil(
        async () => (await deliveriesOf(t, project, endpointId)).find((d) => d.event_id === retried.id),
        (delivery) => delivery?.status !== 'pending',
      );
      expect(log.status).toBe('succeeded');
      expect(log.attempt_log.map((a: any) => a.status_code)).toEqual([500, 200]);
      expect(receiver.rejected).toEqual([]);
    } finally {
      await t.stop();
      await receiver.stop();
      rmSync(dataDir, { recursive: true, force: true });
      if (databaseUrl) await dropTestDatabase(databaseUrl);
    }
  });
});
