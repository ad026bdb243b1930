// The two listeners of automatic HTTPS (`authd serve --domain`). Plain HTTP answers ACME HTTP-01
// challenges and sends everything else to HTTPS with 308. HTTPS is a TLS front that hands each
// decrypted connection to the HTTP server on a loopback port: Bun.serve cannot change its
// certificate while running (its reload ignores `tls`) and a second listener on the same port
// drops connections queued on the first when it closes, whereas node:tls chooses the
// certificate per handshake, so a renewal takes effect without a request lost.
import { connect, type Socket } from 'node:net';
import { createSecureContext, createServer, type SecureContext } from 'node:tls';

export interface ChallengeListenerOptions {
  host: string;
  port: number;
  /** The key authorization for a token, if an order published one. */
  challengeAnswer(token: string): Promise<string | undefined>;
  /** Where a plain-HTTP request goes: https://NAME[:PORT]/path. */
  httpsOrigin(requestHost: string | null): string;
}

export interface RunningListener {
  port: number;
  stop(): Promise<void>;
}

const challengePrefix = '/.well-known/acme-challenge/';

export function startChallengeListener(options: ChallengeListenerOptions): RunningListener {
  const server = Bun.serve({
    hostname: options.host,
    port: options.port,
    async fetch(request) {
      const url = new URL(request.url);
      if (url.pathname.startsWith(challengePrefix)) {
        const token = url.pathname.slice(challengePrefix.length);
        const answer = /^[A-Za-z0-9_-]+$/.test(token) ? await options.challengeAnswer(token) : undefined;
        if (answer) return new Response(answer, { headers: { 'content-type': 'text/plain' } });
        return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } });
      }
      const location = `${options.httpsOrigin(request.headers.get('host'))}${url.pathname}${url.search}`;
      return new Response(null, { status: 308, headers: { location } });
    },
  });
  return {
    port: server.port!,
    async stop() {
      await server.stop(false);
    },
  };
}

export interface TlsFrontOptions {
  host: string;
  port: number;
  /** Where the HTTP server listens, on the loopback interface. */
  innerPort: number;
}

export interface RunningTlsFront extends RunningListener {
  /** Serve this certificate from the next handshake on; connections already open keep theirs. */
  useCertificate(certificatePem: string, privateKeyPem: string): void;
  /**
   * The client's address for a connection the front made to the HTTP server, by the front's
   * local port: the HTTP server sees only the front, and rate limits need the client.
   */
  clientAddressOf(frontPort: number): string | undefined;
}

export function startTlsFront(options: TlsFrontOptions): Promise<RunningTlsFront> {
  let context: SecureContext | undefined;
  const clientByFrontPort = new Map<number, string>();
  const open = new Set<Socket>();
  const server = createServer(
    {
      // No certificate yet: the handshake fails, which a browser shows as a connection error.
      SNICallback: (_name, done) => (context ? done(null, context) : done(new Error('no certificate yet'))),
    },
    (client) => {
      open.add(client);
      const upstream = connect({ host: '127.0.0.1', port: options.innerPort });
      let frontPort: number | undefined;
      upstream.on('connect', () => {
        frontPort = upstream.localPort;
        if (frontPort !== undefined && client.remoteAddress) clientByFrontPort.set(frontPort, client.remoteAddress);
        client.pipe(upstream);
        upstream.pipe(client);
      });
      const close = () => {
        if (frontPort !== undefined) clientByFrontPort.delete(frontPort);
        open.delete(client);
        client.destroy();
        upstream.destroy();
      };
      client.on('error', close);
      upstream.on('error', close);
      client.on('close', close);
      upstream.on('close', close);
    },
  );
  // A client that opens TLS and never finishes the handshake only costs its socket.
  server.on('tlsClientError', () => undefined);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      const address = server.address();
      resolve({
        port: typeof address === 'object' && address ? address.port : options.port,
        useCertificate(certificatePem, privateKeyPem) {
          context = createSecureContext({ cert: certificatePem, key: privateKeyPem });
        },
        clientAddressOf: (frontPort) => clientByFrontPort.get(frontPort),
        stop: () =>
          new Promise<void>((done) => {
            // Stop accepting; the HTTP server's own stop lets the requests in flight finish.
            server.close(() => done());
            setTimeout(() => {
              for (const socket of open) socket.destroy();
            }, 5000).unref();
          }),
      });
    });
  });
}
