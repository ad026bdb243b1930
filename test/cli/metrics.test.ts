// `authd serve --metrics`: GET /metrics scraped from a real serve process, parsed as Prometheus
// text, with counts that move with the requests made; who may read it (loopback, bearer token,
// proxied requests); 404 without --metrics.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { networkInterfaces } from 'node:os';
import { rmSync } from 'node:fs';
import {
  callApi,
  makeTempDir,
  newDataLocation,
  projectHeaders,
  startServeProcess,
  type DataLocation,
  type ServeProcess,
} from '../support/instance';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { startSmtpReceiver } from '../support/smtp-receiver';
import { pollUntil } from '../support/poll-until';
import { magicLinkCallback, receiveMagicLink } from '../support/magic-links';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/**
 * Parses the Prometheus text exposition format (version 0.0.4): comment lines, then one sample
 * per line `name{label="value",…} number`. Throws on any line that is neither, and on a sample
 * whose metric had no TYPE line before it.
 */
function parsePrometheusText(text: string): Sample[] {
  const samples: Sample[] = [];
  const typed = new Set<string>();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const type = /^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) {
      typed.add(type[1]!);
      continue;
    }
    if (/^# HELP [a-zA-Z_:][a-zA-Z0-9_:]* /.test(line)) continue;
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)(?: -?\d+)?$/.exec(line);
    if (!sample) throw new Error(`not a Prometheus text line: ${line}`);
    const [, name, labelText, valueText] = sample;
    const family = name!.replace(/_(bucket|sum|count|total|created)$/, '');
    if (!typed.has(name!) && !typed.has(family) && !typed.has(`${family}_total`))
      throw new Error(`sample before its TYPE line: ${line}`);
    const labels: Record<string, string> = {};
    const labelPattern = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(?:,|$)/y;
    let consumed = 0;
    for (let match = labelPattern.exec(labelText ?? ''); match; match = labelPattern.exec(labelText ?? '')) {
      labels[match[1]!] = match[2]!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
      consumed = labelPattern.lastIndex;
    }
    if (consumed !== (labelText ?? '').length) throw new Error(`bad labels in: ${line}`);
    const value = valueText === '+Inf' ? Infinity : valueText === '-Inf' ? -Infinity : Number(valueText);
    if (Number.isNaN(value) && valueText !== 'NaN') throw new Error(`bad value in: ${line}`);
    samples.push({ name: name!, labels, value });
  }
  return samples;
}

/** The sum of a metric's samples whose labels include `labels` (0 when there are none yet). */
function total(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}

/** An IPv4 address of this machine that is not loopback: requests to it come from a non-loopback peer. */
function outsideAddress(): string {
  for (const addresses of Object.values(networkInterfaces())) {
    for (const address of addresses ?? []) if (address.family === 'IPv4' && !address.internal) return address.address;
  }
  throw new Error('this test needs a non-loopback IPv4 interface to call from');
}

const token = 'metrics-token-for-the-test-0123456789';
let data: DataLocation, server: ServeProcess, loopbackUrl: string, outsideUrl: string, demo: BootstrappedProject;

beforeAll(async () => {
  // SQLite, or a PostgreSQL database of its own with AUTHD_TEST_DIALECT=postgres.
  data = await newDataLocation();
  server = await startServeProcess(data.location, ['--host', '0.0.0.0', '--metrics', '--metrics-token', token]);
  const port = new URL(server.url).port;
  loopbackUrl = `http://127.0.0.1:${port}`;
  outsideUrl = `http://${outsideAddress()}:${port}`;
  demo = demoProject(server);
});

/** The demo project a development serve created, from its project_created event. */
function demoProject(served: ServeProcess): BootstrappedProject {
  const created = served.events.find((e) => e.event === 'project_created' && e.project_id !== 'internal')!;
  return {
    projectId: created.project_id,
    displayName: created.display_name,
    keys: {
      publishable_client_key: created.publishable_client_key,
      secret_server_key: created.secret_server_key,
      super_secret_admin_key: created.super_secret_admin_key,
    },
  } as BootstrappedProject;
}

afterAll(async () => {
  expect(await server.stop()).toBe(0);
  await data.remove();
});

async function scrape(): Promise<Sample[]> {
  const response = await fetch(`${loopbackUrl}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toStartWith('text/plain; version=0.0.4');
  return parsePrometheusText(await response.text());
}

describe('GET /metrics with --metrics', () => {
  test('is Prometheus text naming every authd metric, and the listening event says where it is', async () => {
    const samples = await scrape();
    const names = new Set(samples.map((s) => s.name));
    for (const name of ['authd_email_queue_messages', 'authd_webhook_queue_deliveries', 'process_resident_memory_bytes']) {
      expect(names).toContain(name);
    }
    expect(total(samples, 'authd_webhook_queue_deliveries', { status: 'pending' })).toBe(0);
    expect(server.events.find((e) => e.event === 'listening')?.metrics_url).toBe(
      `${server.url.replace('0.0.0.0', 'localhost')}/metrics`,
    );
  });

  test('counts move with the requests made: routes by pattern, sign-ups and sign-ins by outcome, refusals, queue, transactions', async () => {
    const before = await scrape();
    const client = projectHeaders(demo, 'client');
    const email = `metrics-${crypto.randomUUID()}@example.com`;
    const signedUp = await callApi(loopbackUrl, 'POST', '/api/v1/auth/password/sign-up', {
      headers: client,
      body: { email, password: 'a long enough password 1' },
    });
    expect(signedUp.status).toBe(200);
    const wrong = await callApi(loopbackUrl, 'POST', '/api/v1/auth/password/sign-in', {
      headers: client,
      body: { email, password: 'not the password at all' },
    });
    expect(wrong.status).toBe(400);
    const signedIn = await callApi(loopbackUrl, 'POST', '/api/v1/auth/password/sign-in', {
      headers: client,
      body: { email, password: 'a long enough password 1' },
    });
    expect(signedIn.status).toBe(200);
    // Two reads of the same user by id: one series under the route's pattern, not one per id.
    const server_ = projectHeaders(demo, 'server');
    for (let i = 0; i < 2; i++) {
      expect((await callApi(loopbackUrl, 'GET', `/api/v1/users/${signedUp.json.user_id}`, { headers: server_ })).status).toBe(
        200,
      );
    }
    // Five codes per address an hour: the sixth is refused by the emailSendPerAddress rule.
    const codeTarget = `codes-${crypto.randomUUID()}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const sent = await callApi(loopbackUrl, 'POST', '/api/v1/auth/otp/send-sign-in-code', {
        headers: client,
        body: { email: codeTarget, callback_url: 'http://localhost:3000/handler/magic-link-callback' },
      });
      statuses.push(sent.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);

    const after = await scrape();
    const moved = (name: string, labels: Record<string, string> = {}) => total(after, name, labels) - total(before, name, labels);
    expect(moved('authd_auth_attempts_total', { action: 'sign_up', method: 'password', outcome: 'success' })).toBe(1);
    expect(moved('authd_auth_attempts_total', { action: 'sign_in', method: 'password', outcome: 'success' })).toBe(1);
    expect(
      moved('authd_auth_attempts_total', { action: 'sign_in', method: 'password', outcome: 'email_password_mismatch' }),
    ).toBe(1);
    const signInRoute = { method: 'POST', route: '/api/v1/auth/password/sign-in' };
    expect(moved('authd_http_request_duration_seconds_count', { ...signInRoute, status: '200' })).toBe(1);
    expect(moved('authd_http_request_duration_seconds_count', { ...signInRoute, status: '400' })).toBe(1);
    expect(moved('authd_http_request_duration_seconds_bucket', { ...signInRoute, status: '400', le: '+Inf' })).toBe(1);
    expect(
      moved('authd_http_request_duration_seconds_count', { method: 'GET', route: '/api/v1/users/:user_id', status: '200' }),
    ).toBe(2);
    expect(after.some((s) => s.labels.route?.includes(signedUp.json.user_id))).toBe(false);
    expect(moved('authd_rate_limit_refusals_total', { rule: 'emailSendPerAddress' })).toBe(1);
    expect(moved('authd_database_write_transaction_seconds_count')).toBeGreaterThanOrEqual(3);
    // Development mode keeps sent codes in the outbox: five more messages there.
    expect(
      moved('authd_email_queue_messages', { status: 'outbox' }) + moved('authd_email_queue_messages', { status: 'pending' }),
    ).toBe(5);
  });
});

test("a magic link's first use counts as a sign-up, its later uses as sign-ins", async () => {
  const smtp = await startSmtpReceiver();
  const dir = makeTempDir();
  const served = await startServeProcess(dir, ['--metrics', '--smtp', smtp.url]);
  try {
    const project = demoProject(served);
    const email = `link-${crypto.randomUUID()}@example.com`;
    const scrapeServed = async () => parsePrometheusText(await (await fetch(`${served.url}/metrics`)).text());
    const magicLink = { action: 'sign_up', method: 'magic_link', outcome: 'success' };
    for (const [index, action] of (['sign_up', 'sign_in'] as const).entries()) {
      const before = await scrapeServed();
      const sent = await callApi(served.url, 'POST', '/api/v1/auth/otp/send-sign-in-code', {
        headers: projectHeaders(project, 'client'),
        body: { email, callback_url: magicLinkCallback },
      });
      expect(sent.status).toBe(200);
      const { code } = await receiveMagicLink(smtp, email, index);
      const signedIn = await callApi(served.url, 'POST', '/api/v1/auth/otp/sign-in', {
        headers: projectHeaders(project, 'client'),
        body: { code },
      });
      expect(signedIn.json.is_new_user).toBe(action === 'sign_up');
      const after = await scrapeServed();
      const delivered = { kind: 'email', outcome: 'delivered' };
      expect(
        total(after, 'authd_delivery_attempts_total', delivered) - total(before, 'authd_delivery_attempts_total', delivered),
      ).toBe(1);
      for (const counted of ['sign_up', 'sign_in'] as const) {
        const labels = { ...magicLink, action: counted };
        expect(total(after, 'authd_auth_attempts_total', labels) - total(before, 'authd_auth_attempts_total', labels)).toBe(
          counted === action ? 1 : 0,
        );
      }
    }
  } finally {
    expect(await served.stop()).toBe(0);
    await smtp.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('an SMTP server that refuses connections: a failed attempt, and the message waits in the queue', async () => {
  const closed = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } });
  const closedPort = closed.port;
  closed.stop(true);
  const dir = makeTempDir();
  const served = await startServeProcess(dir, ['--metrics', '--smtp', `smtp://127.0.0.1:${closedPort}`]);
  try {
    const sent = await callApi(served.url, 'POST', '/api/v1/auth/otp/send-sign-in-code', {
      headers: projectHeaders(demoProject(served), 'client'),
      body: { email: `unsent-${crypto.randomUUID()}@example.com`, callback_url: magicLinkCallback },
    });
    expect(sent.status).toBe(200);
    const samples = await pollUntil(
      async () => parsePrometheusText(await (await fetch(`${served.url}/metrics`)).text()),
      (read) => total(read, 'authd_delivery_attempts_total', { kind: 'email', outcome: 'failed' }) > 0,
    );
    expect(total(samples, 'authd_delivery_attempts_total', { kind: 'email', outcome: 'failed' })).toBe(1);
    expect(total(samples, 'authd_delivery_attempts_total', { kind: 'email', outcome: 'delivered' })).toBe(0);
    expect(total(samples, 'authd_email_queue_messages', { status: 'pending' })).toBe(1);
  } finally {
    expect(await served.stop()).toBe(0);
    rmSync(dir, { recursive: true, force: true });
  }
});

describe('who may read /metrics', () => {
  test('a loopback caller freely; a proxied loopback request or a wrong token is refused', async () => {
    expect((await fetch(`${loopbackUrl}/metrics`)).status).toBe(200);
    expect((await fetch(`${loopbackUrl}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.9' } })).status).toBe(401);
    expect(
      (await fetch(`${loopbackUrl}/metrics`, { headers: { authorization: 'Bearer wrong-token-of-some-length' } })).status,
    ).toBe(401);
  });

  test('a non-loopback caller only with the configured bearer token', async () => {
    const without = await fetch(`${outsideUrl}/metrics`);
    expect(without.status).toBe(401);
    expect(without.headers.get('www-authenticate')).toStartWith('Bearer');
    expect((await fetch(`${outsideUrl}/metrics`, { headers: { authorization: `Bearer ${token}x` } })).status).toBe(401);
    const withToken = await fetch(`${outsideUrl}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    expect(withToken.status).toBe(200);
    expect(parsePrometheusText(await withToken.text()).length).toBeGreaterThan(0);
  });

  test('without a token configured a non-loopback caller gets 403; without --metrics there is no /metrics', async () => {
    const otherDir = makeTempDir();
    const open = await startServeProcess(otherDir, ['--host', '0.0.0.0', '--metrics']);
    const without = await startServeProcess(makeTempDir(), []);
    try {
      const port = new URL(open.url).port;
      const refused = await fetch(`http://${outsideAddress()}:${port}/metrics`);
      expect(refused.status).toBe(403);
      expect(await refused.text()).toContain('--metrics-token');
      expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(200);
      expect((await fetch(`${without.url}/metrics`)).status).toBe(404);
      expect(without.events.find((e) => e.event === 'listening')?.metrics_url).toBeUndefined();
    } finally {
      expect(await open.stop()).toBe(0);
      expect(await without.stop()).toBe(0);
      rmSync(otherDir, { recursive: true, force: true });
    }
  });
});
