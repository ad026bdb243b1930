// Shared by the passkey tests: a project with passkeys on, and the two ceremonies driven through
// the API with the software authenticator.
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import type { TestInstance } from './instance';
import { assertCredential, createCredential, type SoftwareCredential } from './software-authenticator';
import { as, call, expectOk, makeProject, setProjectConfig } from './mail';

export * from './totp';

export const appOrigin = 'http://localhost:3000';

export async function passkeyProject(t: TestInstance, name: string): Promise<BootstrappedProject> {
  const project = await makeProject(t, name);
  await setProjectConfig(t, project, { passkey_enabled: true });
  return project;
}

export async function initiateRegistration(t: TestInstance, project: BootstrappedProject, accessToken: string) {
  return expectOk(
    await call(t, 'POST', '/auth/passkey/initiate-passkey-registration', {
      headers: as(project, 'client', accessToken),
      body: {},
    }),
  ) as { options_json: any; code: string };
}

export function registerCall(t: TestInstance, project: BootstrappedProject, accessToken: string, body: Record<string, unknown>) {
  return call(t, 'POST', '/auth/passkey/register', { headers: as(project, 'client', accessToken), body });
}

/** Registers a new software passkey for the user at `origin`; returns it for later sign-ins. */
export async function registerPasskey(
  t: TestInstance,
  project: BootstrappedProject,
  accessToken: string,
  origin = appOrigin,
  name?: string,
): Promise<SoftwareCredential> {
  const { options_json, code } = await initiateRegistration(t, project, accessToken);
  const { credential, response } = createCredential(options_json, origin);
  expectOk(await registerCall(t, project, accessToken, { credential: response, code, ...(name ? { name } : {}) }));
  return credential;
}

export async function initiateAuthentication(t: TestInstance, project: BootstrappedProject) {
  return expectOk(
    await call(t, 'POST', '/auth/passkey/initiate-passkey-authentication', { headers: as(project, 'client'), body: {} }),
  ) as { options_json: any; code: string };
}

export function passkeySignInCall(t: TestInstance, project: BootstrappedProject, body: Record<string, unknown>) {
  return call(t, 'POST', '/auth/passkey/sign-in', { headers: as(project, 'client'), body });
}

/** One full sign-in ceremony with `credential` at `origin`. */
export async function signInWithPasskey(
  t: TestInstance,
  project: BootstrappedProject,
  credential: SoftwareCredential,
  origin = appOrigin,
) {
  const { options_json, code } = await initiateAuthentication(t, project);
  return passkeySignInCall(t, project, { authentication_response: assertCredential(credential, options_json, origin), code });
}
