// One POST to an endpoint (webhook-requests.ts) against real local listeners: the time limit ends
// a silent endpoint, a status line that arrived still counts when the body is cut short, a
// redirect is not followed, and with public addresses only nothing private is ever connected to.
import { afterAll, expect, test } from 'bun:test';
import { NonPublicAddressError } from '../../server/core/webhooks/public-addresses';
import { postToEndpoint } from '../../server/core/webhooks/webhook-requests';

let connections = 0;
const silent = Bun.listen({
  hostname: '127.0.0.1',
  port: 0,
  socket: {
    open() {
      connections++;
    },
    data() {},
  },
});
let redirectTargetHits = 0;
const receiver = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  fetch(request) {
    const path = new URL(request.url).pathname;
    if (path === '/slow-body') {
      return new Response(new ReadableStream({ start: (c) => c.enqueue(new TextEncoder().encode('partial answer')) }), {
        status: 503,
      });
    }
    if (path === '/redirect') return new Response(null, { status: 307, headers: { location: '/target' } });
    if (path === '/target') redirectTargetHits++;
    return new Response('ok');
  },
});
afterAll(() => {
  silent.stop(true);
  void receiver.stop(true);
});

const post = (url: string, options: { publicOnly?: boolean; millis?: number } = {}) =>
  postToEndpoint({
    url,
    headers: { 'content-type': 'application/json' },
    body: '{}',
    signal: AbortSignal.timeout(options.millis ?? 5_000),
    publicOnly: options.publicOnly ?? false,
    excerptBytes: 100,
  });

test('an endpoint that never answers fails once the time is up', async () => {
  await expect(post(`http://127.0.0.1:${silent.port}/x`, { millis: 300 })).rejects.toThrow();
});

test('a status that arrived counts even when the body is cut short by the time limit', async () => {
  expect(await post(`http://127.0.0.1:${receiver.port}/slow-body`, { millis: 300 })).toEqual({
    status: 503,
    excerpt: 'partial answer',
  });
});

test('a redirect is an answer of its own, not followed', async () => {
  expect((await post(`http://127.0.0.1:${receiver.port}/redirect`)).status).toBe(307);
  expect(redirectTargetHits).toBe(0);
});

test('public addresses only: a literal private address is refused before any connection', async () => {
  const before = connections;
  for (const host of ['127.0.0.1', '[::ffff:127.0.0.1]']) {
    await expect(post(`http://${host}:${silent.port}/x`, { publicOnly: true })).rejects.toBeInstanceOf(NonPublicAddressError);
  }
  expect(connections).toBe(before);
});
