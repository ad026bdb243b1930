// `authd serve --domain` on PostgreSQL: two instances on one database, as behind a load
// balancer, order one certificate between them (the order lock), answer the HTTP-01 challenge
// whichever of them pebble reaches (the challenge is a row), and serve the same certificate.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { SQL } from 'bun';
import { startServeProcess, type ServeProcess } from '../support/instance';
import { freePort, httpsGet, logMessages, startPebble, waitForLog, type RunningPebble } from '../support/pebble';
import { dropTestDatabases, testDatabase } from './postgres-support';

const instanceKey = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64');
let pebble: RunningPebble;
let databaseUrl: string;
const servers: ServeProcess[] = [];

beforeAll(async () => {
  [pebble, databaseUrl] = await Promise.all([startPebble(), testDatabase()]);
}, 60_000);

afterAll(async () => {
  for (const server of servers) await server.stop();
  await pebble?.stop();
  await dropTestDatabases();
}, 30_000);

const start = async (httpPort: number) => {
  const server = await startServeProcess(
    databaseUrl,
    [
      '--domain',
      'auth.test',
      '--http-port',
      String(httpPort),
      '--acme-directory',
      pebble.directoryUrl,
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

test('two instances order one certificate and serve it both', async () => {
  // The database made first, then both started at once, so both want the certificate. Only
  // A's HTTP port is the one pebble validates on: if B wins the order lock, A still gives the
  // answer B published.
  const first = await startServeProcess(databaseUrl, [], undefined, undefined, { AUTHD_INSTANCE_KEY: instanceKey });
  expect(await first.stop()).toBe(0);
  const [a, b] = await Promise.all([start(pebble.httpPort), start(await freePort())]);
  for (const server of [a, b]) await waitForLog(server, /^serving the certificate for auth\.test valid until /);
  const get = (server: ServeProcess) => httpsGet(Number(new URL(server.url).port), 'auth.test', '/api/v1', pebble.issuingRoot);
  const fromA = await get(a);
  const fromB = await get(b);
  expect([fromA.status, fromB.status]).toEqual([200, 200]);
  expect(fromB.serial).toBe(fromA.serial);
  const orders = [a, b].flatMap((server) =>
    logMessages(server).filter((event) => /^certificate for auth\.test obtained/.test(event.message!)),
  );
  expect(orders).toHaveLength(1);

  // In the database: the account key and the certificate, private keys sealed; no challenge or
  // lock left behind.
  const client = new SQL({ url: databaseUrl, max: 1 });
  try {
    const rows: { key: string; value: string }[] = await client`SELECT key, value FROM acme_state ORDER BY key`;
    expect(rows.map((row) => row.key)).toEqual([`account:${pebble.directoryUrl}`, 'certificate:auth.test']);
    expect(rows.map((row) => row.value).join('\n')).not.toContain('PRIVATE KEY');
  } finally {
    await client.close();
  }
}, 120_000);
