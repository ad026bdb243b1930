// SIGTERM stops a busy `authd serve`: while hostile bodies are being handled,
// and while a client holds a request open by never finishing its body. Bounds are generous;
// before the fix a few nested bodies kept the event loop, and so the signal handler, blocked
// for tens of seconds.
import { afterEach, expect, test } from 'bun:test';
import { connect } from 'node:net';
import { defaultStopGraceMillis } from '../../server/http/server';
import { keyHeaders } from '../support/cli';
import { killServeProcess, newDataLocation, startServeProcess, type DataLocation, type ServeProcess } from '../support/instance';

let server: ServeProcess | undefined, place: DataLocation | undefined;

afterEach(async () => {
  await killServeProcess(server, place);
  server = place = undefined;
});

async function exitMillisAfterSigterm(running: ServeProcess): Promise<{ code: number; millis: number }> {
  const started = performance.now();
  const code = await running.stop('SIGTERM');
  return { code, millis: performance.now() - started };
}

test('SIGTERM while nested bodies are being handled stops the server promptly', async () => {
  place = await newDataLocation();
  server = await startServeProcess(place.location);
  const demo = server.events.find((e) => e.event === 'project_created' && e.project_id !== 'internal')!;
  const headers = keyHeaders(demo.project_id, 'client', demo);
  const nested = '['.repeat(50 * 1024) + ']'.repeat(50 * 1024);
  const sendNested = () =>
    fetch(`${server!.url}/api/v1/auth/password/sign-in`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: nested,
    }).then(
      (res) => res.status,
      () => 'connection closed',
    );
  const started = performance.now();
  // Four at once are answered (before the fix, they held the event loop for over a minute)…
  expect(await Promise.all(Array.from({ length: 4 }, sendNested))).toEqual([400, 400, 400, 400]);
  // …and a SIGTERM sent while four more are in flight stops the server.
  const inFlight = Array.from({ length: 4 }, sendNested);
  const code = await server.stop('SIGTERM');
  expect(code).toBe(0);
  expect(performance.now() - started).toBeLessThan(5000);
  for (const outcome of await Promise.all(inFlight)) expect([400, 'connection closed']).toContain(outcome);
});

test('SIGTERM with a request whose body never arrives stops after the grace period', async () => {
  place = await newDataLocation();
  server = await startServeProcess(place.location);
  const { hostname, port } = new URL(server.url);
  const socket = connect(Number(port), hostname);
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.on('error', () => {});
  // Promises 1000 bytes and sends 10: the request stays in flight.
  socket.write(
    `POST /api/v1/auth/password/sign-in HTTP/1.1\r\nHost: ${hostname}:${port}\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{"email":`,
  );
  // A byte a second keeps the connection from idling out: a slow client, not a dead one.
  const trickle = setInterval(() => socket.write(' '), 1000);
  const { code, millis } = await exitMillisAfterSigterm(server);
  clearInterval(trickle);
  socket.destroy();
  expect(code).toBe(0);
  expect(millis).toBeLessThan(defaultStopGraceMillis + 4000);
}, 20_000);
