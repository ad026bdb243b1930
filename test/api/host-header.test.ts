// Requests with no usable Host header, and CONNECT, sent over raw TCP: each
// gets a 4xx (or /health its 200), never a 500.
import { expect, test } from 'bun:test';
import type { TestInstance } from '../support/instance';
import { rawRequest } from '../support/raw-http';
import { withInstance } from '../support/file-instance';

let t: TestInstance;
withInstance((started) => ({ t } = started));

const hostless = [
  { name: 'an empty Host', lines: (target: string) => [`GET ${target} HTTP/1.1`, 'Host:', 'Connection: close'] },
  { name: 'a blank Host', lines: (target: string) => [`GET ${target} HTTP/1.1`, 'Host:   ', 'Connection: close'] },
  { name: 'no Host on HTTP/1.0', lines: (target: string) => [`GET ${target} HTTP/1.0`] },
  { name: 'no Host on HTTP/1.1', lines: (target: string) => [`GET ${target} HTTP/1.1`, 'Connection: close'] },
  { name: 'a Host that is not a host', lines: (target: string) => [`GET ${target} HTTP/1.1`, 'Host: [::1', 'Connection: close'] },
  { name: 'a Host with a space', lines: (target: string) => [`GET ${target} HTTP/1.1`, 'Host: a b', 'Connection: close'] },
];

for (const { name, lines } of hostless) {
  test(`${name}: /health answers 200 or 400, the API and screens 400`, async () => {
    const health = await rawRequest(t.url, lines('/health'));
    expect([200, 400]).toContain(health.status);
    if (health.status === 200) expect(health.body).toBe('OK');
    for (const target of ['/api/v1', '/api/v1/users/me', '/handler/sign-in', '/']) {
      const res = await rawRequest(t.url, lines(target));
      expect({ target, status: res.status }).toEqual({ target, status: 400 });
    }
  });
}

test('/health and /health/ready with an empty Host, or none on HTTP/1.0, answer as with one (load balancer probes)', async () => {
  expect((await rawRequest(t.url, ['GET /health HTTP/1.1', 'Host:', 'Connection: close'])).status).toBe(200);
  expect((await rawRequest(t.url, ['GET /health HTTP/1.0'])).status).toBe(200);
  for (const lines of [['GET /health/ready HTTP/1.1', 'Host:', 'Connection: close'], ['GET /health/ready HTTP/1.0']]) {
    const ready = await rawRequest(t.url, lines);
    expect(`${ready.status} ${ready.body}`).toBe('200 ready');
  }
});

test('CONNECT, to * or to a host, is 405 with Allow', async () => {
  for (const target of ['*', 'example.com:443', '127.0.0.1:1']) {
    const res = await rawRequest(t.url, [`CONNECT ${target} HTTP/1.1`, `Host: ${target === '*' ? 'x' : target}`, 'Connection: close']);
    expect({ target, status: res.status }).toEqual({ target, status: 405 });
    expect(res.headers.allow).toContain('GET');
  }
});

test('an absolute-form request target is served by path', async () => {
  const res = await rawRequest(t.url, ['GET http://other.example/health HTTP/1.1', 'Host: other.example', 'Connection: close']);
  expect(res.status).toBe(200);
});

test('the server still serves normally afterwards', async () => {
  const res = await fetch(`${t.url}/health`);
  expect(res.status).toBe(200);
});
