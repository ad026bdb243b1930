// Links emailed from authd's own hosted screens lead back to them at --public-url, which is
// neither a trusted domain nor localhost in production; each project trusts only its own screens.
import { test } from 'bun:test';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import type { TestInstance } from '../support/instance';
import { as, call, expectKnownError, expectOk, makeProject, setProjectConfig } from '../support/mail';
import { withInstance } from '../support/file-instance';

const publicUrl = 'https://auth.example.com';
let t: TestInstance, demo: BootstrappedProject, other: BootstrappedProject;

withInstance(async (started) => {
  ({ t, demo } = started);
  other = await makeProject(t, 'Not the default');
  for (const project of [demo, other]) await setProjectConfig(t, project, { allow_localhost: false });
}, { instance: { settings: { publicUrl } } });

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
