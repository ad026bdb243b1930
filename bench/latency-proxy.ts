// A TCP proxy that holds every chunk for a fixed delay in each direction, so authd can be
// measured against PostgreSQL as if it were across a network (bench/postgres-latency.ts).
// `bun bench/latency-proxy.ts TARGET_HOST:PORT DELAY_MS` listens on an ephemeral port of
// 127.0.0.1 and prints {"port": N} once listening.
//
// Timers of the event loop fire on a millisecond grid (a 0.5 ms setTimeout waits about 1.1 ms),
// which would make the 0.5 ms setting a 1 ms one. So the waiting is done by a worker thread
// that sleeps in Atomics.wait, whose timeout is exact to some microseconds
// (latency-proxy-timer.ts): the main thread queues each chunk and counts it in an integer both
// threads share, and the worker posts how many are due. One delay for every chunk makes the
// queue first-in first-out, so each connection's bytes keep their order.
import { connect, createServer, type Socket } from 'node:net';

const [target, delayText] = process.argv.slice(2);
if (!target || delayText === undefined) throw new Error('usage: latency-proxy HOST:PORT DELAY_MS');
const [targetHost, targetPortText] = target.split(':') as [string, string];
const delayMillis = Number(delayText);

/** Room for this many chunks in flight; far more than 64 clients' worth of round trips. */
const ringSize = 1 << 16;
// control[0]: chunks queued so far, which the worker waits on.
const control = new Int32Array(new SharedArrayBuffer(8));

const pending: { to: Socket; chunk: Buffer }[] = [];
let pendingHead = 0;
let sentThrough = 0;

const worker =
  delayMillis > 0
    ? new Worker(new URL('./latency-proxy-timer.ts', import.meta.url))
    : undefined;
if (worker) {
  worker.postMessage({ control, delayMillis, ringSize });
  worker.onmessage = (event: MessageEvent<number>) => {
    for (; sentThrough < event.data; sentThrough++) {
      const { to, chunk } = pending[pendingHead]!;
      pending[pendingHead++] = undefined as never;
      if (!to.destroyed) to.write(chunk);
    }
    // Drop the sent part of the queue now and then, not at every chunk.
    if (pendingHead > 4096 && pendingHead * 2 > pending.length) {
      pending.splice(0, pendingHead);
      pendingHead = 0;
    }
  };
}

let queued = 0;
function forward(chunk: Buffer, to: Socket): void {
  if (!worker) {
    to.write(chunk);
    return;
  }
  if (queued - sentThrough >= ringSize) throw new Error('latency proxy: too many chunks in flight');
  pending.push({ to, chunk });
  queued++;
  Atomics.store(control, 0, queued);
  Atomics.notify(control, 0);
}

const server = createServer((client) => {
  client.setNoDelay(true);
  const upstream = connect({ host: targetHost, port: Number(targetPortText) });
  upstream.setNoDelay(true);
  client.on('data', (chunk: Buffer) => forward(chunk, upstream));
  upstream.on('data', (chunk: Buffer) => forward(chunk, client));
  const close = () => {
    client.destroy();
    upstream.destroy();
  };
  client.on('close', close);
  upstream.on('close', close);
  client.on('error', close);
  upstream.on('error', close);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
});
