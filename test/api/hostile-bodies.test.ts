// Bodies built to make the server work hard: deeply nested JSON, very wide
// invalid arrays and huge invalid strings. Each gets a prompt 400 whose message does not echo
// the received value, on every endpoint, while /health keeps answering. The bound of 1 s is
// deliberately generous: before the fix a 16 KB body blocked the event loop for seconds.
import { describe, expect, test } from 'bun:test';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { isStreamedBodyPath, maxJsonNestingDepth, requestBodyLimit } from '../../server/http/body-parsing';
import { createApiApp } from '../../server/http/api-routes';
import type { ApiResult, TestInstance } from '../support/instance';
import { as, call, expectKnownError } from '../support/projects';
import { withProject } from '../support/file-instance';

let t: TestInstance, project: BootstrappedProject;

withProject('Hostile bodies', (started) => ({ t, project } = started));

const promptMillis = 1000;

const nestedArrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const nestedObjects = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

/** Sends `rawBody` and, while it is being handled, asks /health; both must answer promptly. */
async function sendWhileProbingHealth(method: string, path: string, rawBody: string, headers = as(project, 'client')) {
  const started = performance.now();
  const pending = call(t, method, path, { headers, rawBody, contentType: 'application/json' });
  const healthStarted = performance.now();
  const health = await call(t, 'GET', '/health');
  const healthMillis = performance.now() - healthStarted;
  const res = await pending;
  const millis = performance.now() - started;
  expect(health.status).toBe(200);
  expect(healthMillis).toBeLessThan(promptMillis);
  expect(millis).toBeLessThan(promptMillis);
  return res;
}

function expectTooLarge(res: ApiResult, limit: number): void {
  expectKnownError(res, 400, 'BODY_PARSING_ERROR');
  expect(res.json.error).toStartWith(`Request body is larger than the limit of ${limit} bytes`);
}

function expectTooDeep(res: ApiResult): void {
  expectKnownError(res, 400, 'BODY_PARSING_ERROR');
  expect(res.json.error).toBe(`Request body is nested deeper than ${maxJsonNestingDepth} levels`);
}

describe('deeply nested JSON', () => {
  test('16 KB of nested arrays on sign-in: a prompt 400, /health still answers', async () => {
    expectTooDeep(await sendWhileProbingHealth('POST', '/auth/password/sign-in', nestedArrays(8 * 1024)));
  });

  test('60 KB of nested objects on sign-in (under its 64 KB bound): a prompt 400', async () => {
    expectTooDeep(await sendWhileProbingHealth('POST', '/auth/password/sign-in', nestedObjects(10 * 1024)));
  });

  test('100 KB of nested objects on a 1 MB route: a prompt 400', async () => {
    expectTooDeep(await sendWhileProbingHealth('POST', '/users', nestedObjects(20 * 1024), as(project, 'server')));
  });

  test('four 12 KB bodies at once: all answered promptly', async () => {
    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        call(t, 'POST', '/auth/password/sign-in', {
          headers: as(project, 'client'),
          rawBody: nestedArrays(6 * 1024),
          contentType: 'application/json',
        }),
      ),
    );
    for (const res of results) expectTooDeep(res);
    expect(performance.now() - started).toBeLessThan(promptMillis);
  });

  test('nesting up to the limit is still accepted where a schema allows any JSON', async () => {
    const userRes = await call(t, 'POST', '/users', { headers: as(project, 'server'), body: {} });
    expect(userRes.status).toBe(201);
    // The body itself is one level, client_metadata one more.
    let deepest: unknown = 'bottom';
    for (let level = 0; level < maxJsonNestingDepth - 2; level++) deepest = [deepest];
    const ok = await call(t, 'PATCH', `/users/${userRes.json.id}`, {
      headers: as(project, 'server'),
      body: { client_metadata: { deep: deepest } },
    });
    expect(ok.status).toBe(200);
    const tooDeep = await call(t, 'PATCH', `/users/${userRes.json.id}`, {
      headers: as(project, 'server'),
      body: { client_metadata: { deep: [deepest] } },
    });
    expectTooDeep(tooDeep);
  });

  test('brackets inside strings do not count as nesting', async () => {
    const res = await call(t, 'POST', '/auth/password/sign-in', {
      headers: as(project, 'client'),
      body: { email: `${'['.repeat(5000)}@example.com`, password: '{{{{{{{{{{"\\"[[[[' },
    });
    expect(res.json?.code).not.toBe('BODY_PARSING_ERROR');
    expect(res.status).toBeLessThan(500);
  });

  test('every route of the API answers a 100 KB nested body with a prompt 400', async () => {
    const routes = createApiApp(t.ctx).routes.filter((route) => ['POST', 'PATCH', 'PUT', 'DELETE'].includes(route.method));
    expect(routes.length).toBeGreaterThan(40);
    const body = nestedArrays(50 * 1024);
    for (const route of routes) {
      const path = route.path.replace(/^\/api\/v1/, '').replace(/:[a-z_]+/g, crypto.randomUUID());
      const started = performance.now();
      const res = await call(t, route.method, path, {
        headers: as(project, 'server'),
        rawBody: body,
        contentType: 'application/json',
      });
      expect({ route: `${route.method} ${route.path}`, millis: performance.now() - started < promptMillis }).toEqual({
        route: `${route.method} ${route.path}`,
        millis: true,
      });
      // The user import reads its body as a file, never as JSON; the server key is refused first.
      if (isStreamedBodyPath(route.path)) expectKnownError(res, 401, 'INSUFFICIENT_ACCESS_TYPE');
      // Routes open to the public client key refuse a body this size before looking into it.
      else if (requestBodyLimit(route.path) < body.length) expectTooLarge(res, requestBodyLimit(route.path));
      else expectTooDeep(res);
    }
  });
});

describe('wide and long invalid values', () => {
  test('an array of 150,000 invalid items: a prompt SCHEMA_ERROR with a short message', async () => {
    const rawBody = JSON.stringify({ config: { team_member_default_permissions: Array.from({ length: 150_000 }, () => 5) } });
    const res = await sendWhileProbingHealth('PATCH', '/projects/current', rawBody, as(project, 'admin'));
    expectKnownError(res, 400, 'SCHEMA_ERROR');
    expect(res.text.length).toBeLessThan(4000);
    expect(res.json.error.split('\n')).toHaveLength(2);
  });

  test('a 600 KB invalid email is not echoed back', async () => {
    const huge = 'x'.repeat(600_000);
    const res = await sendWhileProbingHealth('POST', '/users', JSON.stringify({ primary_email: huge }), as(project, 'server'));
    expectKnownError(res, 400, 'SCHEMA_ERROR');
    expect(res.text.length).toBeLessThan(4000);
    expect(res.text).not.toContain('x'.repeat(500));
  });

  test('a 600 KB unknown property name is not echoed back', async () => {
    const name = 'k'.repeat(600_000);
    const res = await sendWhileProbingHealth('POST', '/users', JSON.stringify({ [name]: 1 }), as(project, 'server'));
    expectKnownError(res, 400, 'SCHEMA_ERROR');
    expect(res.text.length).toBeLessThan(4000);
  });

  test('an invalid query string of 6 KB is not echoed back', async () => {
    const res = await call(t, 'GET', `/users?limit=${'9'.repeat(6_000)}`, { headers: as(project, 'server') });
    expect(res.status).toBe(400);
    expect(res.text.length).toBeLessThan(4000);
  });
});
