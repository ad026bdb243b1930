// Per-IP rate limits count the socket's address, or the first X-Forwarded-For address when
// authd is told it sits behind a proxy; the address is resolved only when a limit asks for it.
// Development instances lift per-client-address limits for loopback clients only.
import { afterEach, expect, test } from 'bun:test';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { startTestInstance, type TestInstance } from '../support/instance';
import { as, goodPassword, makeProject, uniqueEmail } from '../support/mail';

const signUpsPerIpPerHour = 20;
let t: TestInstance | undefined;
afterEach(async () => {
  await t?.stop();
  t = undefined;
});

function signUpFrom(instance: TestInstance, project: BootstrappedProject, extraHeaders: Record<string, string> = {}) {
  return fetch(`${instance.url}/api/v1/auth/password/sign-up`, {
    method: 'POST',
    headers: { ...as(project, 'client'), 'content-type': 'application/json', ...extraHeaders },
    body: JSON.stringify({ email: uniqueEmail('ip'), password: goodPassword }),
  });
}

test('behind a trusted proxy each forwarded address has its own sign-up allowance', async () => {
  t = await startTestInstance({ settings: { trustProxy: true } });
  const project = await makeProject(t, 'Proxied');
  for (let i = 0; i < signUpsPerIpPerHour; i++) {
    expect((await signUpFrom(t, project, { 'x-forwarded-for': '203.0.113.7, 10.0.0.1' })).status).toBe(200);
  }
  expect((await signUpFrom(t, project, { 'x-forwarded-for': '203.0.113.7' })).status).toBe(429);
  expect((await signUpFrom(t, project, { 'x-forwarded-for': '198.51.100.9' })).status).toBe(200);
});

test('without a trusted proxy X-Forwarded-For is ignored, and a short Host header still counts the socket address', async () => {
  // Production: a development instance does not limit its loopback clients per address.
  t = await startTestInstance({ mode: 'production' });
  const project = await makeProject(t, 'Direct');
  for (let i = 0; i < signUpsPerIpPerHour; i++) {
    // Half the requests take the rebuilt-request path (a Host shorter than Elysia expects).
    const headers: Record<string, string> = { 'x-forwarded-for': `203.0.113.${i}` };
    if (i % 2 === 1) headers.host = 'api';
    expect((await signUpFrom(t, project, headers)).status).toBe(200);
  }
  const refused = await signUpFrom(t, project, { 'x-forwarded-for': '198.51.100.9' });
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
});

test('a development instance does not limit sign-ups from loopback per client address', async () => {
  t = await startTestInstance();
  const project = await makeProject(t, 'Local tests');
  for (let i = 0; i < signUpsPerIpPerHour + 5; i++) expect((await signUpFrom(t, project)).status).toBe(200);
});

test('a spent sign-up limit does not hide USER_EMAIL_ALREADY_EXISTS', async () => {
  t = await startTestInstance({ settings: { trustProxy: true } });
  const project = await makeProject(t, 'Limit order');
  const remote = { 'x-forwarded-for': '203.0.113.8' };
  const signUp = (email: string) =>
    fetch(`${t!.url}/api/v1/auth/password/sign-up`, {
      method: 'POST',
      headers: { ...as(project, 'client'), 'content-type': 'application/json', ...remote },
      body: JSON.stringify({ email, password: goodPassword }),
    });
  const taken = uniqueEmail('taken');
  expect((await signUp(taken)).status).toBe(200);
  for (let i = 1; i < signUpsPerIpPerHour; i++) expect((await signUp(uniqueEmail('fill'))).status).toBe(200);
  expect((await signUp(uniqueEmail('new'))).status).toBe(429);
  const again = await signUp(taken);
  expect(again.status).toBe(409);
  expect(again.headers.get('x-stack-known-error')).toBe('USER_EMAIL_ALREADY_EXISTS');
});
