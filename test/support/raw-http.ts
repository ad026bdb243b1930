// Requests written byte for byte over TCP, for what fetch will not send: no Host header, an
// empty or foreign one, CONNECT, HTTP/1.0.
import { connect } from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  raw: string;
}

/** Sends `lines` (joined with CRLF, ended by an empty line) to the server at `baseUrl`. */
export async function rawRequest(baseUrl: string, lines: string[], body = ''): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  const raw = await new Promise<string>((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`));
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      received += chunk;
      // One response is all we ask for; close once its declared body has arrived.
      const end = received.indexOf('\r\n\r\n');
      const length = /\r\ncontent-length: *(\d+)/i.exec(received.slice(0, end));
      if (end >= 0 && length && received.length >= end + 4 + Number(length[1])) socket.end();
    });
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
  });
  const end = raw.indexOf('\r\n\r\n');
  const [statusLine, ...headerLines] = raw.slice(0, end < 0 ? raw.length : end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine?.split(' ')[1]), headers, body: end < 0 ? '' : raw.slice(end + 4), raw };
}
