// A real ACME server for the automatic-HTTPS tests: Debian's pebble with pebble-challtestsrv as
// its DNS, both on 127.0.0.1 with ports of their own. Every name resolves to 127.0.0.1 unless a
// test points it elsewhere; pebble validates HTTP-01 by connecting to `httpPort`, where the test
// runs authd's --http-port.
import { writeFileSync } from 'node:fs';
import { request } from 'node:https';
import type { TLSSocket } from 'node:tls';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { challengeTestServerPath, ensurePebble, pebblePath } from '../../scripts/ensure-pebble';
import { makeTempDir, type ServeProcess } from './instance';
import { pollUntil } from './poll-until';

export interface RunningPebble {
  directoryUrl: string;
  /** The port pebble validates HTTP-01 challenges on. */
  httpPort: number;
  /** PEM of the CA pebble's own HTTPS listener uses (for --acme-ca). */
  listenerCaFile: string;
  /** PEM of the root pebble signs certificates with (changes at every start). */
  issuingRoot: string;
  /** Makes the mock DNS answer `address` for `name` (A record). */
  pointName(name: string, address: string): Promise<void>;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function run(command: string[]): Promise<void> {
  const child = Bun.spawn(command, { stdout: 'ignore', stderr: 'pipe' });
  if ((await child.exited) !== 0) throw new Error(`${command.join(' ')} failed: ${await new Response(child.stderr).text()}`);
}

/** An ECDSA P-256 certificate signed by its own key, written as PEM files (openssl). */
export async function writeSelfSignedCertificate(options: {
  certificateFile: string;
  keyFile: string;
  days: number;
  commonName: string;
  subjectAltName: string;
}): Promise<void> {
  await run([
    'openssl',
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-days',
    String(options.days),
    '-keyout',
    options.keyFile,
    '-out',
    options.certificateFile,
    '-subj',
    `/CN=${options.commonName}`,
    '-addext',
    `subjectAltName=${options.subjectAltName}`,
  ]);
}

export async function startPebble(): Promise<RunningPebble> {
  await ensurePebble();
  const dir = makeTempDir('authd-pebble-');
  const [acmePort, managementPort, httpPort, dnsPort, dnsManagementPort] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ]);
  // pebble's own listener needs a certificate; a self-signed one for 127.0.0.1 is also the CA
  // authd is told to trust for it (--acme-ca).
  const listenerCaFile = join(dir, 'listener.pem');
  const listenerKeyFile = join(dir, 'listener.key');
  await writeSelfSignedCertificate({
    certificateFile: listenerCaFile,
    keyFile: listenerKeyFile,
    days: 2,
    commonName: 'pebble test listener',
    subjectAltName: 'IP:127.0.0.1,DNS:localhost',
  });
  const configFile = join(dir, 'pebble.json');
  writeFileSync(
    configFile,
    JSON.stringify({
      pebble: {
        listenAddress: `127.0.0.1:${acmePort}`,
        managementListenAddress: `127.0.0.1:${managementPort}`,
        certificate: listenerCaFile,
        privateKey: listenerKeyFile,
        httpPort,
        tlsPort: await freePort(),
        ocspResponderURL: '',
        externalAccountBindingRequired: false,
      },
    }),
  );
  const dns = Bun.spawn(
    [
      challengeTestServerPath,
      '-defaultIPv4',
      '127.0.0.1',
      '-defaultIPv6',
      '',
      '-dns01',
      `127.0.0.1:${dnsPort}`,
      '-management',
      `127.0.0.1:${dnsManagementPort}`,
      '-http01',
      '',
      '-https01',
      '',
      '-tlsalpn01',
      '',
    ],
    { stdout: 'ignore', stderr: 'ignore' },
  );
  const pebble = Bun.spawn([pebblePath, '-config', configFile, '-dnsserver', `127.0.0.1:${dnsPort}`], {
    env: { ...process.env, PEBBLE_VA_NOSLEEP: '1', PEBBLE_WFE_NONCEREJECT: '0', PEBBLE_AUTHZREUSE: '0' },
    stdout: 'ignore',
    stderr: 'ignore',
  });
  const stop = async () => {
    pebble.kill();
    dns.kill();
    await Promise.all([pebble.exited, dns.exited]);
  };
  try {
    const insecure = { tls: { rejectUnauthorized: false } };
    const issuingRoot = await pollUntil(
      async () => {
        try {
          const response = await fetch(`https://127.0.0.1:${managementPort}/roots/0`, insecure);
          return response.ok ? await response.text() : '';
        } catch {
          return '';
        }
      },
      (text) => text.includes('BEGIN CERTIFICATE'),
      15_000,
    );
    await pollUntil(
      async () => {
        try {
          return (
            await fetch(`http://127.0.0.1:${dnsManagementPort}/clear-request-history`, {
              method: 'POST',
              body: '{"host":"x","type":"DNS"}',
            })
          ).status;
        } catch {
          return 0;
        }
      },
      (status) => status > 0,
      15_000,
    );
    return {
      directoryUrl: `https://127.0.0.1:${acmePort}/dir`,
      httpPort,
      listenerCaFile,
      issuingRoot,
      async pointName(name, address) {
        const response = await fetch(`http://127.0.0.1:${dnsManagementPort}/add-a`, {
          method: 'POST',
          body: JSON.stringify({ host: name, addresses: [address] }),
        });
        if (!response.ok) throw new Error(`pebble-challtestsrv add-a: ${response.status}`);
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

export interface HttpsAnswer {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
  serial: string;
}

/** A request over a fresh TLS connection to 127.0.0.1:port, SNI and Host `name`, trusting only `root`. */
export function httpsRequest(
  port: number,
  name: string,
  path: string,
  root: string,
  init: { method?: string; headers?: Record<string, string>; body?: string; localAddress?: string } = {},
): Promise<HttpsAnswer> {
  return new Promise((resolve, reject) => {
    const call = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: init.method ?? 'GET',
        servername: name,
        headers: { host: `${name}:${port}`, ...init.headers },
        ca: root,
        agent: false,
        localAddress: init.localAddress,
      },
      (response) => {
        const serial = (response.socket as TLSSocket).getPeerCertificate().serialNumber;
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, body, headers: response.headers, serial }));
      },
    );
    call.on('error', reject);
    call.end(init.body);
  });
}

export const httpsGet = (port: number, name: string, path: string, root: string) => httpsRequest(port, name, path, root);

export const logMessages = (server: ServeProcess) =>
  server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level?: string; message?: string })
    .filter((event) => event.message !== undefined);

export async function waitForLog(server: ServeProcess, pattern: RegExp, count = 1): Promise<string[]> {
  const found = await pollUntil(
    () =>
      logMessages(server)
        .map((event) => event.message!)
        .filter((message) => pattern.test(message)),
    (messages) => messages.length >= count,
    60_000,
  );
  if (found.length < count) {
    const log = logMessages(server).map((event) => `  ${event.level}: ${event.message}`);
    throw new Error(
      `no ${count} log line(s) matching ${pattern} within 60 s; the log:\n${log.join('\n')}\n${server.output().slice(-2000)}`,
    );
  }
  return found;
}
