// One POST to a webhook endpoint over node:http(s). In production the hostname is resolved here,
// every address it resolves to is checked, and the connection goes to exactly the address
// checked: a DNS answer that changes between the check and the connection (rebinding) cannot
// make authd reach a private address. TLS still verifies the certificate for the hostname.
import http from 'node:http';
import https from 'node:https';
import type { LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { resolvePublicAddresses, resolveWithSystemDns, type ResolveAddresses } from './public-addresses';

export interface EndpointAnswer {
  status: number;
  /** The start of the body, for the delivery log. */
  excerpt: string | null;
}

export interface EndpointRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  signal: AbortSignal;
  /** Public addresses only (production), or whatever the name resolves to (development). */
  publicOnly: boolean;
  resolve?: ResolveAddresses;
  excerptBytes: number;
}

type LookupCallback = (error: Error | null, address: string | LookupAddress[], family?: number) => void;

/** node:http's `lookup` option, answering with addresses resolvePublicAddresses checked. */
function publicOnlyLookup(resolve: ResolveAddresses) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    resolvePublicAddresses(hostname, resolve).then(
      (addresses) => {
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: Error) => callback(error, ''),
    );
  };
}

export async function postToEndpoint(request: EndpointRequest): Promise<EndpointAnswer> {
  const url = new URL(request.url);
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const resolve = request.resolve ?? resolveWithSystemDns;
  // node:http skips `lookup` for an IP-address host, so literal addresses are checked here.
  if (request.publicOnly && isIP(hostname)) await resolvePublicAddresses(hostname, resolve);
  const transport = url.protocol === 'https:' ? https : http;
  return await new Promise<EndpointAnswer>((settle, fail) => {
    // Set once the status line has arrived: from then on an error (the timeout during a slow
    // body, a reset) ends the read, and the status code still counts.
    let finishAnswer: (() => void) | undefined;
    const outgoing = transport.request(
      {
        protocol: url.protocol,
        hostname,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
        signal: request.signal,
        ...(request.publicOnly ? { lookup: publicOnlyLookup(resolve) as never } : {}),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () => {
          response.destroy();
          const text = Buffer.concat(chunks).subarray(0, request.excerptBytes).toString('utf8');
          settle({ status: response.statusCode ?? 0, excerpt: text === '' ? null : text });
        };
        finishAnswer = finish;
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.byteLength;
          // The rest is not read: the status code is what counts.
          if (size >= request.excerptBytes) finish();
        });
        response.on('end', finish);
        response.on('error', finish);
      },
    );
    outgoing.on('error', (error) => (finishAnswer ? finishAnswer() : fail(error)));
    outgoing.end(request.body);
  });
}
