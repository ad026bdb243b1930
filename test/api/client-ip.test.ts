// Per-IP rate limits count the socket's address, or the first X-Forwarded-For address when
// authd is told it sits behind a proxy; the address is resolved only when a limit asks for it.
import { afterEach, expect, test } from 'bun:test';
import type { BootstrappedProject } from '../../server/core/bootstrap';
import { startTestInstance, type TestInstance } from '../support/instance';
import { as, goodPassword, makeProject, uniqueEmail } from '../email/helpers';

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
  const project = makeProject(t, 'Proxied');
  for (let i = 0; i < signUpsPerIpPerHour; i++) {
    expect((await signUpFrom(t, project, { 'x-forwarded-for': '203.0.113.7, 10.0.0.1' })).status).toBe(200);
  }
  expect((await signUpFrom(t, project, { 'x-forwarded-for': '203.0.113.7' })).status).toBe(429);
  expect((await signUpFrom(t, project, { 'x-forwarded-for': '198.51.100.9' })).status).toBe(200);
});

test('without a trusted proxy X-Forwarded-For is ignored, and a short Host header still counts the socket address', async () => {
  t = await startTestInstance();
  const project = makeProject(t, 'Direct');
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
