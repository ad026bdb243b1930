// Links emailed from authd's own hosted screens lead back to them at --public-url, which is
// neither a trusted domain nor localhost in production; each project trusts only its own screens.
import { afterAll, beforeAll, test } from 'bun:test';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { startTestInstance, type TestInstance } from '../support/instance';
import { as, call, expectKnownError, expectOk, makeProject, setProjectConfig } from '../support/mail';

const publicUrl = 'https://auth.example.com';
let t: TestInstance;
let demo: BootstrappedProject;
let other: BootstrappedProject;

beforeAll(async () => {
  t = await startTestInstance({ settings: { publicUrl } });
  demo = t.demo!;
  other = await makeProject(t, 'Not the default');
  for (const project of [demo, other]) await setProjectConfig(t, project, { allow_localhost: false });
});
afterAll(() => t?.stop());

const sendReset = (project: BootstrappedProject, callbackUrl: string) =>
  call(t, 'POST', '/auth/password/send-reset-code', {
    headers: as(project, 'client'),
    body: { email: 'nobody@example.com', callback_url: callbackUrl },
  });

test("a project's own hosted screens at the public URL are trusted callbacks", async () => {
  expectOk(await sendReset(other, `${publicUrl}/projects/${other.projectId}/handler/password-reset`));
  expectOk(await sendReset(demo, `${publicUrl}/projects/${demo.projectId}/handler/password-reset`));
  // /handler/* serves the default (demo) project, so only it trusts those links.
  expectOk(await sendReset(demo, `${publicUrl}/handler/password-reset?after_auth_return_to=%2F`));
});

test("another project's screens, other paths and other origins stay untrusted", async () => {
  for (const callbackUrl of [
    `${publicUrl}/handler/password-reset`,
    `${publicUrl}/projects/${demo.projectId}/handler/password-reset`,
    `${publicUrl}/api/v1/password-reset`,
    `http://auth.example.com/projects/${other.projectId}/handler/password-reset`,
    `https://auth.example.com.evil.example/projects/${other.projectId}/handler/password-reset`,
    `https://evil.example/projects/${other.projectId}/handler/password-reset`,
  ]) {
    expectKnownError(await sendReset(other, callbackUrl), 400, 'REDIRECT_URL_NOT_WHITELISTED');
  }
});
