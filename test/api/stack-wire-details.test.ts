// Details of Stack's wire a client can see, matched exactly: the JWKS key's members, the
// error a signed-out verification send gets, access checked before validation, SCHEMA_ERROR wording.
import { expect, test } from 'bun:test';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import type { TestInstance } from '../support/instance';
import { as, call, expectKnownError, expectOk, signUp, verificationCallback } from '../support/mail';
import { withProject } from '../support/file-instance';

let t: TestInstance, project: BootstrappedProject;

withProject('Wire details', (started) => ({ t, project } = started));

test('the JWKS key has no `use` member, as Stack serves it', async () => {
  // A sign-up signs a token, so the project has its key.
  await signUp(t, project, { callbackUrl: null });
  const { keys } = expectOk(await call(t, 'GET', `/projects/${project.projectId}/.well-known/jwks.json`));
  expect(keys.length).toBeGreaterThan(0);
  for (const key of keys) {
    expect(Object.keys(key).sort()).toEqual(['alg', 'crv', 'kid', 'kty', 'x', 'y']);
  }
});

test("a signed-out send-verification-code for 'me' is CANNOT_GET_OWN_USER_WITHOUT_USER", async () => {
  const res = await call(t, 'POST', `/contact-channels/me/${crypto.randomUUID()}/send-verification-code`, {
    headers: as(project, 'client'),
    body: { callback_url: verificationCallback },
  });
  expectKnownError(res, 400, 'CANNOT_GET_OWN_USER_WITHOUT_USER');
});

test("GET /api/v1 answers Stack's welcome text, then where authd's own docs are, and refuses query parameters", async () => {
  const res = await fetch(`${t.url}/api/v1`);
  expect(res.status).toBe(200);
  expect(await res.text()).toBe(
    'Welcome to the Stack API endpoint! Please refer to the documentation at https://docs.stack-auth.com.\n\nAuthentication: None\n\n' +
      "This is authd, which speaks Stack's REST API v1. authd's API reference is at /api/v1/docs; its guides are in the docs/ folder of the authd repository.",
  );
  const extra = await call(t, 'GET', '/?extra=param');
  expect(extra.status).toBe(400);
  expect(extra.headers.get('x-stack-known-error')).toBe('SCHEMA_ERROR');
});

test("a key below the route's access level is refused before the parameters are looked at, on every route", async () => {
  const { createApiApp } = await import('../../server/http/api-routes');
  const { routeCatalogue } = await import('../../server/http/openapi/route-catalogue');
  const routes = createApiApp(t.ctx).routes.filter((route) => ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'].includes(route.method));
  let checked = 0;
  for (const route of routes) {
    const path = route.path.replace(/^\/api\/v1/, '');
    const access = routeCatalogue[`${route.method} ${path}`]?.access;
    if (access !== 'server' && access !== 'admin') continue;
    // Parameters that are no ids and a body that fits no schema: only the access level is right to refuse.
    const res = await call(t, route.method as 'GET', path.replace(/:[a-z_]+/g, 'not-an-id'), {
      headers: as(project, 'client'),
      ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { body: { not_a_field: true } }),
    });
    expect(`${route.method} ${path} → ${res.json?.code ?? res.status}`).toBe(
      `${route.method} ${path} → INSUFFICIENT_ACCESS_TYPE`,
    );
    checked++;
  }
  expect(checked).toBeGreaterThan(20);
});

test("SCHEMA_ERROR lines in Stack's words: must be defined, contains unknown properties, is not a valid URL, must be less than or equal to", async () => {
  const missing = await call(t, 'POST', '/auth/password/sign-in', { headers: as(project, 'client'), body: {} });
  expectSchemaLines(missing, ['  - body.email must be defined', '  - body.password must be defined']);
  const unknown = await call(t, 'POST', '/auth/password/sign-in', {
    headers: as(project, 'client'),
    body: { email: 'a@example.com', password: 'long enough password', extra: 1 },
  });
  expectSchemaLines(unknown, ['  - body contains unknown properties: extra']);
  const url = await call(t, 'POST', '/auth/otp/send-sign-in-code', {
    headers: as(project, 'client'),
    body: { email: 'a@example.com', callback_url: 'not a url' },
  });
  expectSchemaLines(url, ['  - body.callback_url is not a valid URL']);
  const user = await signUp(t, project, { callbackUrl: null });
  const tooLong = await call(t, 'POST', '/auth/sessions', {
    headers: as(project, 'server'),
    body: { user_id: user.user_id, expires_in_millis: 31_708_800_001 },
  });
  expectSchemaLines(tooLong, ['  - body.expires_in_millis must be less than or equal to 31708800000']);
});

function expectSchemaLines(res: Awaited<ReturnType<typeof call>>, lines: string[]): void {
  expectKnownError(res, 400, 'SCHEMA_ERROR');
  const [head, ...problems] = (res.json.error as string).split('\n');
  expect(head).toStartWith('Request validation failed on ');
  expect(problems).toEqual(lines);
}

test("plain-text refusals in Stack's words", async () => {
  const user = await signUp(t, project, { callbackUrl: null });
  const other = await signUp(t, project, { callbackUrl: null });
  const twice = await call(t, 'POST', '/teams?add_current_user=true', {
    headers: as(project, 'server'),
    body: { display_name: 'Twice', creator_user_id: user.user_id },
  });
  expect(`${twice.status} ${twice.text}`).toBe(
    '400 Cannot use both creator_user_id and add_current_user. add_current_user is deprecated, please only use creator_user_id in the body.',
  );
  const channel = await call(t, 'POST', `/contact-channels/${other.user_id}/${crypto.randomUUID()}/send-verification-code`, {
    headers: as(project, 'client', user.access_token),
    body: { callback_url: verificationCallback },
  });
  expect(`${channel.status} ${channel.text}`).toBe('400 Can only send verification code for your own user');
});
