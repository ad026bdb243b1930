// Health for load balancers: /health is liveness (always OK while the process answers),
// /health/ready is readiness. With --drain-seconds, SIGTERM first turns readiness to 503 while
// every other request is still served, then the server stops and exits 0.
import { afterEach, expect, test } from 'bun:test';
import { runCli } from '../support/cli';
import { killServeProcess, newDataLocation, startServeProcess, type DataLocation, type ServeProcess } from '../support/instance';

let server: ServeProcess | undefined, place: DataLocation | undefined;

afterEach(async () => {
  await killServeProcess(server, place);
  server = place = undefined;
});

const status = async (url: string) => {
  const res = await fetch(url);
  return `${res.status} ${await res.text()}`;
};

test('ready while serving; on SIGTERM with --drain-seconds 2: not ready, still serving the API, then a clean exit', async () => {
  place = await newDataLocation('authd-drain-');
  server = await startServeProcess(place.location, ['--drain-seconds', '2']);
  expect(await status(`${server.url}/health`)).toBe('200 OK');
  expect(await status(`${server.url}/health/ready`)).toBe('200 ready');

  const exited = server.process.exited;
  server.process.kill('SIGTERM');
  // The signal is handled on the next turn of the server's event loop: wait for it to show.
  let readiness = await status(`${server.url}/health/ready`);
  for (let tries = 0; readiness !== '503 draining' && tries < 100; tries++) {
    await Bun.sleep(10);
    readiness = await status(`${server.url}/health/ready`);
  }
  expect(readiness).toBe('503 draining');
  expect(await status(`${server.url}/health`)).toBe('200 OK');
  expect((await fetch(`${server.url}/api/v1/`)).status).toBe(200);
  expect(await exited).toBe(0);
  expect(server.output()).toContain('draining');
});

test('--drain-seconds takes a whole number of seconds', async () => {
  place = await newDataLocation('authd-drain-');
  const result = await runCli(['serve', '--port', '0', '--drain-seconds', 'soon', ...place.cliArgs]);
  expect(result.code).toBe(1);
  expect(result.stderr).toBe('authd: --drain-seconds: "soon" is not a whole number of seconds (0-9999)\n');
});
