// `authd serve --domain` on PostgreSQL, as behind a load balancer: the HTTP-01 answer one
// instance's order publishes is given by another (the challenge is a row), every instance serves
// the certificate one of them ordered, and the order lock lets one instance order at a time.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { SQL } from 'bun';
import { freePort, httpsGet, logMessages, startPebble, waitForLog, type RunningPebble } from '../support/pebble';
import { startServeProcess, type ServeProcess } from '../support/instance';
import { postgresCertificateStore } from '../../server/core/certificates/certificate-store';
import { openPostgresLocation } from '../../server/core/storage/database-location';
import { dropTestDatabases, testDatabase } from './postgres-support';

const instanceKey = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64');
let databaseUrl: string;

beforeAll(async () => {
  databaseUrl = await testDatabase();
}, 60_000);

afterAll(async () => {
  await dropTestDatabases();
}, 30_000);

describe('two instances on one database', () => {
  let pebble: RunningPebble;
  const servers: ServeProcess[] = [];

  beforeAll(async () => {
    pebble = await startPebble();
  }, 60_000);
  afterAll(async () => {
    for (const server of servers) await server.stop();
    await pebble?.stop();
  }, 30_000);

  const start = async (httpPort: number, directoryUrl: string) => {
    const server = await startServeProcess(
      databaseUrl,
      [
        '--domain',
        'auth.test',
        '--http-port',
        String(httpPort),
        '--acme-directory',
        directoryUrl,
        '--acme-ca',
        pebble.listenerCaFile,
      ],
      undefined,
      undefined,
      { AUTHD_INSTANCE_KEY: instanceKey, AUTHD_ACME_RETRY_SECONDS: '1' },
    );
    servers.push(server);
    return server;
  };

  test('one orders, the other answers the challenge, and both serve the certificate', async () => {
    // A holds the port pebble validates on but cannot reach the ACME server, so it never
    // orders; B orders, and pebble's validation request reaches A, which answers from the row
    // B published.
    const a = await start(pebble.httpPort, `https://127.0.0.1:${await freePort()}/dir`);
    await waitForLog(a, /^certificate: cannot reach the ACME server at /);
    const b = await start(await freePort(), pebble.directoryUrl);
    await waitForLog(b, /^certificate for auth\.test obtained, valid until /);
    // A finds it in the database at its next check, before trying to order again.
    await waitForLog(a, /^serving the certificate for auth\.test valid until /);
    const get = (server: ServeProcess) => httpsGet(Number(new URL(server.url).port), 'auth.test', '/api/v1', pebble.issuingRoot);
    const fromA = await get(a);
    const fromB = await get(b);
    expect([fromA.status, fromB.status]).toEqual([200, 200]);
    expect(fromA.serial).toBe(fromB.serial);
    expect(logMessages(a).some((event) => /obtained/.test(event.message!))).toBe(false);

    // In the database: two account keys (one per ACME directory; A's was made before its order
    // failed) and the certificate, private keys sealed; no challenge or lock left behind.
    const client = new SQL({ url: databaseUrl, max: 1 });
    try {
      const rows: { key: string; value: string }[] = await client`SELECT key, value FROM acme_state ORDER BY key`;
      expect(rows.map((row) => row.key).filter((key) => !key.startsWith('account:'))).toEqual(['certificate:auth.test']);
      expect(rows.map((row) => row.key)).toContain(`account:${pebble.directoryUrl}`);
      expect(rows.map((row) => row.value).join('\n')).not.toContain('PRIVATE KEY');
    } finally {
      await client.close();
    }
  }, 120_000);
});

test('the order lock: one holder at a time, and a lease that a crashed holder loses', async () => {
  const [first, second] = await Promise.all([openPostgresLocation(databaseUrl), openPostgresLocation(databaseUrl)]);
  try {
    const [storeA, storeB] = [postgresCertificateStore(first), postgresCertificateStore(second)];
    const now = Date.now();
    let release!: () => void;
    let acquired!: () => void;
    const holdingStarted = new Promise<void>((resolve) => (acquired = resolve));
    const holding = storeA.withOrderLock(now, 60_000, () => {
      acquired();
      return new Promise<string>((resolve) => (release = () => resolve('A ordered')));
    });
    await holdingStarted;
    // While A holds it, B is told it is busy and its order does not run.
    let ranB = false;
    expect(await storeB.withOrderLock(now, 60_000, async () => (ranB = true))).toBe('busy');
    expect(ranB).toBe(false);
    release();
    expect(await holding).toBe('A ordered');
    // Released: B takes it.
    expect(await storeB.withOrderLock(now, 60_000, async () => 'B ordered')).toBe('B ordered');

    // A holder that never releases (a crash mid-order): the lease ends, then another takes it.
    await first.countersSql`INSERT INTO acme_state (key, value, updated_at) VALUES ('order-lock', 'a crashed instance', ${now + 60_000})`;
    expect(await storeB.withOrderLock(now, 60_000, async () => 'too early')).toBe('busy');
    expect(await storeB.withOrderLock(now + 60_001, 60_000, async () => 'after the lease')).toBe('after the lease');
  } finally {
    await Promise.all([first.close(), second.close()]);
  }
});
