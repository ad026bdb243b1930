// `authd serve --domain`: automatic HTTPS against a real ACME server (Debian's pebble, with
// pebble-challtestsrv answering DNS). authd orders by HTTP-01, pebble connects back to validate,
// and a TLS client trusting pebble's root reaches the API under the test name; then the HTTP
// redirect, a restart that reuses the certificate, a renewal under load, and the refusals.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempDir, runCli, startServeProcess, type ServeProcess } from '../support/instance';
import { decodeInstanceKey } from '../../db/connection';
import { saveCertificate } from '../../server/core/certificates/certificate-manager';
import { fileCertificateStore } from '../../server/core/certificates/certificate-store';
import { readCertificateValidity } from '../../server/providers/acme-client';
import { keyHeaders, removeScratchDirs, scratchDir } from '../support/cli';
import {
  freePort,
  httpsGet,
  httpsRequest,
  logMessages,
  startPebble,
  waitForLog,
  writeSelfSignedCertificate,
  type RunningPebble,
} from '../support/pebble';

afterAll(removeScratchDirs);

function httpsArgs(pebble: RunningPebble, domain: string): string[] {
  return [
    '--domain',
    domain,
    '--http-port',
    String(pebble.httpPort),
    '--acme-directory',
    pebble.directoryUrl,
    '--acme-ca',
    pebble.listenerCaFile,
    '--acme-email',
    'ops@example.com',
  ];
}

const portOf = (server: ServeProcess) => Number(new URL(server.url).port);

describe('a certificate from pebble over HTTP-01', () => {
  let pebble: RunningPebble;
  const dataDir = scratchDir();
  let server: ServeProcess | undefined;

  beforeAll(async () => {
    pebble = await startPebble();
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await pebble.stop();
  });

  let firstSerial: string;

  test('orders, is validated by pebble connecting back, and serves the API under the name', async () => {
    server = await startServeProcess(dataDir, [...httpsArgs(pebble, 'auth.test'), '--production'], undefined, undefined, {
      AUTHD_ACME_RETRY_SECONDS: '1',
    });
    expect(server.url).toMatch(/^https:\/\/auth\.test:\d+$/);
    await waitForLog(server, /^certificate for auth\.test obtained, valid until /);
    const answer = await httpsGet(portOf(server), 'auth.test', '/api/v1', pebble.issuingRoot);
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('Welcome to the Stack API endpoint');
    // Production mode over its own HTTPS: browsers are told to stay on HTTPS.
    expect(answer.headers['strict-transport-security']).toBe('max-age=31536000');
    firstSerial = answer.serial;
    expect(firstSerial).toMatch(/^[0-9A-F]+$/);
    // The private keys are stored sealed, never as PEM.
    const stored = readdirSync(join(dataDir, 'certificates')).map((file) =>
      readFileSync(join(dataDir, 'certificates', file), 'utf8'),
    );
    expect(stored.length).toBe(2);
    expect(stored.join('\n')).not.toContain('PRIVATE KEY');
    expect(stored.join('\n')).toContain('BEGIN CERTIFICATE');
  }, 90_000);

  test('the HTTP port redirects everything but challenges to HTTPS with 308', async () => {
    const response = await fetch(`http://127.0.0.1:${pebble.httpPort}/api/v1/users?limit=1`, {
      headers: { host: `auth.test:${pebble.httpPort}` },
      redirect: 'manual',
    });
    expect(response.status).toBe(308);
    expect(response.headers.get('location')).toBe(`https://auth.test:${portOf(server!)}/api/v1/users?limit=1`);
    const unknownChallenge = await fetch(`http://127.0.0.1:${pebble.httpPort}/.well-known/acme-challenge/nothing-here`, {
      redirect: 'manual',
    });
    expect(unknownChallenge.status).toBe(404);
  }, 90_000);

  test('a restart serves the same certificate without a new order', async () => {
    expect(await server!.stop()).toBe(0);
    server = await startServeProcess(dataDir, httpsArgs(pebble, 'auth.test'));
    await waitForLog(server, /^serving the certificate for auth\.test valid until /);
    const answer = await httpsGet(portOf(server), 'auth.test', '/api/v1', pebble.issuingRoot);
    expect(answer.status).toBe(200);
    expect(answer.serial).toBe(firstSerial);
    expect(logMessages(server).some((event) => /ordering|renewing|obtained/.test(event.message!))).toBe(false);
    // Development mode: no HSTS header (a developer's localhost must not be pinned to HTTPS).
    expect(answer.headers['strict-transport-security']).toBeUndefined();
  }, 90_000);

  test('a forced renewal replaces the certificate without dropping a request', async () => {
    expect(await server!.stop()).toBe(0);
    // Renewing when 100000 days or less remain: the stored certificate is due at once. It is
    // served while the new one is ordered, and requests keep going through the swap.
    server = await startServeProcess(dataDir, httpsArgs(pebble, 'auth.test'), undefined, undefined, {
      AUTHD_ACME_RENEW_DAYS: '100000',
      AUTHD_ACME_RETRY_SECONDS: '1',
    });
    const port = portOf(server);
    const seen: string[] = [];
    const failures: string[] = [];
    let renewed = false;
    const client = async () => {
      while (!renewed) {
        try {
          const answer = await httpsGet(port, 'auth.test', '/api/v1', pebble.issuingRoot);
          if (answer.status !== 200) failures.push(`status ${answer.status}`);
          seen.push(answer.serial);
          if (answer.serial !== firstSerial) renewed = true;
        } catch (error) {
          failures.push(String(error));
        }
      }
    };
    const clients = Promise.all([client(), client(), client()]);
    await waitForLog(server, /^certificate for auth\.test obtained, valid until /);
    await Promise.race([clients, Bun.sleep(30_000)]);
    renewed = true;
    await clients;
    expect(failures).toEqual([]);
    expect(seen).toContain(firstSerial);
    expect(seen.some((serial) => serial !== firstSerial)).toBe(true);
    await waitForLog(server, /^renewing the certificate for auth\.test: it expires /);
  }, 90_000);
});

describe('refusals: authd keeps running, says why in one line, and retries', () => {
  let pebble: RunningPebble;
  const servers: ServeProcess[] = [];

  beforeAll(async () => {
    pebble = await startPebble();
  }, 120_000);
  afterAll(async () => {
    for (const server of servers) await server.stop();
    await pebble.stop();
  });

  test('the ACME server unreachable', async () => {
    const unreachable = `https://127.0.0.1:${await freePort()}/dir`;
    const server = await startServeProcess(
      scratchDir(),
      ['--domain', 'auth.test', '--http-port', String(await freePort()), '--acme-directory', unreachable],
      undefined,
      undefined,
      { AUTHD_ACME_RETRY_SECONDS: '1' },
    );
    servers.push(server);
    const errors = await waitForLog(server, /^certificate: cannot reach the ACME server at /, 2);
    expect(errors[0]).toContain(unreachable);
    expect(errors[0]).toMatch(/; retrying in 1 s$/);
    expect(errors[1]).toMatch(/; retrying in 2 s$/);
    expect(errors[0]).not.toContain('\n');
    expect(server.process.exitCode).toBeNull();
    // Until a certificate arrives, HTTPS refuses the handshake rather than serve a wrong one.
    await expect(httpsGet(portOf(server), 'auth.test', '/api/v1', pebble.issuingRoot)).rejects.toThrow();
  }, 90_000);

  test('the challenge failing: DNS pointing elsewhere', async () => {
    // authd listens on 127.0.0.1 only: 127.0.0.2 is loopback too, and would reach it on 0.0.0.0.
    await pebble.pointName('elsewhere.test', '127.0.0.2');
    const dataDir = scratchDir();
    const server = await startServeProcess(
      dataDir,
      [...httpsArgs(pebble, 'elsewhere.test'), '--host', '127.0.0.1'],
      undefined,
      undefined,
      {
        AUTHD_ACME_RETRY_SECONDS: '1',
      },
    );
    servers.push(server);
    const errors = await waitForLog(
      server,
      /^certificate: the ACME server could not fetch the HTTP-01 challenge from elsewhere\.test \(does its DNS point to this server/,
      2,
    );
    expect(errors[0]).toMatch(/127\.0\.0\.2/);
    expect(errors[0]).not.toContain('\n');
    expect(server.process.exitCode).toBeNull();
    // The account was made and kept; no certificate was stored.
    expect(readdirSync(join(dataDir, 'certificates')).length).toBe(1);
    const ready = await fetch(`http://127.0.0.1:${pebble.httpPort}/health/ready`, { redirect: 'manual' });
    expect(ready.status).toBe(308);
  }, 90_000);
});

describe('a stored certificate close to expiry', () => {
  const dataDir = scratchDir();
  let server: ServeProcess | undefined;
  afterAll(async () => {
    await server?.stop();
  });

  test('shows in /health/ready and in the log; the client address passes through the TLS front', async () => {
    // A data directory with its instance key, then a certificate valid 3 more days stored in it
    // the way authd stores one.
    const first = await startServeProcess(dataDir);
    const demo = first.events.find((event) => event.event === 'project_created' && event.project_id !== 'internal')!;
    expect(await first.stop()).toBe(0);
    const dir = makeTempDir('authd-cert-');
    const [certificateFile, keyFile] = [join(dir, 'cert.pem'), join(dir, 'key.pem')];
    await writeSelfSignedCertificate({
      certificateFile,
      keyFile,
      days: 3,
      commonName: 'auth.test',
      subjectAltName: 'DNS:auth.test',
    });
    const certificatePem = readFileSync(certificateFile, 'utf8');
    const secretKey = decodeInstanceKey(readFileSync(join(dataDir, 'authd.key'), 'utf8'), 'authd.key');
    await saveCertificate({ secretKey }, fileCertificateStore(join(dataDir, 'certificates')), ['auth.test'], {
      certificatePem,
      privateKeyPem: readFileSync(keyFile, 'utf8'),
    });
    // Renewal set to start at 2 days left, so this one is served, not replaced.
    server = await startServeProcess(
      dataDir,
      [
        '--domain',
        'auth.test',
        '--http-port',
        String(await freePort()),
        '--acme-directory',
        `https://127.0.0.1:${await freePort()}/dir`,
      ],
      undefined,
      undefined,
      { AUTHD_ACME_RENEW_DAYS: '2' },
    );
    const [warning] = await waitForLog(server, /^the certificate for auth\.test expires in 3 day\(s\), /);
    expect(warning).toContain(new Date((await readCertificateValidity(certificatePem)).notAfter).toISOString());
    const ready = await httpsGet(portOf(server), 'auth.test', '/health/ready', certificatePem);
    expect(ready.status).toBe(200);
    expect(ready.body).toBe(`ready\n${warning}`);

    // The client's own address reaches the audit log (and rate limits) through the TLS front:
    // sent from 127.0.0.2, where the front's connection to the HTTP server comes from 127.0.0.1.
    const signUp = await httpsRequest(portOf(server), 'auth.test', '/api/v1/auth/password/sign-up', certificatePem, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...keyHeaders(demo.project_id, 'client', demo) },
      body: JSON.stringify({ email: 'front@example.com', password: 'a long enough password 1' }),
      localAddress: '127.0.0.2',
    });
    expect(signUp.status).toBe(200);
    const audit = await runCli(['audit', '--project', demo.project_id, '--data', dataDir, '--json', '--type', 'user.created']);
    expect(JSON.parse(audit.stdout).items.map((item: { ip: string }) => item.ip)).toEqual(['127.0.0.2']);
  }, 90_000);
});
